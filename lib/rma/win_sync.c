/*
 * lib/rma/win_sync.c - synchronisation of windows: MPI_Win_fence, the
 * generalized active target (post/start/complete/wait/test), the passive
 * target (lock/unlock, lock_all/unlock_all), flushes and MPI_Win_sync, and
 * the epoch check every RMA operation makes.
 *
 * Every RMA operation here is complete when its call returns (a copy into
 * mapped memory, a process_vm_writev, an atomic instruction), so the
 * synchronisation calls only order and wait:
 *   fence     a barrier on the window's communicator;
 *   post      target t adds one to post[o][t] for each origin o (seq_cst,
 *             pairs with the acquire in post_seen) and rings o's doorbell;
 *   start     only records the group; the first access to t (or the
 *             complete) waits until post[me][t] passed what we consumed;
 *   complete  adds one to completes of each target (seq_cst: our copies
 *             into its memory happen before; pairs with the acquire in
 *             wait) and rings its doorbell;
 *   wait      waits in the progress engine until completes reaches the
 *             number of origins posted to so far;
 *   lock      the target's reader-writer lock (shm/rwlock.h): its
 *             unlock's release orders our copies before the next holder.
 *             The lock word is shared memory: a waiter checks it after
 *             each sleep and ends the job, naming the window, on a word
 *             no lock holds (lock_check).
 * Waiting for post and complete goes through mpii_progress_wait (spin,
 * yield, doorbell futex), so a waiting rank still drives point-to-point.
 */
#include <stdio.h>
#include <stdlib.h>
#include "lib/rma/rma_impl.h"
#include "lib/coll/coll.h"
#include "shm/doorbell.h"

#define ALL_ASSERTS (MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT | \
		     MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)

/* need_post[t] values */
enum { NP_NONE = 0, NP_WAITING, NP_SEEN };

int mpii_rma_lock_check(void *arg)
{
	(void)arg;
	/* Relaxed: a flag read again after every sleep. */
	return shm_load_relaxed(&mpii_g.seg.hdr->job_aborting) ? MPI_ERR_OTHER : 0;
}

struct post_wait {
	struct mpii_win_state *st;
	int t;
};

static int post_arrived(void *arg)
{
	struct post_wait *w = arg;
	struct mpii_win_state *st = w->st;
	/* Acquire: pairs with the seq_cst add in post(); the target's stores
	 * to its window before the post are visible to our gets. */
	uint32_t v = shm_load_acquire(&st->post[(size_t)st->me * st->n + w->t]);
	return (int32_t)(v - st->posts_seen[w->t]) > 0;
}

/* Wait for target t's post of the current access epoch (library lock held). */
static void wait_post(struct mpii_win *win, int t)
{
	struct mpii_win_state *st = win->st;
	struct post_wait w = { st, t };
	if (!post_arrived(&w)) {
		mpii_stuck_epoch(MPII_STUCK_POST, win->comm, win->name, t, st->peer[t].world, 0);
		mpii_progress_wait(post_arrived, &w, st->peer[t].world);
	}
	st->posts_seen[t]++;
	st->need_post[t] = NP_SEEN;
}

int mpii_rma_epoch_check(struct mpii_win *win, int t)
{
	struct mpii_win_state *st = win->st;
	if (st->lock_all || st->locked[t] || st->fence)
		return MPI_SUCCESS;
	if (st->need_post[t] == NP_SEEN)
		return MPI_SUCCESS;
	if (st->need_post[t] == NP_WAITING) {
		mpii_lock();
		wait_post(win, t);
		mpii_unlock();
		return MPI_SUCCESS;
	}
	return MPI_ERR_RMA_SYNC;
}

static void ring(struct mpii_win_state *st, int t)
{
	shm_doorbell_ring_if_sleeping(shm_seg_bell(&mpii_g.seg, (uint32_t)st->peer[t].world));
}

/* The window ranks of group g: MPI_SUCCESS or MPI_ERR_GROUP/MPI_ERR_RANK. */
static int group_ranks(struct mpii_win *win, MPI_Group g, int *out)
{
	struct mpii_group *wg = win->comm->group;
	if (!MPII_VALID(g, MPII_MAGIC_GROUP))
		return MPI_ERR_GROUP;
	for (int i = 0; i < g->size; i++) {
		int r = -1;
		for (int j = 0; j < wg->size; j++)
			if (wg->world[j] == g->world[i]) {
				r = j;
				break;
			}
		if (r < 0)
			return MPI_ERR_RANK;
		out[i] = r;
	}
	return MPI_SUCCESS;
}

#define WIN_PROLOGUE(fn, win)                                                       \
	do {                                                                       \
		MPII_CHECK_INIT(fn);                                               \
		if (mpii_win_check(win))                                           \
			return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window"); \
	} while (0)

int mpii_Win_fence(const char *fn, int assert, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (assert & ~ALL_ASSERTS)
		return mpii_win_err(win, MPI_ERR_ASSERT, fn, "unknown assertion bits %#x", assert);
	if (st->nlocked || st->lock_all || st->nstart >= 0 || st->npost >= 0)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn,
				    "a lock or post/start epoch is open on this window");
	/* A fence that neither ends an epoch with operations in it nor
	 * starts one needs no barrier; every other one does (MPI-3.1 11.5.1:
	 * the assertions must agree on every rank). */
	if ((assert & (MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)) !=
	    (MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)) {
		mpii_stuck_epoch(MPII_STUCK_FENCE, win->comm, win->name, -1, -1, 0);
		mpii_lock();
		int rc = mpii_barrier(win->comm, NULL);
		mpii_unlock();
		if (rc)
			return mpii_win_err(win, rc, fn, "barrier failed");
	}
	st->fence = !(assert & MPI_MODE_NOSUCCEED);
	return MPI_SUCCESS;
}

int mpii_Win_post(const char *fn, MPI_Group group, int assert, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (assert & ~(MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT))
		return mpii_win_err(win, MPI_ERR_ASSERT, fn, "assertion %#x not for post", assert);
	if (st->npost >= 0)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "an exposure epoch is already open");
	if (!MPII_VALID(group, MPII_MAGIC_GROUP))
		return mpii_win_err(win, MPI_ERR_GROUP, fn, "invalid group");
	int *r = malloc(sizeof(int) * (size_t)(group->size ? group->size : 1));
	if (!r)
		return mpii_win_err(win, MPI_ERR_NO_MEM, fn, "out of memory");
	int rc = group_ranks(win, group, r);
	if (rc) {
		free(r);
		return mpii_win_err(win, rc, fn, "group is not a subgroup of the window's");
	}
	st->fence = 0;
	st->npost = group->size;
	st->completes_expected += (uint32_t)group->size;
	for (int i = 0; i < group->size; i++) {
		if (!(assert & MPI_MODE_NOCHECK)) {
			/* seq_cst: releases our window's contents to the origin
			 * (pairs with the acquire in post_arrived) and is the
			 * store half of the doorbell's Dekker pair. */
			shm_fetch_add_seq_cst(&st->post[(size_t)r[i] * st->n + st->me], 1);
			ring(st, r[i]);
		}
	}
	free(r);
	return MPI_SUCCESS;
}

int mpii_Win_start(const char *fn, MPI_Group group, int assert, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (assert & ~MPI_MODE_NOCHECK)
		return mpii_win_err(win, MPI_ERR_ASSERT, fn, "assertion %#x not for start", assert);
	if (st->nstart >= 0 || st->lock_all || st->nlocked)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "an access epoch is already open");
	if (!MPII_VALID(group, MPII_MAGIC_GROUP))
		return mpii_win_err(win, MPI_ERR_GROUP, fn, "invalid group");
	int rc = group_ranks(win, group, st->start);
	if (rc)
		return mpii_win_err(win, rc, fn, "group is not a subgroup of the window's");
	st->fence = 0;
	st->nstart = group->size;
	for (int i = 0; i < group->size; i++)
		st->need_post[st->start[i]] = (assert & MPI_MODE_NOCHECK) ? NP_SEEN : NP_WAITING;
	return MPI_SUCCESS;
}

int mpii_Win_complete(const char *fn, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (st->nstart < 0)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "no MPI_Win_start epoch is open");
	mpii_lock();
	for (int i = 0; i < st->nstart; i++) {
		int t = st->start[i];
		if (st->need_post[t] == NP_WAITING)
			wait_post(win, t);
		st->need_post[t] = NP_NONE;
		/* seq_cst: our copies into t's memory happen before (pairs
		 * with the acquire in completes_arrived); store half of the
		 * doorbell's Dekker pair. */
		shm_fetch_add_seq_cst(&st->tgt[t].completes, 1);
		ring(st, t);
	}
	mpii_unlock();
	st->nstart = -1;
	return MPI_SUCCESS;
}

static int completes_arrived(void *arg)
{
	struct mpii_win_state *st = arg;
	/* Acquire: pairs with the seq_cst add in complete. */
	uint32_t v = shm_load_acquire(&st->tgt[st->me].completes);
	return (int32_t)(v - st->completes_expected) >= 0;
}

int mpii_Win_wait(const char *fn, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (st->npost < 0)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "no MPI_Win_post epoch is open");
	mpii_lock();
	if (!completes_arrived(st)) {
		/* Relaxed: how many origins the report says are missing. */
		uint32_t got = shm_load_relaxed(&st->tgt[st->me].completes);
		mpii_stuck_epoch(MPII_STUCK_COMPLETE, win->comm, win->name, st->npost, -1,
				 (int)(st->completes_expected - got));
		mpii_progress_wait(completes_arrived, st, -1);
	}
	mpii_unlock();
	st->npost = -1;
	return MPI_SUCCESS;
}

int mpii_Win_test(const char *fn, MPI_Win win, int *flag)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (!flag)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "flag is NULL");
	if (st->npost < 0)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "no MPI_Win_post epoch is open");
	mpii_lock();
	*flag = completes_arrived(st);
	if (!*flag) {
		mpii_progress(-1);
		*flag = completes_arrived(st);
	}
	mpii_unlock();
	if (*flag)
		st->npost = -1;
	return MPI_SUCCESS;
}

/* A waiter's view of target t's lock word, checked after each sleep: the
 * word is shared memory any rank can write, and a scribbled one would keep
 * us waiting forever.  A writer bit with no recorded writer, or more
 * readers than the window has ranks (each holds at most one shared lock
 * on a target; readers backing out count for an instant), must not last
 * LOCK_ODD_NS; a writer that is not a rank of the job, or 2^24 readers,
 * is never right. */
#define LOCK_ODD_NS 2000000000LL
struct lock_wait {
	struct mpii_win *win;
	int t;
	int64_t odd_since;         /* when the word first looked forged, 0: not */
};

static void lock_corrupt(const struct lock_wait *w, uint32_t v, uint32_t wr, const char *what)
{
	char why[300];
	snprintf(why, sizeof(why), "the lock of window %s at rank %d was overwritten: word %#x, writer %u: %s",
		 w->win->name[0] ? w->win->name : "(unnamed)", w->t, v, wr, what);
	mpii_abort_job(MPI_ERR_INTERN, why);
}

static int lock_check(void *arg)
{
	struct lock_wait *w = arg;
	mpii_stuck_object_slept(); /* a stall report shows this wait */
	int rc = mpii_rma_lock_check(NULL);
	if (rc)
		return rc;
	struct mpii_win_state *st = w->win->st;
	struct shm_rwlock *l = &st->tgt[w->t].lock;
	/* Relaxed: a diagnosis; every verdict needs a value no lock holds or
	 * one that stays for LOCK_ODD_NS. */
	uint32_t v = shm_load_relaxed(&l->word), wr = shm_rwlock_writer(l);
	uint32_t readers = v & ~SHM_RWLOCK_WRITER;
	if (wr > (uint32_t)mpii_g.nmembers)
		lock_corrupt(w, v, wr, "the writer is not a rank of this job");
	if (readers >= 1u << 24)
		lock_corrupt(w, v, wr, "more readers than any job has threads");
	if (wr) {
		struct shm_member *mb = shm_seg_member(&mpii_g.seg, wr - 1);
		/* Acquire: pairs with the member's release store of its state. */
		int ms = shm_load_acquire(&mb->state);
		if ((ms == SHM_MEMBER_ABORTED || ms == SHM_MEMBER_DONE) &&
		    !shm_load_relaxed(&mpii_g.seg.hdr->job_aborting)) {
			char why[300];
			snprintf(why, sizeof(why), "MPI_Win_lock of window %s at rank %d: world rank %u died or "
				 "finalized while holding the lock", w->win->name[0] ? w->win->name : "(unnamed)",
				 w->t, wr - 1);
			mpii_abort_job(MPI_ERR_OTHER, why);
		}
	}
	if (((v & SHM_RWLOCK_WRITER) && !wr) || readers > (uint32_t)st->n) {
		int64_t now = mpii_now_ns();
		if (!w->odd_since)
			w->odd_since = now;
		else if (now - w->odd_since >= LOCK_ODD_NS)
			lock_corrupt(w, v, wr, readers > (uint32_t)st->n ? "more readers than the window has ranks, for 2 s"
							       : "held exclusive by nobody, for 2 s");
	} else {
		w->odd_since = 0;
	}
	return 0;
}

static int take(const char *fn, struct mpii_win *win, int t, int type)
{
	struct shm_rwlock *l = &win->st->tgt[t].lock;
	int64_t ns = mpii_g.cfg.sleep_ns;
	struct lock_wait w = { win, t, 0 };
	mpii_stuck_object(fn, MPII_STUCK_WINLOCK, l, 0, win->name, t);
	int rc = type == MPI_LOCK_SHARED ? shm_rwlock_lock_shared(l, ns, lock_check, &w)
					 : shm_rwlock_lock_excl(l, ns, lock_check, &w);
	mpii_stuck_object_done();
	if (!rc && type == MPI_LOCK_EXCLUSIVE)
		shm_rwlock_set_writer(l, (uint32_t)mpii_g.rank + 1);
	return rc;
}

static void give(struct mpii_win_state *st, int t, int type)
{
	if (type == MPI_LOCK_EXCLUSIVE) {
		shm_rwlock_set_writer(&st->tgt[t].lock, 0);
		shm_rwlock_unlock_excl(&st->tgt[t].lock);
	} else {
		shm_rwlock_unlock_shared(&st->tgt[t].lock);
	}
}

#define LK_NOCHECK 4

int mpii_Win_lock(const char *fn, int lock_type, int rank, int assert, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (lock_type != MPI_LOCK_SHARED && lock_type != MPI_LOCK_EXCLUSIVE)
		return mpii_win_err(win, MPI_ERR_LOCKTYPE, fn, "lock type %d", lock_type);
	if (assert & ~MPI_MODE_NOCHECK)
		return mpii_win_err(win, MPI_ERR_ASSERT, fn, "assertion %#x not for lock", assert);
	if (rank == MPI_PROC_NULL)
		return MPI_SUCCESS;
	if (rank < 0 || rank >= st->n)
		return mpii_win_err(win, MPI_ERR_RANK, fn, "rank %d out of range", rank);
	if (st->locked[rank] || st->lock_all || st->nstart >= 0)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn,
				    "rank %d is already in an access epoch of this window", rank);
	if (!(assert & MPI_MODE_NOCHECK)) {
		int rc = take(fn, win, rank, lock_type);
		if (rc)
			return mpii_win_err(win, rc, fn, "job is going down");
	}
	/* The bookkeeping under the library lock: threads of a
	 * MPI_THREAD_MULTIPLE process may lock different targets at once. */
	mpii_lock();
	st->fence = 0;
	st->locked[rank] = (uint8_t)((lock_type == MPI_LOCK_EXCLUSIVE ? 2 : 1) |
				     ((assert & MPI_MODE_NOCHECK) ? LK_NOCHECK : 0));
	st->nlocked++;
	mpii_unlock();
	return MPI_SUCCESS;
}

int mpii_Win_unlock(const char *fn, int rank, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (rank == MPI_PROC_NULL)
		return MPI_SUCCESS;
	if (rank < 0 || rank >= st->n)
		return mpii_win_err(win, MPI_ERR_RANK, fn, "rank %d out of range", rank);
	mpii_lock();
	int l = st->locked[rank];
	if (l) {
		st->locked[rank] = 0;
		st->nlocked--;
	}
	mpii_unlock();
	if (!l)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "rank %d is not locked", rank);
	if (!(l & LK_NOCHECK))
		give(st, rank, (l & 3) == 2 ? MPI_LOCK_EXCLUSIVE : MPI_LOCK_SHARED);
	return MPI_SUCCESS;
}

int mpii_Win_lock_all(const char *fn, int assert, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (assert & ~MPI_MODE_NOCHECK)
		return mpii_win_err(win, MPI_ERR_ASSERT, fn, "assertion %#x not for lock_all", assert);
	if (st->lock_all || st->nlocked || st->nstart >= 0)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "an access epoch is already open");
	if (!(assert & MPI_MODE_NOCHECK)) {
		for (int t = 0; t < st->n; t++) {
			int rc = take(fn, win, t, MPI_LOCK_SHARED);
			if (rc) {
				while (t-- > 0)
					give(st, t, MPI_LOCK_SHARED);
				return mpii_win_err(win, rc, fn, "job is going down");
			}
		}
	}
	st->fence = 0;
	st->lock_all = 1 | ((assert & MPI_MODE_NOCHECK) ? LK_NOCHECK : 0);
	return MPI_SUCCESS;
}

int mpii_Win_unlock_all(const char *fn, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (!st->lock_all)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "MPI_Win_lock_all was not called");
	if (!(st->lock_all & LK_NOCHECK))
		for (int t = 0; t < st->n; t++)
			give(st, t, MPI_LOCK_SHARED);
	st->lock_all = 0;
	return MPI_SUCCESS;
}

/* Every flush: the operations are complete already (their loads and
 * stores are done); the release fence keeps them before any store this
 * process makes next (a flag another rank polls, a message), which pairs
 * with the target's MPI_Win_sync or the acquire of whatever it polls.  On
 * x86 it costs no instruction. */
static int flush(const char *fn, MPI_Win win, int rank, int all)
{
	WIN_PROLOGUE(fn, win);
	struct mpii_win_state *st = win->st;
	if (!all) {
		if (rank == MPI_PROC_NULL)
			return MPI_SUCCESS;
		if (rank < 0 || rank >= st->n)
			return mpii_win_err(win, MPI_ERR_RANK, fn, "rank %d out of range", rank);
		if (!st->lock_all && !st->locked[rank])
			return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn,
					    "rank %d is not locked (no passive-target epoch)", rank);
	} else if (!st->lock_all && !st->nlocked) {
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn, "no passive-target epoch is open");
	}
	shm_fence_release();
	return MPI_SUCCESS;
}

#pragma weak MPI_Win_flush = PMPI_Win_flush
int PMPI_Win_flush(int rank, MPI_Win win)
{
	return flush("MPI_Win_flush", win, rank, 0);
}

#pragma weak MPI_Win_flush_local = PMPI_Win_flush_local
int PMPI_Win_flush_local(int rank, MPI_Win win)
{
	return flush("MPI_Win_flush_local", win, rank, 0);
}

#pragma weak MPI_Win_flush_all = PMPI_Win_flush_all
int PMPI_Win_flush_all(MPI_Win win)
{
	return flush("MPI_Win_flush_all", win, 0, 1);
}

#pragma weak MPI_Win_flush_local_all = PMPI_Win_flush_local_all
int PMPI_Win_flush_local_all(MPI_Win win)
{
	return flush("MPI_Win_flush_local_all", win, 0, 1);
}

int mpii_Win_sync(const char *fn, MPI_Win win)
{
	WIN_PROLOGUE(fn, win);
	/* Public and private copies are one (MPI_WIN_UNIFIED): a full fence
	 * orders this process's loads and stores around the call. */
	shm_fence_seq_cst();
	return MPI_SUCCESS;
}
