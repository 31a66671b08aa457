/*
 * perf/lang_count_c.c - the C half of the deterministic Fortran-versus-C
 * overhead count (perf/lang_count.sh; perf/lang_count_mpi.f90 and
 * perf/lang_count_f08.f90 are the same loops in Fortran).  One process,
 * no launcher needed: "pp N" loops N times over MPI_Isend to self +
 * MPI_Recv + MPI_Wait of one double; "ar N" over MPI_Allreduce of one
 * double on MPI_COMM_WORLD.  Run under valgrind for two values of N, the
 * difference of the instruction counts over the difference of N is the
 * instructions per iteration, free of start-up and of machine load.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mpi.h"

int main(int argc, char **argv)
{
	int n = argc > 2 ? atoi(argv[2]) : 1000, pp = argc > 1 && !strcmp(argv[1], "pp");
	double sbuf = 1, rbuf = 0, x, y = 0;
	MPI_Request req;

	MPI_Init(&argc, &argv);
	if (pp) {
		for (int i = 0; i < n; i++) {
			MPI_Isend(&sbuf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
			MPI_Recv(&rbuf, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Wait(&req, MPI_STATUS_IGNORE);
		}
	} else {
		for (int i = 0; i < n; i++) {
			x = i;
			MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		}
	}
	printf("%s %d %g %g\n", pp ? "pp" : "ar", n, rbuf, y);
	MPI_Finalize();
	return 0;
}
