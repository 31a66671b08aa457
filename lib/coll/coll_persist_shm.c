/*
 * lib/coll/coll_persist_shm.c - the shared-memory plan of a persistent
 * barrier, bcast, reduce or allreduce of at most PLAN_MAX bytes on an
 * intracommunicator: an area of the segment of its own, taken once at
 * init, so that MPI_Start writes this member's contribution and its
 * completion reads the others', with no schedule, no message and no
 * argument check.
 *
 * The area has, per member and per parity (activation k uses parity
 * k & 1), one line: an 8-byte stamp, the checksum of SHMPI_COLL_CHECKSUM,
 * then (at 16, aligned for any predefined type) up to PLAN_MAX bytes of
 * data.  A member's two lines fill a page-aligned part of their own,
 * read-only in the other members (single writer, issue 40: a wild write
 * there faults in the writer, lib/core/segv.c).
 *
 *   start k:  write the contribution (a reduction's send buffer, the bcast
 *             root's packed buffer, nothing for a barrier) into this
 *             member's line of parity k & 1, then stamp = k (release).
 *   complete: every member's stamp of parity k & 1 is >= k (acquire); then
 *             the result is read from the lines (the reduction folded in
 *             rank order, so a non-commutative op is right and every
 *             member gets the same bits; the bcast unpacked).
 *
 * Reuse of a parity without a wait: a member writes parity k & 1 again at
 * k + 2, after it completed k + 1, which needs every member to have
 * started k + 1, which each did only after completing k (MPI: a request
 * is completed before it is started again), that is after reading
 * everything of k.  For the same reason a member's stamp of parity k & 1
 * is never beyond k while another waits for k.  Every activation
 * therefore waits for every member to have started it, also a bcast's or
 * reduce's: a collective may synchronize.
 *
 * Nobody sleeps on the stamps: while the request is active it is polled
 * (mpii_progress_poll_add), and a waiter with polled requests does not
 * sleep on its doorbell (lib/core/progress.c), so no doorbell is rung.
 *
 * Set-up (collective, at init: MPI-4.0 makes the initialization calls
 * non-local): rank 0 takes the area from the segment's arena and bcasts
 * its offset (0: the arena is full); every member then agrees whether
 * the plan exists.  Whether to try is decided from what every member
 * knows alike (the operation, the size of the communicator, the bytes of
 * the type signature; for a reduction the type, the same everywhere).
 * The arena is never given back: a plan costs n pages (a member's two
 * lines, at most 2 x 1088 bytes, rounded to a page), and a job that fills the arena falls back to
 * the nonblocking path (lib/coll/coll_persist.c).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/coll/coll_persist.h"
#include "lib/core/core.h"

/* The largest contribution the plan takes, and the most members: the
 * small operations whose schedule costs more than their data. */
#define PLAN_MAX 1024
#define PLAN_MEMBERS 64
#define DATA_OFF 16

struct pcoll_shm {
	char *area;             /* [n] parts of [2] lines in the segment */
	size_t line;            /* bytes of one line, a cache-line multiple */
	size_t part;            /* bytes of a member's part, a page multiple */
	size_t bytes;           /* of the contribution */
	uint64_t seq;           /* activations started */
	int next;               /* members below next have stamped seq */
};

static _Atomic uint64_t *stamp_of(struct pcoll_shm *s, int r, uint64_t k)
{
	return (_Atomic uint64_t *)(s->area + (size_t)r * s->part + (size_t)(k & 1) * s->line);
}

/* SHMPI_COLL_CHECKSUM: the sum of member r's data of activation k. */
static _Atomic uint64_t *sum_of(struct pcoll_shm *s, int r, uint64_t k)
{
	return stamp_of(s, r, k) + 1;
}

static char *data_of(struct pcoll_shm *s, int r, uint64_t k)
{
	return s->area + (size_t)r * s->part + (size_t)(k & 1) * s->line + DATA_OFF;
}

/* SHMPI_COLL_CHECKSUM: member r's contribution to activation k must
 * match the sum it stored (after the stamp's acquire). */
static void check(struct pcoll_shm *s, struct mpii_comm *c, int r, uint64_t k)
{
	if (r != c->rank)
		mpii_shm_sum_check(c, r, shm_load_relaxed(sum_of(s, r, k)), data_of(s, r, k), s->bytes);
}

/* A reduction's type whose packed form is its layout (the op is applied
 * on the lines as on a user buffer). */
static int flat(const struct mpii_datatype *dt)
{
	return (dt->flags & MPII_DT_CONTIG) && dt->true_lb == 0 && dt->extent == dt->size;
}

void mpii_pcoll_shm_plan(struct mpii_request *req, struct pcoll_plan *p)
{
	struct mpii_comm *c = req->comm;
	const struct pcoll_args *a = &p->a;
	if (c->is_inter || c->size < 2 || c->size > PLAN_MEMBERS)
		return;
	size_t bytes = 0;
	switch (p->which) {
	case PCOLL_BARRIER:
		break;
	case PCOLL_BCAST:
		bytes = (size_t)((MPI_Count)a->rcount * a->rtype->size);
		break;
	case PCOLL_REDUCE:
	case PCOLL_ALLREDUCE:
		if (!flat(a->rtype))
			return;
		bytes = (size_t)((MPI_Count)a->rcount * a->rtype->size);
		break;
	default:
		return;
	}
	if (bytes > PLAN_MAX)
		return;
	size_t line = (DATA_OFF + bytes + SHM_CACHELINE - 1) & ~(size_t)(SHM_CACHELINE - 1);
	size_t part = (2 * line + 4095) & ~(size_t)4095;
	/* A member without memory for this would hang the others that take
	 * the plan (as in lib/coll/shm.c's set-up): only when malloc of a few
	 * bytes fails, where the job is lost anyway. */
	struct pcoll_shm *s = calloc(1, sizeof(*s));
	if (!s)
		return;
	uint64_t off = 0;
	if (c->rank == 0)
		off = shm_seg_alloc(&mpii_g.seg, 4096 + (size_t)c->size * part);
	/* Collective and blocking (lock held, dropped while it waits): every
	 * member learns the same offset, so all take the plan or none. */
	if (mpii_bcast(&off, 1, MPI_UINT64_T, 0, c, NULL) != MPI_SUCCESS || !off) {
		free(s);
		return;
	}
	/* Page-aligned parts (a page of slack taken), each member's
	 * writable only in it. */
	off = (off + 4095) & ~(uint64_t)4095;
	mpii_segv_protect_parts(off, part, c->size, c->rank, c->group->world, c->ctx);
	s->area = shm_seg_ptr(&mpii_g.seg, off);
	s->line = line;
	s->part = part;
	s->bytes = bytes;
	p->shm = s;
}

/* Fold the contributions of activation k into out in rank order:
 * out = c0 op (c1 op (... op c[n-1])). */
static void fold(struct pcoll_shm *s, struct pcoll_plan *p, struct mpii_comm *c, int n, uint64_t k,
		 void *out)
{
	if (mpii_coll_cfg.checksum)
		for (int j = 0; j < n; j++)
			check(s, c, j, k);
	memcpy(out, data_of(s, n - 1, k), s->bytes);
	for (int j = n - 2; j >= 0; j--)
		mpii_op_apply(p->a.op, data_of(s, j, k), out, p->a.rcount, p->a.rtype);
}

/* Polled: 1 when req completed. */
static int poll_shm(struct mpii_request *req)
{
	struct pcoll_plan *p = req->state;
	struct pcoll_shm *s = p->shm;
	struct mpii_comm *c = req->comm;
	int n = c->size;
	uint64_t k = s->seq;
	/* Acquire: pairs with the release of the stamp in start; the data
	 * before it is then visible. */
	while (s->next < n && shm_load_acquire(stamp_of(s, s->next, k)) >= k)
		s->next++;
	if (s->next < n)
		return 0;
	const struct pcoll_args *a = &p->a;
	switch (p->which) {
	case PCOLL_BCAST:
		if (c->rank != a->root && s->bytes && mpii_coll_cfg.checksum)
			check(s, c, a->root, k);
		if (c->rank != a->root && s->bytes)
			mpii_type_unpack(a->rtype, a->rcount, a->rbuf, 0, data_of(s, a->root, k),
					 (MPI_Count)s->bytes);
		break;
	case PCOLL_REDUCE:
		if (c->rank == a->root && s->bytes)
			fold(s, p, c, n, k, a->rbuf);
		break;
	case PCOLL_ALLREDUCE:
		if (s->bytes)
			fold(s, p, c, n, k, a->rbuf);
		break;
	default:
		break;
	}
	req->status.MPI_ERROR = MPI_SUCCESS;
	mpii_request_complete(req);
	return 1;
}

int mpii_pcoll_shm_start(struct mpii_request *req, struct pcoll_plan *p)
{
	struct pcoll_shm *s = p->shm;
	const struct pcoll_args *a = &p->a;
	struct mpii_comm *c = req->comm;
	uint64_t k = ++s->seq;
	char *mine = data_of(s, c->rank, k);
	if (s->bytes) {
		if (p->which == PCOLL_BCAST) {
			if (c->rank == a->root)
				mpii_type_pack(a->rtype, a->rcount, a->rbuf, 0, mine,
					       (MPI_Count)s->bytes);
		} else {
			memcpy(mine, a->sbuf == MPI_IN_PLACE ? a->rbuf : a->sbuf, s->bytes);
		}
	}
	if (mpii_coll_cfg.checksum && s->bytes)
		shm_store_relaxed(sum_of(s, c->rank, k), mpii_shm_sum(mine, s->bytes));
	/* Release: the contribution (and its sum) before the stamp (pairs
	 * with the acquire in poll_shm). */
	shm_store_release(stamp_of(s, c->rank, k), k);
	s->next = 0;
	req->active = 1;
	/* Relaxed: an inactive request restarted under the lock, which
	 * publishes it. */
	shm_store_relaxed(&req->done, 0);
	if (poll_shm(req))
		return MPI_SUCCESS;
	req->poll = poll_shm;
	mpii_progress_poll_add(req);
	return MPI_SUCCESS;
}

void mpii_pcoll_shm_free(struct pcoll_plan *p)
{
	free(p->shm);
	p->shm = NULL;
}
