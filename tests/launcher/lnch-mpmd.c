/*
 * Description: an MPI program for the MPMD test (tests/launcher/mpmd.sh):
 * every rank prints "R of N app A name NAME sum S" where A is its
 * MPI_APPNUM, NAME its first argument and S the MPI_Allreduce sum of the
 * ranks over MPI_COMM_WORLD (proof that all programs share it).
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
	int rank, size, flag = 0, sum = -1, *appnum = NULL;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &appnum, &flag);
	MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	printf("%d of %d app %d name %s sum %d\n", rank, size, flag ? *appnum : -1,
	       argc > 1 ? argv[1] : "-", sum);
	MPI_Finalize();
	return 0;
}
