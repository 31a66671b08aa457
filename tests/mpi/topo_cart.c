/*
 * Description: cartesian topologies: MPI_Dims_create (the standard's
 * examples and impossible input), MPI_Cart_create with periodic and
 * non-periodic dimensions, coords/rank round trips, rank wrap and
 * MPI_ERR_RANK, MPI_Cart_shift at edges, MPI_Cart_sub, MPI_Cart_map,
 * MPI_Topo_test, dup keeps the topology, error classes for bad input.
 * np: 1 2 3 4 8
 */
#include <string.h>
#include "mpitest.h"

static void dims_cases(void)
{
	int d[4];
	d[0] = d[1] = 0;
	TEST_MPI(MPI_Dims_create(6, 2, d));
	TEST_CHECK(d[0] == 3 && d[1] == 2);
	d[0] = d[1] = 0;
	TEST_MPI(MPI_Dims_create(7, 2, d));
	TEST_CHECK(d[0] == 7 && d[1] == 1);
	d[0] = 0, d[1] = 3, d[2] = 0;
	TEST_MPI(MPI_Dims_create(6, 3, d));
	TEST_CHECK(d[0] == 2 && d[1] == 3 && d[2] == 1);
	d[0] = 0, d[1] = 3, d[2] = 0;
	TEST_CHECK(MPI_Dims_create(7, 3, d) == MPI_ERR_DIMS);
	d[0] = d[1] = d[2] = 0;
	TEST_MPI(MPI_Dims_create(24, 3, d));
	TEST_CHECK(d[0] == 4 && d[1] == 3 && d[2] == 2);
	d[0] = d[1] = d[2] = d[3] = 0;
	TEST_MPI(MPI_Dims_create(16, 4, d));
	TEST_CHECK(d[0] == 2 && d[1] == 2 && d[2] == 2 && d[3] == 2);
	d[0] = d[1] = 0;
	TEST_MPI(MPI_Dims_create(1, 2, d));
	TEST_CHECK(d[0] == 1 && d[1] == 1);
	d[0] = 2, d[1] = 2;
	TEST_MPI(MPI_Dims_create(4, 2, d));
	TEST_CHECK(d[0] == 2 && d[1] == 2);
	d[0] = 2, d[1] = 3;
	TEST_CHECK(MPI_Dims_create(4, 2, d) == MPI_ERR_DIMS);
	d[0] = -1, d[1] = 0;
	TEST_CHECK(MPI_Dims_create(4, 2, d) == MPI_ERR_DIMS);
	TEST_CHECK(MPI_Dims_create(4, -1, d) == MPI_ERR_DIMS);
	TEST_CHECK(MPI_Dims_create(5, 0, d) == MPI_ERR_DIMS);
	TEST_MPI(MPI_Dims_create(1, 0, d));
	d[0] = 0;
	TEST_MPI(MPI_Dims_create(5, 1, d));
	TEST_CHECK(d[0] == 5);
}

/* Check one cartesian communicator of nd dimensions. */
static void check_cart(MPI_Comm cart, int nd, const int *dims, const int *per)
{
	int n, r, st, got_nd;
	MPI_Comm_size(cart, &n);
	MPI_Comm_rank(cart, &r);
	TEST_MPI(MPI_Topo_test(cart, &st));
	TEST_CHECK(st == MPI_CART);
	TEST_MPI(MPI_Cartdim_get(cart, &got_nd));
	TEST_CHECK(got_nd == nd);
	int gd[8], gp[8], gc[8], c[8];
	TEST_MPI(MPI_Cart_get(cart, 8, gd, gp, gc));
	for (int i = 0; i < nd; i++)
		TEST_CHECK(gd[i] == dims[i] && !!gp[i] == !!per[i]);
	TEST_MPI(MPI_Cart_coords(cart, r, 8, c));
	TEST_CHECK(!memcmp(c, gc, sizeof(int) * (size_t)nd));
	/* round trip for every rank; row-major layout */
	for (int q = 0; q < n; q++) {
		int back;
		TEST_MPI(MPI_Cart_coords(cart, q, nd, c));
		int lin = 0;
		for (int i = 0; i < nd; i++) {
			TEST_CHECK(c[i] >= 0 && c[i] < dims[i]);
			lin = lin * dims[i] + c[i];
		}
		TEST_CHECK(lin == q);
		TEST_MPI(MPI_Cart_rank(cart, c, &back));
		TEST_CHECK(back == q);
	}
	/* shifts and wrap */
	for (int d = 0; d < nd; d++) {
		for (int disp = -3; disp <= 3; disp++) {
			int src, dst;
			TEST_MPI(MPI_Cart_shift(cart, d, disp, &src, &dst));
			for (int s = 0; s < 2; s++) {
				int want, cc[8];
				memcpy(cc, gc, sizeof(cc));
				cc[d] = gc[d] + (s ? disp : -disp);
				if (cc[d] >= 0 && cc[d] < dims[d]) {
					TEST_MPI(MPI_Cart_rank(cart, cc, &want));
				} else if (per[d]) {
					TEST_MPI(MPI_Cart_rank(cart, cc, &want)); /* wraps */
					int w2;
					cc[d] = ((cc[d] % dims[d]) + dims[d]) % dims[d];
					TEST_MPI(MPI_Cart_rank(cart, cc, &w2));
					TEST_CHECK(want == w2);
				} else {
					want = MPI_PROC_NULL;
					int junk;
					TEST_CHECK(MPI_Cart_rank(cart, cc, &junk) == MPI_ERR_RANK);
				}
				TEST_CHECK((s ? dst : src) == want);
			}
		}
	}
	TEST_CHECK(MPI_Cart_shift(cart, nd, 1, &st, &st) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Cart_coords(cart, n, nd, c) == MPI_ERR_RANK);
	if (nd > 1)
		TEST_CHECK(MPI_Cart_get(cart, nd - 1, gd, gp, gc) == MPI_ERR_ARG);
}

/* Cart_sub: keep each subset of the dimensions of a 3-D grid. */
static void check_sub(MPI_Comm cart, const int *dims, const int *per)
{
	int wr, gc[3];
	MPI_Comm_rank(cart, &wr);
	TEST_MPI(MPI_Cart_coords(cart, wr, 3, gc));
	for (int mask = 0; mask < 8; mask++) {
		int keep[3], sd[3], sp[3], nd = 0, want_n = 1;
		for (int d = 0; d < 3; d++) {
			keep[d] = (mask >> d) & 1;
			if (keep[d]) {
				sd[nd] = dims[d];
				sp[nd++] = per[d];
				want_n *= dims[d];
			}
		}
		MPI_Comm sub;
		TEST_MPI(MPI_Cart_sub(cart, keep, &sub));
		int n, r;
		MPI_Comm_size(sub, &n);
		MPI_Comm_rank(sub, &r);
		TEST_CHECK(n == want_n);
		int sc[3], gd[3], gp[3];
		TEST_MPI(MPI_Cart_get(sub, 3, gd, gp, sc));
		for (int i = 0, k = 0; i < 3; i++)
			if (keep[i]) {
				TEST_CHECK(sc[k] == gc[i] && gd[k] == sd[k] && !!gp[k] == !!sp[k]);
				k++;
			}
		check_cart(sub, nd, sd, sp);
		/* the members of my sub grid agree on their parent coordinates:
		 * allgather the parent rank and check the dropped coords match */
		int pr[64];
		TEST_MPI(MPI_Allgather(&wr, 1, MPI_INT, pr, 1, MPI_INT, sub));
		for (int q = 0; q < n; q++) {
			int pc[3], qc[3];
			TEST_MPI(MPI_Cart_coords(cart, pr[q], 3, pc));
			TEST_MPI(MPI_Cart_coords(sub, q, 3, qc));
			for (int i = 0, k = 0; i < 3; i++) {
				if (keep[i])
					TEST_CHECK(pc[i] == qc[k++]);
				else
					TEST_CHECK(pc[i] == gc[i]);
			}
		}
		TEST_MPI(MPI_Barrier(sub));
		TEST_MPI(MPI_Comm_free(&sub));
	}
}

int main(int argc, char **argv)
{
	int n, r, st;
	mpitest_init(&argc, &argv, 1, &n, &r);
	dims_cases();
	TEST_MPI(MPI_Topo_test(MPI_COMM_WORLD, &st));
	TEST_CHECK(st == MPI_UNDEFINED);

	/* 2-D, one periodic dimension, using all ranks */
	int dims[3] = { 0, 0, 0 }, per[3] = { 1, 0, 1 };
	TEST_MPI(MPI_Dims_create(n, 2, dims));
	MPI_Comm cart, dup;
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, per, 1, &cart));
	TEST_CHECK(cart != MPI_COMM_NULL);
	check_cart(cart, 2, dims, per);
	TEST_MPI(MPI_Comm_dup(cart, &dup));
	check_cart(dup, 2, dims, per);
	TEST_MPI(MPI_Comm_free(&dup));
	TEST_MPI(MPI_Comm_free(&cart));

	/* 3-D with every mix of periods; a grid smaller than the world */
	for (int pm = 0; pm < 8; pm++) {
		int d3[3] = { 0, 0, 0 }, p3[3] = { pm & 1, (pm >> 1) & 1, (pm >> 2) & 1 };
		int m = n > 1 && pm == 5 ? n - 1 : n;
		TEST_MPI(MPI_Dims_create(m, 3, d3));
		int newrank;
		TEST_MPI(MPI_Cart_map(MPI_COMM_WORLD, 3, d3, p3, &newrank));
		TEST_CHECK(newrank == (r < m ? r : MPI_UNDEFINED));
		TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 3, d3, p3, 0, &cart));
		if (r >= m) {
			TEST_CHECK(cart == MPI_COMM_NULL);
			continue;
		}
		TEST_CHECK(cart != MPI_COMM_NULL);
		check_cart(cart, 3, d3, p3);
		check_sub(cart, d3, p3);
		TEST_MPI(MPI_Comm_free(&cart));
	}

	/* 1-D ring of size n, periodic: shift by n wraps to self */
	int d1 = n, p1 = 1, src, dst;
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 1, &d1, &p1, 0, &cart));
	TEST_MPI(MPI_Cart_shift(cart, 0, n, &src, &dst));
	TEST_CHECK(src == r && dst == r);
	TEST_MPI(MPI_Cart_shift(cart, 0, 1, &src, &dst));
	TEST_CHECK(src == (r - 1 + n) % n && dst == (r + 1) % n);
	TEST_MPI(MPI_Comm_free(&cart));

	/* zero-dimensional: one member */
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &cart));
	if (r == 0) {
		int sz, nd;
		TEST_CHECK(cart != MPI_COMM_NULL);
		MPI_Comm_size(cart, &sz);
		TEST_CHECK(sz == 1);
		TEST_MPI(MPI_Cartdim_get(cart, &nd));
		TEST_CHECK(nd == 0);
		TEST_MPI(MPI_Comm_free(&cart));
	} else {
		TEST_CHECK(cart == MPI_COMM_NULL);
	}

	/* errors */
	int big = n + 1, zero = 0, neg = -2;
	TEST_CHECK(MPI_Cart_create(MPI_COMM_WORLD, 1, &big, &p1, 0, &cart) == MPI_ERR_DIMS);
	TEST_CHECK(MPI_Cart_create(MPI_COMM_WORLD, 1, &zero, &p1, 0, &cart) == MPI_ERR_DIMS);
	TEST_CHECK(MPI_Cart_create(MPI_COMM_WORLD, 1, &neg, &p1, 0, &cart) == MPI_ERR_DIMS);
	TEST_CHECK(MPI_Cart_create(MPI_COMM_WORLD, -1, &d1, &p1, 0, &cart) == MPI_ERR_DIMS);
	TEST_CHECK(MPI_Cart_create(MPI_COMM_WORLD, 1, NULL, &p1, 0, &cart) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Cart_create(MPI_COMM_WORLD, 1, &d1, &p1, 0, NULL) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Cart_create(MPI_COMM_NULL, 1, &d1, &p1, 0, &cart) == MPI_ERR_COMM);
	TEST_CHECK(MPI_Cartdim_get(MPI_COMM_WORLD, &st) == MPI_ERR_TOPOLOGY);
	TEST_CHECK(MPI_Cart_shift(MPI_COMM_WORLD, 0, 1, &src, &dst) == MPI_ERR_TOPOLOGY);
	TEST_CHECK(MPI_Cart_coords(MPI_COMM_NULL, 0, 1, &st) == MPI_ERR_COMM);
	TEST_CHECK(MPI_Topo_test(MPI_COMM_NULL, &st) == MPI_ERR_COMM);
	TEST_CHECK(MPI_Topo_test(MPI_COMM_WORLD, NULL) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Cart_map(MPI_COMM_WORLD, 1, &big, &p1, &st) == MPI_ERR_DIMS);

	MPI_Finalize();
	return 0;
}
