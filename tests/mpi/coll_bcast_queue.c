/*
 * Description: runs of small broadcasts that let roots run ahead of their
 * readers (lib/coll/shm_queue.c): thousands of back-to-back bcasts with
 * rotating and repeated roots, sizes on both sides of the queue's slot
 * limit, some ranks delayed so that the queue fills and the root waits,
 * mixed with allreduce and barrier on the same communicator and on a dup;
 * every byte checked.
 * np: 1 2 3 4 8
 */
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

static unsigned char expected(int it, int root, int i)
{
	return (unsigned char)(it * 31 + root * 7 + i);
}

static void run(MPI_Comm comm, int iters)
{
	int n, r;
	MPI_Comm_size(comm, &n);
	MPI_Comm_rank(comm, &r);
	unsigned char buf[700];
	for (int it = 0; it < iters; it++) {
		int root = (it / 200) % n;           /* long runs of one root */
		/* 1..568 through the queue; now and then 600 through the
		 * parity buffers, which waits for every reader. */
		int len = it % 200 == 150 ? 600 : 1 + (it * 37) % 568;
		if (r == root)
			for (int i = 0; i < len; i++)
				buf[i] = expected(it, root, i);
		else
			memset(buf, 0xee, sizeof(buf));
		TEST_MPI(MPI_Bcast(buf, len, MPI_UNSIGNED_CHAR, root, comm));
		for (int i = 0; i < len; i++)
			TEST_CHECK(buf[i] == expected(it, root, i));
		TEST_CHECK(buf[len] == (r == root ? buf[len] : 0xee));
		if (it % 200 == 10 && r == (root + 1) % n)
			usleep(3000);                 /* let the root fill the queue */
		if (it % 300 == 0) {
			long x = r + it, sum;
			TEST_MPI(MPI_Allreduce(&x, &sum, 1, MPI_LONG, MPI_SUM, comm));
			TEST_CHECK(sum == (long)n * (n - 1) / 2 + (long)n * it);
		}
		if (it % 400 == 399)
			TEST_MPI(MPI_Barrier(comm));
	}
}

int main(int argc, char **argv)
{
	MPI_Comm dup;
	MPI_Init(&argc, &argv);
	run(MPI_COMM_WORLD, 3000);
	MPI_Comm_dup(MPI_COMM_WORLD, &dup);
	run(dup, 1000);
	run(MPI_COMM_WORLD, 1000);
	MPI_Comm_free(&dup);
	MPI_Finalize();
	return 0;
}
