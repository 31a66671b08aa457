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
 *             in; slot.seq = q (W: seq_cst); ring the root if it sleeps;
 *             return.
 *   root:     wait until every other member's slot q holds q (R: seq_cst);
 *             fold in rank order (its own contribution from its buffer),
 *             so non-commutative ops are right; folded[q % SLOTS] = q
 *             (D: seq_cst, after the reads); if members wait for a fold
 *             (waiters > 0), ring the sleeping ones.
 *
 * A member that must wait for a fold counts itself in waiters (V: seq_cst
 * RMW) before it checks folded[]; the root stores folded[] (D) before it
 * loads waiters: by the Dekker argument either the member sees the fold
 * or the root sees the waiter and rings (shm/doorbell.h covers the race
 * with falling asleep).  Different roots fold different slots, so a
 * member may wait for any of them: the root rings every sleeping member.
 *
 * The queues ((n * SLOTS) slots and SLOTS + 1 lines) are taken from the
 * arena at the first small reduce of a communicator (collective: every
 * member makes the same size decision).
 */
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "shm/doorbell.h"

struct rq_slot {
	_Atomic uint64_t seq;
	char data[MPII_RQ_SLOT - sizeof(uint64_t)];
};
_Static_assert(sizeof(struct rq_slot) == MPII_RQ_SLOT, "slot layout");

/* Area: waiters line, folded[SLOTS] lines, slots[n][SLOTS]. */
static size_t rq_bytes(int n)
{
	return (size_t)(MPII_RQ_SLOTS + 1) * sizeof(struct mpii_shm_line) +
	       (size_t)n * MPII_RQ_SLOTS * MPII_RQ_SLOT;
}

static struct mpii_shm_line *waiters_of(struct mpii_coll_state *cs)
{
	return cs->rq;
}

static struct mpii_shm_line *folded_of(struct mpii_coll_state *cs, uint64_t q)
{
	return (struct mpii_shm_line *)cs->rq + 1 + q % MPII_RQ_SLOTS;
}

static struct rq_slot *slot_of(struct mpii_coll_state *cs, int r, uint64_t q)
{
	struct rq_slot *slots = (struct rq_slot *)((struct mpii_shm_line *)cs->rq + 1 + MPII_RQ_SLOTS);
	return &slots[(size_t)r * MPII_RQ_SLOTS + q % MPII_RQ_SLOTS];
}

struct rq_wait {
	struct mpii_coll_state *cs;
	int n, root, next;      /* members below next are known to be in */
	uint64_t q;
};

static int slot_free(void *arg)
{
	struct rq_wait *w = arg;
	/* seq_cst: the member's half of the V/D pair. */
	return shm_load_seq_cst(&folded_of(w->cs, w->q)->v) >= w->q - MPII_RQ_SLOTS;
}

static int all_in(void *arg)
{
	struct rq_wait *w = arg;
	for (; w->next < w->n; w->next++)
		/* R: seq_cst, pairs with W; the doorbell's F for a sleeping root. */
		if (w->next != w->root && shm_load_seq_cst(&slot_of(w->cs, w->next, w->q)->seq) != w->q)
			return 0;
	return 1;
}

static void contribute(struct mpii_coll_state *cs, int n, int me, int root, uint64_t q, const void *sbuf,
		       size_t bytes)
{
	struct rq_wait w = { cs, n, root, 0, q };
	if (q > MPII_RQ_SLOTS && !slot_free(&w)) {
		/* V: seq_cst RMW, then the re-check inside the wait. */
		shm_fetch_add_seq_cst(&waiters_of(cs)->v, 1);
		mpii_progress_wait(slot_free, &w, -1);
		shm_fetch_sub_acq_rel(&waiters_of(cs)->v, 1);
	}
	struct rq_slot *slot = slot_of(cs, me, q);
	memcpy(slot->data, sbuf, bytes);
	/* W: seq_cst store after the data (release), pairs with R. */
	shm_store_seq_cst(&slot->seq, q);
	shm_doorbell_ring_if_sleeping(cs->members[root]);
}

static void fold(struct mpii_coll_state *cs, int n, int me, uint64_t q, const void *mine, void *rbuf,
		 MPI_Count count, struct mpii_datatype *dt, struct mpii_op *op)
{
	struct rq_wait w = { cs, n, me, 0, q };
	if (!all_in(&w))
		mpii_progress_wait(all_in, &w, -1);
	size_t bytes = (size_t)(count * dt->extent);
	char acc[MPII_RQ_SLOT];
	memcpy(acc, n - 1 == me ? mine : slot_of(cs, n - 1, q)->data, bytes);
	for (int j = n - 2; j >= 0; j--)
		mpii_op_apply(op, j == me ? mine : slot_of(cs, j, q)->data, acc, count, dt);
	memcpy(rbuf, acc, bytes);
	/* D: seq_cst store after our reads of the slots (release), then the
	 * seq_cst load of waiters. */
	shm_store_seq_cst(&folded_of(cs, q)->v, q);
	if (shm_load_seq_cst(&waiters_of(cs)->v))
		for (int j = 0; j < n; j++)
			if (j != me)
				shm_doorbell_ring_if_sleeping(cs->members[j]);
}

int mpii_rq_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		   struct mpii_op *op, int root, struct mpii_comm *c, struct mpii_coll_state *cs)
{
	if (!mpii_shm_lazy_area(c, rq_bytes(c->size), &cs->rq, &cs->rq_state))
		return MPII_SHM_DECLINED;
	int n = c->size, me = c->rank;
	uint64_t q = ++cs->rseq;
	if (me != root)
		contribute(cs, n, me, root, q, sbuf, (size_t)(count * dt->extent));
	else
		fold(cs, n, me, q, sbuf == MPI_IN_PLACE ? rbuf : sbuf, rbuf, count, dt, op);
	return MPI_SUCCESS;
}
