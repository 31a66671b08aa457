/* Description: a window of MPI_Win_allocate_shared used by plain loads and
 * stores: a 1-D three-point stencil over an array split among the ranks,
 * each rank reading its neighbours' edge cells through the pointers of
 * MPI_Win_shared_query, iterated with MPI_Win_sync and barriers inside a
 * lock_all epoch, checked exactly against the same stencil computed
 * serially.  Also the noncontiguous hint and a rank with no memory.
 * np: 1 2 3 4
 */
#include <string.h>
#include "mpitest.h"

#define LOCAL 257
#define STEPS 50

static double f(double l, double c, double r)
{
	return 0.25 * l + 0.5 * c + 0.25 * r;
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	int total = LOCAL * n;
	double *mine;
	MPI_Win win;
	/* two buffers per rank: cur and next */
	TEST_MPI(MPI_Win_allocate_shared(2 * LOCAL * sizeof(double), sizeof(double), MPI_INFO_NULL,
					 MPI_COMM_WORLD, &mine, &win));
	double **cur = malloc(sizeof(double *) * n);
	for (int r = 0; r < n; r++) {
		MPI_Aint sz;
		int du;
		TEST_MPI(MPI_Win_shared_query(win, r, &sz, &du, &cur[r]));
		TEST_CHECK(sz == 2 * LOCAL * sizeof(double) && du == sizeof(double));
	}
	TEST_CHECK(cur[w] == mine);
	for (int i = 0; i < LOCAL; i++)
		mine[i] = (double)((w * LOCAL + i) % 17);
	TEST_MPI(MPI_Win_lock_all(0, win));
	TEST_MPI(MPI_Win_sync(win));
	MPI_Barrier(MPI_COMM_WORLD);
	int c = 0;
	for (int s = 0; s < STEPS; s++) {
		double *src = mine + c * LOCAL, *dst = mine + (1 - c) * LOCAL;
		for (int i = 0; i < LOCAL; i++) {
			int g = w * LOCAL + i;
			double l, r;
			if (i > 0)
				l = src[i - 1];
			else
				l = g == 0 ? 0.0 : cur[w - 1][c * LOCAL + LOCAL - 1];
			if (i < LOCAL - 1)
				r = src[i + 1];
			else
				r = g == total - 1 ? 0.0 : cur[w + 1][c * LOCAL];
			dst[i] = f(l, src[i], r);
		}
		TEST_MPI(MPI_Win_sync(win));
		MPI_Barrier(MPI_COMM_WORLD);
		TEST_MPI(MPI_Win_sync(win));
		c = 1 - c;
	}
	TEST_MPI(MPI_Win_unlock_all(win));
	/* serial reference */
	double *a = malloc(sizeof(double) * total), *b = malloc(sizeof(double) * total);
	for (int g = 0; g < total; g++)
		a[g] = (double)(g % 17);
	for (int s = 0; s < STEPS; s++) {
		for (int g = 0; g < total; g++)
			b[g] = f(g ? a[g - 1] : 0.0, a[g], g < total - 1 ? a[g + 1] : 0.0);
		double *t = a;
		a = b;
		b = t;
	}
	for (int i = 0; i < LOCAL; i++)
		TEST_CHECK(mine[c * LOCAL + i] == a[w * LOCAL + i]);
	TEST_MPI(MPI_Win_free(&win));

	/* rank 0 without memory; noncontiguous hint; MPI_PROC_NULL query */
	MPI_Info info;
	MPI_Info_create(&info);
	MPI_Info_set(info, "alloc_shared_noncontig", "true");
	int *p;
	TEST_MPI(MPI_Win_allocate_shared(w ? 100 : 0, 1, info, MPI_COMM_WORLD, &p, &win));
	MPI_Info_free(&info);
	MPI_Aint sz;
	int du;
	int *q;
	TEST_MPI(MPI_Win_shared_query(win, MPI_PROC_NULL, &sz, &du, &q));
	if (n > 1) {
		TEST_CHECK(sz == 100);
		if (w == 1)
			TEST_CHECK(q == p);
	}
	TEST_MPI(MPI_Win_free(&win));
	free(a);
	free(b);
	free(cur);
	MPI_Finalize();
	return 0;
}
