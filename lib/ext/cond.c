/*
 * lib/ext/cond.c - global condition variables (seed 002, 6.12.4, with the
 * POSIX-style two-argument wait that SPEC.md settles on): MPI_Cond_create,
 * free, signal, broadcast, wait.  The futex sequence counter is in
 * shm/cond.h; placement and set-up are those of mutexes (lib/ext/sync.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "lib/core/core.h"
#include "lib/ext/sync.h"

static void cond_init(void *p)
{
	shm_cond_init(p);
}

static const struct mpii_sync_kind cond_kind = {
	.magic = MPII_MAGIC_COND,
	.handle_size = sizeof(struct mpii_cond),
	.obj_size = sizeof(struct shm_cond),
	.init = cond_init,
	.null_msg = "cond is NULL",
};

static int check_cond(MPI_Cond c)
{
	return c && c->s.magic == MPII_MAGIC_COND ? MPI_SUCCESS : MPI_ERR_ARG;
}

int mpii_Cond_create(const char *fn, MPI_Comm comm, MPI_Info info, MPI_Cond *cond)
{
	struct mpii_sync_obj *s;
	(void)info;
	MPII_CHECK_INIT(fn);
	int rc = mpii_sync_create(comm, cond, &cond_kind, fn, &s);
	if (rc == MPI_SUCCESS)
		*cond = (struct mpii_cond *)s;
	return rc;
}

int mpii_Cond_free(const char *fn, MPI_Cond *cond)
{
	if (!cond || check_cond(*cond))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid condition variable");
	struct mpii_cond *cv = *cond;
	/* Lenient, as for mutexes: let threads still inside a wait leave.  The
	 * count is shared memory: more waiters than a job can have threads
	 * (2^24) is a scribble, which would keep us here forever. */
	uint32_t n;
	while ((n = shm_cond_waiters(cv->s.obj))) {
		if (n > MPII_SYNC_MAX_WAITERS) {
			char why[200];
			snprintf(why, sizeof(why), "MPI_Cond %p (arena offset %llu): its shared word was "
				 "overwritten: %u waiters", (void *)cv, (unsigned long long)cv->s.off, n);
			mpii_abort_job(MPI_ERR_INTERN, why);
		}
		usleep(100);
	}
	int rc = mpii_sync_free(&cv->s);
	*cond = MPI_COND_NULL;
	return rc ? mpii_err(NULL, rc, fn, "collective free failed") : MPI_SUCCESS;
}

/* MPI_Cond_signal and MPI_Cond_broadcast for fn: wake (one or all). */
static int cond_wake(MPI_Cond cond, void (*wake)(struct shm_cond *), const char *fn)
{
	MPII_CHECK_INIT(fn);
	if (check_cond(cond))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid condition variable");
	/* Relaxed: read only by a stall report (lib/core/stuck.c). */
	shm_store_relaxed(&((struct shm_cond *)cond->s.obj)->signaller, mpii_sync_self_id());
	wake(cond->s.obj);
	return MPI_SUCCESS;
}

#pragma weak MPI_Cond_signal = PMPI_Cond_signal
int PMPI_Cond_signal(MPI_Cond cond)
{
	return cond_wake(cond, shm_cond_signal, "MPI_Cond_signal");
}

#pragma weak MPI_Cond_broadcast = PMPI_Cond_broadcast
int PMPI_Cond_broadcast(MPI_Cond cond)
{
	return cond_wake(cond, shm_cond_broadcast, "MPI_Cond_broadcast");
}

int mpii_Cond_wait(const char *fn, MPI_Cond cond, MPI_Mutex mutex)
{
	if (check_cond(cond))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid condition variable");
	if (!mutex || mutex->s.magic != MPII_MAGIC_MUTEX)
		return mpii_err(cond->s.comm, MPI_ERR_ARG, fn, "invalid mutex");
	uint64_t me = mpii_sync_self_id();
	if (shm_mutex_owner(mutex->s.obj) != me)
		return mpii_err(cond->s.comm, MPI_ERR_THREAD, fn,
				"the calling thread does not hold the mutex");
	mpii_stuck_object(fn, MPII_STUCK_COND, cond->s.obj, cond->s.off, NULL, -1);
	/* Whoever holds the mutex while we wait is one who can signal. */
	mpii_stuck.obj2 = mutex->s.obj;
	mpii_stuck.obj2_off = mutex->s.off;
	int rc = shm_cond_wait(cond->s.obj, mutex->s.obj, me, MPII_SYNC_SLEEP_NS, mpii_sync_check_owner, mutex);
	mpii_stuck_object_done();
	if (rc == SHM_MUTEX_BAD_STATE)
		mpii_sync_corrupt(mutex, "its state was none of 0, 1, 2");
	return MPI_SUCCESS;
}
