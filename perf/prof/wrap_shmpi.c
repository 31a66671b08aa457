/*
 * wrap_shmpi.c - wrappers of shmpi's own blocking extensions (seed 002):
 * the loose barrier, global mutexes and condition variables.  All are wait
 * time.  Built only against shmpi (perf/prof.mk); the MPICH build of the
 * profiler leaves this file out.
 */
#include "perf/prof/prof.h"

int MPI_Barrier_loose(MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Barrier_loose(comm);
	prof_leave(&call, PROF_FN_BARRIER_LOOSE);
	return rc;
}

int MPI_Mutex_lock(MPI_Mutex mutex)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Mutex_lock(mutex);
	prof_leave(&call, PROF_FN_MUTEX_LOCK);
	return rc;
}

int MPI_Cond_wait(MPI_Cond cond, MPI_Mutex mutex)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Cond_wait(cond, mutex);
	prof_leave(&call, PROF_FN_COND_WAIT);
	return rc;
}
