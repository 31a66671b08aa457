/*
 * Description: fixed-size collectives that move no bytes (count 0, or a
 * count of a zero-size type) on intracommunicators: every one returns
 * MPI_SUCCESS, leaves the buffers alone, waits for nobody (a member that
 * sleeps does not hold up the others), completes a nonblocking request at
 * once, and leaves the queues in order for the collectives with data
 * around them; bad arguments still raise their error class.
 * np: 1 2 3 4
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

#define SENTINEL 0x5a
#define BUF 4096

static unsigned char sbuf[BUF], rbuf[BUF];

static void untouched(void)
{
	for (int i = 0; i < BUF; i++)
		TEST_CHECK(rbuf[i] == SENTINEL);
}

/* Every fixed-size collective with count blocks of dt (no bytes). */
static void empty_calls(MPI_Comm comm, int count, MPI_Datatype dt, int root)
{
	int n;
	MPI_Comm_size(comm, &n);
	int *zeros = calloc((size_t)n, sizeof(int));
	TEST_CHECK(zeros != NULL);
	memset(rbuf, SENTINEL, BUF);
	TEST_MPI(MPI_Gather(sbuf, count, dt, rbuf, count, dt, root, comm));
	TEST_MPI(MPI_Scatter(sbuf, count, dt, rbuf, count, dt, root, comm));
	TEST_MPI(MPI_Allgather(sbuf, count, dt, rbuf, count, dt, comm));
	TEST_MPI(MPI_Alltoall(sbuf, count, dt, rbuf, count, dt, comm));
	TEST_MPI(MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, rbuf, count, dt, comm));
	if (dt == MPI_INT) {
		TEST_MPI(MPI_Reduce(sbuf, rbuf, count, dt, MPI_SUM, root, comm));
		TEST_MPI(MPI_Allreduce(sbuf, rbuf, count, dt, MPI_SUM, comm));
		TEST_MPI(MPI_Reduce_scatter_block(sbuf, rbuf, count, dt, MPI_SUM, comm));
		TEST_MPI(MPI_Reduce_scatter(sbuf, rbuf, zeros, dt, MPI_SUM, comm));
		TEST_MPI(MPI_Scan(sbuf, rbuf, count, dt, MPI_SUM, comm));
		TEST_MPI(MPI_Exscan(sbuf, rbuf, count, dt, MPI_SUM, comm));
	}
	MPI_Request req[4];
	TEST_MPI(MPI_Igather(sbuf, count, dt, rbuf, count, dt, root, comm, &req[0]));
	TEST_MPI(MPI_Iallgather(sbuf, count, dt, rbuf, count, dt, comm, &req[1]));
	TEST_MPI(MPI_Ialltoall(sbuf, count, dt, rbuf, count, dt, comm, &req[2]));
	TEST_MPI(MPI_Iscatter(sbuf, count, dt, rbuf, count, dt, root, comm, &req[3]));
	TEST_MPI(MPI_Waitall(4, req, MPI_STATUSES_IGNORE));
	for (int i = 0; i < 4; i++)
		TEST_CHECK(req[i] == MPI_REQUEST_NULL);
	untouched();
	free(zeros);
}

/* A collective with data after empty ones: the queues are still in step. */
static void with_data(MPI_Comm comm, int it)
{
	int n, r;
	MPI_Comm_size(comm, &n);
	MPI_Comm_rank(comm, &r);
	int mine[4], all[4 * 64];
	for (int i = 0; i < 4; i++)
		mine[i] = it * 1000 + r * 10 + i;
	TEST_MPI(MPI_Allgather(mine, 4, MPI_INT, all, 4, MPI_INT, comm));
	for (int j = 0; j < n; j++)
		for (int i = 0; i < 4; i++)
			TEST_CHECK(all[j * 4 + i] == it * 1000 + j * 10 + i);
	int root = it % n;
	TEST_MPI(MPI_Gather(mine, 4, MPI_INT, all, 4, MPI_INT, root, comm));
	if (r == root)
		for (int j = 0; j < n; j++)
			TEST_CHECK(all[j * 4 + 3] == it * 1000 + j * 10 + 3);
	long x = r + it, sum = -1;
	TEST_MPI(MPI_Allreduce(&x, &sum, 1, MPI_LONG, MPI_SUM, comm));
	TEST_CHECK(sum == (long)n * (n - 1) / 2 + (long)n * it);
}

/* A member that arrives late holds up no empty collective: the others
 * finish theirs while it sleeps, and a call with data then waits for it. */
static void nobody_waits(MPI_Comm comm)
{
	int n, r;
	MPI_Comm_size(comm, &n);
	MPI_Comm_rank(comm, &r);
	if (n < 2)
		return;
	MPI_Barrier(comm);
	if (r == n - 1)
		usleep(300 * 1000);
	double t0 = mpitest_now();
	for (int i = 0; i < 100; i++) {
		TEST_MPI(MPI_Allgather(sbuf, 0, MPI_INT, rbuf, 0, MPI_INT, comm));
		TEST_MPI(MPI_Alltoall(sbuf, 0, MPI_INT, rbuf, 0, MPI_INT, comm));
		TEST_MPI(MPI_Allreduce(sbuf, rbuf, 0, MPI_INT, MPI_SUM, comm));
		TEST_MPI(MPI_Gather(sbuf, 0, MPI_INT, rbuf, 0, MPI_INT, n - 1, comm));
	}
	double took = mpitest_now() - t0;
	if (r != n - 1 && took > 0.15) {
		fprintf(stderr, "rank %d: 400 empty collectives took %.3f s (a member slept 0.3 s)\n",
			r, took);
		TEST_CHECK(0);
	}
	with_data(comm, 99);
}

/* Arguments are checked before the call knows it is empty. */
static void still_checked(MPI_Comm comm)
{
	int n, cls;
	MPI_Comm_size(comm, &n);
	MPI_Comm c;
	TEST_MPI(MPI_Comm_dup(comm, &c));
	MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
	int rc = MPI_Allgather(sbuf, 0, MPI_INT, rbuf, 0, MPI_DATATYPE_NULL, c);
	MPI_Error_class(rc, &cls);
	TEST_CHECK(cls == MPI_ERR_TYPE);
	rc = MPI_Gather(sbuf, 0, MPI_INT, rbuf, 0, MPI_INT, n, c);
	MPI_Error_class(rc, &cls);
	TEST_CHECK(cls == MPI_ERR_ROOT);
	rc = MPI_Allreduce(sbuf, rbuf, 0, MPI_INT, MPI_OP_NULL, c);
	MPI_Error_class(rc, &cls);
	TEST_CHECK(cls == MPI_ERR_OP);
	rc = MPI_Alltoall(sbuf, -1, MPI_INT, rbuf, 0, MPI_INT, c);
	MPI_Error_class(rc, &cls);
	TEST_CHECK(cls == MPI_ERR_COUNT);
	MPI_Comm_free(&c);
}

static int class_of(int rc)
{
	int cls;
	MPI_Error_class(rc, &cls);
	return cls;
}

/* What the blocking calls' quick answer (lib/coll/coll_quick.h) must
 * leave to the full checks: each argument it reads, wrong in turn. */
static void quick_still_checked(MPI_Comm comm)
{
	int n, r;
	MPI_Comm_size(comm, &n);
	MPI_Comm_rank(comm, &r);
	MPI_Comm c;
	TEST_MPI(MPI_Comm_dup(comm, &c));
	MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
	MPI_Datatype loose;
	TEST_MPI(MPI_Type_contiguous(2, MPI_INT, &loose)); /* never committed */
	TEST_CHECK(class_of(MPI_Bcast(sbuf, 0, MPI_INT, -1, c)) == MPI_ERR_ROOT);
	TEST_CHECK(class_of(MPI_Bcast(sbuf, 0, MPI_INT, n, c)) == MPI_ERR_ROOT);
	TEST_CHECK(class_of(MPI_Bcast(sbuf, 0, loose, 0, c)) == MPI_ERR_TYPE);
	TEST_CHECK(class_of(MPI_Alltoall(sbuf, 0, loose, rbuf, 0, MPI_INT, c)) == MPI_ERR_TYPE);
	TEST_CHECK(class_of(MPI_Allgather(sbuf, 0, MPI_INT, rbuf, 0, loose, c)) == MPI_ERR_TYPE);
	/* One buffer as both, moving no bytes: no aliasing (issue 38) */
	TEST_MPI(MPI_Alltoall(rbuf, 0, MPI_INT, rbuf, 0, MPI_INT, c));
	TEST_MPI(MPI_Allgather(rbuf, 0, MPI_INT, rbuf, 0, MPI_INT, c));
	/* Twice: the second answer comes from what the first one learnt. */
	for (int i = 0; i < 2; i++) {
		TEST_CHECK(class_of(MPI_Allreduce(sbuf, rbuf, 0, MPI_FLOAT, MPI_BAND, c)) ==
			   MPI_ERR_OP);
		TEST_CHECK(class_of(MPI_Reduce(sbuf, rbuf, 0, MPI_DOUBLE, MPI_LXOR, 0, c)) ==
			   MPI_ERR_OP);
		TEST_CHECK(class_of(MPI_Reduce_scatter_block(sbuf, rbuf, 0, MPI_FLOAT, MPI_BOR,
							     c)) == MPI_ERR_OP);
		TEST_MPI(MPI_Allreduce(sbuf, rbuf, 0, MPI_FLOAT, MPI_MAX, c));
	}
	TEST_CHECK(class_of(MPI_Allreduce(sbuf, rbuf, 0, MPI_INT, MPI_REPLACE, c)) == MPI_ERR_OP);
	TEST_MPI(MPI_Reduce_scatter_block(rbuf, rbuf, 0, MPI_INT, MPI_SUM, c));
	TEST_CHECK(class_of(MPI_Reduce(sbuf, rbuf, 0, MPI_INT, MPI_SUM, n, c)) == MPI_ERR_ROOT);
	TEST_CHECK(class_of(MPI_Reduce_scatter(sbuf, rbuf, NULL, MPI_INT, MPI_SUM, c)) ==
		   MPI_ERR_ARG);
	/* MPI_IN_PLACE off the root, and the root's send block as its
	 * receive buffer, are errors only where bytes move (MPICH answers
	 * the same); with none every rank succeeds (issue 38: a check one
	 * rank alone made left the others in the collective). */
	TEST_MPI(MPI_Reduce(MPI_IN_PLACE, rbuf, 0, MPI_INT, MPI_SUM, 0, c));
	TEST_MPI(MPI_Gather(rbuf, 0, MPI_INT, rbuf, 0, MPI_INT, 0, c));
	TEST_MPI(MPI_Scatter(rbuf, 0, MPI_INT, rbuf, 0, MPI_INT, 0, c));
	/* Elsewhere than at the root the receive arguments are not read. */
	int rc = MPI_Gather(sbuf, 0, MPI_INT, rbuf, 0, loose, 0, c);
	TEST_CHECK(r == 0 ? class_of(rc) == MPI_ERR_TYPE : rc == MPI_SUCCESS);
	MPI_Type_free(&loose);
	MPI_Comm_free(&c);
	/* A freed communicator: the error goes to MPI_COMM_WORLD's handler. */
	MPI_Comm gone;
	TEST_MPI(MPI_Comm_dup(comm, &gone));
	MPI_Comm stale = gone;
	TEST_MPI(MPI_Comm_free(&gone));
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	TEST_CHECK(class_of(MPI_Bcast(sbuf, 0, MPI_INT, 0, stale)) == MPI_ERR_COMM);
	TEST_CHECK(class_of(MPI_Allreduce(sbuf, rbuf, 0, MPI_INT, MPI_SUM, MPI_COMM_NULL)) ==
		   MPI_ERR_COMM);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
	int n, r;
	mpitest_start(&argc, &argv, &r, &n);
	MPI_Datatype none;
	TEST_MPI(MPI_Type_contiguous(0, MPI_INT, &none));
	TEST_MPI(MPI_Type_commit(&none));
	MPI_Comm half;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, r % 2, n - r, &half));
	for (int it = 0; it < 200; it++) {
		MPI_Comm comm = it % 4 == 3 ? half : MPI_COMM_WORLD;
		int cn;
		MPI_Comm_size(comm, &cn);
		empty_calls(comm, 0, MPI_INT, it % cn);
		empty_calls(comm, 3, none, (it + 1) % cn);
		with_data(comm, it);
	}
	nobody_waits(MPI_COMM_WORLD);
	still_checked(MPI_COMM_WORLD);
	quick_still_checked(MPI_COMM_WORLD);
	MPI_Type_free(&none);
	MPI_Comm_free(&half);
	MPI_Finalize();
	return 0;
}
