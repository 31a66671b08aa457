/*
 * Description: a linear scatter's root sends its large blocks by single
 * copy, never eagerly, even where a plain send of that size goes eagerly
 * (more ranks than online CPUs: lib/p2p/p2p_eager_rule.h's FAN_OUT): with
 * the other members away for 100 ms, the root's MPI_Scatter of 128 KiB
 * blocks does not finish before they come back, while a plain MPI_Send of
 * 8 KiB finishes at once (eager under every limit: the calibration's
 * floor, tests/mpi/p2p_eager_limit).  Every member gets
 * its block intact.
 * np: 3
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

#define AWAY 0.1       /* seconds the other members stay out of MPI */
#define WAITED_IF 0.05 /* a root that took longer waited for them */
#define BLOCK 131072
#define SMALL 8192

static void away(void)
{
	double until = mpitest_now() + AWAY;
	while (mpitest_now() < until)
		usleep(1000);
}

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	char *blocks = malloc((size_t)size * BLOCK), *mine = malloc(BLOCK);
	TEST_CHECK(blocks && mine);

	/* The contrast: a plain send this small is eager on every machine
	 * (a limit measured at start is 8-32 KiB). */
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		memset(blocks, 1, SMALL);
		double t = mpitest_now();
		TEST_MPI(MPI_Send(blocks, SMALL, MPI_CHAR, 1, 0, MPI_COMM_WORLD));
		TEST_CHECK(mpitest_now() - t < WAITED_IF);
	} else if (rank == 1) {
		away();
		TEST_MPI(MPI_Recv(mine, SMALL, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		TEST_CHECK(mine[0] == 1 && mine[SMALL - 1] == 1);
	}

	/* The root's scatter waits for the members. */
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		for (int i = 0; i < size * BLOCK; i++)
			blocks[i] = (char)(i * 13 + i / BLOCK);
		double t = mpitest_now();
		TEST_MPI(MPI_Scatter(blocks, BLOCK, MPI_CHAR, mine, BLOCK, MPI_CHAR, 0, MPI_COMM_WORLD));
		TEST_CHECK(mpitest_now() - t > WAITED_IF);
	} else {
		away();
		memset(mine, 0, BLOCK);
		TEST_MPI(MPI_Scatter(NULL, 0, MPI_CHAR, mine, BLOCK, MPI_CHAR, 0, MPI_COMM_WORLD));
	}
	for (int j = 0; j < BLOCK; j++) {
		int i = rank * BLOCK + j;
		TEST_CHECK(mine[j] == (char)(i * 13 + i / BLOCK));
	}
	free(blocks);
	free(mine);
	MPI_Finalize();
	return 0;
}
