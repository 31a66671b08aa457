/*
 * lib/topo.c - the topology object shared by the cartesian, graph and
 * distributed-graph code: copy on dup, free, and the neighbour lists the
 * neighbour collectives use (MPI-3.1 7.6: cart order is, per dimension,
 * the negative then the positive neighbour; MPI_PROC_NULL where a
 * non-periodic edge has none).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/topo.h"

static int *dup_ints(const int *a, int n, int *ok)
{
	if (!a || n <= 0)
		return NULL;
	int *b = malloc(sizeof(int) * (size_t)n);
	if (!b)
		*ok = 0;
	else
		memcpy(b, a, sizeof(int) * (size_t)n);
	return b;
}

void mpii_topo_free(struct mpii_comm *c)
{
	struct mpii_topo *t = c->topo;
	if (!t)
		return;
	free(t->dims);
	free(t->periods);
	free(t->index);
	free(t->edges);
	free(t->sources);
	free(t->sweights);
	free(t->dests);
	free(t->dweights);
	free(t);
	c->topo = NULL;
}

int mpii_topo_copy(struct mpii_comm *old, struct mpii_comm *new)
{
	struct mpii_topo *o = old->topo;
	if (!o)
		return MPI_SUCCESS;
	struct mpii_topo *t = calloc(1, sizeof(*t));
	if (!t)
		return MPI_ERR_NO_MEM;
	int ok = 1;
	*t = *o;
	t->dims = dup_ints(o->dims, o->ndims, &ok);
	t->periods = dup_ints(o->periods, o->ndims, &ok);
	t->index = dup_ints(o->index, o->nnodes, &ok);
	t->edges = dup_ints(o->edges, o->nedges, &ok);
	t->sources = dup_ints(o->sources, o->indeg, &ok);
	t->sweights = dup_ints(o->sweights, o->indeg, &ok);
	t->dests = dup_ints(o->dests, o->outdeg, &ok);
	t->dweights = dup_ints(o->dweights, o->outdeg, &ok);
	new->topo = t;
	if (!ok) {
		mpii_topo_free(new);
		return MPI_ERR_NO_MEM;
	}
	return MPI_SUCCESS;
}

int mpii_topo_neighbors(struct mpii_comm *c, int *nin, const int **in, int *nout,
			const int **out, int **scratch)
{
	struct mpii_topo *t = c->topo;
	*scratch = NULL;
	if (!t)
		return MPI_ERR_TOPOLOGY;
	if (t->kind == MPI_DIST_GRAPH) {
		*nin = t->indeg;
		*in = t->sources;
		*nout = t->outdeg;
		*out = t->dests;
		return MPI_SUCCESS;
	}
	if (t->kind == MPI_GRAPH) {
		int r = c->rank;
		int first = r ? t->index[r - 1] : 0;
		*nin = *nout = t->index[r] - first;
		*in = *out = t->edges + first;
		return MPI_SUCCESS;
	}
	/* cart: 2 per dimension, the same list for in and out */
	int *nb = malloc(sizeof(int) * (size_t)(2 * t->ndims + 1));
	if (!nb)
		return MPI_ERR_NO_MEM;
	int coords[64], r = c->rank, rest = r;
	for (int d = t->ndims - 1; d >= 0; d--) {
		coords[d] = rest % t->dims[d];
		rest /= t->dims[d];
	}
	for (int d = 0; d < t->ndims; d++) {
		for (int s = 0; s < 2; s++) {
			int cd = coords[d] + (s ? 1 : -1);
			int peer = MPI_PROC_NULL;
			if (t->periods[d] || (cd >= 0 && cd < t->dims[d])) {
				cd = (cd % t->dims[d] + t->dims[d]) % t->dims[d];
				peer = 0;
				for (int e = 0; e < t->ndims; e++)
					peer = peer * t->dims[e] + (e == d ? cd : coords[e]);
			}
			nb[2 * d + s] = peer;
		}
	}
	*scratch = nb;
	*nin = *nout = 2 * t->ndims;
	*in = *out = nb;
	return MPI_SUCCESS;
}
