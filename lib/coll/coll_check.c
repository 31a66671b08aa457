/*
 * lib/coll/coll_check.c - argument checks shared by the collective entry points
 * (see lib/coll/coll_check.h).
 */
#include <stdlib.h>
#include "lib/coll/coll_check.h"

int mpii_coll_check_comm(MPI_Comm comm, const char **why)
{
	if (mpii_comm_check(comm)) {
		*why = "invalid communicator";
		return MPI_ERR_COMM;
	}
	return MPI_SUCCESS;
}

int mpii_coll_check_buf(int count, MPI_Datatype dt, const char **why)
{
	if (count < 0) {
		*why = "negative count";
		return MPI_ERR_COUNT;
	}
	if (mpii_type_check_comm(dt)) {
		*why = "invalid or uncommitted datatype";
		return MPI_ERR_TYPE;
	}
	if (mpii_type_count_check(count, dt, 0)) {
		*why = "count x datatype size overflows";
		return MPI_ERR_COUNT;
	}
	return MPI_SUCCESS;
}

int mpii_coll_check_root(MPI_Comm comm, int root, const char **why)
{
	if (comm->is_inter && (root == MPI_ROOT || root == MPI_PROC_NULL))
		return MPI_SUCCESS;
	if (root < 0 || root >= mpii_comm_peer_size(comm)) {
		*why = "root out of range";
		return MPI_ERR_ROOT;
	}
	return MPI_SUCCESS;
}

void mpii_coll_roles(MPI_Comm comm, int root, int *is_root, int *member)
{
	*is_root = comm->is_inter ? root == MPI_ROOT : comm->rank == root;
	*member = comm->is_inter ? root >= 0 : 1;
}

int mpii_coll_check_in_place(MPI_Comm comm, const void *buf, const char **why)
{
	if (comm->is_inter && buf == MPI_IN_PLACE) {
		*why = "MPI_IN_PLACE on an intercommunicator";
		return MPI_ERR_BUFFER;
	}
	return MPI_SUCCESS;
}

int mpii_coll_check_op(MPI_Op op, MPI_Datatype dt, const char **why)
{
	if (mpii_op_check(op)) {
		*why = "invalid op";
		return MPI_ERR_OP;
	}
	if (mpii_op_check_type(op, dt)) {
		*why = "op not defined on this datatype";
		return MPI_ERR_OP;
	}
	return MPI_SUCCESS;
}

int mpii_coll_check_counts(const int *counts, int n, const char **why)
{
	if (!counts) {
		*why = "counts array is NULL";
		return MPI_ERR_ARG;
	}
	for (int i = 0; i < n; i++)
		if (counts[i] < 0) {
			*why = "negative count";
			return MPI_ERR_COUNT;
		}
	return MPI_SUCCESS;
}

MPI_Count *mpii_coll_counts(int n, const int *counts, int uniform)
{
	MPI_Count *c = malloc(sizeof(MPI_Count) * (size_t)(n > 0 ? n : 1));
	if (c)
		for (int i = 0; i < n; i++)
			c[i] = counts ? counts[i] : uniform;
	return c;
}

MPI_Aint *mpii_coll_displs(int n, const int *displs, int uniform, MPI_Aint scale)
{
	MPI_Aint *d = malloc(sizeof(MPI_Aint) * (size_t)(n > 0 ? n : 1));
	if (d)
		for (int i = 0; i < n; i++)
			d[i] = (displs ? (MPI_Aint)displs[i] : (MPI_Aint)i * uniform) * scale;
	return d;
}
