/*
 * Description: small gather, scatter, allgather, alltoall and
 * reduce_scatter(_block) through the segment (lib/coll/shm_small.c and the
 * queues of shm_rqueue.c / shm_queue.c), and the point-to-point paths just
 * beyond their limits: thousands of back-to-back calls with sizes from 4
 * bytes to past each limit, rotating roots, MPI_IN_PLACE, a strided
 * derived send type against a contiguous receive type (and the reverse;
 * for scatter a root sending every block strided),
 * a member delayed now and then so that queues fill (gathers up to 66
 * KiB), bcasts of 600 bytes
 * to 66 KiB (the medium queues of lib/coll/shm_queue.c), a non-commutative
 * user op for reduce_scatter (only a rank-order fold gets it right),
 * bcasts and reduces of the same queues mixed in, on MPI_COMM_WORLD and on
 * a split communicator.  Every member checks every result.
 * np: 1 2 3 4 5 8
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

#define MAXC 16600

static int val(int it, int src, int blk, int i)
{
	return (it * 131 + src * 1009 + blk * 37 + i) & 0x7fffffff;
}

/* The block count of iteration it: mostly small, now and then past the
 * limits of the segment paths. */
static int count_of(int it, int n)
{
	if (it % 50 == 49)
		return 300 + it % 7;              /* 1.2 KiB: past the queues */
	if (it % 10 == 7)
		return 130 + (it * 13) % 1920;    /* 520 B - 8 KiB: medium queues */
	if (it % 50 == 33)
		return 2000 + (it * 29) % 6300;   /* 8-33 KiB: the 32 KiB queues and past them */
	if (it % 50 == 24)
		return 4096 / 4 / n + 1 + it % 3; /* alltoall past one slot */
	if (it % 23 == 11)
		return 8200 + (it * 31) % 8400;   /* 32-66 KiB: the 64 KiB queues and past them */
	return 1 + it % 71;
}

static int *scratch(size_t ints)
{
	int *p = malloc(ints * sizeof(int));
	TEST_CHECK(p != NULL);
	return p;
}

static void run(MPI_Comm comm, int iters, MPI_Op affine)
{
	int n, r;
	MPI_Comm_size(comm, &n);
	MPI_Comm_rank(comm, &r);
	int *s = scratch((size_t)2 * n * MAXC), *d = scratch((size_t)2 * n * MAXC);
	for (int it = 0; it < iters; it++) {
		int cnt = count_of(it, n), root = (it / 7) % n;
		int derived = it % 5 == 2, in_place = it % 3 == 0;
		MPI_Datatype vec = MPI_DATATYPE_NULL;
		if (derived) {
			/* cnt ints at stride 2: the same signature as cnt MPI_INT */
			MPI_Type_vector(cnt, 1, 2, MPI_INT, &vec);
			MPI_Type_commit(&vec);
		}
		if (it % 97 == 5 && r == it % n)
			usleep(2000);

		/* gather */
		for (int i = 0; i < cnt; i++)
			s[derived ? 2 * i : i] = val(it, r, 0, i);
		memset(d, 0xff, sizeof(int) * (size_t)n * cnt);
		if (r == root && in_place) {
			for (int i = 0; i < cnt; i++)
				d[r * cnt + i] = val(it, r, 0, i);
			TEST_MPI(MPI_Gather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, d, cnt, MPI_INT, root, comm));
		} else if (derived) {
			TEST_MPI(MPI_Gather(s, 1, vec, d, cnt, MPI_INT, root, comm));
		} else {
			TEST_MPI(MPI_Gather(s, cnt, MPI_INT, d, cnt, MPI_INT, root, comm));
		}
		if (r == root)
			for (int j = 0; j < n; j++)
				for (int i = 0; i < cnt; i++)
					TEST_CHECK(d[j * cnt + i] == val(it, j, 0, i));

		/* scatter: the root's blocks, received strided when derived, or
		 * sent strided (blocks of the resized vector side by side, the
		 * root's own among them) */
		int strided_root = derived && it % 2 == 1;
		if (r == root)
			for (int j = 0; j < n; j++)
				for (int i = 0; i < cnt; i++)
					s[strided_root ? 2 * (j * cnt + i) : j * cnt + i] = val(it, root, j, i);
		memset(d, 0xff, sizeof(int) * 2 * (size_t)cnt);
		if (strided_root) {
			MPI_Datatype blk;
			MPI_Type_create_resized(vec, 0, (MPI_Aint)(2 * cnt * sizeof(int)), &blk);
			MPI_Type_commit(&blk);
			TEST_MPI(MPI_Scatter(s, 1, blk, d, cnt, MPI_INT, root, comm));
			MPI_Type_free(&blk);
		} else if (r == root && in_place) {
			TEST_MPI(MPI_Scatter(s, cnt, MPI_INT, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, root, comm));
			for (int i = 0; i < cnt; i++)
				d[i] = s[r * cnt + i];
		} else if (derived) {
			TEST_MPI(MPI_Scatter(s, cnt, MPI_INT, d, 1, vec, root, comm));
			for (int i = 0; i < cnt; i++)
				d[i] = d[2 * i];
		} else {
			TEST_MPI(MPI_Scatter(s, cnt, MPI_INT, d, cnt, MPI_INT, root, comm));
		}
		for (int i = 0; i < cnt; i++)
			TEST_CHECK(d[i] == val(it, root, r, i));

		/* allgather */
		memset(d, 0xff, sizeof(int) * (size_t)n * cnt);
		for (int i = 0; i < cnt; i++)
			s[derived ? 2 * i : i] = val(it, r, 1, i);
		if (in_place) {
			for (int i = 0; i < cnt; i++)
				d[r * cnt + i] = val(it, r, 1, i);
			TEST_MPI(MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, d, cnt, MPI_INT, comm));
		} else if (derived) {
			TEST_MPI(MPI_Allgather(s, 1, vec, d, cnt, MPI_INT, comm));
		} else {
			TEST_MPI(MPI_Allgather(s, cnt, MPI_INT, d, cnt, MPI_INT, comm));
		}
		for (int j = 0; j < n; j++)
			for (int i = 0; i < cnt; i++)
				TEST_CHECK(d[j * cnt + i] == val(it, j, 1, i));

		/* alltoall: block j of member r is val(it, r, j, .) */
		int *src = in_place ? d : s;
		for (int j = 0; j < n; j++)
			for (int i = 0; i < cnt; i++)
				src[j * cnt + i] = val(it, r, j, i);
		if (in_place) {
			TEST_MPI(MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, d, cnt, MPI_INT, comm));
		} else {
			memset(d, 0xff, sizeof(int) * (size_t)n * cnt);
			TEST_MPI(MPI_Alltoall(s, cnt, MPI_INT, d, cnt, MPI_INT, comm));
		}
		for (int j = 0; j < n; j++)
			for (int i = 0; i < cnt; i++)
				TEST_CHECK(d[j * cnt + i] == val(it, j, r, i));

		/* reduce_scatter_block, MPI_SUM: element (j, i) sums val over members */
		int rc = cnt > 300 ? cnt / n + 1 : cnt;
		for (int j = 0; j < n; j++)
			for (int i = 0; i < rc; i++)
				(in_place ? d : s)[j * rc + i] = val(it, r, j, i) % 1000;
		if (in_place)
			TEST_MPI(MPI_Reduce_scatter_block(MPI_IN_PLACE, d, rc, MPI_INT, MPI_SUM, comm));
		else
			TEST_MPI(MPI_Reduce_scatter_block(s, d, rc, MPI_INT, MPI_SUM, comm));
		for (int i = 0; i < rc; i++) {
			int want = 0;
			for (int k = 0; k < n; k++)
				want += val(it, k, r, i) % 1000;
			TEST_CHECK(d[i] == want);
		}

		/* reduce_scatter, uneven blocks (some empty), non-commutative op */
		int counts[64], total = 0, first = 0;
		for (int j = 0; j < n; j++) {
			counts[j] = (j + it) % 4;
			if (j == r)
				first = total;
			total += counts[j];
		}
		for (int i = 0; i < total; i++)
			mpitest_affine(it, r, i, &s[2 * i]);
		if (total > 0) {
			TEST_MPI(MPI_Reduce_scatter(s, d, counts, MPI_2INT, affine, comm));
			for (int i = 0; i < counts[r]; i++) {
				int f[2];
				mpitest_affine_expect(it, n, first + i, f);
				TEST_CHECK(d[2 * i] == f[0] && d[2 * i + 1] == f[1]);
			}
		}

		/* reduce_scatter whose whole vector is member 0's block, two
		 * stamped lines of 56 bytes exactly: the other members' empty
		 * blocks start past the last line (lib/coll/shm_exchange.c) */
		if (it % 13 == 5) {
			int zc[64] = { 28 };
			for (int i = 0; i < 28; i++)
				s[i] = val(it, r, 0, i) % 1000;
			TEST_MPI(MPI_Reduce_scatter(s, d, zc, MPI_INT, MPI_SUM, comm));
			for (int i = 0; r == 0 && i < 28; i++) {
				int want = 0;
				for (int k = 0; k < n; k++)
					want += val(it, k, 0, i) % 1000;
				TEST_CHECK(d[i] == want);
			}
		}

		/* bcast through the medium queues (600 B - 64 KiB) and past them */
		int bc = it % 50 == 10   ? 8300
			 : it % 50 == 40 ? 2100 + (it * 41) % 6100
			 : it % 50 == 20 ? 8200 + (it * 43) % 8500
					 : 150 + (it * 37) % 1900;
		for (int i = 0; i < bc; i++)
			d[i] = r == root ? val(it, root, 2, i) : -1;
		TEST_MPI(MPI_Bcast(d, bc, MPI_INT, root, comm));
		for (int i = 0; i < bc; i++)
			TEST_CHECK(d[i] == val(it, root, 2, i));

		/* the queues' other users */
		if (it % 11 == 3) {
			int b = r == root ? it : -1;
			TEST_MPI(MPI_Bcast(&b, 1, MPI_INT, root, comm));
			TEST_CHECK(b == it);
			long x = r + it, sum = -1;
			TEST_MPI(MPI_Reduce(&x, &sum, 1, MPI_LONG, MPI_SUM, root, comm));
			if (r == root)
				TEST_CHECK(sum == (long)n * (n - 1) / 2 + (long)n * it);
		}
		if (derived)
			MPI_Type_free(&vec);
	}
	free(s);
	free(d);
}

int main(int argc, char **argv)
{
	int n, r;
	MPI_Op affine;
	mpitest_start(&argc, &argv, &r, &n);
	MPI_Op_create(mpitest_affine_compose, 0, &affine);
	run(MPI_COMM_WORLD, 800, affine);
	/* odd and even ranks, reversed: other sizes, roots, state */
	MPI_Comm half;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, r % 2, n - r, &half));
	run(half, 250, affine);
	MPI_Comm_free(&half);
	MPI_Op_free(&affine);
	MPI_Finalize();
	return 0;
}
