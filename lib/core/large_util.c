/*
 * lib/core/large_util.c - what the generated large-count forms MPI_X_c
 * share (lib/core/large.h): array narrowing, per-process array lengths,
 * error reports.  Topology degrees and the window and file error handlers
 * are asked through the public calls (PMPI_X), as any caller would: core
 * does not include lib/rma or lib/io.
 */
#include <stdlib.h>
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/core/large.h"

MPI_Count mpii_large_len(MPI_Comm comm, int how, int root)
{
	if (mpii_comm_check(comm))
		return 0;
	switch (how) {
	case MPII_LARGE_LEN_SIZE:
		return mpii_comm_peer_size(comm);
	case MPII_LARGE_LEN_LOCAL:
		return comm->size;
	case MPII_LARGE_LEN_ROOT:
		/* significant at the root only: an intercommunicator's root
		 * passes MPI_ROOT */
		if (comm->is_inter)
			return root == MPI_ROOT ? mpii_comm_peer_size(comm) : 0;
		return root == comm->rank ? comm->size : 0;
	default: {
		int topo = MPI_UNDEFINED, in = 0, out = 0, weighted, n;
		if (PMPI_Topo_test(comm, &topo) != MPI_SUCCESS)
			return 0;
		if (topo == MPI_DIST_GRAPH) {
			if (PMPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted))
				return 0;
		} else if (topo == MPI_GRAPH) {
			if (PMPI_Graph_neighbors_count(comm, comm->rank, &n))
				return 0;
			in = out = n;
		} else if (topo == MPI_CART) {
			if (PMPI_Cartdim_get(comm, &n))
				return 0;
			in = out = 2 * n;
		}
		return how == MPII_LARGE_LEN_INDEGREE ? in : out;
	}
	}
}

/* a as ints: its entries MPI_Count, or MPI_Aint when aint. */
static int narrow(const void *a, int aint, MPI_Count len, int **out)
{
	*out = NULL;
	if (!a || len <= 0)
		return MPI_SUCCESS;
	int *n = malloc(sizeof(int) * (size_t)len);
	if (!n)
		return MPI_ERR_NO_MEM;
	for (MPI_Count i = 0; i < len; i++) {
		MPI_Count v = aint ? (MPI_Count)((const MPI_Aint *)a)[i] : ((const MPI_Count *)a)[i];
		if (mpii_large_int(v, &n[i])) {
			free(n);
			return MPI_ERR_COUNT;
		}
	}
	*out = n;
	return MPI_SUCCESS;
}

int mpii_large_ints(const MPI_Count *a, MPI_Count len, int **out)
{
	return narrow(a, 0, len, out);
}

int mpii_large_ints_aint(const MPI_Aint *a, MPI_Count len, int **out)
{
	return narrow(a, 1, len, out);
}

int mpii_large_aints(const MPI_Count *a, MPI_Count len, MPI_Aint **out)
{
	*out = NULL;
	if (!a || len <= 0)
		return MPI_SUCCESS;
	MPI_Aint *n = malloc(sizeof(MPI_Aint) * (size_t)len);
	if (!n)
		return MPI_ERR_NO_MEM;
	for (MPI_Count i = 0; i < len; i++)
		n[i] = (MPI_Aint)a[i];
	*out = n;
	return MPI_SUCCESS;
}

static const char *why(int rc)
{
	return rc == MPI_ERR_NO_MEM ? "out of memory"
				    : "a count, size or displacement above INT_MAX, which this call "
				      "takes only up to INT_MAX (docs/STATUS.md, large counts)";
}

int mpii_large_err_comm(MPI_Comm comm, int rc, const char *fn)
{
	return mpii_err(comm && !mpii_comm_check(comm) ? comm : NULL, rc, fn, "%s", why(rc));
}

int mpii_large_err_win(MPI_Win win, int rc, const char *fn)
{
	/* MPI_Win_call_errhandler reports an invalid window itself. */
	(void)fn;
	(void)PMPI_Win_call_errhandler(win, rc);
	return rc;
}

int mpii_large_err_file(MPI_File fh, int rc, const char *fn)
{
	(void)fn;
	(void)PMPI_File_call_errhandler(fh, rc);
	return rc;
}
