/*
 * perf/lang_c.c - the C half of the Fortran-versus-C overhead benchmark
 * (perf/lang.sh; perf/lang_f08.f90 and perf/lang_mpi.f90 are the same
 * loops in Fortran).  Ranks 0 and 1 pingpong 8 bytes with MPI_Send and
 * MPI_Recv; then every rank allreduces one double.  Prints the best of
 * REPS runs of ITERS round trips, in microseconds per operation:
 *   "pingpong_us X allreduce_us Y"
 */
#include <stdio.h>
#include <stdlib.h>
#include "mpi.h"

int main(int argc, char **argv)
{
	int rank, iters = argc > 1 ? atoi(argv[1]) : 100000, reps = 5;
	double buf = 0, x, y, best_pp = 1e30, best_ar = 1e30;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	for (int r = 0; r < reps; r++) {
		MPI_Barrier(MPI_COMM_WORLD);
		double t = MPI_Wtime();
		for (int i = 0; i < iters; i++) {
			if (rank == 0) {
				MPI_Send(&buf, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
				MPI_Recv(&buf, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			} else if (rank == 1) {
				MPI_Recv(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				MPI_Send(&buf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
			}
		}
		t = (MPI_Wtime() - t) / iters / 2 * 1e6;
		if (t < best_pp)
			best_pp = t;
		MPI_Barrier(MPI_COMM_WORLD);
		t = MPI_Wtime();
		for (int i = 0; i < iters; i++) {
			x = i;
			MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		}
		t = (MPI_Wtime() - t) / iters * 1e6;
		if (t < best_ar)
			best_ar = t;
	}
	if (rank == 0)
		printf("pingpong_us %.4f allreduce_us %.4f\n", best_pp, best_ar);
	MPI_Finalize();
	return 0;
}
