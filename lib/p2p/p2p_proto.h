/*
 * lib/p2p/p2p_proto.h - what travels in the ring cells between two members.
 *
 * Every message starts with a header cell; data-bearing messages continue
 * with raw cells of payload (no header) until `len` bytes have passed.  The
 * ring of a pair is FIFO, so continuation cells always belong to the last
 * header of that ring: the receiver keeps one "incoming stream" per peer.
 *
 *   EAGER  envelope + the first bytes; the rest follows raw.  Matched on
 *          arrival (posted receive) or kept as an unexpected message.
 *          Unless synchronous, only the short header travels (below).
 *   RTS    envelope of a large message + the sender's address: the
 *          receiver pulls it with process_vm_readv and answers FIN, or,
 *          where that is not allowed, answers CTS.
 *   CTS    "send it": the sender streams DATA to the receiver's request.
 *   DATA   a header addressed to a receive request, then raw payload.
 *   FIN    the receiver has pulled the data of an RTS: the send completes.
 *   ACK    a synchronous-mode eager message has been matched.
 *   CTS+SPLIT  (large messages, lib/p2p/p2p_cma.c) "write the upper half
 *          into my buffer at raddr while I read the lower half"; the
 *          sender answers WDONE when its half is written.
 *   CANCEL  (lib/p2p/p2p_cancel.c) the sender asks to take back its
 *          message number `len` on this ring (EAGER and RTS headers are
 *          numbered from 0 per ring, by both sides: mpii_peer tx_seq and
 *          rx_seq), which the ring's order puts before this request.
 *   CANCELLED  the answer: `len` the number asked about; `tag` the type
 *          of the message taken out of the unexpected queue (EAGER or
 *          RTS), or 0 when it was matched already; `sreq` the sender's
 *          request the removed message named (RTS, synchronous EAGER),
 *          else 0.
 *   TYPED  (flag of RTS and CTS+SPLIT, lib/p2p/p2p_cma_typed.c) the buffer at
 *          raddr is laid out by a non-contiguous datatype whose binary
 *          description (lib/datatype/pack_dtype.c), `extra` bytes, follows the
 *          header in the cell; raddr is the buffer's base address (it may
 *          be 0: MPI_BOTTOM).  Without the flag raddr is where the
 *          contiguous bytes start, and 0 means "no address, answer CTS".
 *
 * Request addresses (sreq, rreq) are only ever dereferenced by the process
 * that sent them out, which keeps them alive until the answer arrives.
 */
#ifndef MPII_P2P_PROTO_H
#define MPII_P2P_PROTO_H

#include <stddef.h>
#include <stdint.h>

enum mpii_msg_type {
	MPII_MSG_EAGER = 1,
	MPII_MSG_RTS,
	MPII_MSG_CTS,
	MPII_MSG_DATA,
	MPII_MSG_FIN,
	MPII_MSG_ACK,
	MPII_MSG_WDONE,
	MPII_MSG_CANCEL,
	MPII_MSG_CANCELLED,
};

enum mpii_msg_flags {
	MPII_MSGF_SYNC = 1,   /* the sender waits for ACK (synchronous mode) */
	MPII_MSGF_SPLIT = 2,  /* CTS: both sides copy half (lib/p2p/p2p_cma.c) */
	MPII_MSGF_TYPED = 4,  /* RTS, CTS+SPLIT: a datatype description follows */
	MPII_MSGF_BUSY = 8,   /* RTS: the sender has other traffic of its own */
	MPII_MSGF_ALL = 16,   /* flags are below this (a header read is checked) */
};

struct mpii_msg_hdr {
	uint8_t type;         /* enum mpii_msg_type */
	uint8_t flags;
	uint16_t extra;       /* bytes after the header that are not payload (TYPED) */
	uint32_t ctx;         /* context id */
	int32_t src;          /* sender's rank in the communicator's local group */
	int32_t tag;
	uint64_t len;         /* message bytes (EAGER, RTS, DATA) */
	uint64_t sreq;        /* sender's request (SYNC EAGER, RTS, CTS, FIN, ACK) */
	uint64_t rreq;        /* receiver's request (CTS, DATA) */
	uint64_t raddr;       /* RTS: the sender's data; CTS+SPLIT: the receiver's buffer
			       * (TYPED: the buffer's base address) */
};

_Static_assert(sizeof(struct mpii_msg_hdr) == 48, "full header: 48 bytes");

/* On the wire a plain (not synchronous) EAGER header is only its first
 * MPII_HDR_SHORT bytes (type ... len): sreq, rreq and raddr mean nothing
 * there, and the 24 bytes saved let 32 data bytes share the cell's first
 * cache line with the seq word and the header (was 8: a 16-byte message
 * took two line transfers). */
#define MPII_HDR_SHORT 24
_Static_assert(offsetof(struct mpii_msg_hdr, sreq) == MPII_HDR_SHORT, "short header = fields before sreq");

static inline uint32_t mpii_hdr_wire_size(const struct mpii_msg_hdr *h)
{
	return h->type == MPII_MSG_EAGER && !(h->flags & MPII_MSGF_SYNC) ? MPII_HDR_SHORT
									: (uint32_t)sizeof(struct mpii_msg_hdr);
}

#endif
