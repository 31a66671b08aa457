/*
 * lib/comm/topo.c - the topology object shared by the cartesian, graph and
 * distributed-graph code: copy on dup, free, the communicator a topology
 * constructor makes (identity mapping of the old communicator's first n
 * ranks, context id agreed over the old one), row-major cartesian
 * coordinates, and the neighbour lists the neighbour collectives use (MPI-3.1 7.6: cart order is, per dimension,
 * the negative then the positive neighbour; MPI_PROC_NULL where a
 * non-periodic edge has none).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/attr/attr.h"
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/comm/group.h"
#include "lib/comm/topo.h"

int *mpii_topo_ints(const int *a, int n, int *ok)
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

void mpii_topo_destroy(struct mpii_topo *t)
{
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
}

void mpii_topo_free(struct mpii_comm *c)
{
	mpii_topo_destroy(c->topo);
	c->topo = NULL;
}

int mpii_topo_share_ctx(struct mpii_comm *c, uint32_t k, uint32_t *ctx)
{
	uint32_t v = 0;
	if (c->rank == 0)
		v = mpii_ctx_alloc(k);
	int rc = mpii_bcast(&v, 1, MPI_UINT32_T, 0, c, NULL);
	*ctx = v;
	return rc;
}

int mpii_topo_comm(struct mpii_comm *old, int n, struct mpii_topo *t, struct mpii_comm **out)
{
	*out = MPI_COMM_NULL;
	if (n == 0) {
		mpii_topo_destroy(t);
		return MPI_SUCCESS;
	}
	uint32_t ctx;
	int rc = mpii_topo_share_ctx(old, 1, &ctx);
	if (rc || old->rank >= n) {
		mpii_topo_destroy(t);
		return rc;
	}
	struct mpii_group *g = mpii_group_new(n);
	if (!g) {
		mpii_topo_destroy(t);
		return MPI_ERR_NO_MEM;
	}
	memcpy(g->world, old->group->world, sizeof(int) * (size_t)n);
	mpii_group_set_rank(g);
	struct mpii_comm *c = mpii_comm_derive(old, ctx, g, NULL);
	if (!c) {
		mpii_topo_destroy(t);
		return MPI_ERR_NO_MEM;
	}
	c->topo = t;
	*out = c;
	return MPI_SUCCESS;
}

int mpii_topo_check_args(const char *fn, MPI_Comm comm_old, MPI_Info info, const void *out,
			 const char *out_null)
{
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm_old))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm_old->is_inter)
		return mpii_err(comm_old, MPI_ERR_COMM, fn, "intercommunicator");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(comm_old, MPI_ERR_INFO, fn, "invalid info");
	if (!out)
		return mpii_err(comm_old, MPI_ERR_ARG, fn, "%s", out_null);
	return MPI_SUCCESS;
}

int mpii_topo_finish(const char *fn, MPI_Comm old, int n, struct mpii_topo *t, MPI_Comm *out)
{
	mpii_lock();
	int rc = mpii_topo_comm(old, n, t, out);
	mpii_unlock();
	if (rc)
		return mpii_err(old, rc, fn, "cannot create the communicator");
	return MPI_SUCCESS;
}

int mpii_topo_of(MPI_Comm comm, int kind, const char *fn, struct mpii_topo **t)
{
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (!comm->topo || comm->topo->kind != kind)
		return mpii_err(comm, MPI_ERR_TOPOLOGY, fn, "%s",
				kind == MPI_CART    ? "no cartesian topology"
				: kind == MPI_GRAPH ? "no graph topology"
						    : "no distributed graph topology");
	*t = comm->topo;
	return MPI_SUCCESS;
}

void mpii_cart_coords(const struct mpii_topo *t, int r, int *coords)
{
	for (int d = t->ndims - 1; d >= 0; d--) {
		coords[d] = r % t->dims[d];
		r /= t->dims[d];
	}
}

int mpii_cart_rank(const struct mpii_topo *t, const int *coords)
{
	int r = 0;
	for (int d = 0; d < t->ndims; d++)
		r = r * t->dims[d] + coords[d];
	return r;
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
	t->dims = mpii_topo_ints(o->dims, o->ndims, &ok);
	t->periods = mpii_topo_ints(o->periods, o->ndims, &ok);
	t->index = mpii_topo_ints(o->index, o->nnodes, &ok);
	t->edges = mpii_topo_ints(o->edges, o->nedges, &ok);
	t->sources = mpii_topo_ints(o->sources, o->indeg, &ok);
	t->sweights = mpii_topo_ints(o->sweights, o->indeg, &ok);
	t->dests = mpii_topo_ints(o->dests, o->outdeg, &ok);
	t->dweights = mpii_topo_ints(o->dweights, o->outdeg, &ok);
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
	/* cart: 2 per dimension, the same list for in and out; the
	 * coordinates live behind the list in the same allocation */
	int nd = t->ndims;
	int *nb = malloc(sizeof(int) * (size_t)(3 * nd + 1));
	if (!nb)
		return MPI_ERR_NO_MEM;
	int *coords = nb + 2 * nd;
	mpii_cart_coords(t, c->rank, coords);
	for (int d = 0; d < nd; d++) {
		int mine = coords[d];
		for (int s = 0; s < 2; s++) {
			int cd = mine + (s ? 1 : -1);
			int peer = MPI_PROC_NULL;
			if (t->periods[d] || (cd >= 0 && cd < t->dims[d])) {
				coords[d] = (cd % t->dims[d] + t->dims[d]) % t->dims[d];
				peer = mpii_cart_rank(t, coords);
			}
			nb[2 * d + s] = peer;
		}
		coords[d] = mine;
	}
	*scratch = nb;
	*nin = *nout = 2 * nd;
	*in = *out = nb;
	return MPI_SUCCESS;
}
