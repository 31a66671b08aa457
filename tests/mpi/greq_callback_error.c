/*
 * Description: the error a generalized request's free_fn or query_fn
 * returns is the error of the call that ran it (MPI-3.1 12.2, as MPICH
 * does; issue 38): MPI_Wait, MPI_Test, MPI_Waitany, MPI_Request_free after
 * MPI_Grequest_complete and MPI_Grequest_complete after MPI_Request_free
 * return free_fn's error; MPI_Waitall, MPI_Testall, MPI_Waitsome and
 * MPI_Testsome return MPI_ERR_IN_STATUS with it in that request's status
 * and MPI_SUCCESS in the others'; query_fn's error comes back the same way,
 * from MPI_Request_get_status too.  free_fn runs once per request.
 * np: 1
 */
#include "mpitest.h"

static int free_calls, query_rc;

static int query_fn(void *extra, MPI_Status *st)
{
	(void)extra;
	MPI_Status_set_elements(st, MPI_BYTE, 0);
	MPI_Status_set_cancelled(st, 0);
	st->MPI_SOURCE = MPI_UNDEFINED;
	st->MPI_TAG = MPI_UNDEFINED;
	return query_rc;
}

/* extra: the error this request's free_fn returns */
static int free_fn(void *extra)
{
	free_calls++;
	return *(int *)extra;
}

static int cancel_fn(void *extra, int complete)
{
	(void)extra;
	(void)complete;
	return MPI_SUCCESS;
}

static MPI_Request start(int *rc_of_free)
{
	MPI_Request r;
	TEST_MPI(MPI_Grequest_start(query_fn, free_fn, cancel_fn, rc_of_free, &r));
	return r;
}

static MPI_Request done(int *rc_of_free)
{
	MPI_Request r = start(rc_of_free);
	TEST_MPI(MPI_Grequest_complete(r));
	return r;
}

static int class_of(int rc)
{
	int cls;
	MPI_Error_class(rc, &cls);
	return cls;
}

/* The call returned an error of class want; free_fn ran `calls` times
 * since the last expect(). */
static void expect(const char *what, int rc, int want, int calls)
{
	if (class_of(rc) != want || free_calls != calls) {
		fprintf(stderr, "%s: class %d (want %d), free_fn ran %d times (want %d)\n", what,
			class_of(rc), want, free_calls, calls);
		mpitest_fail(what, __FILE__, __LINE__);
	}
	free_calls = 0;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	int bad = MPI_ERR_OTHER, good = MPI_SUCCESS;
	MPI_Request r, rs[3];
	MPI_Status st, sts[3];
	int flag, index, outcount, indices[3];

	r = done(&bad);
	expect("MPI_Wait", MPI_Wait(&r, &st), MPI_ERR_OTHER, 1);
	TEST_CHECK(r == MPI_REQUEST_NULL);

	r = done(&bad);
	expect("MPI_Test", MPI_Test(&r, &flag, &st), MPI_ERR_OTHER, 1);
	TEST_CHECK(flag && r == MPI_REQUEST_NULL);

	r = done(&bad);
	expect("MPI_Request_free after complete", MPI_Request_free(&r), MPI_ERR_OTHER, 1);

	/* MPI_Request_free sets r to MPI_REQUEST_NULL: complete through a copy */
	r = rs[0] = start(&bad);
	expect("MPI_Request_free before complete", MPI_Request_free(&r), MPI_SUCCESS, 0);
	expect("MPI_Grequest_complete after free", MPI_Grequest_complete(rs[0]), MPI_ERR_OTHER, 1);

	rs[0] = done(&good);
	rs[1] = done(&bad);
	rs[2] = done(&good);
	expect("MPI_Waitall", MPI_Waitall(3, rs, sts), MPI_ERR_IN_STATUS, 3);
	TEST_CHECK(sts[0].MPI_ERROR == MPI_SUCCESS && class_of(sts[1].MPI_ERROR) == MPI_ERR_OTHER &&
		   sts[2].MPI_ERROR == MPI_SUCCESS);

	rs[0] = done(&bad);
	rs[1] = done(&good);
	expect("MPI_Testall", MPI_Testall(2, rs, &flag, sts), MPI_ERR_IN_STATUS, 2);
	TEST_CHECK(flag && class_of(sts[0].MPI_ERROR) == MPI_ERR_OTHER &&
		   sts[1].MPI_ERROR == MPI_SUCCESS);

	rs[0] = done(&good);
	rs[1] = done(&bad);
	expect("MPI_Waitsome", MPI_Waitsome(2, rs, &outcount, indices, sts), MPI_ERR_IN_STATUS, 2);
	TEST_CHECK(outcount == 2);
	for (int i = 0; i < 2; i++)
		TEST_CHECK(class_of(sts[i].MPI_ERROR) == (indices[i] == 1 ? MPI_ERR_OTHER : MPI_SUCCESS));

	rs[0] = done(&bad);
	expect("MPI_Testsome", MPI_Testsome(1, rs, &outcount, indices, sts), MPI_ERR_IN_STATUS, 1);
	TEST_CHECK(outcount == 1 && class_of(sts[0].MPI_ERROR) == MPI_ERR_OTHER);

	rs[0] = MPI_REQUEST_NULL;
	rs[1] = done(&bad);
	expect("MPI_Waitany", MPI_Waitany(2, rs, &index, &st), MPI_ERR_OTHER, 1);
	TEST_CHECK(index == 1 && rs[1] == MPI_REQUEST_NULL);

	/* query_fn's error: the call's, before free_fn's */
	query_rc = MPI_ERR_ARG;
	r = done(&good);
	expect("MPI_Request_get_status", MPI_Request_get_status(r, &flag, &st), MPI_ERR_ARG, 0);
	TEST_CHECK(flag);
	expect("MPI_Wait (query)", MPI_Wait(&r, &st), MPI_ERR_ARG, 1);
	rs[0] = done(&good);
	rs[1] = done(&bad);
	expect("MPI_Waitall (query)", MPI_Waitall(2, rs, sts), MPI_ERR_IN_STATUS, 2);
	TEST_CHECK(class_of(sts[0].MPI_ERROR) == MPI_ERR_ARG &&
		   class_of(sts[1].MPI_ERROR) == MPI_ERR_ARG);
	query_rc = MPI_SUCCESS;

	/* and all is well when nothing fails */
	r = done(&good);
	expect("MPI_Wait (no error)", MPI_Wait(&r, &st), MPI_SUCCESS, 1);

	MPI_Finalize();
	return 0;
}
