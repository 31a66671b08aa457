/*
 * Description: MPI-4.0 persistent collectives: every _init call gives an
 * inactive request that MPI_Start/MPI_Startall run again and again with
 * the buffers' current contents (the shared-memory plan of the small
 * barrier, bcast, reduce and allreduce, and the nonblocking path of the
 * others: large vectors, the rest of the calls), MPI_Wait/MPI_Test
 * complete it and leave it inactive, MPI_Request_free of an inactive one
 * frees it; a persistent and a blocking collective interleave on one
 * communicator; the neighbour forms on a ring.  Bad arguments and
 * MPI_Start of an active request are error classes through the
 * communicator's (or, for MPI_Start, MPI_COMM_WORLD's) handler.
 * np: 1 2 3 4
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "mpitest.h"

#define ROUNDS 5
#define BIG 4096   /* ints: beyond the shared-memory plan */

static int handled;
static void count_errs(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	(void)code;
	handled++;
}

static int nchecks;
static void check_class(int rc, int cls)
{
	int c = -1;
	nchecks++;
	if (rc == MPI_SUCCESS)
		printf("check %d: no error\n", nchecks);
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
}

static int rank, size;

/* allreduce and reduce of n ints, rounds with changing input */
static void reductions(int n)
{
	int *in = malloc(sizeof(int) * (size_t)n), *out = malloc(sizeof(int) * (size_t)n);
	int *red = malloc(sizeof(int) * (size_t)n);
	MPI_Request r[2];
	int root = size - 1;
	TEST_MPI(MPI_Allreduce_init(in, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
				    &r[0]));
	TEST_MPI(MPI_Reduce_init(in, red, n, MPI_INT, MPI_MAX, root, MPI_COMM_WORLD,
				 MPI_INFO_NULL, &r[1]));
	for (int k = 0; k < ROUNDS; k++) {
		for (int i = 0; i < n; i++)
			in[i] = rank + k + i;
		memset(out, -1, sizeof(int) * (size_t)n);
		memset(red, -1, sizeof(int) * (size_t)n);
		TEST_MPI(MPI_Start(&r[0]));
		TEST_MPI(MPI_Wait(&r[0], MPI_STATUS_IGNORE));
		TEST_CHECK(r[0] != MPI_REQUEST_NULL);
		for (int i = 0; i < n; i++)
			TEST_CHECK(out[i] == size * (size - 1) / 2 + size * (k + i));
		TEST_MPI(MPI_Start(&r[1]));
		int flag = 0;
		while (!flag)
			TEST_MPI(MPI_Test(&r[1], &flag, MPI_STATUS_IGNORE));
		if (rank == root)
			for (int i = 0; i < n; i++)
				TEST_CHECK(red[i] == size - 1 + k + i);
		/* a blocking collective between two starts */
		TEST_MPI(MPI_Barrier(MPI_COMM_WORLD));
	}
	/* in place */
	MPI_Request ip;
	for (int i = 0; i < n; i++)
		out[i] = rank;
	TEST_MPI(MPI_Allreduce_init(MPI_IN_PLACE, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
				    MPI_INFO_NULL, &ip));
	TEST_MPI(MPI_Start(&ip));
	TEST_MPI(MPI_Wait(&ip, MPI_STATUS_IGNORE));
	for (int i = 0; i < n; i++)
		TEST_CHECK(out[i] == size * (size - 1) / 2);
	TEST_MPI(MPI_Request_free(&ip));
	TEST_CHECK(ip == MPI_REQUEST_NULL);
	TEST_MPI(MPI_Request_free(&r[0]));
	TEST_MPI(MPI_Request_free(&r[1]));
	free(in);
	free(out);
	free(red);
}

/* barrier and bcast (a derived type: packed through the plan) started
 * together with MPI_Startall */
static void barrier_bcast(void)
{
	MPI_Request r[2];
	MPI_Datatype vec;
	int buf[8];
	MPI_Type_vector(4, 1, 2, MPI_INT, &vec);
	MPI_Type_commit(&vec);
	TEST_MPI(MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &r[0]));
	TEST_MPI(MPI_Bcast_init(buf, 1, vec, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r[1]));
	MPI_Type_free(&vec);   /* the request keeps it */
	for (int k = 0; k < ROUNDS; k++) {
		for (int i = 0; i < 8; i++)
			buf[i] = rank == 0 ? 100 * k + i : -1;
		TEST_MPI(MPI_Startall(2, r));
		TEST_MPI(MPI_Waitall(2, r, MPI_STATUSES_IGNORE));
		for (int i = 0; i < 8; i++)
			TEST_CHECK(buf[i] == (i % 2 == 0 || rank == 0 ? 100 * k + i : -1));
	}
	TEST_MPI(MPI_Request_free(&r[0]));
	TEST_MPI(MPI_Request_free(&r[1]));
}

/* the rest, one round each after a first start, checked */
static void others(void)
{
	int n = size;
	int *s = malloc(sizeof(int) * (size_t)n * 2), *d = malloc(sizeof(int) * (size_t)n * 2);
	int *cnt = malloc(sizeof(int) * (size_t)n), *dsp = malloc(sizeof(int) * (size_t)n);
	MPI_Datatype *types = malloc(sizeof(MPI_Datatype) * (size_t)n);
	MPI_Request r;
	for (int i = 0; i < n; i++) {
		cnt[i] = 1;
		dsp[i] = i;
		types[i] = MPI_INT;
	}
	for (int k = 0; k < 2; k++) {
		/* gather */
		s[0] = rank + k;
		TEST_MPI(MPI_Gather_init(s, 1, MPI_INT, d, 1, MPI_INT, 0, MPI_COMM_WORLD,
					 MPI_INFO_NULL, &r));
		for (int j = 0; j < 2; j++) {
			memset(d, -1, sizeof(int) * (size_t)n);
			TEST_MPI(MPI_Start(&r));
			TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
			if (rank == 0)
				for (int i = 0; i < n; i++)
					TEST_CHECK(d[i] == i + k);
		}
		MPI_Request_free(&r);
		/* gatherv */
		TEST_MPI(MPI_Gatherv_init(s, 1, MPI_INT, d, cnt, dsp, MPI_INT, 0, MPI_COMM_WORLD,
					  MPI_INFO_NULL, &r));
		memset(d, -1, sizeof(int) * (size_t)n);
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		if (rank == 0)
			for (int i = 0; i < n; i++)
				TEST_CHECK(d[i] == i + k);
		MPI_Request_free(&r);
		/* scatter(v) */
		for (int i = 0; i < n; i++)
			s[i] = 10 * i + k;
		TEST_MPI(MPI_Scatter_init(s, 1, MPI_INT, d, 1, MPI_INT, 0, MPI_COMM_WORLD,
					  MPI_INFO_NULL, &r));
		d[0] = -1;
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_CHECK(d[0] == 10 * rank + k);
		MPI_Request_free(&r);
		TEST_MPI(MPI_Scatterv_init(s, cnt, dsp, MPI_INT, d, 1, MPI_INT, 0, MPI_COMM_WORLD,
					   MPI_INFO_NULL, &r));
		d[0] = -1;
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_CHECK(d[0] == 10 * rank + k);
		MPI_Request_free(&r);
		/* allgather(v) */
		s[0] = rank * 3 + k;
		TEST_MPI(MPI_Allgather_init(s, 1, MPI_INT, d, 1, MPI_INT, MPI_COMM_WORLD,
					    MPI_INFO_NULL, &r));
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		for (int i = 0; i < n; i++)
			TEST_CHECK(d[i] == i * 3 + k);
		MPI_Request_free(&r);
		TEST_MPI(MPI_Allgatherv_init(s, 1, MPI_INT, d, cnt, dsp, MPI_INT, MPI_COMM_WORLD,
					     MPI_INFO_NULL, &r));
		memset(d, -1, sizeof(int) * (size_t)n);
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		for (int i = 0; i < n; i++)
			TEST_CHECK(d[i] == i * 3 + k);
		MPI_Request_free(&r);
		/* alltoall(v,w) */
		for (int i = 0; i < n; i++)
			s[i] = 100 * rank + i + k;
		TEST_MPI(MPI_Alltoall_init(s, 1, MPI_INT, d, 1, MPI_INT, MPI_COMM_WORLD,
					   MPI_INFO_NULL, &r));
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		for (int i = 0; i < n; i++)
			TEST_CHECK(d[i] == 100 * i + rank + k);
		MPI_Request_free(&r);
		TEST_MPI(MPI_Alltoallv_init(s, cnt, dsp, MPI_INT, d, cnt, dsp, MPI_INT,
					    MPI_COMM_WORLD, MPI_INFO_NULL, &r));
		memset(d, -1, sizeof(int) * (size_t)n);
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		for (int i = 0; i < n; i++)
			TEST_CHECK(d[i] == 100 * i + rank + k);
		MPI_Request_free(&r);
		int bdsp[64];
		for (int i = 0; i < n && i < 64; i++)
			bdsp[i] = i * (int)sizeof(int);
		TEST_MPI(MPI_Alltoallw_init(s, cnt, bdsp, types, d, cnt, bdsp, types,
					    MPI_COMM_WORLD, MPI_INFO_NULL, &r));
		memset(d, -1, sizeof(int) * (size_t)n);
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		for (int i = 0; i < n; i++)
			TEST_CHECK(d[i] == 100 * i + rank + k);
		MPI_Request_free(&r);
		/* reduce_scatter(_block) */
		for (int i = 0; i < n; i++)
			s[i] = i + rank + k;
		TEST_MPI(MPI_Reduce_scatter_block_init(s, d, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
						       MPI_INFO_NULL, &r));
		d[0] = -1;
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_CHECK(d[0] == n * (rank + k) + n * (n - 1) / 2);
		MPI_Request_free(&r);
		TEST_MPI(MPI_Reduce_scatter_init(s, d, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
						 MPI_INFO_NULL, &r));
		d[0] = -1;
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_CHECK(d[0] == n * (rank + k) + n * (n - 1) / 2);
		MPI_Request_free(&r);
		/* scan, exscan */
		s[0] = rank + 1 + k;
		TEST_MPI(MPI_Scan_init(s, d, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_CHECK(d[0] == (rank + 1) * (rank + 2) / 2 + (rank + 1) * k);
		MPI_Request_free(&r);
		TEST_MPI(MPI_Exscan_init(s, d, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
					 &r));
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		if (rank > 0)
			TEST_CHECK(d[0] == rank * (rank + 1) / 2 + rank * k);
		MPI_Request_free(&r);
	}
	free(s);
	free(d);
	free(cnt);
	free(dsp);
	free(types);
}

/* the neighbour forms on a periodic ring */
static void neighbours(void)
{
	MPI_Comm ring;
	int dims = size, periods = 1, s[2], d[2], cnt[2] = { 1, 1 }, dsp[2] = { 0, 1 };
	MPI_Aint adsp[2] = { 0, sizeof(int) };
	MPI_Datatype types[2] = { MPI_INT, MPI_INT };
	MPI_Request r;
	MPI_Cart_create(MPI_COMM_WORLD, 1, &dims, &periods, 0, &ring);
	int left = (rank - 1 + size) % size, right = (rank + 1) % size;
	s[0] = rank;
	TEST_MPI(MPI_Neighbor_allgather_init(s, 1, MPI_INT, d, 1, MPI_INT, ring, MPI_INFO_NULL, &r));
	for (int k = 0; k < 2; k++) {
		d[0] = d[1] = -1;
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_CHECK(d[0] == left && d[1] == right);
	}
	MPI_Request_free(&r);
	TEST_MPI(MPI_Neighbor_allgatherv_init(s, 1, MPI_INT, d, cnt, dsp, MPI_INT, ring,
					      MPI_INFO_NULL, &r));
	d[0] = d[1] = -1;
	TEST_MPI(MPI_Start(&r));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(d[0] == left && d[1] == right);
	MPI_Request_free(&r);
	/* block 0 goes to the left neighbour, block 1 to the right one */
	s[0] = 10 * rank;
	s[1] = 10 * rank + 1;
	TEST_MPI(MPI_Neighbor_alltoall_init(s, 1, MPI_INT, d, 1, MPI_INT, ring, MPI_INFO_NULL, &r));
	d[0] = d[1] = -1;
	TEST_MPI(MPI_Start(&r));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(d[0] == 10 * left + 1 && d[1] == 10 * right);
	MPI_Request_free(&r);
	TEST_MPI(MPI_Neighbor_alltoallv_init(s, cnt, dsp, MPI_INT, d, cnt, dsp, MPI_INT, ring,
					     MPI_INFO_NULL, &r));
	d[0] = d[1] = -1;
	TEST_MPI(MPI_Start(&r));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(d[0] == 10 * left + 1 && d[1] == 10 * right);
	MPI_Request_free(&r);
	TEST_MPI(MPI_Neighbor_alltoallw_init(s, cnt, adsp, types, d, cnt, adsp, types, ring,
					     MPI_INFO_NULL, &r));
	d[0] = d[1] = -1;
	TEST_MPI(MPI_Start(&r));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(d[0] == 10 * left + 1 && d[1] == 10 * right);
	MPI_Request_free(&r);
	MPI_Comm_free(&ring);
}

static void bad_arguments(void)
{
	MPI_Errhandler eh;
	MPI_Request r = MPI_REQUEST_NULL;
	int x = 0, y = 0;
	MPI_Comm_create_errhandler(count_errs, &eh);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
	handled = 0;
	check_class(MPI_Allreduce_init(&x, &y, -1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
				       &r), MPI_ERR_COUNT);
	check_class(MPI_Allreduce_init(&x, &y, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD,
				       MPI_INFO_NULL, &r), MPI_ERR_OP);
	check_class(MPI_Bcast_init(&x, 1, MPI_INT, size, MPI_COMM_WORLD, MPI_INFO_NULL, &r),
		    MPI_ERR_ROOT);
	check_class(MPI_Reduce_init(&x, &y, 1, MPI_DATATYPE_NULL, MPI_SUM, 0, MPI_COMM_WORLD,
				    MPI_INFO_NULL, &r), MPI_ERR_TYPE);
	check_class(MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, NULL), MPI_ERR_ARG);
	check_class(MPI_Alltoallv_init(&x, NULL, NULL, MPI_INT, &y, NULL, NULL, MPI_INT,
				       MPI_COMM_WORLD, MPI_INFO_NULL, &r), MPI_ERR_ARG);
	TEST_CHECK(handled == 6);
	/* starting an active one: MPI_ERR_REQUEST, through MPI_COMM_WORLD */
	TEST_MPI(MPI_Allreduce_init(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
	TEST_MPI(MPI_Start(&r));
	check_class(MPI_Start(&r), MPI_ERR_REQUEST);
	check_class(MPI_Startall(1, &r), MPI_ERR_REQUEST);
	TEST_CHECK(handled == 8);
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_MPI(MPI_Request_free(&r));
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);
	/* an invalid communicator */
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	check_class(MPI_Barrier_init(MPI_COMM_NULL, MPI_INFO_NULL, &r), MPI_ERR_COMM);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	reductions(3);
	reductions(BIG);
	barrier_bcast();
	others();
	neighbours();
	bad_arguments();
	MPI_Finalize();
	return 0;
}
