/*
 * lib/comm/dynamic.c - dynamic processes: what shmpi answers today.
 *
 * No process of a shmpi job is ever spawned, so every process's parent is
 * MPI_COMM_NULL; that is the standard's answer, not a placeholder.
 * MPI_Comm_spawn itself is a stub (api/mpi.api marks it "stub";
 * lib/core/unsupported.c is generated from that) until dynamic processes
 * are implemented here.
 */
#include "lib/core/core.h"
#include "lib/comm/comm.h"

#pragma weak MPI_Comm_get_parent = PMPI_Comm_get_parent
int PMPI_Comm_get_parent(MPI_Comm *parent)
{
	if (!parent)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Comm_get_parent", "parent is NULL");
	*parent = MPI_COMM_NULL;
	return MPI_SUCCESS;
}
