/*
 * prof_overhead.c - cost of one profiled MPI call.  Times ITER calls of
 * MPI_Comm_rank (the cheapest wrapped call, so the difference between a run
 * with and without the profiler is the profiler) and prints ns per call on
 * rank 0.  Run it twice: plain, then with SHMPI_PROFILE=... and (for a
 * dynamically linked build) LD_PRELOAD=libshmpi-prof.so.
 * Usage: prof_overhead [ITER]   (default 2000000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
	long iter = argc > 1 ? atol(argv[1]) : 2000000;
	double t0, best = 1e30;
	int rank, r, rep;
	long i;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	for (rep = 0; rep < 5; rep++) {
		t0 = MPI_Wtime();
		for (i = 0; i < iter; i++)
			MPI_Comm_rank(MPI_COMM_WORLD, &r);
		t0 = MPI_Wtime() - t0;
		if (t0 < best)
			best = t0;
	}
	if (rank == 0)
		printf("MPI_Comm_rank: %.1f ns per call (best of 5 x %ld)\n", best / iter * 1e9, iter);
	MPI_Finalize();
	return 0;
}
