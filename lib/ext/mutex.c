/*
 * lib/ext/mutex.c - global mutexes (seed 002, 6.12.4): MPI_Mutex_create, free,
 * lock, trylock, unlock, and the pieces lib/ext/cond.c shares (lib/ext/sync.h).
 *
 * Errors: unlock by a thread that does not hold the mutex and lock/trylock
 * by the thread that already holds it return MPI_ERR_THREAD (the mutex is
 * not recursive).  A waiter sleeps in the kernel in periods of 100 ms; after
 * each it checks that the owning rank is alive, and if that rank aborted or
 * its process is gone the job ends with a message naming the mutex and the
 * rank (an owner that died holding it can never release it).  The mutex
 * word is shared memory any rank can write: a state that is no state, an
 * owner that is not a rank of the job or not a thread of that rank, or a
 * mutex locked with no owner for 2 s ends the job with a message naming
 * the mutex instead of a wait without end (mpii_sync_check_owner).
 * MPI_Mutex_free is collective and waits until the mutex is unlocked (the
 * seed's lenient choice).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/p2p/p2p.h"
#include "lib/ext/sync.h"

/* Freed mutex and condition variable handles (both a struct mpii_sync_obj)
 * wait here before reuse (lib/core/pool.h): a stale handle reads a
 * poisoned magic word, never freed memory (MPI_Mutex_free twice used to be
 * a use after free). */
static struct mpii_pool sync_pool = MPII_POOL_INIT(struct mpii_sync_obj);
_Static_assert(sizeof(struct mpii_mutex) == sizeof(struct mpii_sync_obj) &&
		       sizeof(struct mpii_cond) == sizeof(struct mpii_sync_obj),
	       "one pool holds both handles");

static __thread uint64_t self_id;

uint64_t mpii_sync_self_id(void)
{
	if (!self_id)
		self_id = ((uint64_t)(mpii_g.rank + 1) << 32) | (uint32_t)syscall(SYS_gettid);
	return self_id;
}

/* Allocate size bytes of synchronisation object for comm, collectively:
 * rank 0 allocates in the arena and initialises with init(ptr), the others
 * receive the offset.  *offp = 0 and *privp set for single-process comms.
 * Returns the object's address or NULL (error class in *rc). Takes the
 * library lock itself. */
static void *sync_obj_alloc(struct mpii_comm *comm, size_t size, void (*init)(void *),
			    uint64_t *offp, void **privp, int *rc)
{
	*rc = MPI_SUCCESS;
	*offp = 0;
	*privp = NULL;
	if (comm->size == 1) {
		void *p = NULL;
		if (posix_memalign(&p, SHM_CACHELINE, size) != 0) {
			*rc = MPI_ERR_NO_MEM;
			return NULL;
		}
		init(p);
		*privp = p;
		return p;
	}
	uint64_t off = 0;
	mpii_lock();
	if (comm->rank == 0) {
		off = shm_seg_alloc(&mpii_g.seg, size);
		if (off)
			init(shm_seg_ptr(&mpii_g.seg, off));
		/* Everyone learns the offset (0: the arena is full, all fail). */
		for (int r = 1; r < comm->size && !*rc; r++)
			*rc = mpii_send(&off, sizeof(off), MPI_BYTE, r, MPII_TAG_SYNC_CREATE, comm,
					comm->ctx + 1, 0);
	} else {
		*rc = mpii_recv(&off, sizeof(off), MPI_BYTE, 0, MPII_TAG_SYNC_CREATE, comm,
				comm->ctx + 1, MPI_STATUS_IGNORE);
	}
	mpii_unlock();
	if (*rc)
		return NULL;
	if (!off) {
		*rc = MPI_ERR_NO_MEM;
		return NULL;
	}
	*offp = off;
	return shm_seg_ptr(&mpii_g.seg, off);
}

int mpii_sync_create(MPI_Comm comm, const void *handlep, const struct mpii_sync_kind *k,
		     const char *fn, struct mpii_sync_obj **out)
{
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "intercommunicators are not supported");
	if (!handlep)
		return mpii_err(comm, MPI_ERR_ARG, fn, "%s", k->null_msg);
	struct mpii_sync_obj *s = mpii_pool_get(&sync_pool);
	if (!s)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	int rc;
	s->obj = sync_obj_alloc(comm, k->obj_size, k->init, &s->off, &s->obj_private, &rc);
	if (!s->obj) {
		s->magic = MPII_MAGIC_FREED;
		mpii_pool_put(&sync_pool, s);
		return mpii_err(comm, rc, fn, rc == MPI_ERR_NO_MEM ? "segment arena exhausted"
								   : "set-up messages failed");
	}
	s->magic = k->magic;
	mpii_comm_ref(comm);
	s->comm = comm;
	*out = s;
	return MPI_SUCCESS;
}

/* Collective barrier over comm on the private tags (takes the lock). */
static int sync_barrier(struct mpii_comm *comm)
{
	if (comm->size == 1)
		return MPI_SUCCESS;
	int rc = MPI_SUCCESS;
	char b = 0;
	mpii_lock();
	if (comm->rank == 0) {
		for (int r = 1; r < comm->size && !rc; r++)
			rc = mpii_recv(&b, 1, MPI_BYTE, r, MPII_TAG_SYNC_FREE_IN, comm, comm->ctx + 1,
				       MPI_STATUS_IGNORE);
		for (int r = 1; r < comm->size && !rc; r++)
			rc = mpii_send(&b, 1, MPI_BYTE, r, MPII_TAG_SYNC_FREE_OUT, comm, comm->ctx + 1, 0);
	} else {
		rc = mpii_send(&b, 1, MPI_BYTE, 0, MPII_TAG_SYNC_FREE_IN, comm, comm->ctx + 1, 0);
		if (!rc)
			rc = mpii_recv(&b, 1, MPI_BYTE, 0, MPII_TAG_SYNC_FREE_OUT, comm, comm->ctx + 1,
				       MPI_STATUS_IGNORE);
	}
	mpii_unlock();
	return rc;
}

int mpii_sync_free(struct mpii_sync_obj *s)
{
	struct mpii_comm *comm = s->comm;
	int rc = sync_barrier(comm);
	s->magic = MPII_MAGIC_FREED;
	free(s->obj_private);
	mpii_lock();
	mpii_comm_unref(comm);
	mpii_unlock();
	mpii_pool_put(&sync_pool, s);
	return rc;
}

void mpii_sync_corrupt(const struct mpii_mutex *mx, const char *what)
{
	char why[300];
	snprintf(why, sizeof(why), "MPI_Mutex %p (arena offset %llu): its shared word was overwritten: %s",
		 (const void *)mx, (unsigned long long)mx->s.off, what);
	mpii_abort_job(MPI_ERR_INTERN, why);
}

/* Checks of a mutex word after each sleep of a waiter (and every 100 ms of
 * MPI_Mutex_free's wait), in this thread: since when the checks have found
 * the mutex locked with no owner.  A holder stores its id right after
 * taking the state and clears it right before letting go, so "locked, no
 * owner" lasts an instant unless a rank forged it; UNOWNED_NS (2 s) leaves
 * room for a holder descheduled in between on a loaded machine. */
#define UNOWNED_NS 2000000000LL
static __thread const void *unowned_obj;
static __thread int64_t unowned_since;

/* Is thread tid of process pid alive?  Yes when /proc cannot tell. */
static int thread_alive(pid_t pid, uint32_t tid)
{
	char path[64];
	if (access("/proc/self/task", F_OK) != 0)
		return 1;
	snprintf(path, sizeof(path), "/proc/%d/task/%u", (int)pid, tid);
	return access(path, F_OK) == 0 || errno != ENOENT;
}

int mpii_sync_check_owner(void *arg, uint64_t owner)
{
	struct mpii_mutex *mx = arg;
	struct shm_mutex *m = mx->s.obj;
	char what[200];
	mpii_stuck_object_slept(); /* a stall report shows this wait */
	/* Relaxed: a diagnosis of words several ranks write; each verdict
	 * below needs the value to stay wrong over many checks or be one
	 * no mutex ever holds. */
	uint32_t state = shm_load_relaxed(&m->state);
	if (state > 2) {
		snprintf(what, sizeof(what), "its state is %u, none of 0, 1, 2", state);
		mpii_sync_corrupt(mx, what);
	}
	int r = owner ? (int)(owner >> 32) - 1 : -1;
	if (owner && (r < 0 || r >= mpii_g.nmembers)) {
		snprintf(what, sizeof(what), "its owner %#llx names world rank %d, not one of this job's %d member slots",
			 (unsigned long long)owner, r, mpii_g.nmembers);
		mpii_sync_corrupt(mx, what);
	}
	if (state != 0 && !owner) {
		int64_t now = mpii_now_ns();
		if (unowned_obj != m || !unowned_since) {
			unowned_obj = m;
			unowned_since = now;
		} else if (now - unowned_since >= UNOWNED_NS) {
			snprintf(what, sizeof(what), "locked (state %u) with no owner for %lld ms", state,
				 (long long)((now - unowned_since) / 1000000));
			mpii_sync_corrupt(mx, what);
		}
		return 0;
	}
	if (unowned_obj == m)
		unowned_since = 0;
	if (!owner)
		return 0;
	if (r == mpii_g.rank) {
		if (!thread_alive(getpid(), (uint32_t)owner)) {
			snprintf(what, sizeof(what), "its owner names thread %u of this rank, which does not exist "
				 "(it ended holding the mutex, or the word was forged)", (unsigned)owner);
			mpii_sync_corrupt(mx, what);
		}
		return 0;
	}
	struct shm_member *mb = shm_seg_member(&mpii_g.seg, (uint32_t)r);
	/* Acquire: pairs with the member's release store of its state. */
	int st = shm_load_acquire(&mb->state);
	int gone = st == SHM_MEMBER_ABORTED || st == SHM_MEMBER_DONE ||
		   (mb->pid > 0 && kill(mb->pid, 0) != 0 && errno == ESRCH);
	/* Another aborting member takes the job down anyway: leave quietly. */
	if (shm_load_relaxed(&mpii_g.seg.hdr->job_aborting) && !gone)
		return 0;
	if (gone) {
		char why[200];
		snprintf(why, sizeof(why),
			 "MPI_Mutex %p (arena offset %llu): world rank %d (thread %u) died or "
			 "finalized while holding it",
			 (void *)mx, (unsigned long long)mx->s.off, r, (unsigned)owner);
		mpii_abort_job(MPI_ERR_OTHER, why);
	}
	if (mb->pid > 0 && !thread_alive(mb->pid, (uint32_t)owner)) {
		snprintf(what, sizeof(what), "its owner names thread %u of world rank %d, which has no such "
			 "thread", (unsigned)owner, r);
		mpii_sync_corrupt(mx, what);
	}
	return 0;
}

static void mutex_init(void *p)
{
	shm_mutex_init(p);
}

static const struct mpii_sync_kind mutex_kind = {
	.magic = MPII_MAGIC_MUTEX,
	.handle_size = sizeof(struct mpii_mutex),
	.obj_size = sizeof(struct shm_mutex),
	.init = mutex_init,
	.null_msg = "mutex is NULL",
};

static int check_mutex(MPI_Mutex m)
{
	return m && m->s.magic == MPII_MAGIC_MUTEX ? MPI_SUCCESS : MPI_ERR_ARG;
}

int mpii_Mutex_create(const char *fn, MPI_Comm comm, MPI_Info info, MPI_Mutex *mutex)
{
	struct mpii_sync_obj *s;
	(void)info;
	MPII_CHECK_INIT(fn);
	int rc = mpii_sync_create(comm, mutex, &mutex_kind, fn, &s);
	if (rc == MPI_SUCCESS)
		*mutex = (struct mpii_mutex *)s;
	return rc;
}

int mpii_Mutex_free(const char *fn, MPI_Mutex *mutex)
{
	if (!mutex || check_mutex(*mutex))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid mutex");
	struct mpii_mutex *mx = *mutex;
	if (shm_mutex_owner(mx->s.obj) == mpii_sync_self_id())
		return mpii_err(mx->s.comm, MPI_ERR_THREAD, fn, "the calling thread holds the mutex");
	/* Lenient: wait until whoever holds it lets go (the owner's health
	 * is checked as by a waiter). */
	unsigned n = 0;
	while (!shm_mutex_is_free(mx->s.obj)) {
		if (++n % 1000 == 0)
			mpii_sync_check_owner(mx, shm_mutex_owner(mx->s.obj));
		usleep(100);
	}
	int rc = mpii_sync_free(&mx->s);
	*mutex = MPI_MUTEX_NULL;
	return rc ? mpii_err(NULL, rc, fn, "collective free failed") : MPI_SUCCESS;
}

int mpii_Mutex_lock(const char *fn, MPI_Mutex mutex)
{
	if (check_mutex(mutex))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid mutex");
	uint64_t me = mpii_sync_self_id();
	if (shm_mutex_owner(mutex->s.obj) == me)
		return mpii_err(mutex->s.comm, MPI_ERR_THREAD, fn,
				"the calling thread already holds the mutex (not recursive)");
	mpii_stuck_object(fn, MPII_STUCK_MUTEX, mutex->s.obj, mutex->s.off, NULL, -1);
	int rc = shm_mutex_lock(mutex->s.obj, me, MPII_SYNC_SLEEP_NS, mpii_sync_check_owner, mutex);
	mpii_stuck_object_done();
	if (rc == SHM_MUTEX_BAD_STATE)
		mpii_sync_corrupt(mutex, "its state was none of 0, 1, 2");
	return MPI_SUCCESS;
}

int mpii_Mutex_trylock(const char *fn, MPI_Mutex mutex, int *flag)
{
	if (check_mutex(mutex))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid mutex");
	if (!flag)
		return mpii_err(mutex->s.comm, MPI_ERR_ARG, fn, "flag is NULL");
	uint64_t me = mpii_sync_self_id();
	if (shm_mutex_owner(mutex->s.obj) == me)
		return mpii_err(mutex->s.comm, MPI_ERR_THREAD, fn,
				"the calling thread already holds the mutex (not recursive)");
	*flag = shm_mutex_trylock(mutex->s.obj, me);
	return MPI_SUCCESS;
}

int mpii_Mutex_unlock(const char *fn, MPI_Mutex mutex)
{
	if (check_mutex(mutex))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid mutex");
	uint64_t me = mpii_sync_self_id(), owner = shm_mutex_owner(mutex->s.obj);
	if (owner != me)
		return owner ? mpii_err(mutex->s.comm, MPI_ERR_THREAD, fn,
					"the mutex is held by another thread (world rank %d)",
					(int)(owner >> 32) - 1)
			     : mpii_err(mutex->s.comm, MPI_ERR_THREAD, fn, "the mutex is not locked");
	shm_mutex_unlock(mutex->s.obj);
	return MPI_SUCCESS;
}
