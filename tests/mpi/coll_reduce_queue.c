/*
 * Description: runs of small reduces that let non-roots run ahead of the
 * root (lib/coll/shm_rqueue.c): thousands of back-to-back MPI_Reduce calls
 * with long runs of one root, the root delayed so that the queues fill and
 * contributors wait for its folds, sizes on both sides of the queues' slot
 * limits, a non-commutative user op (affine maps, which only a rank-order
 * fold gets right), MPI_IN_PLACE at the root, bcasts and allreduces mixed
 * in; the root checks every result.
 * np: 1 2 3 4 8
 */
#include <string.h>
#include <unistd.h>
#include "mpitest.h"


int main(int argc, char **argv)
{
	int n, r;
	MPI_Op affine;
	mpitest_start(&argc, &argv, &r, &n);
	MPI_Op_create(mpitest_affine_compose, 0, &affine);
	for (int it = 0; it < 4000; it++) {
		int root = (it / 300) % n;
		/* 1..31 pairs (8..248 bytes) and now and then 40 (320) through
		 * the queues of 512-byte slots; every seventh 64..864 pairs
		 * (512..6912 bytes: two members' medium queues); now and then
		 * 1100 pairs (8800 bytes: past every queue). */
		int pairs = it % 300 == 200 ? 40 : it % 300 == 100 ? 1100 :
			    it % 7 == 3 ? 64 + (it / 7 % 5) * 200 : 1 + it % 31;
		static int mine[2200], res[2200];
		for (int i = 0; i < pairs; i++)
			mpitest_affine(it, r, i, &mine[2 * i]);
		if (it % 300 == 20 && r == root)
			usleep(3000);          /* the others fill the queues */
		if (r == root && it % 2) {
			memcpy(res, mine, sizeof(int) * 2 * pairs);
			TEST_MPI(MPI_Reduce(MPI_IN_PLACE, res, pairs, MPI_2INT, affine, root, MPI_COMM_WORLD));
		} else {
			TEST_MPI(MPI_Reduce(mine, res, pairs, MPI_2INT, affine, root, MPI_COMM_WORLD));
		}
		if (r == root)
			for (int i = 0; i < pairs; i++) {
				int f[2];
				mpitest_affine_expect(it, n, i, f);
				TEST_CHECK(res[2 * i] == f[0] && res[2 * i + 1] == f[1]);
			}
		if (it % 700 == 699) {
			long x = r, sum;
			TEST_MPI(MPI_Allreduce(&x, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD));
			TEST_CHECK(sum == (long)n * (n - 1) / 2);
		}
		if (it % 450 == 449) {
			int b = r == 0 ? it : -1;
			TEST_MPI(MPI_Bcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD));
			TEST_CHECK(b == it);
		}
	}
	MPI_Op_free(&affine);
	MPI_Finalize();
	return 0;
}
