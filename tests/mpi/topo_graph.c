/*
 * Description: graph and distributed graph topologies: MPI_Graph_create on
 * a ring (all ranks and a subset), MPI_Graphdims_get / Graph_get /
 * Graph_neighbors(_count) / Graph_map, MPI_Dist_graph_create_adjacent
 * (weighted, MPI_UNWEIGHTED, MPI_WEIGHTS_EMPTY), MPI_Dist_graph_create
 * (every rank its own edges; one rank all edges), the neighbour queries,
 * MPI_Topo_test, dup, and error classes for bad input.
 * np: 1 2 3 4 8
 */
#include <stdlib.h>
#include "mpitest.h"

/* mpi.h defines MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY as small integer
 * pointers, which GCC 12 takes for zero-sized objects at every call. */
#pragma GCC diagnostic ignored "-Wstringop-overread"
#pragma GCC diagnostic ignored "-Wstringop-overflow"

static void graph_ring(int n, int r, int nn)
{
	/* node i: neighbours i-1, i+1 (mod nn) */
	int *index = malloc(sizeof(int) * (size_t)nn), *edges = malloc(sizeof(int) * 2 * (size_t)nn);
	for (int i = 0; i < nn; i++) {
		index[i] = 2 * (i + 1);
		edges[2 * i] = (i - 1 + nn) % nn;
		edges[2 * i + 1] = (i + 1) % nn;
	}
	int newrank;
	TEST_MPI(MPI_Graph_map(MPI_COMM_WORLD, nn, index, edges, &newrank));
	TEST_CHECK(newrank == (r < nn ? r : MPI_UNDEFINED));
	MPI_Comm g, d;
	TEST_MPI(MPI_Graph_create(MPI_COMM_WORLD, nn, index, edges, 0, &g));
	if (r >= nn) {
		TEST_CHECK(g == MPI_COMM_NULL);
		free(index);
		free(edges);
		return;
	}
	TEST_MPI(MPI_Comm_dup(g, &d));
	MPI_Comm cs[2] = { g, d };
	for (int k = 0; k < 2; k++) {
		MPI_Comm c = cs[k];
		int st, nv, ne, sz;
		MPI_Comm_size(c, &sz);
		TEST_CHECK(sz == nn);
		TEST_MPI(MPI_Topo_test(c, &st));
		TEST_CHECK(st == MPI_GRAPH);
		TEST_MPI(MPI_Graphdims_get(c, &nv, &ne));
		TEST_CHECK(nv == nn && ne == 2 * nn);
		int *gi = malloc(sizeof(int) * (size_t)nn), *ge = malloc(sizeof(int) * 2 * (size_t)nn);
		TEST_MPI(MPI_Graph_get(c, nn, 2 * nn, gi, ge));
		for (int i = 0; i < nn; i++)
			TEST_CHECK(gi[i] == index[i] && ge[2 * i] == edges[2 * i] &&
				   ge[2 * i + 1] == edges[2 * i + 1]);
		for (int i = 0; i < nn; i++) {
			int cnt, nb[2];
			TEST_MPI(MPI_Graph_neighbors_count(c, i, &cnt));
			TEST_CHECK(cnt == 2);
			TEST_MPI(MPI_Graph_neighbors(c, i, 2, nb));
			TEST_CHECK(nb[0] == edges[2 * i] && nb[1] == edges[2 * i + 1]);
		}
		int cnt, nb[2];
		TEST_CHECK(MPI_Graph_neighbors_count(c, nn, &cnt) == MPI_ERR_RANK);
		TEST_CHECK(MPI_Graph_neighbors_count(c, -1, &cnt) == MPI_ERR_RANK);
		TEST_CHECK(MPI_Graph_neighbors(c, 0, 1, nb) == MPI_ERR_ARG);
		TEST_CHECK(MPI_Graph_get(c, nn - 1, 2 * nn, gi, ge) == MPI_ERR_ARG);
		TEST_CHECK(MPI_Cartdim_get(c, &cnt) == MPI_ERR_TOPOLOGY);
		TEST_CHECK(MPI_Dist_graph_neighbors_count(c, &cnt, &cnt, &cnt) == MPI_ERR_TOPOLOGY);
		free(gi);
		free(ge);
	}
	TEST_MPI(MPI_Comm_free(&d));
	TEST_MPI(MPI_Comm_free(&g));
	free(index);
	free(edges);
	(void)n;
}

/* in-neighbour (src, weight) pairs of the graph "r -> r+1, r -> r+2"
 * (weights 100 src + dst) appear as a multiset */
static void check_two_step(MPI_Comm c, int n, int r, int weighted)
{
	int indeg, outdeg, w;
	TEST_MPI(MPI_Dist_graph_neighbors_count(c, &indeg, &outdeg, &w));
	TEST_CHECK(indeg == 2 && outdeg == 2 && w == weighted);
	int s[2], sw[2], d[2], dw[2];
	TEST_MPI(MPI_Dist_graph_neighbors(c, 2, s, sw, 2, d, dw));
	int want_s[2] = { (r - 1 + n) % n, (r - 2 + 2 * n) % n };
	int want_d[2] = { (r + 1) % n, (r + 2) % n };
	/* in order of the contributing rank: sort the expected sources */
	int used[2] = { 0, 0 };
	for (int i = 0; i < 2; i++) {
		int found = 0;
		for (int j = 0; j < 2 && !found; j++)
			if (!used[j] && s[i] == want_s[j] &&
			    (!weighted || sw[i] == 100 * want_s[j] + r)) {
				used[j] = 1;
				found = 1;
			}
		TEST_CHECK(found);
	}
	TEST_CHECK(d[0] == want_d[0] && d[1] == want_d[1]);
	if (weighted)
		TEST_CHECK(dw[0] == 100 * r + want_d[0] && dw[1] == 100 * r + want_d[1]);
}

static void dist_graphs(int n, int r)
{
	MPI_Comm c;
	int st, indeg, outdeg, w;
	/* adjacent ring, weighted */
	int src = (r - 1 + n) % n, dst = (r + 1) % n, sw = 10 * src, dw = 10 * r;
	TEST_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &src, &sw, 1, &dst, &dw,
						MPI_INFO_NULL, 0, &c));
	TEST_MPI(MPI_Topo_test(c, &st));
	TEST_CHECK(st == MPI_DIST_GRAPH);
	TEST_MPI(MPI_Dist_graph_neighbors_count(c, &indeg, &outdeg, &w));
	TEST_CHECK(indeg == 1 && outdeg == 1 && w);
	int s1 = -1, w1 = -1, d1 = -1, x1 = -1;
	TEST_MPI(MPI_Dist_graph_neighbors(c, 1, &s1, &w1, 1, &d1, &x1));
	TEST_CHECK(s1 == src && w1 == sw && d1 == dst && x1 == dw);
	/* weights not wanted */
	s1 = d1 = -1;
	TEST_MPI(MPI_Dist_graph_neighbors(c, 1, &s1, MPI_UNWEIGHTED, 1, &d1, MPI_UNWEIGHTED));
	TEST_CHECK(s1 == src && d1 == dst);
	TEST_CHECK(MPI_Dist_graph_neighbors(c, 0, &s1, &w1, 1, &d1, &x1) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Graphdims_get(c, &st, &st) == MPI_ERR_TOPOLOGY);
	MPI_Comm d;
	TEST_MPI(MPI_Comm_dup(c, &d));
	TEST_MPI(MPI_Dist_graph_neighbors(d, 1, &s1, &w1, 1, &d1, &x1));
	TEST_CHECK(s1 == src && w1 == sw && d1 == dst && x1 == dw);
	TEST_MPI(MPI_Comm_free(&d));
	TEST_MPI(MPI_Comm_free(&c));

	/* adjacent, unweighted */
	TEST_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &src, MPI_UNWEIGHTED, 1, &dst,
						MPI_UNWEIGHTED, MPI_INFO_NULL, 1, &c));
	TEST_MPI(MPI_Dist_graph_neighbors_count(c, &indeg, &outdeg, &w));
	TEST_CHECK(indeg == 1 && outdeg == 1 && !w);
	TEST_MPI(MPI_Comm_free(&c));

	/* adjacent, no edges, MPI_WEIGHTS_EMPTY */
	TEST_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, NULL, MPI_WEIGHTS_EMPTY, 0, NULL,
						MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &c));
	TEST_MPI(MPI_Dist_graph_neighbors_count(c, &indeg, &outdeg, &w));
	TEST_CHECK(indeg == 0 && outdeg == 0 && w);
	TEST_MPI(MPI_Dist_graph_neighbors(c, 0, NULL, NULL, 0, NULL, NULL));
	TEST_MPI(MPI_Comm_free(&c));

	/* general: each rank its own out-edges, weighted */
	int gs = r, gdeg = 2, gd[2] = { (r + 1) % n, (r + 2) % n };
	int gw[2] = { 100 * r + gd[0], 100 * r + gd[1] };
	MPI_Info info;
	MPI_Info_create(&info);
	TEST_MPI(MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &gs, &gdeg, gd, gw, info, 0, &c));
	MPI_Info_free(&info);
	check_two_step(c, n, r, 1);
	TEST_MPI(MPI_Comm_free(&c));

	/* general: rank 0 gives every edge, unweighted; the others nothing */
	int *as = malloc(sizeof(int) * (size_t)n), *adeg = malloc(sizeof(int) * (size_t)n);
	int *ad = malloc(sizeof(int) * 2 * (size_t)n);
	for (int i = 0; i < n; i++) {
		as[i] = i;
		adeg[i] = 2;
		ad[2 * i] = (i + 1) % n;
		ad[2 * i + 1] = (i + 2) % n;
	}
	TEST_MPI(MPI_Dist_graph_create(MPI_COMM_WORLD, r == 0 ? n : 0, as, adeg, ad,
				       MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c));
	check_two_step(c, n, r, 0);
	TEST_MPI(MPI_Comm_free(&c));
	free(as);
	free(adeg);
	free(ad);

	/* errors */
	int bad = n, neg = -1;
	TEST_CHECK(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &bad, MPI_UNWEIGHTED, 0, NULL,
						  MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c) ==
		   MPI_ERR_RANK);
	TEST_CHECK(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, -1, &src, MPI_UNWEIGHTED, 0,
						  NULL, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c) ==
		   MPI_ERR_ARG);
	TEST_CHECK(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &src, NULL, 0, NULL,
						  MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &c) ==
		   MPI_ERR_ARG);
	TEST_CHECK(MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &gs, &neg, gd, gw, MPI_INFO_NULL, 0,
					 &c) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &bad, &gdeg, gd, gw, MPI_INFO_NULL, 0,
					 &c) == MPI_ERR_RANK);
	TEST_CHECK(MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &gs, &gdeg, gd, gw, MPI_INFO_NULL, 0,
					 NULL) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Dist_graph_neighbors_count(MPI_COMM_WORLD, &indeg, &outdeg, &w) ==
		   MPI_ERR_TOPOLOGY);
	TEST_CHECK(MPI_Dist_graph_neighbors_count(MPI_COMM_NULL, &indeg, &outdeg, &w) ==
		   MPI_ERR_COMM);
}

int main(int argc, char **argv)
{
	int n, r;
	mpitest_init(&argc, &argv, 1, &n, &r);
	graph_ring(n, r, n);
	if (n > 1)
		graph_ring(n, r, n - 1);
	MPI_Comm g;
	TEST_MPI(MPI_Graph_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &g));
	TEST_CHECK(g == MPI_COMM_NULL);
	int index[2] = { 1, 2 }, edges[2] = { 1, n }, dec[2] = { 2, 1 };
	if (n >= 2) {
		TEST_CHECK(MPI_Graph_create(MPI_COMM_WORLD, 2, index, edges, 0, &g) == MPI_ERR_ARG);
		TEST_CHECK(MPI_Graph_create(MPI_COMM_WORLD, 2, dec, edges, 0, &g) == MPI_ERR_ARG);
	}
	TEST_CHECK(MPI_Graph_create(MPI_COMM_WORLD, n + 1, index, edges, 0, &g) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Graph_neighbors_count(MPI_COMM_WORLD, 0, &index[0]) == MPI_ERR_TOPOLOGY);
	dist_graphs(n, r);
	MPI_Finalize();
	return 0;
}
