/*
 * Description: allgather of large blocks through the segment's
 * large-message area (lib/coll/shm_allgather.c), and alltoall of the same
 * sizes (point-to-point): blocks from just under the threshold to several
 * pieces with a partial last one, MPI_IN_PLACE, a strided derived send
 * type (packed in pieces at offsets; for alltoall resized so that the n
 * blocks follow each other), and large bcasts and allreduces in between,
 * which share the area; every member checks every block.  Two ranks keep
 * the ring and are checked the same way.
 * np: 2 3 4 5 8
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

static int val(int it, int src, long i)
{
	return (int)((it * 7919L + src * 104729L + i * 31) & 0x7fffffff);
}

int main(int argc, char **argv)
{
	int n, r;
	mpitest_start(&argc, &argv, &r, &n);
	static const long counts[] = { 4095, 4096, 5000, 16384, 16385, 40000, 3 };
	long maxc = 40000;
	int *s = malloc(sizeof(int) * 2 * maxc), *d = malloc(sizeof(int) * maxc * n);
	double *x = malloc(sizeof(double) * 50000), *y = malloc(sizeof(double) * 50000);
	TEST_CHECK(s && d && x && y);
	for (int it = 0; it < 60; it++) {
		long cnt = counts[it % 7];
		int mode = it % 3; /* 0 plain, 1 in place, 2 derived send type */
		memset(d, 0xff, sizeof(int) * cnt * n);
		if (mode == 1) {
			for (long i = 0; i < cnt; i++)
				d[r * cnt + i] = val(it, r, i);
			TEST_MPI(MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, d, (int)cnt, MPI_INT,
					       MPI_COMM_WORLD));
		} else if (mode == 2) {
			MPI_Datatype vec;
			MPI_Type_vector((int)cnt, 1, 2, MPI_INT, &vec);
			MPI_Type_commit(&vec);
			for (long i = 0; i < cnt; i++)
				s[2 * i] = val(it, r, i);
			TEST_MPI(MPI_Allgather(s, 1, vec, d, (int)cnt, MPI_INT, MPI_COMM_WORLD));
			MPI_Type_free(&vec);
		} else {
			for (long i = 0; i < cnt; i++)
				s[i] = val(it, r, i);
			TEST_MPI(MPI_Allgather(s, (int)cnt, MPI_INT, d, (int)cnt, MPI_INT, MPI_COMM_WORLD));
		}
		for (int j = 0; j < n; j++)
			for (long i = 0; i < cnt; i++)
				TEST_CHECK(d[j * cnt + i] == val(it, j, i));
		/* alltoall: block j of member r is val(it, r * n + j, .) */
		long acnt = cnt > 20000 ? 20000 : cnt;
		int *as = malloc(sizeof(int) * 2 * acnt * n), *ad = malloc(sizeof(int) * acnt * n);
		TEST_CHECK(as && ad);
		memset(ad, 0xff, sizeof(int) * acnt * n);
		if (mode == 1) {
			/* in place */
			for (int j = 0; j < n; j++)
				for (long i = 0; i < acnt; i++)
					ad[j * acnt + i] = val(it, r * n + j, i);
			TEST_MPI(MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, ad, (int)acnt, MPI_INT,
					      MPI_COMM_WORLD));
		} else if (mode == 2) {
			/* n blocks of acnt ints at stride 2, one every 2 * acnt ints */
			MPI_Datatype v, vec;
			MPI_Type_vector((int)acnt, 1, 2, MPI_INT, &v);
			MPI_Type_create_resized(v, 0, (MPI_Aint)(2 * acnt * sizeof(int)), &vec);
			MPI_Type_free(&v);
			MPI_Type_commit(&vec);
			for (int j = 0; j < n; j++)
				for (long i = 0; i < acnt; i++)
					as[2 * (j * acnt + i)] = val(it, r * n + j, i);
			TEST_MPI(MPI_Alltoall(as, 1, vec, ad, (int)acnt, MPI_INT, MPI_COMM_WORLD));
			MPI_Type_free(&vec);
		} else {
			for (int j = 0; j < n; j++)
				for (long i = 0; i < acnt; i++)
					as[j * acnt + i] = val(it, r * n + j, i);
			TEST_MPI(MPI_Alltoall(as, (int)acnt, MPI_INT, ad, (int)acnt, MPI_INT, MPI_COMM_WORLD));
		}
		for (int j = 0; j < n; j++)
			for (long i = 0; i < acnt; i++)
				TEST_CHECK(ad[j * acnt + i] == val(it, j * n + r, i));
		free(as);
		free(ad);
		if (it % 4 == 1) {
			/* the area's other users */
			long m = 20000 + it * 500;
			for (long i = 0; i < m; i++)
				x[i] = r == it % n ? (double)val(it, 9, i) : -1.0;
			TEST_MPI(MPI_Bcast(x, (int)m, MPI_DOUBLE, it % n, MPI_COMM_WORLD));
			for (long i = 0; i < m; i++)
				TEST_CHECK(x[i] == (double)val(it, 9, i));
			for (long i = 0; i < m; i++)
				x[i] = (double)(r + i % 5);
			TEST_MPI(MPI_Allreduce(x, y, (int)m, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
			for (long i = 0; i < m; i++)
				TEST_CHECK(y[i] == (double)n * (n - 1) / 2 + (double)n * (i % 5));
		}
	}
	free(s);
	free(d);
	free(x);
	free(y);
	MPI_Finalize();
	return 0;
}
