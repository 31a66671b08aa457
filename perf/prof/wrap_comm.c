/*
 * wrap_comm.c - communicator management wrappers.  Besides their time they
 * keep the communicator table (comms.c) current: every creating call
 * registers its result (and counts toward the creation order that names
 * communicators across ranks), MPI_Comm_free forgets the handle, and
 * MPI_Comm_set_name renames the entry.
 */
#include "perf/prof/prof.h"

int MPI_Comm_size(MPI_Comm comm, int *size)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_size(comm, size);
	prof_leave(&call, PROF_FN_COMM_SIZE);
	return rc;
}

int MPI_Comm_rank(MPI_Comm comm, int *rank)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_rank(comm, rank);
	prof_leave(&call, PROF_FN_COMM_RANK);
	return rc;
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_dup(comm, newcomm);
	if (prof_leave(&call, PROF_FN_COMM_DUP) && rc == MPI_SUCCESS)
		prof_comm_created(*newcomm, 1);
	return rc;
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_dup_with_info(comm, info, newcomm);
	if (prof_leave(&call, PROF_FN_COMM_DUP_WITH_INFO) && rc == MPI_SUCCESS)
		prof_comm_created(*newcomm, 1);
	return rc;
}

int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_idup(comm, newcomm, request);
	if (prof_leave(&call, PROF_FN_COMM_IDUP) && rc == MPI_SUCCESS)
		prof_comm_created(*newcomm, 0);
	return rc;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_create(comm, group, newcomm);
	if (prof_leave(&call, PROF_FN_COMM_CREATE) && rc == MPI_SUCCESS)
		prof_comm_created(*newcomm, 1);
	return rc;
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_create_group(comm, group, tag, newcomm);
	if (prof_leave(&call, PROF_FN_COMM_CREATE_GROUP) && rc == MPI_SUCCESS)
		prof_comm_created(*newcomm, 1);
	return rc;
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_split(comm, color, key, newcomm);
	if (prof_leave(&call, PROF_FN_COMM_SPLIT) && rc == MPI_SUCCESS)
		prof_comm_created(*newcomm, 1);
	return rc;
}

int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
	if (prof_leave(&call, PROF_FN_COMM_SPLIT_TYPE) && rc == MPI_SUCCESS)
		prof_comm_created(*newcomm, 1);
	return rc;
}

int MPI_Comm_free(MPI_Comm *comm)
{
	struct prof_call call;
	MPI_Comm old = *comm;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_free(comm);
	if (prof_leave(&call, PROF_FN_COMM_FREE) && rc == MPI_SUCCESS)
		prof_comm_freed(old);
	return rc;
}

int MPI_Comm_disconnect(MPI_Comm *comm)
{
	struct prof_call call;
	MPI_Comm old = *comm;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_disconnect(comm);
	if (prof_leave(&call, PROF_FN_COMM_DISCONNECT) && rc == MPI_SUCCESS)
		prof_comm_freed(old);
	return rc;
}

int MPI_Comm_set_name(MPI_Comm comm, const char *comm_name)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Comm_set_name(comm, comm_name);
	if (prof_leave(&call, PROF_FN_COMM_SET_NAME) && rc == MPI_SUCCESS)
		prof_comm_named(comm, comm_name);
	return rc;
}

int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
			 int remote_leader, int tag, MPI_Comm *newintercomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag,
				   newintercomm);
	if (prof_leave(&call, PROF_FN_INTERCOMM_CREATE) && rc == MPI_SUCCESS)
		prof_comm_created(*newintercomm, 1);
	return rc;
}

int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Intercomm_merge(intercomm, high, newintracomm);
	if (prof_leave(&call, PROF_FN_INTERCOMM_MERGE) && rc == MPI_SUCCESS)
		prof_comm_created(*newintracomm, 1);
	return rc;
}

int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
		    int reorder, MPI_Comm *comm_cart)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Cart_create(comm_old, ndims, dims, periods, reorder, comm_cart);
	if (prof_leave(&call, PROF_FN_CART_CREATE) && rc == MPI_SUCCESS)
		prof_comm_created(*comm_cart, 1);
	return rc;
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Cart_sub(comm, remain_dims, newcomm);
	if (prof_leave(&call, PROF_FN_CART_SUB) && rc == MPI_SUCCESS)
		prof_comm_created(*newcomm, 1);
	return rc;
}

int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[],
		     int reorder, MPI_Comm *comm_graph)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Graph_create(comm_old, nnodes, index, edges, reorder, comm_graph);
	if (prof_leave(&call, PROF_FN_GRAPH_CREATE) && rc == MPI_SUCCESS)
		prof_comm_created(*comm_graph, 1);
	return rc;
}

int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
			  const int destinations[], const int weights[], MPI_Info info,
			  int reorder, MPI_Comm *comm_dist_graph)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info,
				    reorder, comm_dist_graph);
	if (prof_leave(&call, PROF_FN_DIST_GRAPH_CREATE) && rc == MPI_SUCCESS)
		prof_comm_created(*comm_dist_graph, 1);
	return rc;
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
				   const int sourceweights[], int outdegree,
				   const int destinations[], const int destweights[],
				   MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights,
					     outdegree, destinations, destweights, info, reorder,
					     comm_dist_graph);
	if (prof_leave(&call, PROF_FN_DIST_GRAPH_CREATE_ADJACENT) && rc == MPI_SUCCESS)
		prof_comm_created(*comm_dist_graph, 1);
	return rc;
}
