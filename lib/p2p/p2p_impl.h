/*
 * lib/p2p/p2p_impl.h - state shared by the point-to-point files (not for other
 * parts of lib/, which use lib/p2p/p2p.h).
 *
 * Per peer (indexed by world rank):
 *   tx queue  - messages to that peer not yet fully written into its ring,
 *               in order (pairwise ordering: nothing overtakes the head);
 *   rx stream - where the continuation cells of the last data-bearing
 *               header from that peer go.
 * Per process: the posted-receive queue (post order) and the unexpected
 * queue (arrival order).  All protected by the library lock.
 */
#ifndef MPII_P2P_IMPL_H
#define MPII_P2P_IMPL_H

#include <stddef.h>
#include <sys/types.h>
#include "lib/p2p/p2p.h"
#include "lib/p2p/p2p_proto.h"
#include "shm/ring.h"

/* req->proto: where a point-to-point request stands. */
enum mpii_proto_step {
	MPII_P_NONE = 0,
	MPII_P_POSTED,      /* receive in the posted queue */
	MPII_P_WAIT_DATA,   /* receive matched an RTS, sent CTS, waits for DATA */
	MPII_P_QUEUED,      /* send in a tx queue */
	MPII_P_WAIT_ACK,    /* synchronous eager send fully written, waits for ACK */
	MPII_P_WAIT_FIN,    /* rendezvous send announced, waits for FIN or CTS */
	MPII_P_WAIT_HALF,   /* split copy: our half is done, the peer's is not */
	MPII_P_COPYING,     /* our part is being copied in chunks by the waiting
			     * threads (lib/p2p/p2p_cma_share.c) */
	MPII_P_SENT,        /* send complete, its message (world_peer, msg_seq)
			     * perhaps still unmatched: MPI_Cancel may ask */
	MPII_P_CANCELLING,  /* send held incomplete until the receiver answers
			     * a CANCEL (lib/p2p/p2p_cancel.c) */
};

/* An unexpected message: arrived before a matching receive was posted.
 * One allocation of exactly the 48-byte record plus its data, so that a
 * flood of small unexpected messages costs memory in proportion to their
 * size (an 8-byte message takes one 64-byte malloc chunk).  The envelope
 * is kept in its fields, not as a 48-byte mpii_msg_hdr: umsg_hdr()
 * rebuilds that.  data[] holds, for an EAGER message, its sreq when it is
 * synchronous and then the payload as it lands (umsg_payload); for an RTS,
 * its sreq and raddr and then the hdr.extra bytes of its type
 * description (umsg_desc). */
struct mpii_umsg {
	struct mpii_umsg *next;
	uint32_t ctx;
	int32_t src, tag;
	int32_t world_src;
	uint64_t len;              /* message bytes */
	uint32_t landed;           /* EAGER payload bytes landed so far */
	uint16_t extra;            /* RTS: bytes of type description */
	uint8_t type, flags;       /* as in the header */
	uint8_t complete;          /* all EAGER bytes landed */
	uint8_t pad;
	uint16_t chunk;            /* allocation size / 16: its recycling class */
	uint32_t seq;              /* its number on world_src's ring (CANCEL) */
	_Alignas(8) char data[];
};

_Static_assert(sizeof(struct mpii_umsg) == 48, "unexpected-message record: 48 bytes + data");

static inline char *umsg_payload(struct mpii_umsg *u)
{
	return u->data + (u->flags & MPII_MSGF_SYNC ? sizeof(uint64_t) : 0);
}

static inline const char *umsg_desc(const struct mpii_umsg *u)
{
	return u->data + 2 * sizeof(uint64_t);
}

/* The header the message came with (rreq, which only DATA carries, is 0). */
void mpii_umsg_hdr(const struct mpii_umsg *u, struct mpii_msg_hdr *h);

/* An entry of a tx queue. */
struct mpii_tx {
	struct mpii_tx *next;
	struct mpii_msg_hdr hdr;
	struct mpii_request *req;  /* data source for EAGER/DATA, or NULL for control */
	const void *extra;         /* hdr.extra bytes written after the header: the
				    * description of the type of a request that
				    * stays pending until the peer has read it */
	MPI_Count off;             /* payload bytes already written */
	int hdr_sent;
	int hold;                  /* cancelled while partly written: once written,
				    * wait for the CANCELLED answer, do not complete */
};

/* Where continuation cells from one peer go. */
struct mpii_rx {
	struct mpii_msg_hdr hdr;   /* header that started the stream */
	MPI_Count remaining;       /* payload bytes still to come */
	MPI_Count off;             /* next byte's offset in the message */
	struct mpii_request *req;  /* a receive request, or */
	struct mpii_umsg *umsg;    /* an unexpected message */
};

/* The datatype last rebuilt from descriptions of one peer, keyed by the
 * description's bytes (lib/p2p/p2p_cma_typed.c). */
struct mpii_peer_type {
	char *desc;
	size_t len;
	struct mpii_datatype *dt;  /* NULL when none */
};

struct mpii_peer {
	struct mpii_tx *tx_head, *tx_tail;
	struct mpii_rx rx;
	struct shm_ring out;       /* producer handle on ring me -> peer */
	struct shm_ring in;        /* consumer handle on ring peer -> me */
	int tx_listed;             /* on the list of peers with queued tx */
	struct mpii_peer_type rts_type;  /* of its typed RTS (its send buffers) */
	struct mpii_peer_type cts_type;  /* of its typed CTS+SPLIT (its receive buffers) */
	uint32_t tx_seq;           /* EAGER and RTS headers written to it so far */
	uint32_t rx_seq;           /* EAGER and RTS headers read from it so far */
};

/* A CANCEL sent and not yet answered (lib/p2p/p2p_cancel.c). */
struct mpii_cancel {
	struct mpii_cancel *next;
	struct mpii_request *req;  /* held (MPII_P_CANCELLING): completed by the
				    * answer; else only compared, never followed */
	int world_peer;
	uint32_t seq;
	int held;
};

struct mpii_p2p_state {
	struct mpii_peer *peers;   /* [world size] */
	int *tx_active;            /* world ranks with a non-empty tx queue */
	int ntx_active;
	struct mpii_request *posted_head, *posted_tail;
	struct mpii_umsg *unexp_head, *unexp_tail;
	struct mpii_tx *tx_free;
	/* Recycled unexpected-message records by allocation size (16-byte
	 * classes, up to MPII_UMSG_CLASSES), the bytes they hold and how many
	 * classes hold any. */
	struct mpii_umsg **umsg_free;
	size_t umsg_free_bytes;
	uint32_t umsg_free_classes;
	uint32_t payload;          /* bytes per cell */
	/* Our RTS written and not yet answered by FIN or a plain CTS: peers
	 * will spend their time reading our data (lib/p2p/p2p_cma.c splits
	 * a copy only while this is 0). */
	int rts_out;
	struct mpii_bsend_buf bsend;   /* the process's buffered-send buffer */
	struct mpii_cancel *cancels;  /* CANCEL messages awaiting their answer */
};

extern struct mpii_p2p_state mpii_p2p;

/* First-cell payload room after the header h as it travels. */
static inline uint32_t mpii_first_room(const struct mpii_msg_hdr *h)
{
	return mpii_p2p.payload - mpii_hdr_wire_size(h);
}

/* Extra bytes of this length fit a header cell after a full header (only
 * control messages carry them) and hdr.extra. */
static inline int mpii_extra_fits(size_t len)
{
	return len <= mpii_p2p.payload - sizeof(struct mpii_msg_hdr) && len <= UINT16_MAX;
}

/* p2p_api.c: the argument checks of a send and of a receive.  An error
 * class and *why, the detail for mpii_err, or MPI_SUCCESS. */
int mpii_p2p_check_send(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
			MPI_Comm comm, const char **why);
int mpii_p2p_check_recv(const void *buf, int count, MPI_Datatype dt, int source, int tag,
			MPI_Comm comm, const char **why);

/* p2p_send.c */
/* Start the transfer of a send request whose operation fields are filled
 * in (mpii_isend, MPI_Start of a persistent send). */
int mpii_p2p_start_send(struct mpii_request *req);
struct mpii_tx *mpii_tx_new(void);
void mpii_tx_enqueue(int world_dst, struct mpii_tx *tx);
int mpii_p2p_push(void);
void mpii_p2p_send_ctl(int world_dst, int type, uint64_t sreq, uint64_t rreq);
/* h, then h->extra bytes of extra (which must live until it is written). */
void mpii_p2p_send_hdr(int world_dst, const struct mpii_msg_hdr *h, const void *extra);
void mpii_p2p_notify(int world_dst);
/* Take a send whose header is not yet written out of its tx queue (1);
 * 0 when it is not there unwritten.  *tx: its tx entry when the header is
 * written but not all of its payload, else NULL. */
int mpii_p2p_unqueue_send(struct mpii_request *req, struct mpii_tx **tx);

/* p2p_cancel.c: the CANCEL protocol (receiver side, sender side). */
void mpii_p2p_on_cancel(const struct mpii_msg_hdr *h, int world_src);
void mpii_p2p_on_cancelled(const struct mpii_msg_hdr *h, int world_src);
/* Drop unanswered cancel records (MPI_Finalize). */
void mpii_p2p_cancels_release(void);

/* p2p_cma.c: single copy by process_vm_readv/writev.  desc: the bytes
 * after the header (h->extra of them, TYPED). */
int mpii_cma_pull(struct mpii_request *req, const struct mpii_msg_hdr *h, const void *desc,
		  int world_src);
void mpii_cma_pulled(struct mpii_request *req, const struct mpii_msg_hdr *rts, int world_src,
		     int await_wdone);
void mpii_cma_on_split_cts(const struct mpii_msg_hdr *h, const void *desc, int world_src);
void mpii_cma_on_wdone(const struct mpii_msg_hdr *h, int world_src);

/* p2p_cma_batch.c: the pulls of several messages from one sender read
 * with one process_vm_readv.  drain_peer opens a batch for its sender and
 * closes it (reading what it holds) with the token open returned. */
unsigned mpii_cma_batch_open(int world_src);
void mpii_cma_batch_close(unsigned token);
/* A contiguous pull of n bytes from world_src would be batched (fewer
 * bytes when it could be split with its sender instead). */
int mpii_cma_batch_fits(int world_src, size_t n, int can_split);
/* Batch the pull of n bytes of the message announced by rts (from pid,
 * at rts->raddr) into dst, where mpii_cma_batch_fits said so for it;
 * mpii_cma_pulled is called once it is read. */
void mpii_cma_batch_add(struct mpii_request *req, const struct mpii_msg_hdr *rts, pid_t pid,
			char *dst, size_t n);

/* p2p_cma_typed.c: single copies between buffers of any datatype. */
/* One side of a copy: count elements of dt at base, an address in the
 * memory of the process the side belongs to. */
struct mpii_cma_side {
	const struct mpii_datatype *dt;
	MPI_Count count;
	uintptr_t base;
};
/* dt is contiguous, or its pieces average SHMPI_CMA_IOV_MIN bytes or
 * more: copying it with iovecs beats packing it through the ring. */
int mpii_cma_iov_worth(const struct mpii_datatype *dt);
/* Read n bytes at src in world rank world's memory into dst with one
 * process_vm_readv (the calibration, lib/p2p/p2p_calibrate.c).  0, or -1
 * when refused or short. */
int mpii_cma_read(int world, void *dst, uintptr_t src, size_t n);

/* Bytes [off, off+len) of the message from remote (in process pid) to
 * local with process_vm_readv, or with write from local to remote with
 * process_vm_writev.  0, or -1 when the kernel refused (errno set). */
int mpii_cma_copy(pid_t pid, int write, const struct mpii_cma_side *local,
		  const struct mpii_cma_side *remote, MPI_Count off, MPI_Count len);
/* The peer's side of the first `bytes` bytes of the message announced by
 * h (an RTS: the sender's data; a CTS+SPLIT: the receiver's buffer), with
 * desc the h->extra bytes after the header.  0, or MPI_ERR_NO_MEM /
 * MPI_ERR_ARG when the description cannot be rebuilt. */
int mpii_cma_peer_side(const struct mpii_msg_hdr *h, const void *desc, int world_src, MPI_Count bytes,
		       struct mpii_cma_side *side);
/* Drop every peer's rebuilt types (MPI_Finalize). */
void mpii_cma_types_release(void);
/* Drop the verified peer pids (MPI_Finalize). */
void mpii_cma_pids_release(void);

/* p2p_cma_share.c: a large single copy shared by the threads waiting in
 * MPI.  All but help run with the library lock held. */
/* Post our part [dst, dst+len) of the message announced by rts as a
 * shared job when it is large enough and another joined thread waits.
 * 1: posted (mpii_cma_pulled is called when it is in place); 0: copy it
 * yourself. */
int mpii_cma_share_post(struct mpii_request *req, const struct mpii_msg_hdr *rts, int world_src,
			pid_t pid, char *dst, size_t len, int split);
/* Without the lock: claim and copy one chunk of any job; 1 if copied. */
int mpii_cma_share_help(void);
/* Some chunk is not claimed yet. */
int mpii_cma_share_claimable(void);
/* Copy the unclaimed chunks too if copy, and end the jobs whose chunks are
 * all in place.  1 if anything was done. */
int mpii_cma_share_progress(int copy);
/* WDONE for req, whose own part is still being copied. */
void mpii_cma_share_wdone(struct mpii_request *req);
/* Jobs in flight: a hint (relaxed), the claim words decide. */
extern _Atomic int mpii_cma_jobs_open;
static inline int mpii_cma_share_busy(void)
{
	return shm_load_relaxed(&mpii_cma_jobs_open) != 0;
}

/* p2p_given.c: the requests whose address was given a peer (checked when
 * the peer's answer brings it back). */
enum mpii_given_kind { MPII_GIVEN_SEND = 1, MPII_GIVEN_RECV };
/* req's address goes to world_peer in a header (as sreq: SEND, rreq: RECV). */
void mpii_given_add(struct mpii_request *req, int world_peer, enum mpii_given_kind kind);
/* The request an answer from world_peer names at addr; ends the job when
 * this rank did not give it that peer as that kind.  last: the answer is
 * the last to name it (it is forgotten). */
struct mpii_request *mpii_given_answer(uint64_t addr, int world_peer, enum mpii_given_kind kind,
				       int last);
void mpii_given_free(void);

/* p2p_recv.c */
/* End the job: the ring shared with world_peer holds what no member
 * writes (the segment was overwritten).  Names the peer and what was found. */
void mpii_p2p_corrupt(int world_peer, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));
void mpii_p2p_finish_recv(struct mpii_request *req, const struct mpii_msg_hdr *h, int world_src);
int mpii_p2p_poll_incoming(int hint_world);
void mpii_p2p_match_umsg(struct mpii_request *req, struct mpii_umsg *u);
void mpii_umsg_free(struct mpii_umsg *u);
/* Free the recycled records (MPI_Finalize). */
void mpii_umsg_release(void);
int mpii_p2p_start_recv(struct mpii_request *req);

/* p2p_match.c */
int mpii_match(const struct mpii_request *req, const struct mpii_msg_hdr *h);
struct mpii_request *mpii_posted_take(const struct mpii_msg_hdr *h);
void mpii_posted_append(struct mpii_request *req);
int mpii_posted_remove(struct mpii_request *req);

/* An inactive persistent request of kind (MPI_Send_init and friends,
 * the partitioned ones) with references to dt and comm; lock held.  NULL
 * when out of memory. */
struct mpii_request *mpii_p2p_persistent_new(int kind, const void *buf, MPI_Count count,
					     MPI_Datatype dt, int peer, int tag, MPI_Comm comm,
					     uint32_t ctx);

/* Register the partitioned requests' ops with lib/core/ (mpii_p2p_init;
 * lib/p2p/p2p_part.c). */
void mpii_part_register(void);
struct mpii_umsg *mpii_unexp_find(uint32_t ctx, int src, int tag, int remove);
/* Take the message number seq from world_src out of the unexpected queue;
 * NULL when it is not there (matched, or probed away by MPI_Mprobe). */
struct mpii_umsg *mpii_unexp_take_seq(int world_src, uint32_t seq);
void mpii_unexp_append(struct mpii_umsg *u);

#endif
