/*
 * Description: neighbour collectives: MPI_Neighbor_allgather(v) and
 * MPI_Neighbor_alltoall(v) on a 2-D periodic torus (sizes 1 and 2
 * included, where the -1 and +1 neighbours coincide), a non-periodic
 * grid (MPI_PROC_NULL blocks left alone), a graph ring, a dist graph
 * ring and a dist graph with a double edge; error classes.
 * np: 1 2 3 4 8
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

/* mpi.h defines MPI_UNWEIGHTED as a small integer pointer, which GCC 12
 * takes for a zero-sized object. */
#pragma GCC diagnostic ignored "-Wstringop-overread"
#pragma GCC diagnostic ignored "-Wstringop-overflow"

#define UNSET (-7)

/* cart: neighbour list (slot 2d: -1, 2d+1: +1) from MPI_Cart_shift */
static void cart_nbrs(MPI_Comm c, int nd, int *nb)
{
	for (int d = 0; d < nd; d++)
		TEST_MPI(MPI_Cart_shift(c, d, 1, &nb[2 * d], &nb[2 * d + 1]));
}

static void check_cart(MPI_Comm c, int nd)
{
	int r, nb[8], k = 2 * nd;
	MPI_Comm_rank(c, &r);
	cart_nbrs(c, nd, nb);
	/* allgather of 2 ints per rank */
	int sb[2] = { r, -r }, rb[16];
	for (int i = 0; i < 2 * k; i++)
		rb[i] = UNSET;
	TEST_MPI(MPI_Neighbor_allgather(sb, 2, MPI_INT, rb, 2, MPI_INT, c));
	for (int i = 0; i < k; i++) {
		if (nb[i] == MPI_PROC_NULL)
			TEST_CHECK(rb[2 * i] == UNSET && rb[2 * i + 1] == UNSET);
		else
			TEST_CHECK(rb[2 * i] == nb[i] && rb[2 * i + 1] == -nb[i]);
	}
	/* alltoall: block i goes out in direction i and lands in the
	 * neighbour's opposite slot */
	int ab[8], arb[8];
	for (int i = 0; i < k; i++) {
		ab[i] = 100 * r + i;
		arb[i] = UNSET;
	}
	TEST_MPI(MPI_Neighbor_alltoall(ab, 1, MPI_INT, arb, 1, MPI_INT, c));
	for (int i = 0; i < k; i++)
		TEST_CHECK(arb[i] == (nb[i] == MPI_PROC_NULL ? UNSET : 100 * nb[i] + (i ^ 1)));
	/* allgatherv: slot i gets i+1 copies at displacement 10 i, reversed */
	int vb[8], vcnt[8], vdsp[8], vrb[80];
	for (int i = 0; i < 8; i++)
		vb[i] = r;
	for (int i = 0; i < k; i++) {
		vcnt[i] = 1;
		vdsp[i] = 10 * (k - 1 - i);
	}
	for (int i = 0; i < 80; i++)
		vrb[i] = UNSET;
	TEST_MPI(MPI_Neighbor_allgatherv(vb, 1, MPI_INT, vrb, vcnt, vdsp, MPI_INT, c));
	for (int i = 0; i < k; i++)
		TEST_CHECK(vrb[vdsp[i]] == (nb[i] == MPI_PROC_NULL ? UNSET : nb[i]));
	/* alltoallv: i+1 ints in direction i; receive (i^1)+1 from slot i */
	int sc[8], sd[8], rc[8], rd[8], avs[64], avr[64];
	for (int i = 0, o = 0; i < k; i++) {
		sc[i] = i + 1;
		sd[i] = o;
		for (int j = 0; j < sc[i]; j++)
			avs[o + j] = 1000 * r + 10 * i + j;
		o += sc[i] + 1;
	}
	for (int i = 0, o = 0; i < k; i++) {
		rc[i] = (i ^ 1) + 1;
		rd[i] = o;
		o += rc[i] + 2;
	}
	for (int i = 0; i < 64; i++)
		avr[i] = UNSET;
	TEST_MPI(MPI_Neighbor_alltoallv(avs, sc, sd, MPI_INT, avr, rc, rd, MPI_INT, c));
	for (int i = 0; i < k; i++)
		for (int j = 0; j < rc[i]; j++)
			TEST_CHECK(avr[rd[i] + j] ==
				   (nb[i] == MPI_PROC_NULL ? UNSET : 1000 * nb[i] + 10 * (i ^ 1) + j));
}

/* A dist graph whose in-list is in[nin], out-list out[nout]; checks
 * allgather and alltoall against what each source sends. */
static void check_ring(MPI_Comm c, int n, int r)
{
	int src = (r - 1 + n) % n;
	int rb[2] = { UNSET, UNSET }, sb = r;
	TEST_MPI(MPI_Neighbor_allgather(&sb, 1, MPI_INT, rb, 1, MPI_INT, c));
	TEST_CHECK(rb[0] == src);
	int ab = 7 * r + 3, ar = UNSET;
	TEST_MPI(MPI_Neighbor_alltoall(&ab, 1, MPI_INT, &ar, 1, MPI_INT, c));
	TEST_CHECK(ar == 7 * src + 3);
}

int main(int argc, char **argv)
{
	int n, r;
	mpitest_init(&argc, &argv, 1, &n, &r);
	MPI_Comm c;

	/* 2-D torus; repeat to check consecutive calls do not mix */
	int dims[2] = { 0, 0 }, per[2] = { 1, 1 };
	TEST_MPI(MPI_Dims_create(n, 2, dims));
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, per, 0, &c));
	for (int it = 0; it < 3; it++)
		check_cart(c, 2);
	TEST_MPI(MPI_Comm_free(&c));
	/* 1 x n and n x 1 tori, and a non-periodic grid */
	int d2[2] = { 1, n }, d3[2] = { n, 1 }, np_[2] = { 0, 1 };
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 2, d2, per, 0, &c));
	check_cart(c, 2);
	TEST_MPI(MPI_Comm_free(&c));
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 2, d3, np_, 0, &c));
	check_cart(c, 2);
	TEST_MPI(MPI_Comm_free(&c));
	int d4[3] = { 0, 0, 0 }, p4[3] = { 0, 0, 0 };
	TEST_MPI(MPI_Dims_create(n, 3, d4));
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 3, d4, p4, 0, &c));
	check_cart(c, 3);
	TEST_MPI(MPI_Comm_free(&c));

	/* dist graph ring, adjacent and general */
	int src = (r - 1 + n) % n, dst = (r + 1) % n;
	TEST_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &src, MPI_UNWEIGHTED, 1, &dst,
						MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c));
	check_ring(c, n, r);
	TEST_MPI(MPI_Comm_free(&c));
	int one = 1;
	TEST_MPI(MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &r, &one, &dst, MPI_UNWEIGHTED,
				       MPI_INFO_NULL, 0, &c));
	check_ring(c, n, r);
	TEST_MPI(MPI_Comm_free(&c));

	/* double edge: two blocks to the same neighbour stay in order */
	int s2[2] = { src, src }, t2[2] = { dst, dst };
	TEST_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, s2, MPI_UNWEIGHTED, 2, t2,
						MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c));
	int ab[2] = { 10 * r, 10 * r + 1 }, ar[2] = { UNSET, UNSET };
	TEST_MPI(MPI_Neighbor_alltoall(ab, 1, MPI_INT, ar, 1, MPI_INT, c));
	TEST_CHECK(ar[0] == 10 * src && ar[1] == 10 * src + 1);
	TEST_MPI(MPI_Comm_free(&c));

	/* graph ring: node i has neighbours i-1, i+1 */
	int *index = malloc(sizeof(int) * (size_t)n), *edges = malloc(sizeof(int) * 2 * (size_t)n);
	for (int i = 0; i < n; i++) {
		index[i] = 2 * (i + 1);
		edges[2 * i] = (i - 1 + n) % n;
		edges[2 * i + 1] = (i + 1) % n;
	}
	TEST_MPI(MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 0, &c));
	int gb[2] = { UNSET, UNSET }, gs = r;
	TEST_MPI(MPI_Neighbor_allgather(&gs, 1, MPI_INT, gb, 1, MPI_INT, c));
	TEST_CHECK(gb[0] == edges[2 * r] && gb[1] == edges[2 * r + 1]);
	int ga[2] = { 10 * r, 10 * r + 1 }, gr[2] = { UNSET, UNSET };
	TEST_MPI(MPI_Neighbor_alltoall(ga, 1, MPI_INT, gr, 1, MPI_INT, c));
	if (n >= 3) {
		/* i-1 sends me its block 1, i+1 its block 0 */
		TEST_CHECK(gr[0] == 10 * edges[2 * r] + 1 && gr[1] == 10 * edges[2 * r + 1]);
	} else {
		/* both edges go to the same process: matched in list order */
		TEST_CHECK(gr[0] == 10 * edges[2 * r] && gr[1] == 10 * edges[2 * r] + 1);
	}
	/* errors */
	TEST_CHECK(MPI_Neighbor_alltoall(ga, -1, MPI_INT, gr, 1, MPI_INT, c) == MPI_ERR_COUNT);
	TEST_CHECK(MPI_Neighbor_alltoall(ga, 1, MPI_DATATYPE_NULL, gr, 1, MPI_INT, c) ==
		   MPI_ERR_TYPE);
	TEST_CHECK(MPI_Neighbor_allgather(MPI_IN_PLACE, 1, MPI_INT, gr, 1, MPI_INT, c) ==
		   MPI_ERR_BUFFER);
	TEST_CHECK(MPI_Neighbor_allgatherv(ga, 1, MPI_INT, gr, NULL, NULL, MPI_INT, c) ==
		   MPI_ERR_ARG);
	TEST_MPI(MPI_Comm_free(&c));
	free(index);
	free(edges);
	TEST_CHECK(MPI_Neighbor_allgather(&gs, 1, MPI_INT, gb, 1, MPI_INT, MPI_COMM_WORLD) ==
		   MPI_ERR_TOPOLOGY);
	TEST_CHECK(MPI_Neighbor_alltoallv(&gs, &one, &one, MPI_INT, gb, &one, &one, MPI_INT,
					  MPI_COMM_NULL) == MPI_ERR_COMM);
	MPI_Finalize();
	return 0;
}
