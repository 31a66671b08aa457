/*
 * Description: a rank that calls MPI_Abort(…, 7) takes the job down; the
 * launcher exits with 7 and kills the rank that is still blocked in a receive.
 * np: 2 4
 * expect-exit: 7
 */
#include <unistd.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, x;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank == 1)
		MPI_Abort(MPI_COMM_WORLD, 7);
	/* the others block forever: the launcher must kill them */
	MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	MPI_Finalize();
	return 0;
}
