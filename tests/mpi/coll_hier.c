/*
 * Description: the two-level collectives across NUMA nodes (faked with
 * SHMPI_COLL_FAKE_NUMA, so they run on a one-node machine): bcast from
 * every root (small and 1 MiB), reduce to every root (sum, max, in place),
 * allreduce (small and large, in place), barrier ordering, on
 * MPI_COMM_WORLD, on a split whose members span the nodes unevenly and on
 * one whose rank order alternates between nodes; a non-commutative user op
 * still gives the rank-order result.  Results are compared with locally
 * computed answers.
 * np: 2 3 4 5 8
 * env: SHMPI_COLL_FAKE_NUMA=2
 * env: SHMPI_COLL_FAKE_NUMA=3
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

#define BIG (1 << 18)  /* ints: 1 MiB */

static int value(int r, int i)
{
	return (r + 1) * 7 + (i % 1013) * (r % 3 + 1);
}

static void check_bcast(MPI_Comm comm, int n, int r, int *buf)
{
	int counts[] = { 3, 200, BIG };
	for (size_t ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++) {
		int cnt = counts[ci];
		for (int root = 0; root < n; root++) {
			for (int i = 0; i < cnt; i++)
				buf[i] = r == root ? value(root, i) : -1;
			TEST_MPI(MPI_Bcast(buf, cnt, MPI_INT, root, comm));
			for (int i = 0; i < cnt; i++)
				TEST_CHECK(buf[i] == value(root, i));
		}
	}
}

static int expect(MPI_Op op, int n, int i)
{
	int e = value(0, i);
	for (int q = 1; q < n; q++)
		e = op == MPI_SUM ? e + value(q, i) : (value(q, i) > e ? value(q, i) : e);
	return e;
}

static void check_reduce(MPI_Comm comm, int n, int r, int *a, int *b)
{
	int counts[] = { 1, 5, 1000, 70000 };
	MPI_Op ops[] = { MPI_SUM, MPI_MAX };
	for (size_t ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++) {
		int cnt = counts[ci];
		for (int oi = 0; oi < 2; oi++) {
			for (int root = 0; root < n; root++) {
				int in_place = (root + oi) % 2 && r == root;
				for (int i = 0; i < cnt; i++) {
					a[i] = value(r, i);
					b[i] = in_place ? a[i] : -1;
				}
				TEST_MPI(MPI_Reduce(in_place ? MPI_IN_PLACE : a, b, cnt, MPI_INT, ops[oi],
						    root, comm));
				if (r == root)
					for (int i = 0; i < cnt; i++)
						TEST_CHECK(b[i] == expect(ops[oi], n, i));
			}
		}
	}
}

static void check_allreduce(MPI_Comm comm, int n, int r, int *a, int *b)
{
	int counts[] = { 1, 6, 1000, 100000 };
	for (size_t ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++) {
		int cnt = counts[ci];
		for (int in_place = 0; in_place < 2; in_place++) {
			for (int oi = 0; oi < 2; oi++) {
				MPI_Op op = oi ? MPI_MAX : MPI_SUM;
				for (int i = 0; i < cnt; i++)
					a[i] = b[i] = value(r, i);
				TEST_MPI(MPI_Allreduce(in_place ? MPI_IN_PLACE : a, b, cnt, MPI_INT, op, comm));
				for (int i = 0; i < cnt; i++)
					TEST_CHECK(b[i] == expect(op, n, i));
			}
		}
	}
}

/* Nobody leaves a barrier before the last member entered it: one member
 * enters late, and every exit time must follow every entry time
 * (MPI_Wtime is one clock for the node). */
static void check_barrier(MPI_Comm comm, int n, int r)
{
	for (int late = 0; late < n; late++) {
		if (r == late)
			usleep(20000);
		double t[2];
		t[0] = MPI_Wtime();
		TEST_MPI(MPI_Barrier(comm));
		t[1] = MPI_Wtime();
		double *all = malloc(sizeof(double) * 2 * (size_t)n);
		TEST_CHECK(all != NULL);
		TEST_MPI(MPI_Allgather(t, 2, MPI_DOUBLE, all, 2, MPI_DOUBLE, comm));
		double last_in = all[0], first_out = all[1];
		for (int q = 1; q < n; q++) {
			last_in = all[2 * q] > last_in ? all[2 * q] : last_in;
			first_out = all[2 * q + 1] < first_out ? all[2 * q + 1] : first_out;
		}
		TEST_CHECK(last_in <= first_out);
		free(all);
	}
}

/* Composition of affine maps x -> m x + c modulo 2^32: associative, not
 * commutative.  inout = in o inout, in holding the lower ranks. */
static void affine(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	(void)dt;
	unsigned *x = in, *y = inout;
	for (int i = 0; i < *len; i++) {
		unsigned m = x[2 * i] * y[2 * i], c = x[2 * i + 1] * y[2 * i] + y[2 * i + 1];
		y[2 * i] = m;
		y[2 * i + 1] = c;
	}
}

static void affine_of(int r, int i, unsigned *p)
{
	p[0] = 2u * (unsigned)(r + i) + 3u;
	p[1] = (unsigned)(r * 11 + i + 1);
}

static void check_noncommutative(MPI_Comm comm, int n, int r)
{
	enum { CNT = 4 };
	MPI_Datatype pair;
	MPI_Op op;
	TEST_MPI(MPI_Type_contiguous(2, MPI_UNSIGNED, &pair));
	TEST_MPI(MPI_Type_commit(&pair));
	TEST_MPI(MPI_Op_create(affine, 0, &op));
	unsigned a[2 * CNT], b[2 * CNT], e[2 * CNT];
	for (int i = 0; i < CNT; i++) {
		affine_of(r, i, &a[2 * i]);
		affine_of(0, i, &e[2 * i]);
		for (int q = 1; q < n; q++) {
			unsigned p[2];
			affine_of(q, i, p);
			int one = 1;
			affine(&e[2 * i], p, &one, &pair);
			memcpy(&e[2 * i], p, sizeof(p));
		}
	}
	for (int root = 0; root < n; root++) {
		memset(b, 0, sizeof(b));
		TEST_MPI(MPI_Reduce(a, b, CNT, pair, op, root, comm));
		if (r == root)
			TEST_CHECK(!memcmp(b, e, sizeof(e)));
	}
	memset(b, 0, sizeof(b));
	TEST_MPI(MPI_Allreduce(a, b, CNT, pair, op, comm));
	TEST_CHECK(!memcmp(b, e, sizeof(e)));
	TEST_MPI(MPI_Op_free(&op));
	TEST_MPI(MPI_Type_free(&pair));
}

static void check_comm(MPI_Comm comm, int *a, int *b)
{
	int n, r;
	MPI_Comm_size(comm, &n);
	MPI_Comm_rank(comm, &r);
	check_bcast(comm, n, r, a);
	check_reduce(comm, n, r, a, b);
	check_allreduce(comm, n, r, a, b);
	check_barrier(comm, n, r);
	check_noncommutative(comm, n, r);
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	int *a = malloc(sizeof(int) * BIG), *b = malloc(sizeof(int) * BIG);
	TEST_CHECK(a && b);
	check_comm(MPI_COMM_WORLD, a, b);

	/* Ranks 1 and 2 leave: the rest spans the nodes unevenly (np 8,
	 * two nodes: 2 + 4 members), ranks 1 and 2 sit on one node. */
	MPI_Comm uneven;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, w == 1 || w == 2, w, &uneven));
	check_comm(uneven, a, b);
	TEST_MPI(MPI_Comm_free(&uneven));

	/* Rank order alternating between the faked nodes (node of world rank
	 * w is w * k / n, lib/coll/numa.c): a reduction that combined node by node
	 * would give a non-commutative op a wrong result here. */
	const char *fake = getenv("SHMPI_COLL_FAKE_NUMA");
	int k = fake ? atoi(fake) : 1, node = (int)((long)w * k / n), first = 0;
	while ((int)((long)first * k / n) != node)
		first++;
	MPI_Comm mixed;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, 0, (w - first) * k + node, &mixed));
	check_comm(mixed, a, b);
	TEST_MPI(MPI_Comm_free(&mixed));

	free(a);
	free(b);
	MPI_Finalize();
	return 0;
}
