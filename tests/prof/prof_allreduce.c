/*
 * Description: an allreduce loop for the profiler tests.  ITER times
 * MPI_Allreduce of 16 doubles (128 bytes) over MPI_COMM_WORLD, then a
 * communicator "halves" (MPI_Comm_split by rank parity, named with
 * MPI_Comm_set_name) in which each rank does ITER MPI_Sendrecv of 8 ints
 * (32 bytes) with its right neighbour, so the per-communicator matrix must
 * map sub-ranks back to world ranks.  Needs an even number of ranks >= 4.
 * Usage: prof_allreduce [ITER]   (default 40)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
	double in[16], out[16];
	int s[8] = { 0 }, r[8];
	int iter = argc > 1 ? atoi(argv[1]) : 40;
	int rank, size, hrank, hsize, i, j;
	MPI_Comm halves;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	for (i = 0; i < iter; i++) {
		for (j = 0; j < 16; j++)
			in[j] = rank + i + j;
		MPI_Allreduce(in, out, 16, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		if (out[0] != (double)size * (size - 1) / 2 + (double)size * i) {
			fprintf(stderr, "rank %d: wrong sum %g\n", rank, out[0]);
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
	}
	MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &halves);
	MPI_Comm_set_name(halves, "halves");
	MPI_Comm_rank(halves, &hrank);
	MPI_Comm_size(halves, &hsize);
	for (i = 0; i < iter; i++)
		MPI_Sendrecv(s, 8, MPI_INT, (hrank + 1) % hsize, 3, r, 8, MPI_INT,
			     (hrank + hsize - 1) % hsize, 3, halves, MPI_STATUS_IGNORE);
	MPI_Comm_free(&halves);
	MPI_Finalize();
	return 0;
}
