/*
 * tests/mpi/mutex_dead.c - an owner that finalizes while holding a global
 * mutex: the waiter on rank 0 notices within a sleep period (100 ms) and
 * the job ends (exit status MPI_ERR_OTHER = 16) with a message naming the mutex and the rank, instead of
 * hanging until the launcher's timeout.
 * np: 2
 * expect-exit: 16
 */
#include <unistd.h>
#include "thr_common.h"

int main(int argc, char **argv)
{
	int rank;
	MPI_Mutex m = thr_mutex_held_by(1, &argc, &argv, &rank);
	if (rank == 1) {
		MPI_Finalize();   /* still holding m */
		return 0;
	}
	MPI_Mutex_lock(m);        /* never succeeds: the job ends here */
	fprintf(stderr, "FAIL: got a mutex whose owner finalized holding it\n");
	return 3;
}
