/*
 * lib/ext/mutex.c - global mutexes (seed 002, 6.12.4): MPI_Mutex_create, free,
 * lock, trylock, unlock, and the pieces lib/ext/cond.c shares (lib/ext/sync.h).
 *
 * Errors: unlock by a thread that does not hold the mutex and lock/trylock
 * by the thread that already holds it return MPI_ERR_THREAD (the mutex is
 * not recursive).  A waiter sleeps in the kernel in periods of 100 ms; after
 * each it checks that the owning rank is alive, and if that rank aborted or
 * its process is gone the job ends with a message naming the mutex and the
 * rank (an owner that died holding it can never release it).
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

static __thread uint64_t self_id;

uint64_t mpii_sync_self_id(void)
{
	if (!self_id)
		self_id = ((uint64_t)(mpii_g.rank + 1) << 32) | (uint32_t)syscall(SYS_gettid);
	return self_id;
}

void *mpii_sync_obj_create(struct mpii_comm *comm, size_t size, void (*init)(void *),
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

int mpii_sync_barrier(struct mpii_comm *comm)
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

int mpii_sync_check_owner(void *arg, uint64_t owner)
{
	struct mpii_mutex *mx = arg;
	if (!owner)
		return 0;
	int r = (int)(owner >> 32) - 1;
	if (r < 0 || r >= mpii_g.size || r == mpii_g.rank)
		return 0;
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
			 (void *)mx, (unsigned long long)(mx ? mx->off : 0), r, (unsigned)owner);
		mpii_abort_job(MPI_ERR_OTHER, why);
	}
	return 0;
}

static void mutex_init(void *p)
{
	shm_mutex_init(p);
}

static int check_mutex(MPI_Mutex m)
{
	return MPII_VALID(m, MPII_MAGIC_MUTEX) ? MPI_SUCCESS : MPI_ERR_ARG;
}

#pragma weak MPI_Mutex_create = PMPI_Mutex_create
int PMPI_Mutex_create(MPI_Comm comm, MPI_Info info, MPI_Mutex *mutex)
{
	static const char fn[] = "MPI_Mutex_create";
	(void)info;
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "intercommunicators are not supported");
	if (!mutex)
		return mpii_err(comm, MPI_ERR_ARG, fn, "mutex is NULL");
	struct mpii_mutex *mx = calloc(1, sizeof(*mx));
	if (!mx)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	int rc;
	mx->m = mpii_sync_obj_create(comm, sizeof(struct shm_mutex), mutex_init, &mx->off,
				     &mx->obj_private, &rc);
	if (!mx->m) {
		free(mx);
		return mpii_err(comm, rc, fn, rc == MPI_ERR_NO_MEM ? "segment arena exhausted"
								   : "set-up messages failed");
	}
	mx->magic = MPII_MAGIC_MUTEX;
	mpii_comm_ref(comm);
	mx->comm = comm;
	*mutex = mx;
	return MPI_SUCCESS;
}

#pragma weak MPI_Mutex_free = PMPI_Mutex_free
int PMPI_Mutex_free(MPI_Mutex *mutex)
{
	static const char fn[] = "MPI_Mutex_free";
	MPII_CHECK_INIT(fn);
	if (!mutex || check_mutex(*mutex))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid mutex");
	struct mpii_mutex *mx = *mutex;
	struct mpii_comm *comm = mx->comm;
	if (shm_mutex_owner(mx->m) == mpii_sync_self_id())
		return mpii_err(comm, MPI_ERR_THREAD, fn, "the calling thread holds the mutex");
	/* Lenient: wait until whoever holds it lets go (the owner's health
	 * is checked as by a waiter). */
	unsigned n = 0;
	while (!shm_mutex_is_free(mx->m)) {
		if (++n % 1000 == 0)
			mpii_sync_check_owner(mx, shm_mutex_owner(mx->m));
		usleep(100);
	}
	int rc = mpii_sync_barrier(comm);
	mx->magic = MPII_MAGIC_FREED;
	free(mx->obj_private);
	mpii_lock();
	mpii_comm_unref(comm);
	mpii_unlock();
	free(mx);
	*mutex = MPI_MUTEX_NULL;
	return rc ? mpii_err(NULL, rc, fn, "collective free failed") : MPI_SUCCESS;
}

#pragma weak MPI_Mutex_lock = PMPI_Mutex_lock
int PMPI_Mutex_lock(MPI_Mutex mutex)
{
	static const char fn[] = "MPI_Mutex_lock";
	MPII_CHECK_INIT(fn);
	if (check_mutex(mutex))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid mutex");
	uint64_t me = mpii_sync_self_id();
	if (shm_mutex_owner(mutex->m) == me)
		return mpii_err(mutex->comm, MPI_ERR_THREAD, fn,
				"the calling thread already holds the mutex (not recursive)");
	shm_mutex_lock(mutex->m, me, MPII_SYNC_SLEEP_NS, mpii_sync_check_owner, mutex);
	return MPI_SUCCESS;
}

#pragma weak MPI_Mutex_trylock = PMPI_Mutex_trylock
int PMPI_Mutex_trylock(MPI_Mutex mutex, int *flag)
{
	static const char fn[] = "MPI_Mutex_trylock";
	MPII_CHECK_INIT(fn);
	if (check_mutex(mutex))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid mutex");
	if (!flag)
		return mpii_err(mutex->comm, MPI_ERR_ARG, fn, "flag is NULL");
	uint64_t me = mpii_sync_self_id();
	if (shm_mutex_owner(mutex->m) == me)
		return mpii_err(mutex->comm, MPI_ERR_THREAD, fn,
				"the calling thread already holds the mutex (not recursive)");
	*flag = shm_mutex_trylock(mutex->m, me);
	return MPI_SUCCESS;
}

#pragma weak MPI_Mutex_unlock = PMPI_Mutex_unlock
int PMPI_Mutex_unlock(MPI_Mutex mutex)
{
	static const char fn[] = "MPI_Mutex_unlock";
	MPII_CHECK_INIT(fn);
	if (check_mutex(mutex))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid mutex");
	uint64_t me = mpii_sync_self_id(), owner = shm_mutex_owner(mutex->m);
	if (owner != me)
		return owner ? mpii_err(mutex->comm, MPI_ERR_THREAD, fn,
					"the mutex is held by another thread (world rank %d)",
					(int)(owner >> 32) - 1)
			     : mpii_err(mutex->comm, MPI_ERR_THREAD, fn, "the mutex is not locked");
	shm_mutex_unlock(mutex->m);
	return MPI_SUCCESS;
}
