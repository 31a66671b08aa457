/*
 * tests/mpi/ep_churn.c - endpoints: 4 threads per rank repeatedly join,
 * exchange a few messages with the same thread of the partner rank, and
 * leave (leave waits for every joined thread of the process); a thread
 * joins late on purpose to hold the leavers.
 * np: 2
 */
#include <stdlib.h>
#include "thr_common.h"

#define NTHREADS 4
#define ROUNDS 200

static int rank, size;
static _Atomic int inside;

static void *worker(void *arg)
{
	int t = (int)(intptr_t)arg, peer = rank ^ 1;
	for (int r = 0; r < ROUNDS; r++) {
		if (t == NTHREADS - 1 && r % 10 == 0)
			usleep(200);   /* a late joiner */
		TEST_MPI(MPI_Endpoint_join());
		inside++;
		int v = r * 100 + t, w = -1;
		if (peer < size) {
			TEST_MPI(MPI_Sendrecv(&v, 1, MPI_INT, peer, t, &w, 1, MPI_INT, peer, t,
					      MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			TEST_CHECK(w == v);
		}
		inside--;
		TEST_MPI(MPI_Endpoint_leave());
	}
	return NULL;
}

int main(int argc, char **argv)
{
	thr_init_multiple(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	pthread_t th[NTHREADS];
	for (int t = 0; t < NTHREADS; t++)
		TEST_CHECK(pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t) == 0);
	for (int t = 0; t < NTHREADS; t++)
		TEST_CHECK(pthread_join(th[t], NULL) == 0);
	TEST_CHECK(inside == 0);
	thr_barrier();
	MPI_Finalize();
	return 0;
}
