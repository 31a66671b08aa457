/*
 * lib/comm/topo_dist.c - distributed graph topologies (MPI-3.1 7.5.4, 7.5.5):
 * MPI_Dist_graph_create_adjacent, MPI_Dist_graph_create,
 * MPI_Dist_graph_neighbors_count, MPI_Dist_graph_neighbors.
 *
 * Each member keeps only its own view: sources[indeg] (+ weights) and
 * dests[outdeg] (+ weights).  The adjacent form stores the arguments as
 * given (their order is the order of the neighbour collectives).  The
 * general form exchanges the edges: every member contributes its
 * (source, destination, weight) triples to an allgatherv over the old
 * communicator and keeps those that name it, in the order of the
 * contributing rank and then of its arguments, so both ends of an edge
 * see the edges between them in the same order.  That costs O(edges of
 * the whole graph) per member, which is fine for one node.
 *
 * Weights: a member that passes MPI_UNWEIGHTED has an unweighted view;
 * MPI_WEIGHTS_EMPTY is accepted where the degree is 0.  For the general
 * form the graph is weighted unless some member passed MPI_UNWEIGHTED
 * (the standard requires all or none to), and that is agreed in the
 * exchange.  reorder is ignored (the identity); info is checked and
 * otherwise ignored.
 *
 * Error classes: MPI_ERR_TOPOLOGY without a dist graph topology,
 * MPI_ERR_RANK for a node out of range, MPI_ERR_ARG for negative degrees,
 * NULL arrays and output arrays too short, MPI_ERR_INFO for a bad info.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/attr/attr.h"
#include "lib/comm/topo.h"

static int is_unweighted(const int *w)
{
	return w == MPI_UNWEIGHTED;
}

/* Check a list of n neighbour ranks and their weights. */
static int check_list(int size, int n, const int *ranks, const int *weights, const char *what,
		      const char **why)
{
	if (n < 0) {
		*why = "negative degree";
		return MPI_ERR_ARG;
	}
	if (n > 0 && !ranks) {
		*why = what;
		return MPI_ERR_ARG;
	}
	for (int i = 0; i < n; i++)
		if (ranks[i] < 0 || ranks[i] >= size) {
			*why = "neighbour rank out of range";
			return MPI_ERR_RANK;
		}
	if (n > 0 && (!weights || weights == MPI_WEIGHTS_EMPTY)) {
		*why = "weights is NULL or MPI_WEIGHTS_EMPTY with a positive degree";
		return MPI_ERR_ARG;
	}
	return MPI_SUCCESS;
}

/* A dist graph topology of the given view; NULL when out of memory. */
static struct mpii_topo *dist_new(int indeg, const int *src, const int *sw, int outdeg,
				  const int *dst, const int *dw, int weighted)
{
	struct mpii_topo *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	int ok = 1;
	t->kind = MPI_DIST_GRAPH;
	t->indeg = indeg;
	t->outdeg = outdeg;
	t->weighted = weighted;
	t->sources = mpii_topo_ints(src, indeg, &ok);
	t->dests = mpii_topo_ints(dst, outdeg, &ok);
	if (weighted) {
		t->sweights = mpii_topo_ints(sw, indeg, &ok);
		t->dweights = mpii_topo_ints(dw, outdeg, &ok);
	}
	if (!ok) {
		mpii_topo_destroy(t);
		return NULL;
	}
	return t;
}

/* The checks both constructors start with.  reorder is a hint this
 * implementation does not take: ranks keep their order. */
static int create_args(const char *fn, MPI_Comm comm_old, MPI_Info info, int reorder,
		       MPI_Comm *comm_dist_graph)
{
	(void)reorder;
	return mpii_topo_check_args(fn, comm_old, info, comm_dist_graph, "comm_dist_graph is NULL");
}

int mpii_Dist_graph_create_adjacent(const char *fn, MPI_Comm comm_old, int indegree,
				    const int sources[], const int sourceweights[], int outdegree,
				    const int destinations[], const int destweights[],
				    MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
	int rc = create_args(fn, comm_old, info, reorder, comm_dist_graph);
	if (rc)
		return rc;
	int weighted = !is_unweighted(sourceweights) && !is_unweighted(destweights);
	const char *why = "";
	rc = check_list(comm_old->size, indegree, sources, weighted ? sourceweights : MPI_UNWEIGHTED,
			"sources is NULL", &why);
	if (!rc)
		rc = check_list(comm_old->size, outdegree, destinations,
				weighted ? destweights : MPI_UNWEIGHTED, "destinations is NULL", &why);
	if (rc)
		return mpii_err(comm_old, rc, fn, "%s", why);
	struct mpii_topo *t = dist_new(indegree, sources, sourceweights, outdegree, destinations,
				       destweights, weighted);
	if (!t)
		return mpii_err(comm_old, MPI_ERR_NO_MEM, fn, "out of memory");
	return mpii_topo_finish(fn, comm_old, comm_old->size, t, comm_dist_graph);
}

/* The edge exchange of the general form; builds *tp.  Collective over c. */
static int exchange_edges(struct mpii_comm *c, int nedges, const int *trip, int unweighted,
			  struct mpii_topo **tp)
{
	int n = c->size, me = c->rank;
	int mine[2] = { nedges, unweighted };
	int *hdr = malloc(sizeof(int) * 2 * (size_t)n);
	MPI_Count *cnt = malloc(sizeof(MPI_Count) * (size_t)n);
	MPI_Aint *dsp = malloc(sizeof(MPI_Aint) * (size_t)n);
	int *all = NULL, *lists = NULL;
	int rc = MPI_ERR_NO_MEM;
	if (!hdr || !cnt || !dsp)
		goto done;
	rc = mpii_allgather(mine, 2, MPI_INT, hdr, c);
	if (rc)
		goto done;
	long long total = 0;
	int weighted = 1;
	for (int i = 0; i < n; i++) {
		cnt[i] = 3 * (MPI_Count)hdr[2 * i];
		dsp[i] = (MPI_Aint)(3 * total);
		total += hdr[2 * i];
		if (hdr[2 * i + 1])
			weighted = 0;
	}
	rc = MPI_ERR_NO_MEM;
	all = malloc(sizeof(int) * (size_t)(3 * total + 1));
	if (!all)
		goto done;
	rc = mpii_allgatherv(trip, 3 * (MPI_Count)nedges, MPI_INT, all, cnt, dsp, MPI_INT, c, NULL);
	if (rc)
		goto done;
	int indeg = 0, outdeg = 0;
	for (long long e = 0; e < total; e++) {
		indeg += all[3 * e + 1] == me;
		outdeg += all[3 * e] == me;
	}
	rc = MPI_ERR_NO_MEM;
	lists = malloc(sizeof(int) * (size_t)(2 * (indeg + outdeg) + 1));
	if (!lists)
		goto done;
	int *src = lists, *sw = lists + indeg, *dst = sw + indeg, *dw = dst + outdeg;
	for (long long e = 0, i = 0, o = 0; e < total; e++) {
		if (all[3 * e + 1] == me) {
			src[i] = all[3 * e];
			sw[i++] = all[3 * e + 2];
		}
		if (all[3 * e] == me) {
			dst[o] = all[3 * e + 1];
			dw[o++] = all[3 * e + 2];
		}
	}
	*tp = dist_new(indeg, src, sw, outdeg, dst, dw, weighted);
	rc = *tp ? MPI_SUCCESS : MPI_ERR_NO_MEM;
done:
	free(hdr);
	free(cnt);
	free(dsp);
	free(all);
	free(lists);
	return rc;
}

int mpii_Dist_graph_create(const char *fn, MPI_Comm comm_old, int n, const int sources[],
			   const int degrees[], const int destinations[], const int weights[],
			   MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
	int rc = create_args(fn, comm_old, info, reorder, comm_dist_graph);
	if (rc)
		return rc;
	int size = comm_old->size;
	if (n < 0) /* n may exceed size: sources may repeat */
		return mpii_err(comm_old, MPI_ERR_ARG, fn, "n %d is negative", n);
	if (n > 0 && (!sources || !degrees))
		return mpii_err(comm_old, MPI_ERR_ARG, fn, "sources or degrees is NULL");
	long long nedges = 0;
	for (int i = 0; i < n; i++) {
		if (sources[i] < 0 || sources[i] >= size)
			return mpii_err(comm_old, MPI_ERR_RANK, fn, "source %d out of range",
					sources[i]);
		if (degrees[i] < 0)
			return mpii_err(comm_old, MPI_ERR_ARG, fn, "negative degree");
		nedges += degrees[i];
	}
	if (nedges > (1 << 28))
		return mpii_err(comm_old, MPI_ERR_ARG, fn, "too many edges");
	int unweighted = is_unweighted(weights);
	const char *why = "";
	rc = check_list(size, (int)nedges, destinations, unweighted ? MPI_UNWEIGHTED : weights,
			"destinations is NULL", &why);
	if (rc)
		return mpii_err(comm_old, rc, fn, "%s", why);
	int *trip = malloc(sizeof(int) * (size_t)(3 * nedges + 1));
	if (!trip)
		return mpii_err(comm_old, MPI_ERR_NO_MEM, fn, "out of memory");
	for (int i = 0, e = 0; i < n; i++)
		for (int j = 0; j < degrees[i]; j++, e++) {
			trip[3 * e] = sources[i];
			trip[3 * e + 1] = destinations[e];
			trip[3 * e + 2] = unweighted ? 1 : weights[e];
		}
	struct mpii_topo *t = NULL;
	mpii_lock();
	rc = exchange_edges(comm_old, (int)nedges, trip, unweighted, &t);
	if (!rc)
		rc = mpii_topo_comm(comm_old, size, t, comm_dist_graph);
	mpii_unlock();
	free(trip);
	if (rc)
		return mpii_err(comm_old, rc, fn, "cannot create the communicator");
	return MPI_SUCCESS;
}

int mpii_Dist_graph_neighbors_count(const char *fn, MPI_Comm comm, int *indegree, int *outdegree,
				    int *weighted)
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_DIST_GRAPH, fn, &t);
	if (rc)
		return rc;
	if (!indegree || !outdegree || !weighted)
		return mpii_err(comm, MPI_ERR_ARG, fn, "an output argument is NULL");
	*indegree = t->indeg;
	*outdegree = t->outdeg;
	*weighted = t->weighted;
	return MPI_SUCCESS;
}

/* Weights are returned only where the graph is weighted and the caller
 * gave an array. */
static int wants(const int *w)
{
	return w && w != MPI_UNWEIGHTED && w != MPI_WEIGHTS_EMPTY;
}

int mpii_Dist_graph_neighbors(const char *fn, MPI_Comm comm, int maxindegree, int sources[],
			      int sourceweights[], int maxoutdegree, int destinations[],
			      int destweights[])
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_DIST_GRAPH, fn, &t);
	if (rc)
		return rc;
	if (maxindegree < t->indeg || maxoutdegree < t->outdeg)
		return mpii_err(comm, MPI_ERR_ARG, fn, "maxindegree or maxoutdegree too small");
	if ((t->indeg > 0 && !sources) || (t->outdeg > 0 && !destinations))
		return mpii_err(comm, MPI_ERR_ARG, fn, "sources or destinations is NULL");
	for (int i = 0; i < t->indeg; i++) {
		sources[i] = t->sources[i];
		if (t->weighted && wants(sourceweights))
			sourceweights[i] = t->sweights[i];
	}
	for (int i = 0; i < t->outdeg; i++) {
		destinations[i] = t->dests[i];
		if (t->weighted && wants(destweights))
			destweights[i] = t->dweights[i];
	}
	return MPI_SUCCESS;
}
