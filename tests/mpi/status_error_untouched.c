/*
 * Description: MPI_Waitall, MPI_Testall, MPI_Waitsome and MPI_Testsome
 * that succeed leave the MPI_ERROR field of the statuses as the user had it
 * (MPI-3.1 3.2.5: it is written only when the call returns
 * MPI_ERR_IN_STATUS); they used to write MPI_SUCCESS in every one.  Also
 * checks that a call returning MPI_ERR_IN_STATUS (a generalized request
 * whose query_fn fails) writes every completed request's field.
 * np: 2
 */
#include "mpitest.h"

#define SENTINEL 12345

static void poison(MPI_Status *st, int n)
{
	for (int i = 0; i < n; i++)
		st[i].MPI_ERROR = SENTINEL;
}

static void untouched(MPI_Status *st, int n)
{
	for (int i = 0; i < n; i++)
		TEST_CHECK(st[i].MPI_ERROR == SENTINEL);
}

static int query_fail(void *extra, MPI_Status *st)
{
	(void)extra;
	MPI_Status_set_elements(st, MPI_BYTE, 0);
	MPI_Status_set_cancelled(st, 0);
	st->MPI_SOURCE = MPI_UNDEFINED;
	st->MPI_TAG = MPI_UNDEFINED;
	return MPI_ERR_OTHER;
}

static int free_ok(void *extra)
{
	(void)extra;
	return MPI_SUCCESS;
}

static int cancel_ok(void *extra, int complete)
{
	(void)extra;
	(void)complete;
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int rank, peer, out[2] = { 1, 2 }, in[2];
	MPI_Request r[4];
	MPI_Status st[4];
	int idx[4], n, flag;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	peer = 1 - rank;

	/* Waitall */
	MPI_Irecv(&in[0], 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &r[0]);
	MPI_Irecv(&in[1], 1, MPI_INT, peer, 1, MPI_COMM_WORLD, &r[1]);
	MPI_Isend(&out[0], 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &r[2]);
	MPI_Isend(&out[1], 1, MPI_INT, peer, 1, MPI_COMM_WORLD, &r[3]);
	poison(st, 4);
	TEST_MPI(MPI_Waitall(4, r, st));
	untouched(st, 4);

	/* Testall, looped until done */
	MPI_Irecv(&in[0], 1, MPI_INT, peer, 2, MPI_COMM_WORLD, &r[0]);
	MPI_Isend(&out[0], 1, MPI_INT, peer, 2, MPI_COMM_WORLD, &r[1]);
	r[2] = MPI_REQUEST_NULL;   /* a null one in the array too */
	poison(st, 3);
	do
		TEST_MPI(MPI_Testall(3, r, &flag, st));
	while (!flag);
	untouched(st, 3);

	/* Waitsome and Testsome until all are done */
	MPI_Irecv(&in[0], 1, MPI_INT, peer, 3, MPI_COMM_WORLD, &r[0]);
	MPI_Isend(&out[0], 1, MPI_INT, peer, 3, MPI_COMM_WORLD, &r[1]);
	for (;;) {
		poison(st, 2);
		TEST_MPI(MPI_Waitsome(2, r, &n, idx, st));
		if (n == MPI_UNDEFINED)
			break;
		untouched(st, n);
	}
	MPI_Irecv(&in[0], 1, MPI_INT, peer, 4, MPI_COMM_WORLD, &r[0]);
	MPI_Isend(&out[0], 1, MPI_INT, peer, 4, MPI_COMM_WORLD, &r[1]);
	for (;;) {
		poison(st, 2);
		TEST_MPI(MPI_Testsome(2, r, &n, idx, st));
		if (n == MPI_UNDEFINED)
			break;
		untouched(st, 2);
	}

	/* A failing request: MPI_ERR_IN_STATUS, and then every field is set. */
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	MPI_Irecv(&in[0], 1, MPI_INT, peer, 5, MPI_COMM_WORLD, &r[0]);
	MPI_Isend(&out[0], 1, MPI_INT, peer, 5, MPI_COMM_WORLD, &r[1]);
	MPI_Grequest_start(query_fail, free_ok, cancel_ok, NULL, &r[2]);
	MPI_Grequest_complete(r[2]);
	poison(st, 3);
	int rc = MPI_Waitall(3, r, st);
	TEST_CHECK(rc == MPI_ERR_IN_STATUS);
	TEST_CHECK(st[0].MPI_ERROR == MPI_SUCCESS && st[1].MPI_ERROR == MPI_SUCCESS);
	TEST_CHECK(st[2].MPI_ERROR != MPI_SUCCESS && st[2].MPI_ERROR != SENTINEL);

	MPI_Finalize();
	return 0;
}
