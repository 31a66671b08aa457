/*
 * Description: a token ring for the profiler tests.  Each rank sends ITER
 * messages of 250 ints (1000 bytes) to rank+1 and receives ITER from
 * rank-1 with blocking MPI_Send / MPI_Recv, then leaves through one
 * MPI_Barrier.  tests/prof/check_report.py knows the exact counts.
 * Usage: prof_ring [ITER]   (default 50)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define COUNT 250

int main(int argc, char **argv)
{
	int buf[COUNT] = { 0 };
	int iter = argc > 1 ? atoi(argv[1]) : 50;
	int rank, size, right, left, i;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	right = (rank + 1) % size;
	left = (rank + size - 1) % size;
	for (i = 0; i < iter; i++) {
		if (rank == 0) {
			buf[0] = i;
			MPI_Send(buf, COUNT, MPI_INT, right, 7, MPI_COMM_WORLD);
			MPI_Recv(buf, COUNT, MPI_INT, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else {
			MPI_Recv(buf, COUNT, MPI_INT, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Send(buf, COUNT, MPI_INT, right, 7, MPI_COMM_WORLD);
		}
		if (buf[0] != i) {
			fprintf(stderr, "rank %d: token %d, expected %d\n", rank, buf[0], i);
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
	}
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
