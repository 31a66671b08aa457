/*
 * lib/comm/topo_cart.c - cartesian topologies (MPI-3.1 7.5.1, 7.5.4, 7.5.5):
 * MPI_Cart_create, MPI_Dims_create, MPI_Cart_get, MPI_Cartdim_get,
 * MPI_Cart_rank, MPI_Cart_coords, MPI_Cart_shift, MPI_Cart_sub,
 * MPI_Cart_map, MPI_Topo_test.
 *
 * Ranks are laid out row-major (the last dimension varies fastest), and
 * reorder is ignored: rank r of the new communicator is rank r of the old
 * one, which is as good as any mapping on one node.  The topology is the
 * whole grid (dims, periods); coordinates are computed from the rank.
 *
 * MPI_Cart_sub needs no exchange: every member knows the grid, so each
 * computes the members of its own subgrid; only the context ids are
 * agreed (rank 0 allocates one per subgrid, the subgrid with the
 * row-major index i of the dropped coordinates takes first + 2 i).
 *
 * Error classes: MPI_ERR_TOPOLOGY for a communicator without a cartesian
 * topology, MPI_ERR_DIMS for bad dimension counts or sizes (also a grid
 * larger than the communicator and MPI_Dims_create input that cannot be
 * completed), MPI_ERR_RANK for ranks and non-periodic coordinates out of
 * range, MPI_ERR_ARG for NULL arrays, output arrays shorter than ndims and
 * a shift direction out of range.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/comm/group.h"
#include "lib/comm/topo.h"

/* Check a grid description; *nodes gets the product.  Returns an error
 * class and sets *why. */
static int check_grid(int ndims, const int dims[], const int periods[], int *nodes,
		      const char **why)
{
	if (ndims < 0) {
		*why = "negative ndims";
		return MPI_ERR_DIMS;
	}
	if (ndims > 0 && (!dims || !periods)) {
		*why = "dims or periods is NULL";
		return MPI_ERR_ARG;
	}
	long long p = 1;
	for (int d = 0; d < ndims; d++) {
		if (dims[d] <= 0) {
			*why = "a dimension is not positive";
			return MPI_ERR_DIMS;
		}
		p *= dims[d];
		if (p > INT_MAX) {
			*why = "grid too large";
			return MPI_ERR_DIMS;
		}
	}
	*nodes = (int)p;
	return MPI_SUCCESS;
}

/* The arguments MPI_Cart_create and MPI_Cart_map (fn) share: comm, a grid
 * of *nodes that fits in it, and out (out_null: the detail when it is
 * NULL).  MPI_SUCCESS or what mpii_err() returned. */
static int grid_args(const char *fn, MPI_Comm comm, int ndims, const int dims[],
		     const int periods[], const void *out, const char *out_null, int *nodes)
{
	int rc = mpii_topo_check_args(fn, comm, MPI_INFO_NULL, out, out_null);
	if (rc)
		return rc;
	const char *why = "";
	rc = check_grid(ndims, dims, periods, nodes, &why);
	if (rc)
		return mpii_err(comm, rc, fn, "%s", why);
	if (*nodes > comm->size)
		return mpii_err(comm, MPI_ERR_DIMS, fn, "grid of %d > communicator size %d",
				*nodes, comm->size);
	return MPI_SUCCESS;
}

/* A cartesian topology object; NULL when out of memory. */
static struct mpii_topo *cart_new(int ndims, const int dims[], const int periods[])
{
	struct mpii_topo *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->kind = MPI_CART;
	t->ndims = ndims;
	if (ndims > 0) {
		t->dims = malloc(sizeof(int) * (size_t)ndims);
		t->periods = malloc(sizeof(int) * (size_t)ndims);
		if (!t->dims || !t->periods) {
			mpii_topo_destroy(t);
			return NULL;
		}
		for (int d = 0; d < ndims; d++) {
			t->dims[d] = dims[d];
			t->periods[d] = periods[d] != 0;
		}
	}
	return t;
}

int mpii_Cart_create(const char *fn, MPI_Comm comm_old, int ndims, const int dims[],
		     const int periods[], int reorder, MPI_Comm *comm_cart)
{
	(void)reorder;
	int nodes = 0;
	int rc = grid_args(fn, comm_old, ndims, dims, periods, comm_cart, "comm_cart is NULL",
			   &nodes);
	if (rc)
		return rc;
	struct mpii_topo *t = cart_new(ndims, dims, periods);
	if (!t)
		return mpii_err(comm_old, MPI_ERR_NO_MEM, fn, "out of memory");
	return mpii_topo_finish(fn, comm_old, nodes, t, comm_cart);
}

/* Search state of dims_fill: the best non-increasing factorisation found
 * so far (see dims_fill) and the one
 * being built. */
struct dims_search {
	int k;
	int *cur, *best;
	long long best_spread; /* -1: none found yet */
	int *div, ndiv;        /* the divisors of the original m, decreasing */
};

/* Does x^e reach at least m?  (Without overflow.) */
static int pow_reaches(long long x, int e, long long m)
{
	long long p = 1;
	for (int i = 0; i < e; i++) {
		p *= x;
		if (p >= m)
			return 1;
	}
	return p >= m;
}

/* The largest r with r^e <= m (e >= 1): no factorisation of m into e
 * factors has its smallest factor above it. */
static long long iroot(long long m, int e)
{
	long long r = 1;
	while (!pow_reaches(r + 1, e, m + 1))
		r++;
	return r;
}

/* Whether cur[0..k-1] (ending in last) beats the best found: the least
 * spread, then the least (cur[1] - last, cur[2] - last, ...). */
static int dims_better(const struct dims_search *s, long long last)
{
	long long spread = (long long)s->cur[0] - last;
	if (s->best_spread < 0 || spread < s->best_spread)
		return 1;
	if (spread > s->best_spread)
		return 0;
	for (int i = 1; i < s->k; i++) {
		long long a = (long long)s->cur[i] - last;
		long long b = (long long)s->best[i] - s->best[s->k - 1];
		if (a != b)
			return a < b;
	}
	return 0;
}

/* Fill slots pos..k-1 (pos > 0) with divisors of m, each at most cap,
 * non-increasing. */
static void dims_search(struct dims_search *s, int pos, long long m, long long cap)
{
	int left = s->k - pos;
	if (left == 1) {
		if (m > cap)
			return;
		s->cur[pos] = (int)m;
		if (dims_better(s, m)) {
			memcpy(s->best, s->cur, sizeof(int) * (size_t)s->k);
			s->best_spread = (long long)s->cur[0] - m;
		}
		return;
	}
	/* the divisors go largest first; a slot d needs d^left >= m, and the
	 * later slots are at most d, so the spread is at least cur[0] - d:
	 * both only grow worse as d shrinks.  The smallest of the later
	 * slots is at most the (left-1)-th root of m / d: a subtree whose
	 * spread cannot reach the best is skipped. */
	for (int i = 0; i < s->ndiv; i++) {
		long long d = s->div[i];
		if (d > cap || m % d)
			continue;
		if (!pow_reaches(d, left, m))
			break;
		if (s->best_spread >= 0 && s->cur[0] - d > s->best_spread)
			break;
		if (s->best_spread >= 0 && s->cur[0] - iroot(m / d, left - 1) > s->best_spread)
			continue;
		s->cur[pos] = (int)d;
		dims_search(s, pos + 1, m / d, d);
	}
}

/* The first slot, smallest candidate first: balanced factorisations start
 * near the k-th root, so a good bound is found at once, and a first slot
 * d gives a spread of at least d - (k-th root of m), which only grows. */
static void dims_search_first(struct dims_search *s, long long m)
{
	long long root = iroot(m, s->k);
	for (int i = s->ndiv - 1; i >= 0; i--) {
		long long d = s->div[i];
		if (!pow_reaches(d, s->k, m))
			continue;
		if (s->best_spread >= 0 && d - root > s->best_spread)
			break;
		s->cur[0] = (int)d;
		if (s->k == 1) {
			if (d == m)
				dims_search(s, 0, m, m);
			continue;
		}
		dims_search(s, 1, m / d, d);
	}
}

/* Balanced factorisation of m into k factors, non-increasing (MPI-3.1
 * 7.5.2 "as close to each other as possible"): with last the smallest
 * factor, the least (d[0] - last, d[1] - last, ...) in lexicographic order:
 * the least spread, then the most balanced rest (72 in 2 gives 9x8; 5040
 * in 3 gives 21x16x15, not 20x18x14; 18576 in 4 gives 43x9x8x6: the MPICH
 * suite's topo/dims5 table).  An exact search over
 * non-increasing divisor sequences, pruned by the best spread found. */
static int dims_fill(int m, int k, int *slot)
{
	/* an int has at most 1536 divisors, so at most 768 below its root */
	int lo[1024], hi[1024], nlo = 0, nhi = 0;
	for (long long d = 1; d * d <= m; d++)
		if (m % d == 0) {
			lo[nlo++] = (int)d;
			if (d * d != m)
				hi[nhi++] = (int)(m / d);
		}
	int *div = malloc(sizeof(int) * (size_t)(nlo + nhi));
	int *cur = malloc(sizeof(int) * (size_t)k);
	if (!div || !cur) {
		free(div);
		free(cur);
		return MPI_ERR_NO_MEM;
	}
	int ndiv = 0; /* decreasing: the cofactors as found, then lo reversed */
	for (int i = 0; i < nhi; i++)
		div[ndiv++] = hi[i];
	for (int i = nlo - 1; i >= 0; i--)
		div[ndiv++] = lo[i];
	struct dims_search s = { .k = k, .cur = cur, .best = slot, .best_spread = -1,
				 .div = div, .ndiv = ndiv };
	dims_search_first(&s, m);
	free(div);
	free(cur);
	return MPI_SUCCESS;
}

int mpii_Dims_create(const char *fn, int nnodes, int ndims, int dims[])
{
	if (nnodes <= 0)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "nnodes %d is not positive", nnodes);
	if (ndims < 0)
		return mpii_err(NULL, MPI_ERR_DIMS, fn, "negative ndims");
	if (ndims > 0 && !dims)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "dims is NULL");
	long long fixed = 1;
	int nfree = 0;
	for (int d = 0; d < ndims; d++) {
		if (dims[d] < 0)
			return mpii_err(NULL, MPI_ERR_DIMS, fn, "dims[%d] is negative", d);
		if (dims[d] == 0)
			nfree++;
		else if ((fixed *= dims[d]) > nnodes)
			break;
	}
	if (fixed > nnodes || nnodes % fixed)
		return mpii_err(NULL, MPI_ERR_DIMS, fn, "fixed dimensions do not divide %d", nnodes);
	int m = nnodes / (int)fixed;
	if (nfree == 0) {
		if (m != 1)
			return mpii_err(NULL, MPI_ERR_DIMS, fn,
					"fixed dimensions multiply to %lld, not %d", fixed, nnodes);
		return MPI_SUCCESS;
	}
	int *slot = malloc(sizeof(int) * (size_t)nfree);
	if (!slot)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	if (dims_fill(m, nfree, slot) != MPI_SUCCESS) {
		free(slot);
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	}
	for (int d = 0, i = 0; d < ndims; d++)
		if (dims[d] == 0)
			dims[d] = slot[i++];
	free(slot);
	return MPI_SUCCESS;
}

int mpii_Cartdim_get(const char *fn, MPI_Comm comm, int *ndims)
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_CART, fn, &t);
	if (rc)
		return rc;
	if (!ndims)
		return mpii_err(comm, MPI_ERR_ARG, fn, "ndims is NULL");
	*ndims = t->ndims;
	return MPI_SUCCESS;
}

int mpii_Cart_get(const char *fn, MPI_Comm comm, int maxdims, int dims[], int periods[],
		  int coords[])
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_CART, fn, &t);
	if (rc)
		return rc;
	if (maxdims < t->ndims)
		return mpii_err(comm, MPI_ERR_ARG, fn, "maxdims %d < ndims %d", maxdims, t->ndims);
	if (t->ndims > 0 && (!dims || !periods || !coords))
		return mpii_err(comm, MPI_ERR_ARG, fn, "dims, periods or coords is NULL");
	for (int d = 0; d < t->ndims; d++) {
		dims[d] = t->dims[d];
		periods[d] = t->periods[d];
	}
	mpii_cart_coords(t, comm->rank, coords);
	return MPI_SUCCESS;
}

int mpii_Cart_rank(const char *fn, MPI_Comm comm, const int coords[], int *rank)
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_CART, fn, &t);
	if (rc)
		return rc;
	if (!rank || (t->ndims > 0 && !coords))
		return mpii_err(comm, MPI_ERR_ARG, fn, "coords or rank is NULL");
	int r = 0;
	for (int d = 0; d < t->ndims; d++) {
		int c = coords[d], n = t->dims[d];
		if (c < 0 || c >= n) {
			if (!t->periods[d])
				return mpii_err(comm, MPI_ERR_RANK, fn,
						"coordinate %d of dimension %d out of range", c, d);
			c = (c % n + n) % n;
		}
		r = r * n + c;
	}
	*rank = r;
	return MPI_SUCCESS;
}

int mpii_Cart_coords(const char *fn, MPI_Comm comm, int rank, int maxdims, int coords[])
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_CART, fn, &t);
	if (rc)
		return rc;
	if (rank < 0 || rank >= comm->size)
		return mpii_err(comm, MPI_ERR_RANK, fn, "rank %d out of range", rank);
	if (maxdims < t->ndims)
		return mpii_err(comm, MPI_ERR_ARG, fn, "maxdims %d < ndims %d", maxdims, t->ndims);
	if (t->ndims > 0 && !coords)
		return mpii_err(comm, MPI_ERR_ARG, fn, "coords is NULL");
	mpii_cart_coords(t, rank, coords);
	return MPI_SUCCESS;
}

int mpii_Cart_shift(const char *fn, MPI_Comm comm, int direction, int disp, int *rank_source,
		    int *rank_dest)
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_CART, fn, &t);
	if (rc)
		return rc;
	if (direction < 0 || direction >= t->ndims)
		return mpii_err(comm, MPI_ERR_ARG, fn, "direction %d out of range", direction);
	if (!rank_source || !rank_dest)
		return mpii_err(comm, MPI_ERR_ARG, fn, "rank_source or rank_dest is NULL");
	int *coords = malloc(sizeof(int) * (size_t)t->ndims);
	if (!coords)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	mpii_cart_coords(t, comm->rank, coords);
	int n = t->dims[direction], mine = coords[direction];
	for (int s = 0; s < 2; s++) {
		long long c = (long long)mine + (s ? disp : -(long long)disp);
		int peer = MPI_PROC_NULL;
		if (t->periods[direction] || (c >= 0 && c < n)) {
			coords[direction] = (int)((c % n + n) % n);
			peer = mpii_cart_rank(t, coords);
		}
		*(s ? rank_dest : rank_source) = peer;
	}
	free(coords);
	return MPI_SUCCESS;
}

int mpii_Cart_sub(const char *fn, MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
	struct mpii_topo *t;
	int rc = mpii_topo_of(comm, MPI_CART, fn, &t);
	if (rc)
		return rc;
	if ((t->ndims > 0 && !remain_dims) || !newcomm)
		return mpii_err(comm, MPI_ERR_ARG, fn, "remain_dims or newcomm is NULL");
	int nd = t->ndims, sub_nd = 0, sub_n = 1, nsub = 1;
	for (int d = 0; d < nd; d++) {
		if (remain_dims[d]) {
			sub_nd++;
			sub_n *= t->dims[d];
		} else {
			nsub *= t->dims[d];
		}
	}
	/* scratch: my coordinates, a member's coordinates, the sub grid */
	int *buf = malloc(sizeof(int) * (size_t)(4 * nd + 1));
	struct mpii_group *g = mpii_group_new(sub_n);
	struct mpii_topo *st = NULL;
	rc = MPI_ERR_NO_MEM;
	if (!buf || !g)
		goto fail;
	int *mine = buf, *co = buf + nd, *sdims = buf + 2 * nd, *sper = buf + 3 * nd;
	mpii_cart_coords(t, comm->rank, mine);
	int idx = 0;  /* row-major index of my dropped coordinates */
	for (int d = 0, k = 0; d < nd; d++) {
		if (remain_dims[d]) {
			sdims[k] = t->dims[d];
			sper[k++] = t->periods[d];
		} else {
			idx = idx * t->dims[d] + mine[d];
		}
	}
	st = cart_new(sub_nd, sdims, sper);
	if (!st)
		goto fail;
	/* member j of my subgrid: my dropped coordinates, j's kept ones */
	for (int j = 0; j < sub_n; j++) {
		int rest = j;
		for (int d = nd - 1; d >= 0; d--) {
			if (remain_dims[d]) {
				co[d] = rest % t->dims[d];
				rest /= t->dims[d];
			} else {
				co[d] = mine[d];
			}
		}
		g->world[j] = comm->group->world[mpii_cart_rank(t, co)];
	}
	mpii_group_set_rank(g);
	uint32_t ctx = 0;
	mpii_lock();
	rc = mpii_topo_share_ctx(comm, (uint32_t)nsub, &ctx);
	struct mpii_comm *c = NULL;
	if (!rc) {
		c = mpii_comm_derive(comm, ctx + 2 * (uint32_t)idx, g, NULL);
		g = NULL;  /* taken over, even on failure */
		if (!c)
			rc = MPI_ERR_NO_MEM;
	}
	mpii_unlock();
	if (rc)
		goto fail;
	c->topo = st;
	*newcomm = c;
	free(buf);
	return MPI_SUCCESS;
fail:
	mpii_topo_destroy(st);
	if (g)
		mpii_group_unref(g);
	free(buf);
	return mpii_err(comm, rc, fn, "cannot create the sub-communicator");
}

int mpii_Cart_map(const char *fn, MPI_Comm comm, int ndims, const int dims[], const int periods[],
		  int *newrank)
{
	int nodes = 0;
	int rc = grid_args(fn, comm, ndims, dims, periods, newrank, "newrank is NULL", &nodes);
	if (rc)
		return rc;
	*newrank = comm->rank < nodes ? comm->rank : MPI_UNDEFINED;
	return MPI_SUCCESS;
}

int mpii_Topo_test(const char *fn, MPI_Comm comm, int *status)
{
	if (!status)
		return mpii_err(comm, MPI_ERR_ARG, fn, "status is NULL");
	*status = comm->topo ? comm->topo->kind : MPI_UNDEFINED;
	return MPI_SUCCESS;
}
