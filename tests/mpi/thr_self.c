/*
 * tests/mpi/thr_self.c - MPI_THREAD_MULTIPLE basics: the seed's 6.12.1
 * example (one thread of a rank sends to another thread of the same rank;
 * a blocking call blocks only its thread), and a blocked receiver does not
 * stop another thread from completing an exchange with a peer.
 * np: 1 2
 */
#include "thr_common.h"

#define N 2000

static void *receiver(void *arg)
{
	(void)arg;
	int v = -1;
	for (int i = 0; i < N; i++) {
		TEST_MPI(MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_SELF, MPI_STATUS_IGNORE));
		TEST_CHECK(v == i);
	}
	return NULL;
}

static void *blocked(void *arg)
{
	/* Blocks until main sends it at the very end. */
	int rank = *(int *)arg, v = 0;
	TEST_MPI(MPI_Recv(&v, 1, MPI_INT, rank, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
	TEST_CHECK(v == 4242);
	return NULL;
}

int main(int argc, char **argv)
{
	int rank, size;
	thr_init_multiple(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);

	pthread_t th, tb;
	/* The 6.12.1 example: recv posted by one thread, send by another,
	 * both on the same process. */
	TEST_CHECK(pthread_create(&tb, NULL, blocked, &rank) == 0);
	TEST_CHECK(pthread_create(&th, NULL, receiver, NULL) == 0);
	for (int i = 0; i < N; i++)
		TEST_MPI(MPI_Send(&i, 1, MPI_INT, 0, 7, MPI_COMM_SELF));
	TEST_CHECK(pthread_join(th, NULL) == 0);

	/* While `blocked` sits in MPI_Recv, this thread still talks to a peer. */
	if (size > 1) {
		int peer = rank ^ 1, v = rank;
		for (int i = 0; i < 500 && peer < size; i++) {
			int w = -1;
			TEST_MPI(MPI_Sendrecv(&v, 1, MPI_INT, peer, 5, &w, 1, MPI_INT, peer, 5,
					      MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			TEST_CHECK(w == peer);
		}
	}
	int v = 4242;
	TEST_MPI(MPI_Send(&v, 1, MPI_INT, rank, 99, MPI_COMM_WORLD));
	TEST_CHECK(pthread_join(tb, NULL) == 0);
	MPI_Finalize();
	return 0;
}
