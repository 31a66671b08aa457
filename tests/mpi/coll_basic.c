/*
 * Description: barrier, bcast, reduce, allreduce, gather(v), scatter(v),
 * allgather(v), alltoall(v/w), reduce_scatter(_block), scan, exscan on
 * MPI_COMM_WORLD, a dup and a split, blocking and nonblocking, with
 * MPI_IN_PLACE, compared with locally computed answers.
 * np: 1 2 3 4 8
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_COLL_BARRIER=rd SHMPI_COLL_BCAST=binomial SHMPI_COLL_REDUCE=binomial SHMPI_COLL_ALLREDUCE=rd
 * env: SHMPI_COLL_ALLREDUCE=ring SHMPI_COLL_BCAST=linear
 * env: SHMPI_COLL_SHM_SLOT=64 SHMPI_COLL_SHM_MAX=64
 * env: SHMPI_COLL_BCAST=shm SHMPI_COLL_BCAST_LARGE_MIN=1
 * env: SHMPI_COLL_FAKE_NUMA=2
 * env: SHMPI_COLL_FAKE_NUMA=2 SHMPI_COLL_SHM_SLOT=64 SHMPI_COLL_SHM_MAX=64
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

/* Wait for req if the nonblocking variant started it (MPI_REQUEST_NULL,
 * what MPI_Wait leaves, otherwise). */
static void complete(MPI_Request *req)
{
	TEST_MPI(MPI_Wait(req, MPI_STATUS_IGNORE));
}

static void check_comm(MPI_Comm comm, int nb)
{
	int n, r;
	MPI_Comm_size(comm, &n);
	MPI_Comm_rank(comm, &r);
	MPI_Request req = MPI_REQUEST_NULL;
	for (int it = 0; it < 3; it++) {
		TEST_MPI(nb ? MPI_Ibarrier(comm, &req) : MPI_Barrier(comm));
		complete(&req);
	}
	int counts[] = { 1, 7, 100, 1000, 70000 };
	for (size_t ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++) {
		int cnt = counts[ci];
		int *a = malloc(sizeof(int) * (size_t)cnt);
		int *b = malloc(sizeof(int) * (size_t)cnt);
		for (int root = 0; root < n; root += (n > 2 ? n - 1 : 1)) {
			for (int i = 0; i < cnt; i++)
				a[i] = r == root ? i * 3 + root : -1;
			TEST_MPI(nb ? MPI_Ibcast(a, cnt, MPI_INT, root, comm, &req)
				    : MPI_Bcast(a, cnt, MPI_INT, root, comm));
			complete(&req);
			for (int i = 0; i < cnt; i++)
				TEST_CHECK(a[i] == i * 3 + root);
			/* reduce */
			for (int i = 0; i < cnt; i++)
				a[i] = r + i;
			memset(b, 0, sizeof(int) * (size_t)cnt);
			TEST_MPI(nb ? MPI_Ireduce(a, b, cnt, MPI_INT, MPI_SUM, root, comm, &req)
				    : MPI_Reduce(a, b, cnt, MPI_INT, MPI_SUM, root, comm));
			complete(&req);
			if (r == root)
				for (int i = 0; i < cnt; i++)
					TEST_CHECK(b[i] == n * (n - 1) / 2 + n * i);
		}
		/* allreduce, in place too */
		for (int i = 0; i < cnt; i++)
			a[i] = r * 2 + i;
		TEST_MPI(nb ? MPI_Iallreduce(a, b, cnt, MPI_INT, MPI_MAX, comm, &req)
			    : MPI_Allreduce(a, b, cnt, MPI_INT, MPI_MAX, comm));
		complete(&req);
		for (int i = 0; i < cnt; i++)
			TEST_CHECK(b[i] == (n - 1) * 2 + i);
		TEST_MPI(MPI_Allreduce(MPI_IN_PLACE, a, cnt, MPI_INT, MPI_SUM, comm));
		for (int i = 0; i < cnt; i++)
			TEST_CHECK(a[i] == n * (n - 1) + n * i);
		free(a);
		free(b);
	}
	/* gather / scatter / allgather / alltoall with 3 ints per rank */
	int *sb = malloc(sizeof(int) * 3 * (size_t)n), *rb = malloc(sizeof(int) * 3 * (size_t)n);
	int *cn = malloc(sizeof(int) * (size_t)n), *ds = malloc(sizeof(int) * (size_t)n);
	for (int i = 0; i < n; i++) {
		cn[i] = 3;
		ds[i] = 3 * (n - 1 - i);
	}
	int mine[3] = { r, r * 10, r * 100 };
	int root = n - 1;
	TEST_MPI(MPI_Gather(mine, 3, MPI_INT, rb, 3, MPI_INT, root, comm));
	if (r == root)
		for (int i = 0; i < n; i++)
			TEST_CHECK(rb[3 * i] == i && rb[3 * i + 1] == 10 * i && rb[3 * i + 2] == 100 * i);
	TEST_MPI(MPI_Gatherv(mine, 3, MPI_INT, rb, cn, ds, MPI_INT, 0, comm));
	if (r == 0)
		for (int i = 0; i < n; i++)
			TEST_CHECK(rb[ds[i]] == i && rb[ds[i] + 2] == 100 * i);
	for (int i = 0; i < 3 * n; i++)
		sb[i] = i;
	int got[3];
	TEST_MPI(MPI_Scatter(sb, 3, MPI_INT, got, 3, MPI_INT, root, comm));
	TEST_CHECK(got[0] == 3 * r && got[2] == 3 * r + 2);
	TEST_MPI(MPI_Scatterv(sb, cn, ds, MPI_INT, got, 3, MPI_INT, 0, comm));
	TEST_CHECK(got[0] == ds[r] && got[2] == ds[r] + 2);
	TEST_MPI(nb ? MPI_Iallgather(mine, 3, MPI_INT, rb, 3, MPI_INT, comm, &req)
		    : MPI_Allgather(mine, 3, MPI_INT, rb, 3, MPI_INT, comm));
	complete(&req);
	for (int i = 0; i < n; i++)
		TEST_CHECK(rb[3 * i] == i && rb[3 * i + 2] == 100 * i);
	memset(rb, 0, sizeof(int) * 3 * (size_t)n);
	memcpy(rb + ds[r], mine, sizeof(mine));
	TEST_MPI(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, rb, cn, ds, MPI_INT, comm));
	for (int i = 0; i < n; i++)
		TEST_CHECK(rb[ds[i]] == i && rb[ds[i] + 1] == 10 * i);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 3; k++)
			sb[3 * i + k] = 1000 * r + 10 * i + k;
	TEST_MPI(nb ? MPI_Ialltoall(sb, 3, MPI_INT, rb, 3, MPI_INT, comm, &req)
		    : MPI_Alltoall(sb, 3, MPI_INT, rb, 3, MPI_INT, comm));
	complete(&req);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 3; k++)
			TEST_CHECK(rb[3 * i + k] == 1000 * i + 10 * r + k);
	TEST_MPI(MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, sb, 3, MPI_INT, comm));
	for (int i = 0; i < n; i++)
		TEST_CHECK(sb[3 * i] == 1000 * i + 10 * r);
	int *sd = malloc(sizeof(int) * (size_t)n), *sc = malloc(sizeof(int) * (size_t)n);
	MPI_Datatype *ty = malloc(sizeof(MPI_Datatype) * (size_t)n);
	for (int i = 0; i < n; i++) {
		sc[i] = 3;
		sd[i] = 3 * i;
		ty[i] = MPI_INT;
		for (int k = 0; k < 3; k++)
			sb[3 * i + k] = 1000 * r + 10 * i + k;
	}
	TEST_MPI(MPI_Alltoallv(sb, sc, sd, MPI_INT, rb, sc, sd, MPI_INT, comm));
	for (int i = 0; i < n; i++)
		TEST_CHECK(rb[3 * i + 1] == 1000 * i + 10 * r + 1);
	for (int i = 0; i < n; i++)
		sd[i] *= (int)sizeof(int);
	memset(rb, 0, sizeof(int) * 3 * (size_t)n);
	TEST_MPI(MPI_Alltoallw(sb, sc, sd, ty, rb, sc, sd, ty, comm));
	for (int i = 0; i < n; i++)
		TEST_CHECK(rb[3 * i + 2] == 1000 * i + 10 * r + 2);
	/* reduce_scatter_block / reduce_scatter */
	for (int i = 0; i < 3 * n; i++)
		sb[i] = r + i;
	TEST_MPI(MPI_Reduce_scatter_block(sb, got, 3, MPI_INT, MPI_SUM, comm));
	for (int k = 0; k < 3; k++)
		TEST_CHECK(got[k] == n * (n - 1) / 2 + n * (3 * r + k));
	TEST_MPI(MPI_Reduce_scatter(MPI_IN_PLACE, sb, cn, MPI_INT, MPI_SUM, comm));
	for (int k = 0; k < 3; k++)
		TEST_CHECK(sb[k] == n * (n - 1) / 2 + n * (3 * r + k));
	/* scan / exscan */
	int v = r + 1, s1 = 0, s2 = -7;
	TEST_MPI(nb ? MPI_Iscan(&v, &s1, 1, MPI_INT, MPI_SUM, comm, &req)
		    : MPI_Scan(&v, &s1, 1, MPI_INT, MPI_SUM, comm));
	complete(&req);
	TEST_MPI(nb ? MPI_Iexscan(&v, &s2, 1, MPI_INT, MPI_SUM, comm, &req)
		    : MPI_Exscan(&v, &s2, 1, MPI_INT, MPI_SUM, comm));
	complete(&req);
	TEST_CHECK(s1 == (r + 1) * (r + 2) / 2);
	if (r > 0)
		TEST_CHECK(s2 == r * (r + 1) / 2);
	free(sb);
	free(rb);
	free(cn);
	free(ds);
	free(sd);
	free(sc);
	free(ty);
}

int main(int argc, char **argv)
{
	TEST_MPI(MPI_Init(&argc, &argv));
	int r, n;
	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	for (int nb = 0; nb < 2; nb++) {
		check_comm(MPI_COMM_WORLD, nb);
		MPI_Comm d, s;
		TEST_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &d));
		check_comm(d, nb);
		TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, r % 2, n - r, &s));
		int sr, ss;
		MPI_Comm_rank(s, &sr);
		MPI_Comm_size(s, &ss);
		TEST_CHECK(ss == (n + 1 - r % 2) / 2);
		TEST_CHECK(sr == ss - 1 - r / 2);
		check_comm(s, nb);
		TEST_MPI(MPI_Comm_free(&s));
		TEST_MPI(MPI_Comm_free(&d));
		TEST_CHECK(d == MPI_COMM_NULL);
	}
	TEST_MPI(MPI_Finalize());
	return 0;
}
