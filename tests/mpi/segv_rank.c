/*
 * Description: a rank that dies of SIGSEGV takes the job down: the launcher
 * exits with 128+11 and the other ranks, blocked in MPI, are killed.
 * np: 2 4
 * expect-exit: 139
 */
#include <signal.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, x;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank == 0)
		raise(SIGSEGV);
	MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	MPI_Finalize();
	return 0;
}
