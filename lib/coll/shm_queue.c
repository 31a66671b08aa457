/*
 * lib/coll/shm_queue.c - small and medium broadcasts (and scatters) through
 * queues of slots in the segment, so that a root runs ahead of its readers.
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
 *           are finished); write the data; slot.seq = b (W: release,
 *           then the light fence of shm/fence.h); ring sleeping members;
 *           then as a reader's last step.
 *   reader: wait until slot.seq == b (R: seq_cst); copy the data out;
 *           done[me] = b (D: release, after the copy: the root that
 *           reuses the slot saw it, so our reads came first; then the
 *           light fence); if a root is waiting for readers (waiter != 0),
 *           ring it.
 *
 * A root that must wait for a reader stores waiter = its rank + 1 (V:
 * seq_cst) before it checks done[]; a reader stores done[me] (D) before it
 * loads waiter: either the root sees the reader's progress or the reader
 * sees the waiter and rings its doorbell.  The pair only matters to a
 * root that sleeps, and a sleeper takes the heavy fence between raising
 * its sleeper count and its re-check (shm/doorbell.h, shm/fence.h); the
 * same holds for W and a sleeping reader.  Seq_cst stores at W and D
 * made the root wait for each slot's line (bcast np=2 64 B 0.125 us,
 * 0.081 with the light fence; scatter 0.23 -> 0.17 us).  Only one
 * root waits at a time: the root of b + 1 first read b, which its root
 * wrote after it stopped waiting.  A reader never waits for more than the
 * one slot it needs, so up to SLOTS broadcasts are in flight.
 *
 * Scatters whose n - 1 blocks for the other members fit one slot take
 * the same queue: the root writes those blocks as one bcast and each
 * member reads only its own.
 *
 * A second queue of the same layout, cs->mq (MPII_MQ_SLOTS slots of
 * MPII_MQ_SLOT bytes, taken from the arena at its first use), carries the
 * broadcasts and scatters of two ranks from MPII_BQ_SLOT - 7 bytes to
 * MPII_MQ_SLOT - 8: there the point-to-point send made the root wait for
 * the reader's ring (bcast np=2 8 KiB 5.1 us, MPICH 1.3); through the
 * queue 1.4 us.  Its numbering and waiter line are its own.  A third,
 * cs->mq32, with slots of MPII_MQ32_SLOT bytes, takes them up to 32 KiB,
 * where the point-to-point path is the single copy (bcast np=2 32 KiB 6.5
 * -> 1.6 us), and a fourth, cs->mq64 (MPII_MQ64_SLOTS slots of
 * MPII_MQ64_SLOT bytes), up to 64 KiB (perf/ab.sh -n 5: bcast 64 KiB 6.6
 * -> 2.3 us, scatter 6.4 -> 3.1).
 */
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "shm/doorbell.h"
#include "shm/fence.h"

/* A slot: the number of the bcast it holds, then the data. */
static _Atomic uint64_t *slot_seq(char *slot)
{
	return (_Atomic uint64_t *)slot;
}

static char *slot_data(char *slot)
{
	return slot + sizeof(uint64_t);
}

size_t mpii_bq_bytes(int n, int slots, size_t slot)
{
	return (size_t)(n + 1) * sizeof(struct mpii_shm_line) + (size_t)slots * slot;
}

void mpii_bq_init(struct mpii_bq *q, void *area, int slots, size_t slot)
{
	_Static_assert((MPII_BQ_SLOTS & (MPII_BQ_SLOTS - 1)) == 0 &&
		       (MPII_MQ_SLOTS & (MPII_MQ_SLOTS - 1)) == 0 &&
		       (MPII_MQ64_SLOTS & (MPII_MQ64_SLOTS - 1)) == 0, "slot counts are powers of two");
	_Static_assert(MPII_Q_AHEAD < MPII_MQ64_SLOTS, "prefetching ahead stays within a lap");
	q->lines = area;
	q->slots = slots;
	q->slot = slot;
}

/* The queue's parts inside its area of mpii_bq_bytes(). */
static struct mpii_shm_line *waiter_of(struct mpii_bq *q)
{
	return q->lines;
}

static struct mpii_shm_line *done_of(struct mpii_bq *q)
{
	return q->lines + 1;
}

static char *slot_of(struct mpii_bq *q, int n, uint64_t b)
{
	return (char *)(q->lines + 1 + n) + (size_t)(b & (uint64_t)(q->slots - 1)) * q->slot;
}

struct bq_wait {
	struct mpii_bq *q;
	int n, next;       /* members below next are known to be done */
	uint64_t target;
	char *slot;
};

static int readers_done(void *arg)
{
	struct bq_wait *w = arg;
	struct mpii_shm_line *done = done_of(w->q);
	/* seq_cst: the root's half of the V/D Dekker pair. */
	while (w->next < w->n && shm_load_seq_cst(&done[w->next].v) >= w->target)
		w->next++;
	return w->next == w->n;
}

static int slot_written(void *arg)
{
	struct bq_wait *w = arg;
	/* R: seq_cst, pairs with W; the doorbell's F for a sleeping reader. */
	return shm_load_seq_cst(slot_seq(w->slot)) == w->target;
}

/* Root: whether bcast b's slot is known to be free, from what
 * wait_readers last saw: its first lap, or bcast b - slots read by every
 * member. */
static int slot_known_free(const struct mpii_bq *q, uint64_t b)
{
	uint64_t slots = (uint64_t)q->slots;
	return b <= slots || q->min_done >= b - slots;
}

/* Root: wait until bcast b - slots is read by every member. */
static void wait_readers(struct mpii_bq *q, struct mpii_coll_state *cs, int n, int me, uint64_t b)
{
	if (slot_known_free(q, b))
		return;
	struct bq_wait w = { q, n, 0, b - (uint64_t)q->slots, NULL };
	if (!readers_done(&w)) {
		/* V: seq_cst, pairs with the reader's D-then-load. */
		shm_store_seq_cst(&waiter_of(q)->v, (uint64_t)me + 1);
		mpii_progress_wait(readers_done, &w, -1);
		shm_store_relaxed(&waiter_of(q)->v, 0);
	}
	/* Cache what was seen: back-to-back broadcasts check rarely. */
	struct mpii_shm_line *done = done_of(q);
	uint64_t min = UINT64_MAX;
	for (int j = 0; j < n; j++) {
		uint64_t d = shm_load_relaxed(&done[j].v);
		min = d < min ? d : min;
	}
	q->min_done = min;
	(void)cs;
}

/* Publish that this member is done with bcast b and wake a root waiting
 * for that.  The root does it too: a later root may wait for its entry. */
static void finish(struct mpii_bq *q, struct mpii_coll_state *cs, int me, uint64_t b)
{
	/* D: release store after our reads of the slot, then the light
	 * fence and the load of waiter: the member's half of the V/D pair
	 * (a waiting root that sleeps takes the heavy fence, shm/fence.h). */
	shm_store_release(&done_of(q)[me].v, b);
	shm_fence_light();
	uint64_t waiter = shm_load_seq_cst(&waiter_of(q)->v);
	if (waiter)
		shm_doorbell_ring_if_sleeping(cs->bells[waiter - 1]);
}

/* Root: the slot of bcast b, once its last readers are done with it. */
static char *root_slot(struct mpii_bq *q, struct mpii_coll_state *cs, int n, int me, uint64_t b)
{
	wait_readers(q, cs, n, me, b);
	return slot_of(q, n, b);
}

/* Root: bcast b's data is in its slot; tell the readers. */
static void root_publish(struct mpii_bq *q, struct mpii_coll_state *cs, int n, int me, uint64_t b,
			 size_t bytes)
{
	/* W: release, after the data, pairs with R; then the light fence
	 * before the sleepers loads (the G/H of shm/doorbell.h): a seq_cst
	 * store waited here for the slot's line, 3/4 of a root's time. */
	shm_store_release(slot_seq(slot_of(q, n, b)), b);
	shm_fence_light();
	for (int j = 0; j < n; j++)
		if (j != me)
			shm_doorbell_ring_if_sleeping(cs->bells[j]);
	/* The lines of bcast b + AHEAD in exclusive state now, as in
	 * shm_rqueue.c's contribute, once its last readers are known to be
	 * done with it: a root running a lap ahead would take the lines a
	 * reader is reading (bcast np=2 64-128 B 1.18-1.31x of the time). */
	if (slot_known_free(q, b + MPII_Q_AHEAD))
		mpii_q_prefetch_slot(slot_of(q, n, b + MPII_Q_AHEAD), bytes);
}

/* Reader: bytes [offset, offset + count x size) of bcast b into (buf,
 * count, dt). */
static void read_part(struct mpii_bq *q, struct mpii_coll_state *cs, int n, int me, uint64_t b,
		      void *buf, MPI_Count count, struct mpii_datatype *dt, MPI_Count offset)
{
	char *slot = slot_of(q, n, b);
	struct bq_wait w = { q, n, 0, b, slot };
	if (!slot_written(&w))
		mpii_progress_wait(slot_written, &w, -1);
	mpii_type_unpack(dt, count, buf, 0, slot_data(slot) + offset, count * dt->size);
	finish(q, cs, me, b);
}

int mpii_bq_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		  struct mpii_comm *c, struct mpii_coll_state *cs, struct mpii_bq *q)
{
	int n = c->size, me = c->rank;
	uint64_t b = ++q->seq;
	if (me == root) {
		char *slot = root_slot(q, cs, n, me, b);
		mpii_type_pack(dt, count, buf, 0, slot_data(slot), count * dt->size);
		root_publish(q, cs, n, me, b, (size_t)(count * dt->size));
		finish(q, cs, me, b);
	} else {
		read_part(q, cs, n, me, b, buf, count, dt, 0);
	}
	return MPI_SUCCESS;
}

/* Scatter through a queue and its numbering: the root writes the n - 1
 * blocks of the other members, in rank order, as one bcast, and member r
 * reads its block; the root copies its own straight.  The root runs ahead
 * of the readers as for bcast. */
int mpii_bq_scatter(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		    MPI_Count rcount, struct mpii_datatype *rtype, int root, struct mpii_comm *c,
		    struct mpii_coll_state *cs, struct mpii_bq *q)
{
	int n = c->size, me = c->rank;
	uint64_t b = ++q->seq;
	if (me != root) {
		MPI_Count bytes = rcount * rtype->size;
		read_part(q, cs, n, me, b, rbuf, rcount, rtype, (me - (me > root)) * bytes);
		return MPI_SUCCESS;
	}
	MPI_Count bytes = scount * stype->size;
	MPI_Aint stride = (MPI_Aint)scount * stype->extent;
	char *data = slot_data(root_slot(q, cs, n, me, b));
	mpii_type_pack(stype, root * scount, sbuf, 0, data, root * bytes);
	mpii_type_pack(stype, (n - 1 - root) * scount, (const char *)sbuf + (root + 1) * stride, 0,
		       data + root * bytes, (n - 1 - root) * bytes);
	root_publish(q, cs, n, me, b, (size_t)((n - 1) * bytes));
	if (rbuf != MPI_IN_PLACE)
		mpii_type_copy(stype, scount, (const char *)sbuf + root * stride, rtype, rcount, rbuf,
			       bytes);
	finish(q, cs, me, b);
	return MPI_SUCCESS;
}

struct mpii_bq *mpii_mq(struct mpii_comm *c, struct mpii_coll_state *cs, size_t bytes)
{
	struct mpii_bq *q = &cs->mq;
	size_t slot = MPII_MQ_SLOT;
	int slots = MPII_MQ_SLOTS;
	if (bytes > MPII_MQ32_SLOT - 8) {
		q = &cs->mq64;
		slot = MPII_MQ64_SLOT;
		slots = MPII_MQ64_SLOTS;
	} else if (bytes > MPII_MQ_SLOT - 8) {
		q = &cs->mq32;
		slot = MPII_MQ32_SLOT;
	}
	if (!q->lines) {
		void *area = NULL;
		if (!mpii_shm_lazy_area(c, mpii_bq_bytes(c->size, slots, slot), &area, &q->state))
			return NULL;
		mpii_bq_init(q, area, slots, slot);
	}
	return q;
}

int mpii_shm_bcast_medium(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
			  struct mpii_comm *c)
{
	MPI_Count bytes = count * dt->size;
	if (c->size != 2 || bytes <= MPII_BQ_SLOT - 8 || bytes > MPII_MQ64_SLOT - 8)
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	struct mpii_bq *q = cs ? mpii_mq(c, cs, (size_t)bytes) : NULL;
	if (!q)
		return MPII_SHM_DECLINED;
	return mpii_bq_bcast(buf, count, dt, root, c, cs, q);
}
