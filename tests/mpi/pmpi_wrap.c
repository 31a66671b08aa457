/*
 * Description: the profiling interface: a program that defines MPI_Send and
 * MPI_Recv itself intercepts its own calls and forwards them to PMPI_Send /
 * PMPI_Recv; calls the library makes internally are not seen.
 * np: 2
 */
#include "mpitest.h"

static int sends, recvs;

int MPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
	sends++;
	return PMPI_Send(buf, count, dt, dest, tag, comm);
}

int MPI_Recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm, MPI_Status *st)
{
	recvs++;
	return PMPI_Recv(buf, count, dt, src, tag, comm, st);
}

int main(int argc, char **argv)
{
	int rank, x = 3;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	for (int i = 0; i < 5; i++) {
		if (rank == 0)
			MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
		else
			MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	}
	/* Sendrecv uses the transport directly, not MPI_Send/MPI_Recv */
	MPI_Sendrecv(&x, 1, MPI_INT, 1 - rank, 1, &x, 1, MPI_INT, 1 - rank, 1, MPI_COMM_WORLD,
		     MPI_STATUS_IGNORE);
	TEST_CHECK(rank == 0 ? sends == 5 && recvs == 0 : recvs == 5 && sends == 0);
	MPI_Finalize();
	return 0;
}
