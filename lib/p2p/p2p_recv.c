/*
 * lib/p2p/p2p_recv.c - the receiving side: draining the incoming rings,
 * matching, landing payload in the user's buffer (or an unexpected buffer),
 * and the receiver's half of the rendezvous (single copy with
 * process_vm_readv, or CTS and a DATA stream through the ring).
 *
 * Which rings to drain: the summary word of this member has a bit per
 * sender that published since we last looked; we take and clear the bits
 * with one exchange and drain those rings until empty.  A blocking receive
 * from a known source also polls that ring directly (hint), which saves the
 * summary line's transfer on the latency path.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

void mpii_p2p_corrupt(int world_peer, const char *fmt, ...)
{
	char what[160], why[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(why, sizeof(why), "the shared segment was overwritten: the ring with rank %d holds %s",
		 world_peer, what);
	mpii_abort_job(MPI_ERR_INTERN, why);
}

/* Bytes of a message that fit a receive request. */
static MPI_Count capacity(const struct mpii_request *req)
{
	return req->count * req->dt->size;
}

/* The envelope's source, once a communicator is known (a receive matched
 * it, or a probe found it): rank src of comm must be the rank whose ring
 * carried the message.  The header is shared memory another rank wrote;
 * a forged source (7, or -5, on two ranks; or the other rank's number)
 * would otherwise complete MPI_Recv(MPI_ANY_SOURCE) with a status naming a
 * rank that never sent.  A source outside every group was refused when
 * the header was read (drain_peer); this catches the rest.  Four loads
 * (comm, group, its world table) on a matched message. */
static void check_envelope(const struct mpii_comm *c, int src, int world_src)
{
	if (__builtin_expect(src < 0 || src >= mpii_comm_peer_size(c) ||
				     mpii_comm_peer_world(c, src) != world_src, 0))
		mpii_p2p_corrupt(world_src, "a message header claiming source %d on communicator %s, "
				 "which is not the rank that sent it", src, c->name[0] ? c->name : "(unnamed)");
}

/* check_envelope for a receive request: one that named its source has
 * the world rank of that source already (a match means h->src equals
 * it), so only MPI_ANY_SOURCE needs the communicator's table. */
static inline void check_req_envelope(const struct mpii_request *req, int src, int world_src)
{
	if (req->peer >= 0 ? world_src != req->world_peer : 1)
		check_envelope(req->comm, src, world_src);
}

/* Complete a receive: h is the EAGER envelope or the DATA header (whose
 * source and tag were recorded from the RTS in pull_rts). */
void mpii_p2p_finish_recv(struct mpii_request *req, const struct mpii_msg_hdr *h, int world_src)
{
	MPI_Count cap = capacity(req);
	if (h->type == MPII_MSG_EAGER || h->type == MPII_MSG_RTS) {
		check_req_envelope(req, h->src, world_src);
		req->status.MPI_SOURCE = h->src;
		req->status.MPI_TAG = h->tag;
	}
	req->status.mpii_count = (MPI_Count)h->len < cap ? (MPI_Count)h->len : cap;
	req->status.MPI_ERROR = (MPI_Count)h->len > cap ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
	/* A shorter message that ends inside a basic element of the receive
	 * type cannot match its signature (MPI-3.1 3.3.1; MPICH's
	 * errors/pt2pt/truncmsg2: 3 chars into ints).  Only short messages
	 * pay for the check. */
	if ((MPI_Count)h->len < cap && !mpii_type_bytes_whole(req->dt, (MPI_Count)h->len))
		req->status.MPI_ERROR = MPI_ERR_TYPE;
	if (h->type == MPII_MSG_EAGER && (h->flags & MPII_MSGF_SYNC))
		mpii_p2p_send_ctl(world_src, MPII_MSG_ACK, h->sreq, 0);
	req->proto = MPII_P_NONE;
	mpii_request_complete(req);
}

/* Land len payload bytes at message offset off into req (truncating). */
static void land_req(struct mpii_request *req, MPI_Count off, const void *src, MPI_Count len)
{
	MPI_Count cap = capacity(req);
	if (off >= cap)
		return;
	if (off + len > cap)
		len = cap - off;
	mpii_type_unpack(req->dt, req->count, req->buf, off, src, len);
}

/* Receiver side of a rendezvous for a request matched with an RTS (desc:
 * the sender's type description of a TYPED one): a single copy
 * (lib/p2p/p2p_cma.c) when both sides are contiguous or of large pieces and
 * the kernel lets us, else CTS and a DATA stream through the ring. */
static void pull_rts(struct mpii_request *req, const struct mpii_msg_hdr *h, const void *desc,
		     int world_src)
{
	check_req_envelope(req, h->src, world_src);
	req->status.MPI_SOURCE = h->src;
	req->status.MPI_TAG = h->tag;
	req->bytes = (MPI_Count)h->len;
	if (mpii_cma_pull(req, h, desc, world_src))
		return;
	req->proto = MPII_P_WAIT_DATA;
	mpii_given_add(req, world_src, MPII_GIVEN_RECV);
	mpii_p2p_send_ctl(world_src, MPII_MSG_CTS, h->sreq, (uint64_t)(uintptr_t)req);
}

/* A posted receive meets an unexpected message. */
void mpii_p2p_match_umsg(struct mpii_request *req, struct mpii_umsg *u)
{
	struct mpii_msg_hdr h;
	mpii_umsg_hdr(u, &h);
	if (u->type == MPII_MSG_RTS) {
		pull_rts(req, &h, umsg_desc(u), u->world_src);
		mpii_umsg_free(u);
		return;
	}
	land_req(req, 0, umsg_payload(u), u->landed);
	if (u->complete) {
		mpii_p2p_finish_recv(req, &h, u->world_src);
	} else {
		/* The rest is still coming: point the peer's stream at req. */
		struct mpii_rx *rx = &mpii_p2p.peers[u->world_src].rx;
		rx->umsg = NULL;
		rx->req = req;
		req->proto = MPII_P_WAIT_DATA;
	}
	mpii_umsg_free(u);
}

/* The stream of one peer ended: complete whatever it fed. */
static void stream_done(struct mpii_rx *rx, int world_src)
{
	if (rx->req)
		mpii_p2p_finish_recv(rx->req, &rx->hdr, world_src);
	else if (rx->umsg)
		rx->umsg->complete = 1;
	rx->req = NULL;
	rx->umsg = NULL;
}

static void land_stream(struct mpii_rx *rx, const void *src, MPI_Count len)
{
	if (rx->req) {
		land_req(rx->req, rx->off, src, len);
	} else if (rx->umsg) {
		memcpy(umsg_payload(rx->umsg) + rx->off, src, (size_t)len);
		rx->umsg->landed += len;
	}
	rx->off += len;
	rx->remaining -= len;
}

/* Unexpected-message records are recycled by allocation size, so a
 * message that arrives before its receive usually costs no malloc
 * (measured when records were fixed-size: bw 4 KiB 3.1-3.6 -> 5.4-5.7
 * GB/s).  Records up to MPII_UMSG_CLASSES x 16 bytes are kept, at most
 * UMSG_KEEP_BYTES of them in all, so a flood's memory goes back to malloc
 * once it is received.  When the kept records of other sizes fill that
 * room, they go: else a job whose messages change size keeps the old
 * size's records and mallocs and frees every record of the new one, and
 * the heap's top is given back to the kernel and faulted in again each
 * time (gathers of 16 KiB at 4 ranks after gathers of 8 KiB: 74-98 us a
 * gather, 21-22 us with the room freed).  The classes reach the 32 KiB
 * eager limit (lib/core/env.c): with classes up to 16 KiB, 32 KiB eager
 * gathers at 4 ranks took 106-184 us, 43-64 with them. */
#define MPII_UMSG_CLASSES 2064     /* records up to 32 KiB + the 48-byte head; larger ones below */
/* Larger records (the 64 KiB default eager limit, or an SHMPI_EAGER_MAX
 * beyond it) are kept in classes of powers of two of data, from 64 KiB to
 * 2^(15 + UMSG_POW2_CLASSES) bytes, plus 64 for the head: before,
 * every such record went through malloc and free, and the heap's top
 * went back to the kernel (brk) and was faulted in again each time (perf
 * record of exchange -k nbx, 128 KiB, SHMPI_EAGER_MAX=1M: 0.8 GB/s).  Up
 * to 4 MiB, the most kept in all. */
#define UMSG_POW2_CLASSES 7
#define UMSG_ALL_CLASSES (MPII_UMSG_CLASSES + UMSG_POW2_CLASSES)
#define UMSG_KEEP_BYTES (4u << 20)

/* 16-byte units a record of data_bytes takes.  malloc's chunk for a
 * request of n bytes is n + 8 rounded up to 16: ask for 16 x units - 8
 * and the chunk is used to the byte. */
static size_t umsg_chunks16(size_t data_bytes)
{
	return (sizeof(struct mpii_umsg) + data_bytes + 8 + 15) / 16;
}

/* The recycling class of a record of data_bytes; 0: not kept. */
static size_t umsg_class(size_t data_bytes)
{
	size_t c = umsg_chunks16(data_bytes);
	if (c < MPII_UMSG_CLASSES)
		return c;
	size_t p = 0;
	while (p < UMSG_POW2_CLASSES && umsg_chunks16((size_t)1 << (16 + p)) < c)
		p++;
	return p < UMSG_POW2_CLASSES ? MPII_UMSG_CLASSES + p : 0;
}

/* The bytes malloc gives a record of class c (not 0). */
static size_t umsg_class_bytes(size_t c)
{
	/* A power-of-two class holds 2^k bytes of data with its head, so a
	 * 64 KiB message takes a record of 64 KiB + 64 bytes, not 128 KiB. */
	return 16 * (c < MPII_UMSG_CLASSES ? c : umsg_chunks16((size_t)1 << (16 + c - MPII_UMSG_CLASSES)));
}

static struct mpii_umsg *umsg_alloc(size_t data_bytes)
{
	struct mpii_umsg *u = NULL;
	if (data_bytes > SIZE_MAX / 2 - sizeof(*u) - 64)
		mpii_abort_job(MPI_ERR_NO_MEM, "out of memory for an unexpected message");
	size_t c = umsg_class(data_bytes);
	if (c && mpii_p2p.umsg_free && (u = mpii_p2p.umsg_free[c])) {
		if (!(mpii_p2p.umsg_free[c] = u->next))
			mpii_p2p.umsg_free_classes--;
		mpii_p2p.umsg_free_bytes -= umsg_class_bytes(c);
		return u;
	}
	size_t bytes = c ? umsg_class_bytes(c) : umsg_chunks16(data_bytes) * 16;
	if (!(u = malloc(bytes - 8)))
		mpii_abort_job(MPI_ERR_NO_MEM, "out of memory for an unexpected message");
	u->chunk = (uint16_t)c;
	return u;
}

/* Free the kept records of every class but `keep`. */
static void umsg_evict_others(size_t keep)
{
	struct mpii_umsg **lists = mpii_p2p.umsg_free;
	if (mpii_p2p.umsg_free_classes == 0 ||
	    (mpii_p2p.umsg_free_classes == 1 && lists[keep]))
		return;
	for (size_t c = 0; c < UMSG_ALL_CLASSES; c++) {
		if (c == keep || !lists[c])
			continue;
		for (struct mpii_umsg *u = lists[c], *n; u; u = n) {
			n = u->next;
			free(u);
			mpii_p2p.umsg_free_bytes -= umsg_class_bytes(c);
		}
		lists[c] = NULL;
		mpii_p2p.umsg_free_classes--;
	}
}

void mpii_umsg_free(struct mpii_umsg *u)
{
	size_t c = u->chunk;
	if (!c || (!mpii_p2p.umsg_free &&
		   !(mpii_p2p.umsg_free = calloc(UMSG_ALL_CLASSES, sizeof(u))))) {
		free(u);
		return;
	}
	size_t bytes = umsg_class_bytes(c);
	if (mpii_p2p.umsg_free_bytes + bytes > UMSG_KEEP_BYTES)
		umsg_evict_others(c);
	if (mpii_p2p.umsg_free_bytes + bytes > UMSG_KEEP_BYTES) {
		free(u);
		return;
	}
	if (!(u->next = mpii_p2p.umsg_free[c]))
		mpii_p2p.umsg_free_classes++;
	mpii_p2p.umsg_free[c] = u;
	mpii_p2p.umsg_free_bytes += bytes;
}

void mpii_umsg_release(void)
{
	if (!mpii_p2p.umsg_free)
		return;
	for (size_t c = 0; c < UMSG_ALL_CLASSES; c++)
		for (struct mpii_umsg *u = mpii_p2p.umsg_free[c], *n; u; u = n) {
			n = u->next;
			free(u);
		}
	free(mpii_p2p.umsg_free);
	mpii_p2p.umsg_free = NULL;
	mpii_p2p.umsg_free_bytes = 0;
	mpii_p2p.umsg_free_classes = 0;
}

void mpii_umsg_hdr(const struct mpii_umsg *u, struct mpii_msg_hdr *h)
{
	memset(h, 0, sizeof(*h));
	h->type = u->type;
	h->flags = u->flags;
	h->extra = u->extra;
	h->ctx = u->ctx;
	h->src = u->src;
	h->tag = u->tag;
	h->len = u->len;
	if (u->type == MPII_MSG_RTS || (u->flags & MPII_MSGF_SYNC))
		memcpy(&h->sreq, u->data, sizeof(h->sreq));
	if (u->type == MPII_MSG_RTS)
		memcpy(&h->raddr, u->data + sizeof(uint64_t), sizeof(h->raddr));
}

/* A record for the message announced by h (EAGER, or RTS with extra the
 * h->extra bytes of its type description). */
static struct mpii_umsg *new_umsg(const struct mpii_msg_hdr *h, const void *extra, int world_src)
{
	int sync = h->type == MPII_MSG_EAGER && (h->flags & MPII_MSGF_SYNC);
	size_t data = h->type == MPII_MSG_EAGER ? (sync ? sizeof(uint64_t) : 0) + (size_t)h->len
						: 2 * sizeof(uint64_t) + h->extra;
	/* An eager message is at most the eager limit, far below 4 GiB: landed
	 * counts in 32 bits. */
	if (h->type == MPII_MSG_EAGER && h->len > UINT32_MAX)
		mpii_abort_job(MPI_ERR_INTERN, "an eager message of more than 4 GiB");
	struct mpii_umsg *u = umsg_alloc(data);
	u->next = NULL;
	u->ctx = h->ctx;
	u->src = h->src;
	u->tag = h->tag;
	u->world_src = world_src;
	u->len = h->len;
	u->landed = 0;
	u->extra = h->type == MPII_MSG_RTS ? h->extra : 0;
	u->type = h->type;
	u->flags = h->flags;
	u->complete = 0;
	/* on_header numbered it (rx_seq) before it came here. */
	u->seq = mpii_p2p.peers[world_src].rx_seq - 1;
	if (sync || h->type == MPII_MSG_RTS)
		memcpy(u->data, &h->sreq, sizeof(h->sreq));
	if (h->type == MPII_MSG_RTS) {
		memcpy(u->data + sizeof(uint64_t), &h->raddr, sizeof(h->raddr));
		if (h->extra)
			memcpy(u->data + 2 * sizeof(uint64_t), extra, h->extra);
	}
	return u;
}

/* An EAGER message whole in its header cell (most small messages): landed
 * and finished at once, without the stream state of rx that a message of
 * several cells needs (about 30 instructions a message). */
static void eager_whole(int world_src, const struct mpii_msg_hdr *h, const char *payload)
{
	MPI_Count len = (MPI_Count)h->len;
	struct mpii_request *req = mpii_posted_take(h);
	if (req) {
		land_req(req, 0, payload, len);
		mpii_p2p_finish_recv(req, h, world_src);
		return;
	}
	struct mpii_umsg *u = new_umsg(h, NULL, world_src);
	mpii_unexp_append(u);
	memcpy(umsg_payload(u), payload, (size_t)len);
	u->landed = (uint32_t)len;
	u->complete = 1;
}

/* A header cell from world_src. */
static void on_header(int world_src, const struct mpii_msg_hdr *h, const char *payload)
{
	struct mpii_peer *peer = &mpii_p2p.peers[world_src];
	struct mpii_rx *rx = &peer->rx;
	/* Messages that can be matched are numbered as the sender numbered
	 * them (tx_seq), for CANCEL. */
	if (h->type == MPII_MSG_EAGER || h->type == MPII_MSG_RTS)
		peer->rx_seq++;
	switch (h->type) {
	case MPII_MSG_EAGER:
		if ((MPI_Count)h->len <= mpii_first_room(h)) {
			eager_whole(world_src, h, payload);
			break;
		}
		/* The rest of it comes in later cells. */
		/* fall through */
	case MPII_MSG_DATA: {
		MPI_Count len = (MPI_Count)h->len;
		MPI_Count chunk = len < mpii_first_room(h) ? len : mpii_first_room(h);
		rx->hdr = *h;
		rx->off = 0;
		rx->remaining = len;
		rx->umsg = NULL;
		if (h->type == MPII_MSG_DATA) {
			rx->req = mpii_given_answer(h->rreq, world_src, MPII_GIVEN_RECV, 1);
		} else {
			rx->req = mpii_posted_take(h);
			if (!rx->req) {
				rx->umsg = new_umsg(h, NULL, world_src);
				mpii_unexp_append(rx->umsg);
			}
		}
		land_stream(rx, payload, chunk);
		if (rx->remaining == 0)
			stream_done(rx, world_src);
		break;
	}
	case MPII_MSG_RTS: {
		struct mpii_request *req = mpii_posted_take(h);
		if (req)
			pull_rts(req, h, payload, world_src);
		else
			mpii_unexp_append(new_umsg(h, payload, world_src));
		break;
	}
	case MPII_MSG_WDONE:
		mpii_cma_on_wdone(h, world_src);
		break;
	case MPII_MSG_CANCEL:
		mpii_p2p_on_cancel(h, world_src);
		break;
	case MPII_MSG_CANCELLED:
		mpii_p2p_on_cancelled(h, world_src);
		break;
	case MPII_MSG_CTS: {
		if (h->flags & MPII_MSGF_SPLIT) {
			mpii_cma_on_split_cts(h, payload, world_src);
			break;
		}
		struct mpii_request *req = mpii_given_answer(h->sreq, world_src, MPII_GIVEN_SEND, 1);
		mpii_p2p.rts_out--; /* the receiver will not read our buffer */
		struct mpii_tx *t = mpii_tx_new();
		if (!t)
			mpii_abort_job(MPI_ERR_NO_MEM, "out of memory for a DATA stream");
		t->hdr.type = MPII_MSG_DATA;
		t->hdr.len = (uint64_t)req->bytes;
		t->hdr.rreq = h->rreq;
		t->req = req;
		mpii_tx_enqueue(world_src, t);
		break;
	}
	case MPII_MSG_FIN:
	case MPII_MSG_ACK: {
		struct mpii_request *req = mpii_given_answer(h->sreq, world_src, MPII_GIVEN_SEND, 1);
		if (h->type == MPII_MSG_FIN)
			mpii_p2p.rts_out--;
		free(req->tmpbuf);
		req->tmpbuf = NULL;
		req->proto = MPII_P_NONE;
		mpii_request_complete(req);
		break;
	}
	default:
		mpii_p2p_corrupt(world_src, "a message header of unknown type %u", h->type);
	}
}

/* Set our own summary bit for src: its ring still holds cells that a
 * drain left there, so that the next poll (and has_work before a sleep)
 * looks at it again.  A seq_cst RMW like a sender's G in mpii_p2p_notify. */
static void drain_again_later(int src)
{
	_Atomic uint64_t *w = shm_seg_summary(&mpii_g.seg, (uint32_t)mpii_g.rank) + src / 64;
	shm_fetch_or_seq_cst(w, 1ull << (src % 64));
}

/* Drain one incoming ring, at most one lap of it: a sender that refills
 * the ring as fast as we empty it would otherwise keep us here, moving
 * its messages into unexpected records without end while the receive we
 * wait for has long been matched (a stream of 16 KiB MPI_Send against
 * MPI_Recv: 40 us a message, the heap growing, against 2 us).  Returns 1
 * if anything was consumed. */
static int drain_peer(int src)
{
	struct mpii_peer *p = &mpii_p2p.peers[src];
	struct mpii_rx *rx = &p->rx;
	int did = 0;
	uint32_t budget = p->in.ncells;
	char *cell;
	/* Single copies of several of its messages in one read (read at the
	 * close below, before we turn elsewhere). */
	unsigned batch = mpii_cma_batch_open(src);
	while ((cell = shm_ring_peek(&p->in))) {
		if (budget-- == 0) {
			drain_again_later(src);
			break;
		}
		did = 1;
		if (rx->remaining > 0) {
			MPI_Count chunk = rx->remaining < mpii_p2p.payload ? rx->remaining : mpii_p2p.payload;
			land_stream(rx, cell, chunk);
			shm_ring_consume(&p->in);
			if (rx->remaining == 0)
				stream_done(rx, src);
			continue;
		}
		struct mpii_msg_hdr h;
		memcpy(&h, cell, MPII_HDR_SHORT);
		uint32_t wire = mpii_hdr_wire_size(&h);
		if (wire > MPII_HDR_SHORT)
			memcpy((char *)&h + MPII_HDR_SHORT, cell + MPII_HDR_SHORT, wire - MPII_HDR_SHORT);
		else
			h.sreq = h.rreq = h.raddr = 0;
		if (h.extra > mpii_p2p.payload - wire)
			mpii_p2p_corrupt(src, "a header whose %u extra bytes overrun its cell", h.extra);
		/* Every field before it is trusted: flags only of the known
		 * kinds; a source (EAGER and RTS carry one) that is a rank of
		 * some group, i.e. below the job's size (the rank it must be is
		 * known once a receive matches: check_envelope).  The type is
		 * checked by on_header, lengths where they are used (an eager
		 * length against 4 GiB, extra bytes just above, a DATA stream
		 * against the request the answer names).  One compare on the
		 * fast path. */
		if (__builtin_expect(h.flags >= MPII_MSGF_ALL ||
					     ((uint32_t)h.src >= (uint32_t)mpii_g.nmembers &&
					      (h.type == MPII_MSG_EAGER || h.type == MPII_MSG_RTS)), 0))
			mpii_p2p_corrupt(src, "a message header with source %d and flags %#x (the job has %d member slots)",
					 h.src, h.flags, mpii_g.nmembers);
		on_header(src, &h, cell + wire);
		shm_ring_consume(&p->in);
	}
	mpii_cma_batch_close(batch);
	if (!shm_ring_cell_sane(&p->in))
		mpii_p2p_corrupt(src, "a ring cell with an impossible sequence word");
	/* Empty: hand all read cells back before we turn elsewhere. */
	shm_ring_publish_consumed(&p->in);
	return did;
}

/* A summary bit for rank src, which is not in the job: report the first
 * (a scribbled summary word would repeat it at every poll). */
static void stray_summary_bit(uint32_t src)
{
	static int reported;
	if (reported)
		return;
	reported = 1;
	fprintf(stderr, "shmpi: rank %d: ignored a message summary bit for member %u, which is not among "
		"this job's %d member slots (the shared segment was overwritten)\n", mpii_g.rank, src,
		mpii_g.nmembers);
}

int mpii_p2p_poll_incoming(int hint)
{
	static unsigned hinted_polls;
	int did = 0;
	if (hint >= 0) {
		did |= drain_peer(hint);
		/* Waiting for one peer: look at the summary only now and then,
		 * also after the peer's drain found something.  Every look pulls
		 * the summary line that the peer's sends write, which would put a
		 * second line transfer on the latency path, and then drains the
		 * peer just drained once more for the bit its message set (60
		 * instructions a message); the others' messages only wait a few
		 * polls longer.  A bit left set is harmless: the peer's next
		 * notify finds it set and skips its atomic, and a waiter does not
		 * sleep while one is set (has_work), so the 16th poll clears it. */
		if (++hinted_polls & 15)
			return did;
	}
	const struct shm_seg *seg = &mpii_g.seg;
	_Atomic uint64_t *sum = shm_seg_summary(seg, (uint32_t)mpii_g.rank);
	uint32_t words = ((uint32_t)mpii_g.nmembers + 63) / 64;
	for (uint32_t w = 0; w < words; w++) {
		/* Relaxed peek first: keeps the line shared while idle. */
		if (!shm_load_relaxed(&sum[w]))
			continue;
		/* seq_cst exchange, then the fence Y: pairs with X and G in
		 * mpii_p2p_notify, so every sender whose bit we take, or who
		 * looked at its bit before we took it, has its cells visible to
		 * the drains below. */
		uint64_t bits = shm_exchange_seq_cst(&sum[w], 0);
		shm_fence_seq_cst(); /* Y */
		while (bits) {
			int b = __builtin_ctzll(bits);
			bits &= bits - 1;
			uint32_t src = w * 64 + (uint32_t)b;
			/* The summary is shared memory any rank can write: a bit
			 * past the job's last rank has no ring behind it (the
			 * peer table ends at size).  Nothing was sent, so the bit
			 * is dropped, once reported. */
			if (src >= (uint32_t)mpii_g.nmembers) {
				stray_summary_bit(src);
				continue;
			}
			did |= drain_peer((int)src);
		}
	}
	return did;
}

/* A fresh receive request's operation; it holds dt and comm until
 * released (mpii_request_release, or mpii_request_drop on the stack). */
static void set_recv(struct mpii_request *req, void *buf, MPI_Count count,
		     struct mpii_datatype *dt, int source, int tag, struct mpii_comm *comm,
		     uint32_t ctx)
{
	req->buf = buf;
	req->count = count;
	req->dt = dt;
	mpii_type_ref(dt);
	req->peer = source;
	req->tag = tag;
	req->comm = comm;
	mpii_comm_ref(comm);
	req->ctx = ctx;
	req->world_peer = source >= 0 ? mpii_comm_peer_world(comm, source) : -1;
}

int mpii_irecv(void *buf, MPI_Count count, struct mpii_datatype *dt, int source, int tag,
	       struct mpii_comm *comm, uint32_t ctx, struct mpii_request **reqp)
{
	struct mpii_request *req = mpii_request_new(MPII_REQ_RECV);
	if (!req)
		return MPI_ERR_NO_MEM;
	set_recv(req, buf, count, dt, source, tag, comm, ctx);
	int rc = mpii_p2p_start_recv(req);
	if (rc) {
		mpii_request_release(req);
		return rc;
	}
	*reqp = req;
	return MPI_SUCCESS;
}

int mpii_p2p_start_recv(struct mpii_request *req)
{
	/* Relaxed: the request is not active yet; starting it is published
	 * to other threads by the library lock. */
	shm_store_relaxed(&req->done, 0);
	req->active = 1;
	req->status.MPI_ERROR = MPI_SUCCESS;
	req->status.mpii_cancelled = 0;
	/* Only the unexpected queue is searched: messages still in the rings
	 * come later (each ring is FIFO, and the unexpected queue holds what
	 * was drained before) and will meet this receive in the posted queue
	 * when drained - straight into the user's buffer.  Draining here
	 * first sent every message of a window of MPI_Irecv through the
	 * unexpected queue (a second copy). */
	struct mpii_umsg *u = mpii_unexp_find(req->ctx, req->peer, req->tag, 1);
	if (u)
		mpii_p2p_match_umsg(req, u);
	else
		mpii_posted_append(req);
	return MPI_SUCCESS;
}

/* A blocking receive: its request lives on this stack (no pool, no
 * clearing and recycling of a pooled one) and is gone when the call
 * returns.  It still holds the type and the communicator (another thread
 * may free their handles meanwhile).  Whatever completes it runs under
 * the library lock, as this thread does when it looks. */
int mpii_recv(void *buf, MPI_Count count, struct mpii_datatype *dt, int source, int tag,
	      struct mpii_comm *comm, uint32_t ctx, MPI_Status *status)
{
	struct mpii_request req;
	mpii_request_init(&req, MPII_REQ_RECV);
	set_recv(&req, buf, count, dt, source, tag, comm, ctx);
	int rc = mpii_p2p_start_recv(&req);
	if (!rc) {
		mpii_request_wait_done(&req);
		mpii_status_copy(status, &req.status);
		rc = req.status.MPI_ERROR;
	}
	mpii_request_drop(&req);
	return rc;
}

int mpii_iprobe(int source, int tag, struct mpii_comm *comm, uint32_t ctx, int *flag,
		MPI_Status *status)
{
	mpii_p2p_poll_incoming(source >= 0 ? mpii_comm_peer_world(comm, source) : -1);
	struct mpii_umsg *u = mpii_unexp_find(ctx, source, tag, 0);
	*flag = u != NULL;
	if (u)
		check_envelope(comm, u->src, u->world_src);
	if (u && status != MPI_STATUS_IGNORE) {
		status->MPI_SOURCE = u->src;
		status->MPI_TAG = u->tag;
		status->mpii_count = (MPI_Count)u->len;
		status->mpii_cancelled = 0;
	}
	return MPI_SUCCESS;
}
