/*
 * Description: nonblocking and persistent point-to-point for the profiler
 * tests.  Phase 1: ITER rounds of MPI_Irecv from rank-1 + MPI_Isend of 100
 * bytes to rank+1 + MPI_Waitall.  Phase 2: one MPI_Send_init/MPI_Recv_init
 * pair of 64 bytes started ITER times with MPI_Startall + MPI_Waitall, then
 * freed.  Phase 3: MPI_Ibcast of 10 ints from rank 0 + MPI_Wait.
 * Usage: prof_nonblocking [ITER]   (default 30)
 */
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
	char sbuf[100] = { 0 }, rbuf[100];
	int v[10] = { 0 };
	int iter = argc > 1 ? atoi(argv[1]) : 30;
	int rank, size, right, left, i;
	MPI_Request req[2];

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	right = (rank + 1) % size;
	left = (rank + size - 1) % size;
	for (i = 0; i < iter; i++) {
		MPI_Irecv(rbuf, 100, MPI_CHAR, left, 1, MPI_COMM_WORLD, &req[0]);
		MPI_Isend(sbuf, 100, MPI_CHAR, right, 1, MPI_COMM_WORLD, &req[1]);
		MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
	}
	MPI_Recv_init(rbuf, 64, MPI_BYTE, left, 2, MPI_COMM_WORLD, &req[0]);
	MPI_Send_init(sbuf, 64, MPI_BYTE, right, 2, MPI_COMM_WORLD, &req[1]);
	for (i = 0; i < iter; i++) {
		MPI_Startall(2, req);
		MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
	}
	MPI_Request_free(&req[0]);
	MPI_Request_free(&req[1]);
	MPI_Ibcast(v, 10, MPI_INT, 0, MPI_COMM_WORLD, &req[0]);
	MPI_Wait(&req[0], MPI_STATUS_IGNORE);
	MPI_Finalize();
	return 0;
}
