/*
 * tests/mpi/mutex_notowner.c - MPI_Mutex_unlock by a thread that does not
 * hold the mutex is MPI_ERR_THREAD (default fatal handler: the job's
 * status is that class, the message names the holder's rank).
 * np: 2
 * expect-exit: 61
 */
#include <unistd.h>
#include "thr_common.h"

int main(int argc, char **argv)
{
	int rank;
	MPI_Mutex m = thr_mutex_held_by(0, &argc, &argv, &rank);
	if (rank == 1) {
		MPI_Mutex_unlock(m);   /* fatal */
		fprintf(stderr, "FAIL: unlock by a non-owner returned\n");
		return 4;
	}
	sleep(30);                     /* taken down by rank 1's error */
	return 5;
}
