/*
 * lib/coll/shm_rqueue.c - small reductions to a root through per-member
 * queues in the segment, so that non-roots do not wait for the root.
 *
 * Through the parity buffers of lib/coll/shm.c a member writes reduce s
 * only once every member has announced s - 1: a loop of MPI_Reduce is a
 * barrier every other call (8 ranks on 2 cores: ~8 us per reduce, Open
 * MPI ~1 us; 2 ranks: 0.35 vs 0.23 us).  Here every member has
 * MPII_RQ_SLOTS slots of MPII_RQ_SLOT bytes, each starting with the number
 * of the reduce it holds; small reduces are numbered separately (q = 1, 2,
 * ...: the same on every member, as collectives are called in the same
 * order) and reduce q uses slot q % SLOTS of every member.  folded[i] is
 * the last reduce using slot i whose root has folded it.
 *
 *   non-root: wait until folded[q % SLOTS] >= q - SLOTS (the root of the
 *             slot's previous reduce has read it); copy the contribution
 *             in; slot.seq = q (W: release, then the light fence of
 *             shm/fence.h); ring the root if it sleeps;
 *             return.
 *   root:     wait until every other member's slot q holds q (R: seq_cst);
 *             fold in rank order (its own contribution from its buffer),
 *             so non-commutative ops are right; folded[q % SLOTS] = q
 *             (D: release, after the reads, then the light fence); if
 *             members wait for a fold (waiters > 0), ring the sleeping
 *             ones.
 *
 * A member that must wait for a fold counts itself in waiters (V: seq_cst
 * RMW) before it checks folded[]; the root stores folded[] (D) before it
 * loads waiters: either the member sees the fold or the root sees the
 * waiter and rings.  Only a member that sleeps needs the ring, and it
 * takes the heavy fence between raising its sleeper count and its
 * re-check (shm/doorbell.h, shm/fence.h), which pairs with the light one
 * after D (and after W for a sleeping root).  Gather np=2 8-256 B
 * 0.83-0.95x of the time with the light fences (perf/ab.sh).  Different
 * roots fold different slots, so a member may wait for any of them: the
 * root rings every sleeping member.
 *
 * The queues ((n * SLOTS) slots and SLOTS + 1 lines) are taken from the
 * arena at the first small reduce or gather of a communicator (collective:
 * every member makes the same size decision).  Each member's slots fill
 * pages of their own, read-only in the other members (single writer,
 * issue 40: only the member writes its slots; a wild write into another's
 * faults in the writer, lib/core/segv.c); the lines before them
 * (waiters, folded[]) and hint[] after them, which roots write, are
 * shared.
 *
 * Slots are 512 bytes so that a gather of 256-byte blocks fits; reduces
 * of up to 504 bytes take them too (256 B at np=2 0.40x of the time
 * through the parity buffers, np=4 0.09x, np=8 0.07x: perf/ab.sh), and
 * reduces of up to 8 KiB among at most 8 members take cs->gq (below):
 * 512 B-4 KiB np=2 0.64-0.84x, np=4 0.22-0.30x, np=8 0.19-0.25x.
 * Gathers of up to MPII_RQ_SLOT - 8 bytes a block take the same queues and
 * numbering: a non-root packs its block in and returns; the root unpacks
 * the blocks instead of folding them.  Against the linear schedule (root
 * posts n - 1 receives, waits): 4 ranks on 2 cores 4-128 B 3-11 us ->
 * 0.4-1.2 us (perf/ab.sh on a loaded machine; Open MPI ~0.3-0.8 us
 * unloaded), because the root slept until every sender had run; now the
 * senders run ahead.
 * Two ranks take a second set of queues, cs->gq (MPII_GQ_SLOTS slots of
 * MPII_GQ_SLOT bytes per member, taken at its first use), for blocks up
 * to 8 KiB: gather np=2 1-8 KiB 0.1-0.6x of the point-to-point time; and
 * a third, cs->gq32 (slots of MPII_GQ32_SLOT bytes), for blocks up to 32
 * KiB: 32 KiB 7.2 -> 1.9 us; gathers among up to 8 members take it too
 * (lib/coll/shm_small.c: np=4 16-32 KiB 0.15-0.17x of the time, np=8
 * 0.20-0.23x); and cs->gq64 for blocks up to 64 KiB among up to four
 * members (np=3-4 0.22-0.23x).  Gathers among 3 to 8 members take cs->gq
 * too, as their medium reduces do: 512 B-8 KiB blocks at np=4 on 2 cores
 * 0.09-0.40x of the point-to-point time, np=8 0.07-0.23x (perf/ab.sh;
 * 6-10 us had been 1.3-3.3x Open MPI's).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "shm/fence.h"
#include "shm/doorbell.h"

/* A slot: the number of the reduce it holds, then the data. */
static _Atomic uint64_t *slot_seq(char *slot)
{
	return (_Atomic uint64_t *)slot;
}

static char *slot_data(char *slot)
{
	return slot + sizeof(uint64_t);
}

/* hint[] entries to a line.  hint[i] is folded[i] again, eight to a
 * line: a member that finds a slot free reads hint[] once per
 * HINTS_PER_LINE collectives (keeping what it saw in cs->rq_seen) instead of
 * a line of folded[], that the root wrote, every collective: gathers of
 * 4-32 B at np=2 0.55-0.75x of the time, reduces 0.7-0.75x (perf/ab.sh
 * -n 7 ... coll -k gather|reduce; 64 B-4 KiB 0.92-1.07x).  A member
 * that must wait polls its own line of folded[]: hint[]'s lines are
 * written every collective, and a poller would take them from the root
 * each time (a first version with folded[] packed made gathers of 64-256
 * B 1.1-1.3x slower, the member running a lap ahead and polling). */
#define HINTS_PER_LINE (SHM_CACHELINE / sizeof(uint64_t))

static size_t hint_lines(int slots)
{
	return ((size_t)slots + HINTS_PER_LINE - 1) / HINTS_PER_LINE;
}

static size_t page_round(size_t x)
{
	return (x + 4095) & ~(size_t)4095;
}

/* The waiters line and folded[slots] lines, page-rounded. */
static size_t head_bytes(int slots)
{
	return page_round((1 + (size_t)slots) * sizeof(struct mpii_shm_line));
}

/* Area (page-aligned, a page of slack taken for that): waiters line,
 * folded[slots] lines, slots[n][slots] (each member's page-rounded),
 * hint[slots] (eight to a line; at the end, so that the slots lie where
 * they did before hint[]: 1-2 KiB gathers, which do not use it, took
 * 1.15x as long with the slots a line further). */
static size_t rq_bytes(int n, int slots, size_t slot)
{
	return 4096 + head_bytes(slots) + (size_t)n * page_round((size_t)slots * slot) +
	       (slot == MPII_RQ_SLOT ? hint_lines(slots) : 0) * sizeof(struct mpii_shm_line);
}

/* q's queues, taken from the arena at the first use (collective). */
static int rq_ready(struct mpii_comm *c, struct mpii_rq *q, int slots, size_t slot)
{
	_Static_assert((MPII_RQ_SLOTS & (MPII_RQ_SLOTS - 1)) == 0 &&
		       (MPII_GQ_SLOTS & (MPII_GQ_SLOTS - 1)) == 0 &&
		       (MPII_GQ64_SLOTS & (MPII_GQ64_SLOTS - 1)) == 0, "slot counts are powers of two");
	_Static_assert(MPII_Q_AHEAD < MPII_RQ_SLOTS && MPII_Q_AHEAD < MPII_GQ_SLOTS / 2 &&
		       MPII_Q_AHEAD < MPII_GQ64_SLOTS, "prefetching ahead stays within a lap");
	if (q->area)
		return 1;
	void *area;
	if (!mpii_shm_lazy_area(c, rq_bytes(c->size, slots, slot), &area, &q->state))
		return 0;
	/* The segment's base is page-aligned: so is an aligned pointer's
	 * offset. */
	q->area = (void *)(((uintptr_t)area + 4095) & ~(uintptr_t)4095);
	q->slots = slots;
	q->slot = slot;
	q->stride = page_round((size_t)slots * slot);
	q->slots_at = (char *)q->area + head_bytes(slots);
	mpii_segv_protect_parts(shm_seg_offset(&mpii_g.seg, q->slots_at), q->stride, c->size, c->rank,
				c->group->world, c->ctx);
	struct mpii_coll_state *cs = c->coll;
	/* Without rq_seen, this member only uses folded[] (hint[] is a lower
	 * bound; the others need not agree). */
	if (slot == MPII_RQ_SLOT && q == &cs->rq &&
	    (cs->rq_seen = calloc((size_t)slots, sizeof(uint64_t))))
		cs->rq_hints = &((struct mpii_shm_line *)(q->slots_at + (size_t)c->size * q->stride))->v;
	return 1;
}

static struct mpii_shm_line *waiters_of(struct mpii_rq *rq)
{
	return rq->area;
}

static unsigned slot_index(struct mpii_rq *rq, uint64_t q)
{
	return (unsigned)(q & (uint64_t)(rq->slots - 1));
}

static _Atomic uint64_t *folded_of(struct mpii_rq *rq, uint64_t q)
{
	return &((struct mpii_shm_line *)rq->area + 1 + slot_index(rq, q))->v;
}

static char *slot_of(struct mpii_rq *rq, int r, uint64_t q)
{
	return rq->slots_at + (size_t)r * rq->stride + (size_t)(q & (uint64_t)(rq->slots - 1)) * rq->slot;
}

struct rq_wait {
	struct mpii_rq *rq;
	int n, root, next;      /* members below next are known to be in */
	uint64_t q;
};

/* While waiting (after V): folded[] of our slot. */
static int slot_free(void *arg)
{
	struct rq_wait *w = arg;
	/* seq_cst: the member's half of the V/D pair. */
	return shm_load_seq_cst(folded_of(w->rq, w->q)) >= w->q - (uint64_t)w->rq->slots;
}

/* Whether members of a collective of `bytes` a part read hint[] (and its
 * root writes it): parts that fill one line with the slot's header.  From
 * 64 bytes gathers and reduces with it took 1.16-1.3x as long, 512 B-2 KiB
 * 1.1-1.2x with the root writing hints that nobody read (perf/ab.sh; not
 * understood: the member runs further ahead).  The same on every member
 * (the type-signature rule); a hint left older by a collective of another
 * size only sends a member to folded[]. */
static int use_hints(struct mpii_coll_state *cs, struct mpii_rq *rq, size_t bytes)
{
	return rq == &cs->rq && cs->rq_hints && bytes <= SHM_CACHELINE - sizeof(uint64_t);
}

/* Before waiting: whether hint[] says our slot is free. */
static int slot_free_hinted(struct mpii_coll_state *cs, struct mpii_rq *rq, uint64_t q)
{
	uint64_t need = q - (uint64_t)rq->slots;
	unsigned i = slot_index(rq, q);
	/* hint[] only grows: what we saw is a lower bound. */
	if (cs->rq_seen[i] >= need)
		return 1;
	/* Re-read the line that holds hint[i]: its neighbours are the next
	 * collectives' slots.  Acquire: pairs with the root's release store
	 * of the hint, after its reads of the slot. */
	unsigned first = i - i % HINTS_PER_LINE;
	for (unsigned j = first; j < first + HINTS_PER_LINE && j < (unsigned)rq->slots; j++)
		cs->rq_seen[j] = shm_load_acquire(cs->rq_hints + j);
	return cs->rq_seen[i] >= need;
}

static int all_in(void *arg)
{
	struct rq_wait *w = arg;
	for (; w->next < w->n; w->next++)
		/* R: seq_cst, pairs with W; the doorbell's F for a sleeping root. */
		if (w->next != w->root &&
		    shm_load_seq_cst(slot_seq(slot_of(w->rq, w->next, w->q))) != w->q)
			return 0;
	return 1;
}

/* Write this member's part of reduce (or gather) q into its slot: bytes
 * from sbuf as they are (dt NULL: a reduce keeps the user layout), or
 * count elements of dt packed. */
static void contribute(struct mpii_rq *rq, struct mpii_coll_state *cs, int n, int me, int root,
		       uint64_t q, const void *sbuf, MPI_Count count, struct mpii_datatype *dt,
		       size_t bytes)
{
	struct rq_wait w = { rq, n, root, 0, q };
	int hinted = use_hints(cs, rq, bytes);
	if (q > (uint64_t)rq->slots && !(hinted && slot_free_hinted(cs, rq, q)) && !slot_free(&w)) {
		/* V: seq_cst RMW, then the re-check inside the wait. */
		shm_fetch_add_seq_cst(&waiters_of(rq)->v, 1);
		mpii_progress_wait(slot_free, &w, -1);
		shm_fetch_sub_acq_rel(&waiters_of(rq)->v, 1);
	}
	char *slot = slot_of(rq, me, q);
	if (dt)
		mpii_type_pack(dt, count, sbuf, 0, slot_data(slot), (MPI_Count)bytes);
	else
		memcpy(slot_data(slot), sbuf, bytes);
	/* W: release store after the data, pairs with R; the light fence
	 * before the doorbell's load of sleepers (shm/fence.h). */
	shm_store_release(slot_seq(slot), q);
	shm_fence_light();
	shm_doorbell_ring_if_sleeping(cs->bells[root]);
	/* The lines of reduce q + AHEAD now, while nobody needs them: our
	 * slot's (the root read them a lap ago; writing them then waits for
	 * each line's transfer, and the stores queued behind them stall the
	 * member's next call: gather np=2 64-128 B 0.49-0.52x of the time,
	 * 512 B-2 KiB 0.85-0.92x, reduce 64-128 B 0.70-0.76x, with every line
	 * of the slot rather than the first), and the hint[] line we will read
	 * (the root writes it every collective) before we need it: at the
	 * first of its entries. */
	mpii_q_prefetch_slot(slot_of(rq, me, q + MPII_Q_AHEAD), bytes);
	if (!hinted)
		shm_prefetch_read(folded_of(rq, q + MPII_Q_AHEAD));
	else if (slot_index(rq, q + MPII_Q_AHEAD) % HINTS_PER_LINE == 0)
		shm_prefetch_read(cs->rq_hints + slot_index(rq, q + MPII_Q_AHEAD));
}

/* Root: wait until every other member's slot holds q (of `bytes` data). */
static void wait_all_in(struct mpii_rq *rq, int n, int me, uint64_t q, size_t bytes)
{
	/* The members' slots of q + 1 as well (up to 4 lines of each): a
	 * member runs ahead of its root, so they are usually written already,
	 * and their transfers overlap with this one's.  Gather np=2 1-32 B
	 * 0.64-0.78x of the time, np=4 0.68-0.83x (perf/ab.sh). */
	size_t end = sizeof(uint64_t) + bytes;
	if (end > 4 * SHM_CACHELINE)
		end = 4 * SHM_CACHELINE;
	for (int j = 0; j < n; j++)
		if (j != me)
			shm_prefetch_read_lines(slot_of(rq, j, q + 1), end);
	struct rq_wait w = { rq, n, me, 0, q };
	if (!all_in(&w))
		mpii_progress_wait(all_in, &w, -1);
}

/* Root: the slots of q are read; wake members waiting to reuse them. */
static void release(struct mpii_rq *rq, struct mpii_coll_state *cs, int n, int me, uint64_t q,
		    size_t bytes)
{
	int hinted = use_hints(cs, rq, bytes);
	/* Release, after our reads of the slots: pairs with the acquire of
	 * slot_free_hinted. */
	if (hinted)
		shm_store_release(cs->rq_hints + slot_index(rq, q), q);
	/* D: release store after our reads of the slots, then the light
	 * fence before the load of waiters (a member that sleeps on V takes
	 * the heavy one, shm/fence.h). */
	shm_store_release(folded_of(rq, q), q);
	shm_fence_light();
	if (shm_load_seq_cst(&waiters_of(rq)->v))
		for (int j = 0; j < n; j++)
			if (j != me)
				shm_doorbell_ring_if_sleeping(cs->bells[j]);
	/* The folded[] line of q + AHEAD, which the members read a lap ago:
	 * ours before that store needs it (as in contribute). */
	shm_prefetch_write(folded_of(rq, q + MPII_Q_AHEAD));
	if (hinted)
		shm_prefetch_write(cs->rq_hints + slot_index(rq, q + MPII_Q_AHEAD));
}

static void fold(struct mpii_rq *rq, struct mpii_coll_state *cs, int n, int me, uint64_t q,
		 const void *mine, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		 struct mpii_op *op)
{
	size_t bytes = (size_t)(count * dt->extent);
	wait_all_in(rq, n, me, q, bytes);
	char acc[MPII_GQ_SLOT];
	memcpy(acc, n - 1 == me ? mine : slot_data(slot_of(rq, n - 1, q)), bytes);
	for (int j = n - 2; j >= 0; j--)
		mpii_op_apply(op, j == me ? mine : slot_data(slot_of(rq, j, q)), acc, count, dt);
	memcpy(rbuf, acc, bytes);
	release(rq, cs, n, me, q, bytes);
}

/* Slots per member of cs->gq32: 16 up to four members (2.1 MiB of the
 * arena at four), 8 for five to eight (2.1 MiB at eight; 16 would take
 * 4.2 of the arena's 16 MiB, which later communicators' queues need).
 * With 8, np=8 gathers of 16-32 KiB took 0.20-0.23x of the
 * point-to-point time (perf/ab.sh -n 7), 0.16-0.19x of Open MPI's. */
static int gq32_slots(int n)
{
	return n <= 4 ? MPII_GQ_SLOTS : MPII_GQ_SLOTS / 2;
}

/* The queues for parts of `bytes` (cs->rq, cs->gq, cs->gq32 or cs->gq64, by slot
 * size), set up at their first use; NULL when the arena has no room. */
static struct mpii_rq *queue_for(struct mpii_comm *c, struct mpii_coll_state *cs, size_t bytes)
{
	if (bytes > MPII_GQ32_SLOT - 8)
		return rq_ready(c, &cs->gq64, MPII_GQ64_SLOTS, MPII_GQ64_SLOT) ? &cs->gq64 : NULL;
	if (bytes > MPII_GQ_SLOT - 8)
		return rq_ready(c, &cs->gq32, gq32_slots(c->size), MPII_GQ32_SLOT) ? &cs->gq32 : NULL;
	if (bytes > MPII_RQ_SLOT - 8)
		return rq_ready(c, &cs->gq, MPII_GQ_SLOTS, MPII_GQ_SLOT) ? &cs->gq : NULL;
	return rq_ready(c, &cs->rq, MPII_RQ_SLOTS, MPII_RQ_SLOT) ? &cs->rq : NULL;
}

int mpii_rq_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		   struct mpii_op *op, int root, struct mpii_comm *c, struct mpii_coll_state *cs)
{
	int n = c->size, me = c->rank;
	size_t bytes = (size_t)(count * dt->extent);
	/* Reduces beyond the small slots: n * 16 slots of 8 KiB, up to 1 MiB
	 * of the arena. */
	if (bytes > MPII_GQ_SLOT - 8 || (bytes > MPII_RQ_SLOT - 8 && n > 8))
		return MPII_SHM_DECLINED;
	struct mpii_rq *rq = queue_for(c, cs, bytes);
	if (!rq)
		return MPII_SHM_DECLINED;
	uint64_t q = ++rq->seq;
	if (me != root)
		contribute(rq, cs, n, me, root, q, sbuf, 0, NULL, bytes);
	else
		fold(rq, cs, n, me, q, sbuf == MPI_IN_PLACE ? rbuf : sbuf, rbuf, count, dt, op);
	return MPI_SUCCESS;
}

/* Gather through the same queues: a non-root packs its block into its slot
 * and returns; the root unpacks every slot into its block of rbuf.  Small
 * gathers share the numbering of small reduces (a gather is a reduce whose
 * fold places the blocks side by side); blocks of more than
 * MPII_RQ_SLOT - 8 bytes take the queues of cs->gq, which have larger
 * slots. */
int mpii_rq_gather(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		   MPI_Count rcount, struct mpii_datatype *rtype, int root, struct mpii_comm *c,
		   struct mpii_coll_state *cs)
{
	int n = c->size, me = c->rank;
	MPI_Count bytes = me == root ? rcount * rtype->size : scount * stype->size;
	struct mpii_rq *rq = queue_for(c, cs, (size_t)bytes);
	if (!rq)
		return MPII_SHM_DECLINED;
	uint64_t q = ++rq->seq;
	if (me != root) {
		contribute(rq, cs, n, me, root, q, sbuf, scount, stype, (size_t)bytes);
		return MPI_SUCCESS;
	}
	MPI_Aint stride = (MPI_Aint)rcount * rtype->extent;
	if (sbuf != MPI_IN_PLACE)
		mpii_type_copy(stype, scount, sbuf, rtype, rcount, (char *)rbuf + me * stride, bytes);
	wait_all_in(rq, n, me, q, (size_t)bytes);
	for (int j = 0; j < n; j++)
		if (j != me)
			mpii_type_unpack(rtype, rcount, (char *)rbuf + j * stride, 0,
					 slot_data(slot_of(rq, j, q)), bytes);
	release(rq, cs, n, me, q, (size_t)bytes);
	return MPI_SUCCESS;
}
