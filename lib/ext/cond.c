/*
 * lib/ext/cond.c - global condition variables (seed 002, 6.12.4, with the
 * POSIX-style two-argument wait that SPEC.md settles on): MPI_Cond_create,
 * free, signal, broadcast, wait.  The futex sequence counter is in
 * shm/cond.h; placement and set-up are those of mutexes (lib/ext/sync.h).
 */
#include <stdlib.h>
#include <unistd.h>
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/ext/sync.h"

static void cond_init(void *p)
{
	shm_cond_init(p);
}

static int check_cond(MPI_Cond c)
{
	return MPII_VALID(c, MPII_MAGIC_COND) ? MPI_SUCCESS : MPI_ERR_ARG;
}

#pragma weak MPI_Cond_create = PMPI_Cond_create
int PMPI_Cond_create(MPI_Comm comm, MPI_Info info, MPI_Cond *cond)
{
	static const char fn[] = "MPI_Cond_create";
	(void)info;
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "intercommunicators are not supported");
	if (!cond)
		return mpii_err(comm, MPI_ERR_ARG, fn, "cond is NULL");
	struct mpii_cond *cv = calloc(1, sizeof(*cv));
	if (!cv)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	int rc;
	cv->c = mpii_sync_obj_create(comm, sizeof(struct shm_cond), cond_init, &cv->off,
				     &cv->obj_private, &rc);
	if (!cv->c) {
		free(cv);
		return mpii_err(comm, rc, fn, rc == MPI_ERR_NO_MEM ? "segment arena exhausted"
								   : "set-up messages failed");
	}
	cv->magic = MPII_MAGIC_COND;
	mpii_comm_ref(comm);
	cv->comm = comm;
	*cond = cv;
	return MPI_SUCCESS;
}

#pragma weak MPI_Cond_free = PMPI_Cond_free
int PMPI_Cond_free(MPI_Cond *cond)
{
	static const char fn[] = "MPI_Cond_free";
	MPII_CHECK_INIT(fn);
	if (!cond || check_cond(*cond))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid condition variable");
	struct mpii_cond *cv = *cond;
	struct mpii_comm *comm = cv->comm;
	/* Lenient, as for mutexes: let threads still inside a wait leave. */
	while (shm_cond_waiters(cv->c))
		usleep(100);
	int rc = mpii_sync_barrier(comm);
	cv->magic = MPII_MAGIC_FREED;
	free(cv->obj_private);
	mpii_lock();
	mpii_comm_unref(comm);
	mpii_unlock();
	free(cv);
	*cond = MPI_COND_NULL;
	return rc ? mpii_err(NULL, rc, fn, "collective free failed") : MPI_SUCCESS;
}

#pragma weak MPI_Cond_signal = PMPI_Cond_signal
int PMPI_Cond_signal(MPI_Cond cond)
{
	static const char fn[] = "MPI_Cond_signal";
	MPII_CHECK_INIT(fn);
	if (check_cond(cond))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid condition variable");
	shm_cond_signal(cond->c);
	return MPI_SUCCESS;
}

#pragma weak MPI_Cond_broadcast = PMPI_Cond_broadcast
int PMPI_Cond_broadcast(MPI_Cond cond)
{
	static const char fn[] = "MPI_Cond_broadcast";
	MPII_CHECK_INIT(fn);
	if (check_cond(cond))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid condition variable");
	shm_cond_broadcast(cond->c);
	return MPI_SUCCESS;
}

#pragma weak MPI_Cond_wait = PMPI_Cond_wait
int PMPI_Cond_wait(MPI_Cond cond, MPI_Mutex mutex)
{
	static const char fn[] = "MPI_Cond_wait";
	MPII_CHECK_INIT(fn);
	if (check_cond(cond))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid condition variable");
	if (!MPII_VALID(mutex, MPII_MAGIC_MUTEX))
		return mpii_err(cond->comm, MPI_ERR_ARG, fn, "invalid mutex");
	uint64_t me = mpii_sync_self_id();
	if (shm_mutex_owner(mutex->m) != me)
		return mpii_err(cond->comm, MPI_ERR_THREAD, fn,
				"the calling thread does not hold the mutex");
	shm_cond_wait(cond->c, mutex->m, me, MPII_SYNC_SLEEP_NS, mpii_sync_check_owner, mutex);
	return MPI_SUCCESS;
}
