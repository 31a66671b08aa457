/*
 * perf/startup.c - job start time: MPI_Init and MPI_Finalize, nothing else.
 * perf/compare times the whole launcher command around it.
 */
#include <mpi.h>

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Finalize();
	return 0;
}
