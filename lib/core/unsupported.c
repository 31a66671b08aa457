/*
 * lib/core/unsupported.c - functions declared in mpi.h that shmpi does not
 * implement yet: one-sided communication (windows) and dynamic processes.
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

#pragma weak MPI_Win_create = PMPI_Win_create
int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
	(void)base;
	(void)size;
	(void)disp_unit;
	(void)info;
	(void)win;
	return mpii_err(report_comm(comm), MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_create",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_allocate = PMPI_Win_allocate
int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
	(void)size;
	(void)disp_unit;
	(void)info;
	(void)baseptr;
	(void)win;
	return mpii_err(report_comm(comm), MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_allocate",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_allocate_shared = PMPI_Win_allocate_shared
int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
	(void)size;
	(void)disp_unit;
	(void)info;
	(void)baseptr;
	(void)win;
	return mpii_err(report_comm(comm), MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_allocate_shared",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_shared_query = PMPI_Win_shared_query
int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr)
{
	(void)win;
	(void)rank;
	(void)size;
	(void)disp_unit;
	(void)baseptr;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_shared_query",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_free = PMPI_Win_free
int PMPI_Win_free(MPI_Win *win)
{
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_free",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_fence = PMPI_Win_fence
int PMPI_Win_fence(int assert, MPI_Win win)
{
	(void)assert;
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_fence",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_lock = PMPI_Win_lock
int PMPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
	(void)lock_type;
	(void)rank;
	(void)assert;
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_lock",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_unlock = PMPI_Win_unlock
int PMPI_Win_unlock(int rank, MPI_Win win)
{
	(void)rank;
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_unlock",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_lock_all = PMPI_Win_lock_all
int PMPI_Win_lock_all(int assert, MPI_Win win)
{
	(void)assert;
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_lock_all",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_unlock_all = PMPI_Win_unlock_all
int PMPI_Win_unlock_all(MPI_Win win)
{
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_unlock_all",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_flush = PMPI_Win_flush
int PMPI_Win_flush(int rank, MPI_Win win)
{
	(void)rank;
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_flush",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_sync = PMPI_Win_sync
int PMPI_Win_sync(MPI_Win win)
{
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_sync",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Put = PMPI_Put
int PMPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
	(void)origin_addr;
	(void)origin_count;
	(void)origin_datatype;
	(void)target_rank;
	(void)target_disp;
	(void)target_count;
	(void)target_datatype;
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Put",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Get = PMPI_Get
int PMPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
	(void)origin_addr;
	(void)origin_count;
	(void)origin_datatype;
	(void)target_rank;
	(void)target_disp;
	(void)target_count;
	(void)target_datatype;
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Get",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Accumulate = PMPI_Accumulate
int PMPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
	(void)origin_addr;
	(void)origin_count;
	(void)origin_datatype;
	(void)target_rank;
	(void)target_disp;
	(void)target_count;
	(void)target_datatype;
	(void)op;
	(void)win;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Accumulate",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_set_name = PMPI_Win_set_name
int PMPI_Win_set_name(MPI_Win win, const char *win_name)
{
	(void)win;
	(void)win_name;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_set_name",
			"not implemented in shmpi (docs/STATUS.md)");
}

#pragma weak MPI_Win_get_name = PMPI_Win_get_name
int PMPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen)
{
	(void)win;
	(void)win_name;
	(void)resultlen;
	return mpii_err(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Win_get_name",
			"not implemented in shmpi (docs/STATUS.md)");
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
