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

/* MPI_Dims_create: "as close to each other as possible" (MPI-3.1 7.5.2)
 * made exact the way MPICH makes it, since programs and the MPICH suite's
 * topo/dims5 table expect MPICH's grids:
 *  - a prime factor above the square root of what is left of the count
 *    takes a dimension of its own, largest first (never the smallest prime
 *    factor, and at most all dimensions but one); the rest of the count is
 *    balanced over the other dimensions;
 *  - when no more prime factors are left than dimensions, each takes one,
 *    largest first, and the rest are 1;
 *  - otherwise, of the non-increasing factorisations d[0] >= ... >= d[k-1]
 *    (all factors at least 2), the least spread d[0] - d[k-1]; among
 *    equal spreads the largest d[k-1], then the largest d[k-2], and so on
 *    (590520 in 4 gives 38x37x21x20, not 37x30x28x19).
 * The search is exact, over divisors, pruned by the best spread found. */

/* Does x^e exceed m?  (x >= 1; without overflow.) */
static int pow_exceeds(long long x, int e, long long m)
{
	long long p = 1;
	for (int i = 0; i < e; i++) {
		if (p > m / x)
			return 1;
		p *= x;
	}
	return p > m;
}

/* The largest r with r^e <= m (m >= 1, e >= 1), by bisection. */
static long long iroot(long long m, int e)
{
	long long lo = 1, hi = e == 1 ? m : 46341; /* 46341^2 > INT_MAX */
	if (hi > m)
		hi = m;
	while (lo < hi) {
		long long mid = lo + (hi - lo + 1) / 2;
		if (pow_exceeds(mid, e, m))
			hi = mid - 1;
		else
			lo = mid;
	}
	return lo;
}

/* The smallest r with r^e >= m: the largest of e factors of m is at least
 * this. */
static long long iroot_up(long long m, int e)
{
	long long r = iroot(m, e);
	return pow_exceeds(r, e, m - 1) ? r : r + 1;
}

/* Search state: the factorisation being built (cur, filled from the
 * smallest slot k-1 towards slot 0) and the best one found. */
struct dims_search {
	int k;
	int *cur, *best;
	long long best_spread; /* -1: none found yet */
	const int *div;        /* the divisors of the count above 1, increasing */
	int ndiv;
};

/* Whether the complete cur beats best: the least spread, then the largest
 * cur[k-1], cur[k-2], ... */
static int dims_better(const struct dims_search *s)
{
	long long spread = (long long)s->cur[0] - s->cur[s->k - 1];
	if (s->best_spread < 0 || spread < s->best_spread)
		return 1;
	if (spread > s->best_spread)
		return 0;
	for (int i = s->k - 1; i > 0; i--)
		if (s->cur[i] != s->best[i])
			return s->cur[i] > s->best[i];
	return 0;
}

/* Index of the largest divisor at most x, or -1. */
static int div_at_most(const struct dims_search *s, long long x)
{
	int lo = 0, hi = s->ndiv; /* the answer + 1 is in [lo, hi] */
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (s->div[mid] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo - 1;
}

/* Fill slots pos..0 (pos + 1 of them) with factors of rem, each at least
 * lo and non-decreasing towards slot 0. */
static void dims_fill_up(struct dims_search *s, int pos, long long rem, long long lo)
{
	long long low = s->cur[s->k - 1];
	if (pos == 0) {
		if (rem < lo)
			return;
		s->cur[0] = (int)rem;
		if (dims_better(s)) {
			memcpy(s->best, s->cur, sizeof(int) * (size_t)s->k);
			s->best_spread = rem - low;
		}
		return;
	}
	int left = pos + 1;
	/* slot 0 will hold at least the left-th root of rem */
	if (s->best_spread >= 0 && iroot_up(rem, left) - low > s->best_spread)
		return;
	/* this slot is the least of the left ones: at most their root */
	long long hi = iroot(rem, left);
	if (s->best_spread >= 0 && hi > low + s->best_spread)
		hi = low + s->best_spread;
	for (int i = div_at_most(s, hi); i >= 0 && s->div[i] >= lo; i--) {
		long long d = s->div[i];
		if (rem % d)
			continue;
		s->cur[pos] = (int)d;
		dims_fill_up(s, pos - 1, rem / d, d);
	}
}

/* The smallest slot goes from the largest candidate down: the spread is at
 * least (the (k-1)-th root of m / d) - d, which only grows as d shrinks, and
 * an equal spread with a smaller d loses the tie. */
static void dims_search(struct dims_search *s, long long m)
{
	int k = s->k;
	for (int i = div_at_most(s, iroot(m, k)); i >= 0; i--) {
		long long d = s->div[i];
		if (m % d)
			continue;
		if (s->best_spread >= 0 && iroot_up(m / d, k - 1) - d >= s->best_spread)
			break;
		s->cur[k - 1] = (int)d;
		dims_fill_up(s, k - 2, m / d, d);
	}
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The k free slots for a count m >= 1 (the rule above). */
static int dims_fill(int m, int k, int *slot)
{
	/* prime factors, increasing (an int has at most 9 distinct ones) */
	int prime[16], cnt[16], nf = 0, nprimes = 0;
	long long r = m;
	for (long long p = 2; p * p <= r; p++)
		if (r % p == 0) {
			prime[nf] = (int)p;
			cnt[nf] = 0;
			while (r % p == 0) {
				r /= p;
				cnt[nf]++;
			}
			nprimes += cnt[nf++];
		}
	if (r > 1) {
		prime[nf] = (int)r;
		cnt[nf++] = 1;
		nprimes++;
	}
	int used = 0;
	while (nf > 1 && used < k - 1 && cnt[nf - 1] == 1 &&
	       (long long)prime[nf - 1] * prime[nf - 1] > m) {
		slot[used++] = prime[--nf];
		m /= prime[nf];
		nprimes--;
	}
	int left = k - used;
	if (nprimes <= left) {
		for (int f = nf - 1; f >= 0; f--)
			for (int c = 0; c < cnt[f]; c++)
				slot[used++] = prime[f];
		while (used < k)
			slot[used++] = 1;
		return MPI_SUCCESS;
	}
	if (left == 1) {
		slot[used] = m;
		return MPI_SUCCESS;
	}
	/* the divisors above 1 of what is left, from its factors */
	int ndiv = 1;
	for (int f = 0; f < nf; f++)
		ndiv *= cnt[f] + 1;
	int *div = malloc(sizeof(int) * (size_t)ndiv);
	int *cur = malloc(sizeof(int) * (size_t)left);
	if (!div || !cur) {
		free(div);
		free(cur);
		return MPI_ERR_NO_MEM;
	}
	int n = 1;
	div[0] = 1;
	for (int f = 0; f < nf; f++) {
		int have = n;
		long long pw = 1;
		for (int c = 0; c < cnt[f]; c++) {
			pw *= prime[f];
			for (int i = 0; i < have; i++)
				div[n++] = (int)(div[i] * pw);
		}
	}
	qsort(div, (size_t)n, sizeof(int), cmp_int);
	struct dims_search s = { .k = left, .cur = cur, .best = slot + used, .best_spread = -1,
				 .div = div + 1, .ndiv = n - 1 };
	dims_search(&s, m);
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
