/*
 * lib/coll/shm_queue.c - small broadcasts through a queue of slots in the
 * segment, so that a root runs ahead of its readers.
 *
 * The parity buffers of lib/coll/shm.c let a root write bcast s only once
 * every member has read s - 2: a loop of small broadcasts is then a
 * barrier every other call, which costs context switches when ranks share
 * cores (8 ranks on 2 cores: ~10 us per bcast; Open MPI: ~1 us).  Here a
 * communicator has MPII_BQ_SLOTS slots of MPII_BQ_SLOT bytes, each
 * starting with the number of the bcast it holds; small broadcasts are
 * numbered separately (b = 1, 2, ...: the same on every member, since
 * collectives are called in the same order), and bcast b uses slot
 * b % MPII_BQ_SLOTS.  Every member publishes done[me] = the last bcast it
 * finished (read, or wrote as root).
 *
 *   root:   wait until every done[j] >= b - SLOTS (the slot's last readers
 *           are finished); write the data; slot.seq = b (W: seq_cst);
 *           ring sleeping members; then as a reader's last step.
 *   reader: wait until slot.seq == b (R: seq_cst); copy the data out;
 *           done[me] = b (D: seq_cst, after the copy: the root that
 *           reuses the slot saw it, so our reads came first); if a root
 *           is waiting for readers (waiter != 0), ring it.
 *
 * A root that must wait for a reader stores waiter = its rank + 1 (V:
 * seq_cst) before it checks done[]; a reader stores done[me] (D) before it
 * loads waiter (seq_cst): by the Dekker argument either the root sees the
 * reader's progress or the reader sees the waiter and rings its doorbell
 * (which covers the race with going to sleep, shm/doorbell.h).  Only one
 * root waits at a time: the root of b + 1 first read b, which its root
 * wrote after it stopped waiting.  A reader never waits for more than the
 * one slot it needs, so up to SLOTS broadcasts are in flight.
 */
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "shm/doorbell.h"

struct bq_slot {
	_Atomic uint64_t seq;
	char data[MPII_BQ_SLOT - sizeof(uint64_t)];
};
_Static_assert(sizeof(struct bq_slot) == MPII_BQ_SLOT, "slot layout");

size_t mpii_bq_bytes(int n)
{
	return (size_t)(n + 1) * sizeof(struct mpii_shm_line) + (size_t)MPII_BQ_SLOTS * MPII_BQ_SLOT;
}

/* The queue's parts inside the area of mpii_bq_bytes() at cs->bq. */
static struct mpii_shm_line *waiter_of(struct mpii_coll_state *cs)
{
	return cs->bq;
}

static struct mpii_shm_line *done_of(struct mpii_coll_state *cs)
{
	return cs->bq + 1;
}

static struct bq_slot *slot_of(struct mpii_coll_state *cs, int n, uint64_t b)
{
	struct bq_slot *slots = (struct bq_slot *)(cs->bq + 1 + n);
	return &slots[b % MPII_BQ_SLOTS];
}

struct bq_wait {
	struct mpii_coll_state *cs;
	int n, next;       /* members below next are known to be done */
	uint64_t target;
	struct bq_slot *slot;
};

static int readers_done(void *arg)
{
	struct bq_wait *w = arg;
	struct mpii_shm_line *done = done_of(w->cs);
	/* seq_cst: the root's half of the V/D Dekker pair. */
	while (w->next < w->n && shm_load_seq_cst(&done[w->next].v) >= w->target)
		w->next++;
	return w->next == w->n;
}

static int slot_written(void *arg)
{
	struct bq_wait *w = arg;
	/* R: seq_cst, pairs with W; the doorbell's F for a sleeping reader. */
	return shm_load_seq_cst(&w->slot->seq) == w->target;
}

/* Root: wait until bcast b - SLOTS is read by every member. */
static void wait_readers(struct mpii_coll_state *cs, int n, int me, uint64_t b)
{
	if (b <= MPII_BQ_SLOTS || cs->bq_min_done >= b - MPII_BQ_SLOTS)
		return;
	struct bq_wait w = { cs, n, 0, b - MPII_BQ_SLOTS, NULL };
	if (!readers_done(&w)) {
		/* V: seq_cst, pairs with the reader's D-then-load. */
		shm_store_seq_cst(&waiter_of(cs)->v, (uint64_t)me + 1);
		mpii_progress_wait(readers_done, &w, -1);
		shm_store_relaxed(&waiter_of(cs)->v, 0);
	}
	/* Cache what was seen: back-to-back broadcasts check rarely. */
	struct mpii_shm_line *done = done_of(cs);
	uint64_t min = UINT64_MAX;
	for (int j = 0; j < n; j++) {
		uint64_t d = shm_load_relaxed(&done[j].v);
		min = d < min ? d : min;
	}
	cs->bq_min_done = min;
}

/* Publish that this member is done with bcast b and wake a root waiting
 * for that.  The root does it too: a later root may wait for its entry. */
static void finish(struct mpii_coll_state *cs, int me, uint64_t b)
{
	/* D: seq_cst store after our reads of the slot (release), then the
	 * seq_cst load of waiter: the member's half of the V/D pair. */
	shm_store_seq_cst(&done_of(cs)[me].v, b);
	uint64_t waiter = shm_load_seq_cst(&waiter_of(cs)->v);
	if (waiter)
		shm_doorbell_ring_if_sleeping(cs->members[waiter - 1]);
}

int mpii_bq_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		  struct mpii_comm *c, struct mpii_coll_state *cs)
{
	int n = c->size, me = c->rank;
	MPI_Count bytes = count * dt->size;
	uint64_t b = ++cs->bseq;
	struct bq_slot *slot = slot_of(cs, n, b);
	if (me == root) {
		wait_readers(cs, n, me, b);
		mpii_type_pack(dt, count, buf, 0, slot->data, bytes);
		/* W: seq_cst store after the data (release), pairs with R. */
		shm_store_seq_cst(&slot->seq, b);
		for (int j = 0; j < n; j++)
			if (j != me)
				shm_doorbell_ring_if_sleeping(cs->members[j]);
		finish(cs, me, b);
		return MPI_SUCCESS;
	}
	struct bq_wait w = { cs, n, 0, b, slot };
	if (!slot_written(&w))
		mpii_progress_wait(slot_written, &w, -1);
	mpii_type_unpack(dt, count, buf, 0, slot->data, bytes);
	finish(cs, me, b);
	return MPI_SUCCESS;
}
