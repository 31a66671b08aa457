/*
 * lib/core/unsupported.c - functions declared in mpi.h that shmpi does not
 * implement yet: dynamic processes.
 * Each reports MPI_ERR_UNSUPPORTED_OPERATION through the error handler of
 * the communicator it names (MPI_COMM_WORLD's otherwise), as
 * docs/STATUS.md lists.  Written out one by one so each is a real symbol
 * with its PMPI twin.
 */
#include "lib/comm/comm.h"
#include "lib/core/errors.h"

/* The communicator to report through: comm if it is usable. */
static MPI_Comm report_comm(MPI_Comm comm)
{
	return mpii_comm_check(comm) == MPI_SUCCESS ? comm : NULL;
}

#pragma weak MPI_Comm_spawn = PMPI_Comm_spawn
int PMPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[])
{
	(void)command;
	(void)argv;
	(void)maxprocs;
	(void)info;
	(void)root;
	(void)intercomm;
	(void)array_of_errcodes;
	return mpii_err(report_comm(comm), MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Comm_spawn",
			"not implemented in shmpi (docs/STATUS.md)");
}

/* No process of a shmpi job was spawned: the parent is MPI_COMM_NULL, which
 * is the standard's answer, not a placeholder. */
#pragma weak MPI_Comm_get_parent = PMPI_Comm_get_parent
int PMPI_Comm_get_parent(MPI_Comm *parent)
{
	if (!parent)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Comm_get_parent", "parent is NULL");
	*parent = MPI_COMM_NULL;
	return MPI_SUCCESS;
}
