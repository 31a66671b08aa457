/*
 * Description: MPI_Dist_graph_create accepts n larger than the
 * communicator's size (sources may repeat, MPI-3.1 7.5.4): every rank
 * names every edge of a ring twice over, once per source entry, and the
 * neighbours come out right (issue 14.5).
 * np: 2 3
 */
#include <stdlib.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 2, &n, &w);

	/* rank 0 gives all the edges i -> i+1, one source entry per edge,
	 * and each edge a second time as its own entry: 2n entries */
	int nsrc = w == 0 ? 2 * n : 0;
	int *src = malloc(sizeof(int) * (size_t)(2 * n));
	int *deg = malloc(sizeof(int) * (size_t)(2 * n));
	int *dst = malloc(sizeof(int) * (size_t)(2 * n));
	for (int i = 0; i < 2 * n; i++) {
		src[i] = i % n;
		deg[i] = 1;
		dst[i] = (i % n + 1) % n;
	}
	MPI_Comm g;
	TEST_MPI(MPI_Dist_graph_create(MPI_COMM_WORLD, nsrc, src, deg, dst, MPI_UNWEIGHTED,
				       MPI_INFO_NULL, 0, &g));
	int indeg, outdeg, weighted;
	TEST_MPI(MPI_Dist_graph_neighbors_count(g, &indeg, &outdeg, &weighted));
	TEST_CHECK(indeg == 2 && outdeg == 2 && !weighted);
	int in[2], out[2];
	TEST_MPI(MPI_Dist_graph_neighbors(g, 2, in, MPI_UNWEIGHTED, 2, out, MPI_UNWEIGHTED));
	for (int i = 0; i < 2; i++) {
		TEST_CHECK(in[i] == (w + n - 1) % n);
		TEST_CHECK(out[i] == (w + 1) % n);
	}
	TEST_MPI(MPI_Comm_free(&g));

	/* a negative n is still an error */
	TEST_CHECK(MPI_Dist_graph_create(MPI_COMM_WORLD, -1, src, deg, dst, MPI_UNWEIGHTED,
					 MPI_INFO_NULL, 0, &g) == MPI_ERR_ARG);
	free(src);
	free(deg);
	free(dst);
	MPI_Finalize();
	return 0;
}
