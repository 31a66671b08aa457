/*
 * perf/spawn.c - MPI_Comm_spawn of 4 children plus a first message to each
 * (and its answer), the figure of issue 42.  A standard MPI program, so
 * that it builds against Open MPI and MPICH too:
 *   mpirun-shm -n 1 perf/spawn [ROUNDS]
 * Each round spawns 4 copies of this program (argument "child"), sends an
 * int to each and waits for its answer, then disconnects; the median and
 * the best round are printed in milliseconds.  The children's exit is not
 * in the time (MPI_Comm_disconnect ends the round's clock first).
 */
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIDS 4

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	MPI_Comm parent, inter;
	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	if (parent != MPI_COMM_NULL) {
		int v;
		MPI_Recv(&v, 1, MPI_INT, 0, 0, parent, MPI_STATUS_IGNORE);
		MPI_Send(&v, 1, MPI_INT, 0, 1, parent);
		MPI_Comm_disconnect(&parent);
		MPI_Finalize();
		return 0;
	}
	int rounds = argc > 1 ? atoi(argv[1]) : 5;
	if (rounds < 1 || rounds > 1000)
		rounds = 5;
	char *self = realpath("/proc/self/exe", NULL);
	char *args[] = { "child", NULL };
	double *t = malloc(sizeof(double) * (size_t)rounds);
	for (int r = 0; r < rounds; r++) {
		double t0 = MPI_Wtime();
		MPI_Comm_spawn(self, args, KIDS, MPI_INFO_NULL, 0, MPI_COMM_SELF, &inter,
			       MPI_ERRCODES_IGNORE);
		for (int k = 0; k < KIDS; k++) {
			int v = k;
			MPI_Send(&v, 1, MPI_INT, k, 0, inter);
		}
		for (int k = 0; k < KIDS; k++) {
			int v;
			MPI_Recv(&v, 1, MPI_INT, k, 1, inter, MPI_STATUS_IGNORE);
		}
		t[r] = (MPI_Wtime() - t0) * 1e3;
		MPI_Comm_disconnect(&inter);
	}
	qsort(t, (size_t)rounds, sizeof(double), cmp);
	printf("spawn %d + first message: median %.2f ms, best %.2f ms (%d rounds)\n", KIDS,
	       t[rounds / 2], t[0], rounds);
	free(t);
	free(self);
	MPI_Finalize();
	return 0;
}
