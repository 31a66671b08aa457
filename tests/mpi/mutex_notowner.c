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
	MPI_Mutex m;
	thr_init_multiple(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	TEST_MPI(MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &m));
	if (rank == 0)
		TEST_MPI(MPI_Mutex_lock(m));
	thr_barrier();
	if (rank == 1) {
		MPI_Mutex_unlock(m);   /* fatal */
		fprintf(stderr, "FAIL: unlock by a non-owner returned\n");
		return 4;
	}
	sleep(30);                     /* taken down by rank 1's error */
	return 5;
}
