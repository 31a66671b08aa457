/*
 * lib/p2p/p2p_send.c - the sending side: tx queues, writing messages into the
 * pair ring, and telling the receiver.
 *
 * A message is written as a header cell (with the first payload bytes)
 * followed by raw payload cells.  When the ring is full the rest waits in
 * the peer's tx queue and mpii_p2p_push() continues it from the progress
 * engine; later messages to that peer queue behind it, so pairwise order is
 * kept.  A blocking standard send of a message that fits one cell takes a
 * fast path with no request at all.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_eager_rule.h"
#include "lib/p2p/p2p_impl.h"
#include "shm/doorbell.h"

struct mpii_tx *mpii_tx_new(void)
{
	struct mpii_tx *t = mpii_p2p.tx_free;
	if (t)
		mpii_p2p.tx_free = t->next;
	else
		t = malloc(sizeof(*t));
	if (t)
		memset(t, 0, sizeof(*t));
	return t;
}

static void tx_free(struct mpii_tx *t)
{
	t->next = mpii_p2p.tx_free;
	mpii_p2p.tx_free = t;
}

/* Tell dst there is something in our ring: make sure our summary bit is
 * set, then ring its doorbell if it sleeps.
 *
 * X: a seq_cst fence after the cells' release stores, then a plain look at
 * the bit.  If the bit is still set (the receiver has not taken it since
 * our last message) no RMW is needed: the receiver takes bits with a
 * seq_cst exchange followed by a seq_cst fence Y before it drains, so if
 * its exchange comes after our look, X precedes Y in the single order of
 * seq_cst operations and its drain sees our cells; if it came before, we
 * saw the bit clear and set it (G, a seq_cst RMW).  Skipping the RMW keeps
 * a streaming sender from bouncing the summary line on every message.
 * The doorbell check (H, shm/doorbell.h) follows X or G: either the
 * receiver's re-check sees the bit (or drains our cells) or we see it
 * sleeping. */
void mpii_p2p_notify(int world_dst)
{
	uint32_t me = (uint32_t)mpii_g.rank;
	_Atomic uint64_t *w = shm_seg_summary(&mpii_g.seg, (uint32_t)world_dst) + me / 64;
	uint64_t bit = 1ull << (me % 64);
	shm_fence_seq_cst(); /* X */
	if (!(shm_load_relaxed(w) & bit))
		shm_fetch_or_seq_cst(w, bit); /* G */
	shm_doorbell_ring_if_sleeping(shm_seg_bell(&mpii_g.seg, (uint32_t)world_dst));
}

/* What a tx entry does once fully written. */
static void tx_written(struct mpii_tx *t, int dst)
{
	struct mpii_request *req = t->req;
	if (!req)
		return;
	if (t->hdr.type == MPII_MSG_RTS) {
		req->proto = MPII_P_WAIT_FIN;
		mpii_p2p.rts_out++;
		mpii_given_add(req, dst, MPII_GIVEN_SEND);
	} else if (t->hdr.type == MPII_MSG_EAGER && (t->hdr.flags & MPII_MSGF_SYNC)) {
		req->proto = MPII_P_WAIT_ACK;
		mpii_given_add(req, dst, MPII_GIVEN_SEND);
	} else if (t->hold) {
		req->proto = MPII_P_CANCELLING; /* the CANCELLED answer completes it */
	} else {
		/* Written: complete, but MPI_Cancel may still ask for it back. */
		req->proto = t->hdr.type == MPII_MSG_EAGER ? MPII_P_SENT : MPII_P_NONE;
		mpii_request_complete(req);
	}
}

/* Write as much of t as the ring of peer p takes.  Returns 1 when t is
 * complete. */
static int tx_write(struct mpii_peer *p, struct mpii_tx *t)
{
	struct shm_ring *ring = &p->out;
	int data = t->hdr.type == MPII_MSG_EAGER || t->hdr.type == MPII_MSG_DATA;
	MPI_Count len = data ? (MPI_Count)t->hdr.len : 0;
	struct mpii_request *req = t->req;
	if (!t->hdr_sent) {
		char *cell = shm_ring_reserve(ring);
		if (!cell)
			return 0;
		uint32_t wire = mpii_hdr_wire_size(&t->hdr);
		memcpy(cell, &t->hdr, wire);
		/* Only control messages carry extra bytes: no payload here. */
		if (t->hdr.extra)
			memcpy(cell + wire, t->extra, t->hdr.extra);
		MPI_Count chunk = len < mpii_first_room(&t->hdr) ? len : mpii_first_room(&t->hdr);
		if (chunk)
			mpii_type_pack(req->dt, req->count, req->buf, 0, cell + wire, chunk);
		shm_ring_publish(ring);
		t->hdr_sent = 1;
		t->off = chunk;
		/* Messages that can be matched are numbered, for CANCEL. */
		if (t->hdr.type == MPII_MSG_EAGER || t->hdr.type == MPII_MSG_RTS)
			req->msg_seq = p->tx_seq++;
	}
	while (t->off < len) {
		char *cell = shm_ring_reserve(ring);
		if (!cell)
			return 0;
		MPI_Count chunk = len - t->off < mpii_p2p.payload ? len - t->off : mpii_p2p.payload;
		mpii_type_pack(req->dt, req->count, req->buf, t->off, cell, chunk);
		shm_ring_publish(ring);
		t->off += chunk;
	}
	return 1;
}

static void tx_unlist(int idx)
{
	mpii_p2p.tx_active[idx] = mpii_p2p.tx_active[--mpii_p2p.ntx_active];
}

/* Push the queue of one peer.  Returns 1 if anything was written. */
static int push_peer(int dst)
{
	struct mpii_peer *p = &mpii_p2p.peers[dst];
	int wrote = 0;
	while (p->tx_head) {
		struct mpii_tx *t = p->tx_head;
		int had_hdr = t->hdr_sent;
		MPI_Count had_off = t->off;
		int done = tx_write(p, t);
		if (t->hdr_sent != had_hdr || t->off != had_off)
			wrote = 1;
		if (!done) {
			if (p->out.corrupt)
				mpii_p2p_corrupt(dst, "an impossible consumer position");
			break;
		}
		p->tx_head = t->next;
		if (!p->tx_head)
			p->tx_tail = NULL;
		tx_written(t, dst);
		tx_free(t);
	}
	if (wrote)
		mpii_p2p_notify(dst);
	return wrote;
}

int mpii_p2p_push(void)
{
	int did = 0;
	for (int i = 0; i < mpii_p2p.ntx_active;) {
		int dst = mpii_p2p.tx_active[i];
		did |= push_peer(dst);
		if (!mpii_p2p.peers[dst].tx_head) {
			mpii_p2p.peers[dst].tx_listed = 0;
			tx_unlist(i);
		} else {
			i++;
		}
	}
	return did;
}

void mpii_tx_enqueue(int dst, struct mpii_tx *t)
{
	struct mpii_peer *p = &mpii_p2p.peers[dst];
	t->next = NULL;
	if (p->tx_tail)
		p->tx_tail->next = t;
	else
		p->tx_head = t;
	p->tx_tail = t;
	if (t->req)
		t->req->proto = MPII_P_QUEUED;
	/* Only the head can be written; if it is ours, try at once. */
	if (p->tx_head == t)
		push_peer(dst);
	if (p->tx_head && !p->tx_listed) {
		p->tx_listed = 1;
		mpii_p2p.tx_active[mpii_p2p.ntx_active++] = dst;
	}
}

void mpii_p2p_send_hdr(int world_dst, const struct mpii_msg_hdr *h, const void *extra)
{
	struct mpii_tx *t = mpii_tx_new();
	if (!t)
		mpii_abort_job(MPI_ERR_NO_MEM, "out of memory for a control message");
	t->hdr = *h;
	t->extra = extra;
	mpii_tx_enqueue(world_dst, t);
}

void mpii_p2p_send_ctl(int world_dst, int type, uint64_t sreq, uint64_t rreq)
{
	struct mpii_msg_hdr h = { .type = (uint8_t)type, .sreq = sreq, .rreq = rreq };
	mpii_p2p_send_hdr(world_dst, &h, NULL);
}

/* Build the envelope of a send request. */
static void fill_envelope(struct mpii_tx *t, struct mpii_request *req)
{
	t->hdr.ctx = req->ctx;
	t->hdr.src = req->comm->rank;
	t->hdr.tag = req->tag;
	t->hdr.len = (uint64_t)req->bytes;
	t->hdr.sreq = (uint64_t)(uintptr_t)req;
	t->req = req;
}

/* Rendezvous.  A contiguous message offers its address for a single copy
 * by the receiver (process_vm_readv).  A non-contiguous one of large
 * pieces offers its buffer's address and its type's description (TYPED,
 * lib/p2p/p2p_cma_typed.c) when the description fits the cell.  Any other
 * offers none (raddr 0), so the receiver answers CTS and the data is
 * packed straight into ring cells and unpacked straight out of them: two
 * copies, no staging buffer to allocate and fault in. */
static void prepare_rts(struct mpii_tx *t, struct mpii_request *req)
{
	struct mpii_datatype *dt = req->dt;
	const void *desc;
	size_t len;
	t->hdr.type = MPII_MSG_RTS;
	t->hdr.raddr = 0;
	mpii_p2p_ctr.rndv_msgs++;
	mpii_p2p_ctr.rndv_bytes += (uint64_t)req->bytes;
	/* Receives posted or other data being read: we will not be idle for
	 * a half of a split copy (lib/p2p/p2p_cma.c). */
	if (mpii_p2p.rts_out > 0 || mpii_p2p.posted_head)
		t->hdr.flags |= MPII_MSGF_BUSY;
	if (dt->flags & MPII_DT_CONTIG) {
		t->hdr.raddr = (uint64_t)(uintptr_t)((char *)req->buf + dt->true_lb);
	} else if (mpii_g.cma_ok && mpii_cma_iov_worth(dt) && mpii_type_wire(dt, &desc, &len) == MPI_SUCCESS &&
		   mpii_extra_fits(len)) {
		t->hdr.flags |= MPII_MSGF_TYPED;
		t->hdr.extra = (uint16_t)len;
		t->hdr.raddr = (uint64_t)(uintptr_t)req->buf;
		t->extra = desc;
	}
}

/* Whether req's message goes eagerly (else RTS). */
static int goes_eager(const struct mpii_request *req)
{
	size_t bytes = (size_t)req->bytes;
	if (mpii_g.oversubscribed && ((req->mode == MPII_MODE_FAN_IN && bytes > MPII_EAGER_FAN_IN) ||
				      (req->mode == MPII_MODE_FAN_OUT && bytes > MPII_EAGER_FAN_OUT)))
		return 0;
	return bytes <= mpii_g.cfg.eager_max || (mpii_g.eager_pending && mpii_eager_adopt(bytes));
}

int mpii_p2p_start_send(struct mpii_request *req)
{
	if (req->kind == MPII_REQ_RECV)
		return MPI_ERR_INTERN; /* receives start in p2p_recv.c */
	/* Relaxed: the request is not active yet; starting it is published
	 * to other threads by the library lock. */
	shm_store_relaxed(&req->done, 0);
	req->active = 1;
	req->status.mpii_cancelled = 0; /* a persistent send's last activation's */
	req->bytes = req->count * req->dt->size;
	req->world_peer = mpii_comm_peer_world(req->comm, req->peer);
	/* A message that fits one cell, with nothing queued before it, is
	 * written now and the send is complete: no tx entry to queue, push
	 * and free (windowed small-message bandwidth, perf/bw). */
	if ((req->mode == MPII_MODE_STANDARD || req->mode == MPII_MODE_READY ||
	     req->mode == MPII_MODE_FAN_IN || req->mode == MPII_MODE_FAN_OUT) &&
	    mpii_send_now(req->buf, req->count, req->dt, req->peer, req->tag, req->comm, req->ctx)) {
		req->proto = MPII_P_SENT;
		req->msg_seq = mpii_p2p.peers[req->world_peer].tx_seq - 1;
		mpii_request_complete(req);
		return MPI_SUCCESS;
	}
	struct mpii_tx *t = mpii_tx_new();
	if (!t)
		return MPI_ERR_NO_MEM;
	fill_envelope(t, req);
	if (goes_eager(req)) {
		mpii_p2p_ctr.eager_msgs++;
		mpii_p2p_ctr.eager_bytes += (uint64_t)req->bytes;
		t->hdr.type = MPII_MSG_EAGER;
		if (req->mode == MPII_MODE_SYNC)
			t->hdr.flags = MPII_MSGF_SYNC;
	} else {
		prepare_rts(t, req);
	}
	mpii_tx_enqueue(req->world_peer, t);
	return MPI_SUCCESS;
}

int mpii_isend(const void *buf, MPI_Count count, struct mpii_datatype *dt, int dest, int tag,
	       struct mpii_comm *comm, uint32_t ctx, int mode, struct mpii_request **reqp)
{
	struct mpii_request *req = mpii_request_new(MPII_REQ_SEND);
	if (!req)
		return MPI_ERR_NO_MEM;
	req->buf = (void *)buf;
	req->count = count;
	req->dt = dt;
	mpii_type_ref(dt);
	req->peer = dest;
	req->tag = tag;
	req->comm = comm;
	mpii_comm_ref(comm);
	req->ctx = ctx;
	req->mode = mode;
	int rc = mpii_p2p_start_send(req);
	if (rc) {
		mpii_request_release(req);
		return rc;
	}
	*reqp = req;
	return MPI_SUCCESS;
}

/* After a message of len bytes: ask for the lines the next cell's message
 * will take if it is as long (a window repeats its size) in exclusive
 * state now.  shm_ring_publish asks for the first line only; a message of
 * 33-256 bytes writes 2-5, each read by the receiver a lap ago, and the
 * fence of the next notify waited for their transfers.  Window of 64
 * (perf/ab.sh ... bw): 64 B 2.2-2.3x the bandwidth, 128 B 1.9x, 256 B
 * 1.7x.  Not for longer messages: prefetching up to 8 or 32 lines made
 * the pingpong at 512 B 10-18% slower (the requests compete with the
 * receiver's reads of the current cell) and windows of 512 B-1 KiB no
 * faster. */
static void prefetch_next_lines(struct shm_ring *r, size_t len)
{
	size_t end = SHM_CELL_HEADER + MPII_HDR_SHORT + len;
	if (end <= SHM_CACHELINE || end > 5 * SHM_CACHELINE)
		return;
	char *next = (char *)shm_ring_cell(r, r->prod_pos);
	shm_prefetch_write_lines(next + SHM_CACHELINE, end - SHM_CACHELINE);
}

/* Fast path: the whole message in one free cell, nothing queued before it.
 * Returns 1 when sent. */
int mpii_send_now(const void *buf, MPI_Count count, struct mpii_datatype *dt, int dest, int tag,
		  struct mpii_comm *comm, uint32_t ctx)
{
	MPI_Count len = count * dt->size;
	int wdst = mpii_comm_peer_world(comm, dest);
	struct mpii_peer *p = &mpii_p2p.peers[wdst];
	if (len > mpii_p2p.payload - MPII_HDR_SHORT || p->tx_head)
		return 0;
	char *cell = shm_ring_reserve(&p->out);
	if (!cell)
		return 0;
	struct mpii_msg_hdr *h = (struct mpii_msg_hdr *)cell;
	h->type = MPII_MSG_EAGER;
	h->flags = 0;
	h->extra = 0;
	h->ctx = ctx;
	h->src = comm->rank;
	h->tag = tag;
	h->len = (uint64_t)len;
	if (len)
		mpii_type_pack(dt, count, buf, 0, cell + MPII_HDR_SHORT, len);
	shm_ring_publish(&p->out);
	p->tx_seq++; /* its number, for CANCEL, is tx_seq - 1 */
	mpii_p2p_ctr.eager_msgs++;
	mpii_p2p_ctr.eager_bytes += (uint64_t)len;
	prefetch_next_lines(&p->out, (size_t)len);
	mpii_p2p_notify(wdst);
	return 1;
}

int mpii_send(const void *buf, MPI_Count count, struct mpii_datatype *dt, int dest, int tag,
	      struct mpii_comm *comm, uint32_t ctx, int mode)
{
	if (mode != MPII_MODE_SYNC && mpii_send_now(buf, count, dt, dest, tag, comm, ctx))
		return MPI_SUCCESS;
	struct mpii_request *req;
	int rc = mpii_isend(buf, count, dt, dest, tag, comm, ctx, mode, &req);
	if (rc)
		return rc;
	return mpii_wait(req, MPI_STATUS_IGNORE);
}

int mpii_p2p_unqueue_send(struct mpii_request *req, struct mpii_tx **tx)
{
	*tx = NULL;
	if (req->proto != MPII_P_QUEUED)
		return 0;
	struct mpii_peer *p = &mpii_p2p.peers[req->world_peer];
	struct mpii_tx *prev = NULL;
	for (struct mpii_tx *t = p->tx_head; t; prev = t, t = t->next) {
		if (t->req != req)
			continue;
		/* A DATA stream answers a CTS: the message is matched. */
		if (t->hdr.type == MPII_MSG_DATA)
			return 0;
		if (t->hdr_sent) {
			*tx = t; /* partly in the ring: it will be delivered */
			return 0;
		}
		if (prev)
			prev->next = t->next;
		else
			p->tx_head = t->next;
		if (p->tx_tail == t)
			p->tx_tail = prev;
		tx_free(t);
		req->proto = MPII_P_NONE;
		return 1;
	}
	return 0;
}
