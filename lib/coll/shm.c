/*
 * lib/coll/shm.c - collectives through the shared segment: barrier, and
 * small bcast, reduce and allreduce, with no message round trips.
 *
 * Per communicator (allocated from the segment arena by rank 0 at the first
 * shared-memory collective, offset shared by a point-to-point bcast):
 *
 *   part[size]            one per member, page-aligned, written by that
 *                         member alone (single writer, issue 40: every
 *                         member maps the others' parts read-only, so a
 *                         wild write into one faults in the writer,
 *                         lib/core/segv.c):
 *     flag                  one cache line: the sequence number of the
 *                           last shm collective the member announced and
 *                           its inline contributions
 *     stamped lines         the stamped exchange's (lib/coll/shm_exchange.c)
 *     slot[2]               two buffers (by parity of the sequence number);
 *                           a bcast uses the root's
 *   queue                 small broadcasts (lib/coll/shm_queue.c), written
 *                         by whichever member is the root: shared
 *
 * Every shm collective has a sequence number s (1, 2, ...: the same on all
 * members, because collectives are called in the same order).  Protocol
 * invariant: a member announces s (flag = s) only after it finished
 * reading every buffer of operations before s, and after writing its own
 * contribution to s, if any.  Buffer s & 1 was last used by s - 2, whose
 * readers are all done once every flag is >= s - 1; a writer checks that
 * (min_seen caches it, so back-to-back allreduces never wait for it).
 *
 * Waking: a waiter sleeps in mpii_progress_wait() (spin, yield, futex on
 * its doorbell).  Flags are stored seq_cst (G) and every wait condition
 * reads them seq_cst (F); after announcing, a member scans the flags and,
 * if all have reached s, it is (one of) the last and rings the doorbell of
 * every sleeping member (H, shm/doorbell.h).  Two concurrent last
 * announcers cannot both miss each other: store-then-load in seq_cst is
 * the Dekker pattern.  A bcast root rings unconditionally (its readers
 * wait on its flag alone).  So a barrier costs one store, n loads, and a
 * futex wake only for members that went to sleep.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/coll/nbc.h"
#include "shm/doorbell.h"

/* A member's flag line also carries its contribution to small reductions
 * (two parity copies, like the data buffers): a reader that sees the flag
 * has the data in the same cache-line transfer. */
struct coll_shm_flag {
	shm_cacheline_aligned _Atomic uint64_t seq;
	char inline_data[2][MPII_SHM_INLINE_MAX];
};
_Static_assert(sizeof(struct coll_shm_flag) == SHM_CACHELINE, "one flag per cache line");

/* Rank 0 takes bytes from the arena and every member learns the offset
 * (0: the arena is full) by a point-to-point bcast; collective. */
static uint64_t share_alloc(struct mpii_comm *c, size_t bytes)
{
	uint64_t off = 0;
	if (c->rank == 0)
		off = shm_seg_alloc(&mpii_g.seg, bytes);
	/* Every member takes part (a point-to-point bcast: the segment one
	 * is what is being set up), so all agree on success or failure. */
	struct mpii_sched *s = mpii_sched_new(c);
	if (s)
		mpii_build_bcast(s, &off, 1, MPI_UINT64_T, 0, c->size, c->rank, 0);
	if (!s || mpii_sched_run(s) != MPI_SUCCESS)
		off = 0;
	return off;
}

/* Allocate (rank 0) and share the scratch of c.  Returns 1 when ready. */
static int shm_setup(struct mpii_comm *c, struct mpii_coll_state *cs)
{
	if (cs->shm_state)
		return cs->shm_state > 0;
	size_t n = (size_t)c->size;
	size_t slot = (mpii_coll_cfg.shm_slot + SHM_CACHELINE - 1) & ~(size_t)(SHM_CACHELINE - 1);
	/* A whole number of pages each (4 KiB slots: three pages), and a
	 * page of slack to align the first: the parts can be protected one
	 * by one. */
	size_t part = (MPII_SHM_SLOTS_OFF + 2 * slot + 4095) & ~(size_t)4095;
	size_t bytes = 4096 + n * part + mpii_bq_bytes(c->size, MPII_BQ_SLOTS, MPII_BQ_SLOT);
	uint64_t off = share_alloc(c, bytes);
	if (off)
		off = (off + 4095) & ~(uint64_t)4095;
	cs->bells = off ? malloc(sizeof(*cs->bells) * n) : NULL;
	if (!off || !cs->bells) {
		/* A member without memory for the table would hang the others
		 * that use the segment: this only happens when malloc of a few
		 * bytes fails, where the job is lost anyway. */
		cs->shm_state = -1;
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		cs->bells[i] = shm_seg_bell(&mpii_g.seg, (uint32_t)c->group->world[i]);
	cs->parts = shm_seg_ptr(&mpii_g.seg, off);
	cs->part = part;
	cs->slot = slot;
	mpii_bq_init(&cs->bq, cs->parts + n * part, MPII_BQ_SLOTS, MPII_BQ_SLOT);
	/* Before any member writes its part: each maps the others' read-only
	 * in its own process, and the shared offset came from rank 0 after
	 * the area was taken, so nobody has written it yet. */
	mpii_segv_protect_parts(off, part, c->size, c->rank, c->group->world, c->ctx);
	cs->shm_state = 1;
	return 1;
}

/* Bytes of one piece: at most 64 KiB, and the area at most 4 MiB. */
static size_t piece_bytes(int n)
{
	size_t p = ((size_t)4 << 20) / (size_t)(n + 1);
	if (p > (64u << 10))
		p = 64u << 10;
	return p & ~(size_t)(SHM_CACHELINE - 1);
}

int mpii_shm_lazy_area(struct mpii_comm *c, size_t bytes, void **area, int *state)
{
	if (!*state) {
		uint64_t off = share_alloc(c, bytes);
		*area = off ? shm_seg_ptr(&mpii_g.seg, off) : NULL;
		*state = off ? 1 : -1;
	}
	return *state > 0;
}

int mpii_shm_big(struct mpii_comm *c, struct mpii_coll_state *cs)
{
	cs->big_piece = piece_bytes(c->size);
	return mpii_shm_lazy_area(c, (size_t)(c->size + 1) * cs->big_piece + mpii_shm_stamps_bytes(c->size),
				  &cs->big, &cs->big_state);
}

struct mpii_coll_counters mpii_coll_ctr;

/* The state of c ready for shm, or NULL to fall back. */
struct mpii_coll_state *mpii_shm_ready(struct mpii_comm *c)
{
	struct mpii_coll_state *cs = mpii_coll_state(c);
	if (!cs || c->is_inter || !shm_setup(c, cs))
		return NULL;
	mpii_coll_ctr.shm_calls++;
	return cs;
}

/* Member r's flag line. */
static struct coll_shm_flag *flag_of(struct mpii_coll_state *cs, int r)
{
	return (struct coll_shm_flag *)(cs->parts + (size_t)r * cs->part);
}

_Atomic uint64_t *mpii_shm_sum_of(struct mpii_coll_state *cs, uint64_t s, int r)
{
	return (_Atomic uint64_t *)(cs->parts + (size_t)r * cs->part + MPII_SHM_SUM_OFF) + (s & 1);
}

/* Member r's slot of parity s & 1. */
static char *slot_of(struct mpii_coll_state *cs, uint64_t s, int r)
{
	return cs->parts + (size_t)r * cs->part + MPII_SHM_SLOTS_OFF + (size_t)(s & 1) * cs->slot;
}

struct wait_arg {
	struct mpii_coll_state *cs;
	int n;
	int next;          /* members below next are known to have reached target */
	uint64_t target;
};

/* F: seq_cst loads, so that a sleeper's re-check and the last announcer's
 * scan cannot both miss (see the file comment). */
static int all_reached(void *arg)
{
	struct wait_arg *w = arg;
	while (w->next < w->n && shm_load_seq_cst(&flag_of(w->cs, w->next)->seq) >= w->target)
		w->next++;
	return w->next == w->n;
}

static int one_reached(void *arg)
{
	struct wait_arg *w = arg;
	return shm_load_seq_cst(&flag_of(w->cs, w->next)->seq) >= w->target;
}

void mpii_shm_wait_one(struct mpii_coll_state *cs, int n, int who, uint64_t target)
{
	struct wait_arg w = { cs, n, who, target };
	if (!one_reached(&w))
		mpii_progress_wait(one_reached, &w, -1);
}

void mpii_shm_wait_all(struct mpii_coll_state *cs, int n, uint64_t target)
{
	if (cs->min_seen >= target)
		return;
	struct wait_arg w = { cs, n, 0, target };
	if (!all_reached(&w))
		mpii_progress_wait(all_reached, &w, -1);
	cs->min_seen = target;
}

static void ring_all(struct mpii_coll_state *cs, int n, int me)
{
	for (int j = 0; j < n; j++)
		if (j != me)
			/* H: seq_cst load of sleepers inside. */
			shm_doorbell_ring_if_sleeping(cs->bells[j]);
}

/* Announce s; ring sleepers when this made every flag reach s (or when
 * `always`).  Returns 1 when every member has reached s. */
int mpii_shm_announce(struct mpii_coll_state *cs, int n, int me, uint64_t s, int always)
{
	/* G: seq_cst store, after this member's reads of older buffers and its
	 * writes of its contribution (seq_cst includes release; pairs with the
	 * seq_cst loads in all_reached/one_reached of readers). */
	shm_store_seq_cst(&flag_of(cs, me)->seq, s);
	struct wait_arg w = { cs, n, 0, s };
	int all = all_reached(&w);
	if (all || always)
		ring_all(cs, n, me);
	if (all)
		cs->min_seen = s;
	return all;
}

void mpii_shm_announce_ring(struct mpii_coll_state *cs, int n, int me, uint64_t s)
{
	/* G, as in mpii_shm_announce; the ring's seq_cst load of each
	 * member's sleepers comes after it (H). */
	shm_store_seq_cst(&flag_of(cs, me)->seq, s);
	ring_all(cs, n, me);
}

void mpii_shm_sync(struct mpii_comm *c, struct mpii_coll_state *cs)
{
	uint64_t s = ++cs->seq;
	if (!mpii_shm_announce(cs, c->size, c->rank, s, 0))
		mpii_shm_wait_all(cs, c->size, s);
}

int mpii_shm_barrier(struct mpii_comm *c)
{
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	mpii_shm_sync(c, cs);
	return MPI_SUCCESS;
}

int mpii_shm_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		   struct mpii_comm *c)
{
	MPI_Count bytes = count * dt->size;
	/* The root's slot (its own part: single writer); larger ones go
	 * through the queues or point to point. */
	if ((size_t)bytes > mpii_coll_cfg.shm_max || (size_t)bytes > mpii_coll_cfg.shm_slot)
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	if (bytes <= MPII_BQ_SLOT - 8)
		return mpii_bq_bcast(buf, count, dt, root, c, cs, &cs->bq);
	int n = c->size, me = c->rank;
	uint64_t s = ++cs->seq;
	char *area = slot_of(cs, s, root);
	if (me == root) {
		mpii_shm_wait_all(cs, n, s - 1);
		mpii_type_pack(dt, count, buf, 0, area, bytes);
		/* Relaxed: the announce (seq_cst) releases it. */
		if (mpii_coll_cfg.checksum)
			shm_store_relaxed(mpii_shm_sum_of(cs, s, me), mpii_shm_sum(area, (size_t)bytes));
		mpii_shm_announce(cs, n, me, s, 1);
		return MPI_SUCCESS;
	}
	mpii_shm_wait_one(cs, n, root, s);
	if (mpii_coll_cfg.checksum)
		mpii_shm_sum_check(c, root, shm_load_relaxed(mpii_shm_sum_of(cs, s, root)), area, (size_t)bytes);
	mpii_type_unpack(dt, count, buf, 0, area, bytes);
	mpii_shm_announce(cs, n, me, s, 0);
	return MPI_SUCCESS;
}

/* Reductions go through the segment only for predefined types (laid out
 * as C arrays, so the slot holds the user layout and every member decides
 * alike, whatever derived type with the same signature it passed). */
static int shm_reduce_fits(MPI_Count count, const struct mpii_datatype *dt)
{
	MPI_Count bytes = count * dt->extent;
	return (dt->flags & MPII_DT_PREDEFINED) && bytes <= (MPI_Count)mpii_coll_cfg.shm_max &&
	       bytes <= (MPI_Count)mpii_coll_cfg.shm_slot && dt->true_lb == 0;
}

/* Where member r's contribution of `bytes` to reduction s lives: in its
 * flag line when it fits (one line transfer per member read instead of
 * two: allreduce 8 B np=2 0.39 -> 0.28 us), else its data slot. */
char *mpii_shm_contrib(struct mpii_coll_state *cs, int n, uint64_t s, int r, size_t bytes)
{
	(void)n;
	return bytes <= MPII_SHM_INLINE_MAX ? flag_of(cs, r)->inline_data[s & 1] : slot_of(cs, s, r);
}

/* Fold elements [first, first + count) of the n contributions of exchange
 * x in rank order into rbuf: rbuf = a0 op (a1 op (... op a_{n-1})). */
static void fold(struct mpii_coll_state *cs, int n, struct mpii_shm_xchg *x, MPI_Count first,
		 void *rbuf, MPI_Count count, struct mpii_datatype *dt, struct mpii_op *op)
{
	size_t skip = (size_t)(first * dt->extent);
	memcpy(rbuf, mpii_shm_xchg_part(cs, n, x, n - 1) + skip, (size_t)(count * dt->extent));
	for (int j = n - 2; j >= 0; j--)
		mpii_op_apply(op, mpii_shm_xchg_part(cs, n, x, j) + skip, rbuf, count, dt);
}

int mpii_shm_put(struct mpii_coll_state *cs, int n, int me, uint64_t s, const void *src,
		 MPI_Count count, struct mpii_datatype *dt, size_t bytes)
{
	mpii_shm_wait_all(cs, n, s - 1);
	char *mine = mpii_shm_contrib(cs, n, s, me, bytes);
	mpii_coll_ctr.shm_bytes += bytes;
	if (dt)
		mpii_type_pack(dt, count, src, 0, mine, (MPI_Count)bytes);
	else
		memcpy(mine, src, bytes);
	/* Relaxed: the announce (seq_cst) releases it with the bytes. */
	if (mpii_coll_cfg.checksum)
		shm_store_relaxed(mpii_shm_sum_of(cs, s, me), mpii_shm_sum(mine, bytes));
	return mpii_shm_announce(cs, n, me, s, 0);
}

int mpii_shm_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		    struct mpii_op *op, int root, struct mpii_comm *c)
{
	if (!shm_reduce_fits(count, dt))
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	int rc = mpii_rq_reduce(sbuf, rbuf, count, dt, op, root, c, cs);
	if (rc != MPII_SHM_DECLINED)
		return rc;
	int n = c->size, me = c->rank;
	struct mpii_shm_xchg x;
	x.s = ++cs->seq;
	x.bytes = (size_t)(count * dt->extent);
	x.local = NULL;	/* in the segment */
	int all = mpii_shm_put(cs, n, me, x.s, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, NULL, x.bytes);
	if (me != root)
		return MPI_SUCCESS;
	if (!all)
		mpii_shm_wait_all(cs, n, x.s);
	if (mpii_coll_cfg.checksum)
		mpii_shm_xchg_check(c, cs, &x);
	fold(cs, n, &x, 0, rbuf, count, dt, op);
	return MPI_SUCCESS;
}

int mpii_shm_allreduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		       struct mpii_op *op, struct mpii_comm *c)
{
	if (!shm_reduce_fits(count, dt))
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	struct mpii_shm_xchg x;
	size_t bytes = (size_t)(count * dt->extent);
	mpii_shm_exchange(c, cs, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, NULL, bytes, 0, bytes, &x);
	fold(cs, c->size, &x, 0, rbuf, count, dt, op);
	return MPI_SUCCESS;
}

/* Reduce_scatter(_block) of a small vector: every member contributes the
 * whole vector as for allreduce and folds only its own block, in rank
 * order (reduce + scatterv through schedules took 0.55-0.7 us for 4-256 B
 * at np=2; Open MPI 0.32-0.41). */
int mpii_shm_reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts, int rcount,
			    struct mpii_datatype *dt, struct mpii_op *op, struct mpii_comm *c)
{
	int n = c->size, me = c->rank;
	MPI_Count total = 0, first = 0;
	for (int i = 0; i < n; i++) {
		if (i == me)
			first = total;
		total += rcounts ? rcounts[i] : rcount;
	}
	mpii_coll_config_init();
	if (n < 2 || c->is_inter || total == 0 || !shm_reduce_fits(total, dt) ||
	    (size_t)(total * dt->extent) > mpii_coll_cfg.small_max)
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	MPI_Count mine = rcounts ? rcounts[me] : rcount;
	struct mpii_shm_xchg x;
	/* MPI_IN_PLACE: the vector is in rbuf; our block is written only
	 * after the exchange, so after we contributed. */
	mpii_shm_exchange(c, cs, sbuf == MPI_IN_PLACE ? rbuf : sbuf, 0, NULL,
			  (size_t)(total * dt->extent), (size_t)(first * dt->extent),
			  (size_t)(mine * dt->extent), &x);
	if (mine > 0)
		fold(cs, n, &x, first, rbuf, mine, dt, op);
	return MPI_SUCCESS;
}
