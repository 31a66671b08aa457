/*
 * Description: reduce_scatter and reduce_scatter_block of vectors beyond
 * the segment slots of lib/coll/shm.c (the ring schedule for commutative
 * ops from 3 ranks, reduce + scatterv for the others): totals
 * from 4 KiB to several 64 KiB pieces, uneven and empty
 * blocks, MPI_IN_PLACE, MPI_SUM on ints and a non-commutative user op
 * (affine maps: only a rank-order fold gets it right), a derived type
 * (contiguous of 2 ints, which keeps the schedule) and the nonblocking
 * version; every member checks its block.
 * np: 1 2 3 4 8
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"


static int ival(int it, int r, long i)
{
	return (int)((it * 13 + r * 101 + i) % 1000);
}

int main(int argc, char **argv)
{
	int n, r;
	MPI_Op affine;
	MPI_Datatype pair;
	mpitest_start(&argc, &argv, &r, &n);
	MPI_Op_create(mpitest_affine_compose, 0, &affine);
	MPI_Type_contiguous(2, MPI_INT, &pair);
	MPI_Type_commit(&pair);
	static const long per[] = { 1000, 4097, 9000, 40000, 3, 20001 };
	int *counts = malloc(sizeof(int) * n);
	for (int it = 0; it < 24; it++) {
		long blk = per[it % 6];
		long total = 0, first = 0;
		int in_place = it % 3 == 1, block = it % 2 == 0;
		for (int j = 0; j < n; j++) {
			/* uneven, the last member empty now and then */
			counts[j] = block ? (int)blk : it % 4 == 3 && j == n - 1 ? 0 : (int)(blk + (j * 37) % 5);
			if (j == r)
				first = total;
			total += counts[j];
		}
		int *s = malloc(sizeof(int) * 2 * (total + 1)), *d = malloc(sizeof(int) * 2 * (total + 1));
		TEST_CHECK(s && d);
		/* MPI_SUM on ints */
		int *src = in_place ? d : s;
		for (long i = 0; i < total; i++)
			src[i] = ival(it, r, i);
		if (block)
			TEST_MPI(MPI_Reduce_scatter_block(in_place ? MPI_IN_PLACE : s, d, counts[0],
							  MPI_INT, MPI_SUM, MPI_COMM_WORLD));
		else
			TEST_MPI(MPI_Reduce_scatter(in_place ? MPI_IN_PLACE : s, d, counts, MPI_INT,
						    MPI_SUM, MPI_COMM_WORLD));
		for (long i = 0; i < counts[r]; i++) {
			int want = 0;
			for (int k = 0; k < n; k++)
				want += ival(it, k, first + i);
			TEST_CHECK(d[i] == want);
		}
		/* affine maps: MPI_2INT, or the derived pair type every third time */
		for (long i = 0; i < total; i++)
			mpitest_affine(it, r, i, &s[2 * i]);
		MPI_Datatype t = it % 3 == 2 ? pair : MPI_2INT;
		if (it % 5 == 4) {
			MPI_Request req;
			TEST_MPI(MPI_Ireduce_scatter(s, d, counts, t, affine, MPI_COMM_WORLD, &req));
			TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
		} else {
			TEST_MPI(MPI_Reduce_scatter(s, d, counts, t, affine, MPI_COMM_WORLD));
		}
		for (long i = 0; i < counts[r]; i++) {
			int f[2];
			mpitest_affine_expect(it, n, first + i, f);
			TEST_CHECK(d[2 * i] == f[0] && d[2 * i + 1] == f[1]);
		}
		free(s);
		free(d);
	}
	free(counts);
	MPI_Type_free(&pair);
	MPI_Op_free(&affine);
	MPI_Finalize();
	return 0;
}
