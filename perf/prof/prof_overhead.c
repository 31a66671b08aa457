/*
 * prof_overhead.c - cost of one profiled MPI call.  Times ITER calls of
 * MPI_Comm_rank (the cheapest wrapped call, so the difference between a run
 * with and without the profiler is the profiler) and prints, on rank 0, the
 * best of 20 rounds in wall time and in the thread's CPU time (the latter
 * leaves out time the rank was preempted on a loaded machine).  Run it
 * twice: plain, then with SHMPI_PROFILE=... and (for a dynamically linked
 * build) LD_PRELOAD=libshmpi-prof.so.
 * Usage: prof_overhead [ITER]   (default 1000000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <mpi.h>

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	long iter = argc > 1 ? atol(argv[1]) : 1000000;
	double t0, c0, wall = 1e30, cpu = 1e30;
	int rank, r, rep;
	long i;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	for (rep = 0; rep < 20; rep++) {
		t0 = MPI_Wtime();
		c0 = cpu_now();
		for (i = 0; i < iter; i++)
			MPI_Comm_rank(MPI_COMM_WORLD, &r);
		c0 = cpu_now() - c0;
		t0 = MPI_Wtime() - t0;
		wall = t0 < wall ? t0 : wall;
		cpu = c0 < cpu ? c0 : cpu;
	}
	if (rank == 0)
		printf("MPI_Comm_rank: %.1f ns per call wall, %.1f ns cpu (best of 20 x %ld)\n",
		       wall / iter * 1e9, cpu / iter * 1e9, iter);
	MPI_Finalize();
	return 0;
}
