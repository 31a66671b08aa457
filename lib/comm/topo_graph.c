/*
 * lib/comm/topo_graph.c - graph topologies (MPI-3.1 7.5.3, 7.5.5): MPI_Graph_create,
 * MPI_Graphdims_get, MPI_Graph_get, MPI_Graph_neighbors_count,
 * MPI_Graph_neighbors, MPI_Graph_map.
 *
 * Every member holds the whole graph (index[nnodes], edges[nedges]) as the
 * user passed it; reorder is ignored (node i is rank i of the old
 * communicator).  The neighbours of rank r are edges[index[r-1] ..
 * index[r]), in that order, which is also the order of the neighbour
 * collectives (lib/comm/topo.c).
 *
 * Error classes: MPI_ERR_TOPOLOGY for a communicator without a graph
 * topology, MPI_ERR_ARG for a bad description (nnodes out of range,
 * decreasing index, edge out of range, NULL arrays) and output arrays too
 * short, MPI_ERR_RANK for a rank out of range.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/core/core.h"
#include "lib/comm/topo.h"

/* Check a graph description against a communicator of size n. */
static int check_graph(int size, int nnodes, const int index[], const int edges[],
		       const char **why)
{
	if (nnodes < 0 || nnodes > size) {
		*why = "nnodes out of range";
		return MPI_ERR_ARG;
	}
	if (nnodes == 0)
		return MPI_SUCCESS;
	if (!index) {
		*why = "index is NULL";
		return MPI_ERR_ARG;
	}
	for (int i = 0; i < nnodes; i++)
		if (index[i] < (i ? index[i - 1] : 0)) {
			*why = "index is negative or decreasing";
			return MPI_ERR_ARG;
		}
	int nedges = index[nnodes - 1];
	if (nedges > 0 && !edges) {
		*why = "edges is NULL";
		return MPI_ERR_ARG;
	}
	for (int e = 0; e < nedges; e++)
		if (edges[e] < 0 || edges[e] >= nnodes) {
			*why = "edge out of range";
			return MPI_ERR_ARG;
		}
	return MPI_SUCCESS;
}

/* The arguments MPI_Graph_create and MPI_Graph_map (fn) share: comm, the
 * graph and out (out_null: the detail when it is NULL).  MPI_SUCCESS or
 * what mpii_err() returned. */
static int graph_args(const char *fn, MPI_Comm comm, int nnodes, const int index[],
		      const int edges[], const void *out, const char *out_null)
{
	int rc = mpii_topo_check_args(fn, comm, MPI_INFO_NULL, out, out_null);
	if (rc)
		return rc;
	const char *why = "";
	rc = check_graph(comm->size, nnodes, index, edges, &why);
	return rc ? mpii_err(comm, rc, fn, "%s", why) : MPI_SUCCESS;
}

int mpii_Graph_create(const char *fn, MPI_Comm comm_old, int nnodes, const int index[],
		      const int edges[], int reorder, MPI_Comm *comm_graph)
{
	(void)reorder;
	int rc = graph_args(fn, comm_old, nnodes, index, edges, comm_graph, "comm_graph is NULL");
	if (rc)
		return rc;
	struct mpii_topo *t = NULL;
	if (nnodes > 0) {
		int nedges = index[nnodes - 1];
		t = calloc(1, sizeof(*t));
		if (t) {
			t->kind = MPI_GRAPH;
			t->nnodes = nnodes;
			t->nedges = nedges;
			t->index = malloc(sizeof(int) * (size_t)nnodes);
			t->edges = malloc(sizeof(int) * (size_t)(nedges + 1));
		}
		if (!t || !t->index || !t->edges) {
			mpii_topo_destroy(t);
			return mpii_err(comm_old, MPI_ERR_NO_MEM, fn, "out of memory");
		}
		memcpy(t->index, index, sizeof(int) * (size_t)nnodes);
		memcpy(t->edges, edges, sizeof(int) * (size_t)nedges);
	}
	return mpii_topo_finish(fn, comm_old, nnodes, t, comm_graph);
}

int mpii_Graphdims_get(const char *fn, MPI_Comm comm, int *nnodes, int *nedges)
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_GRAPH, fn, &t);
	if (rc)
		return rc;
	if (!nnodes || !nedges)
		return mpii_err(comm, MPI_ERR_ARG, fn, "nnodes or nedges is NULL");
	*nnodes = t->nnodes;
	*nedges = t->nedges;
	return MPI_SUCCESS;
}

int mpii_Graph_get(const char *fn, MPI_Comm comm, int maxindex, int maxedges, int index[],
		   int edges[])
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_GRAPH, fn, &t);
	if (rc)
		return rc;
	if (maxindex < t->nnodes || maxedges < t->nedges)
		return mpii_err(comm, MPI_ERR_ARG, fn, "maxindex %d or maxedges %d too small",
				maxindex, maxedges);
	if (!index || (t->nedges > 0 && !edges))
		return mpii_err(comm, MPI_ERR_ARG, fn, "index or edges is NULL");
	memcpy(index, t->index, sizeof(int) * (size_t)t->nnodes);
	if (t->nedges > 0)
		memcpy(edges, t->edges, sizeof(int) * (size_t)t->nedges);
	return MPI_SUCCESS;
}

/* Entry of call fn about node rank of comm's graph: its n neighbours are
 * nb[0 .. n).  MPI_SUCCESS or what mpii_err() returned. */
static int graph_node(MPI_Comm comm, int rank, const char *fn, const int **nb, int *n)
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_GRAPH, fn, &t);
	if (rc)
		return rc;
	if (rank < 0 || rank >= t->nnodes)
		return mpii_err(comm, MPI_ERR_RANK, fn, "rank %d out of range", rank);
	int first = rank ? t->index[rank - 1] : 0;
	*nb = t->edges + first;
	*n = t->index[rank] - first;
	return MPI_SUCCESS;
}

int mpii_Graph_neighbors_count(const char *fn, MPI_Comm comm, int rank, int *nneighbors)
{
	const int *nb;
	int n;
	int rc = graph_node(comm, rank, fn, &nb, &n);
	if (rc)
		return rc;
	if (!nneighbors)
		return mpii_err(comm, MPI_ERR_ARG, fn, "nneighbors is NULL");
	*nneighbors = n;
	return MPI_SUCCESS;
}

int mpii_Graph_neighbors(const char *fn, MPI_Comm comm, int rank, int maxneighbors, int neighbors[])
{
	const int *nb;
	int n;
	int rc = graph_node(comm, rank, fn, &nb, &n);
	if (rc)
		return rc;
	if (maxneighbors < n)
		return mpii_err(comm, MPI_ERR_ARG, fn, "maxneighbors %d < %d neighbours",
				maxneighbors, n);
	if (n > 0 && !neighbors)
		return mpii_err(comm, MPI_ERR_ARG, fn, "neighbors is NULL");
	if (n > 0)
		memcpy(neighbors, nb, sizeof(int) * (size_t)n);
	return MPI_SUCCESS;
}

int mpii_Graph_map(const char *fn, MPI_Comm comm, int nnodes, const int index[], const int edges[],
		   int *newrank)
{
	int rc = graph_args(fn, comm, nnodes, index, edges, newrank, "newrank is NULL");
	if (rc)
		return rc;
	*newrank = comm->rank < nnodes ? comm->rank : MPI_UNDEFINED;
	return MPI_SUCCESS;
}
