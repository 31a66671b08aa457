/* Description: meta requests (seed 002 6.2) and MPI_Grequest_start: the
 * request exists when init_fn runs; MPI_Start calls start_fn;
 * MPI_Request_mark_complete calls complete_fn, then wait/test see the
 * request complete; a completed meta request can be restarted; MPI_Cancel
 * calls cancel_fn and MPI_Test_cancelled reports its success; a failing
 * start_fn calls cancel_fn; a failing cancel_fn is not called again (in
 * the same activation) and
 * raises MPI_ERR_GR (MPI_CANCEL_ERROR) through MPI_COMM_SELF; free_fn at
 * MPI_Request_free; freeing the meta request type with live requests;
 * MPI_Request_type; standard generalized requests (query_fn, free_fn,
 * cancel_fn(complete)).
 * np: 1
 */
#include <string.h>
#include "mpitest.h"

#pragma weak MPI_Comm_set_errhandler

struct st {
	int init, start, complete, freed, cancel;
	int start_rc, cancel_rc;
	MPI_Request self;
	int tflag_in_complete;
};

static int init_fn(MPI_Metarequest m, void *e, MPI_Request r)
{
	struct st *s = e;
	(void)m;
	MPI_Typerequest t;
	TEST_MPI(MPI_Request_type(r, &t));
	TEST_CHECK(t == MPI_REQUEST_GENERALIZED);
	s->self = r;
	s->init++;
	return MPI_SUCCESS;
}
static int start_fn(void *e, MPI_Request r)
{
	struct st *s = e;
	TEST_CHECK(r == s->self);
	s->start++;
	return s->start_rc;
}
static int complete_fn(void *e, MPI_Request r)
{
	struct st *s = e;
	int flag = 1;
	TEST_MPI(MPI_Request_get_status(r, &flag, MPI_STATUS_IGNORE));
	s->tflag_in_complete = flag;
	s->complete++;
	return MPI_SUCCESS;
}
static int free_fn(void *e, MPI_Request r)
{
	(void)r;
	((struct st *)e)->freed++;
	return MPI_SUCCESS;
}
static int cancel_fn(void *e, MPI_Request r)
{
	struct st *s = e;
	(void)r;
	s->cancel++;
	return s->cancel_rc;
}

static int q_calls, f_calls, c_calls, c_complete = -1;
static int query(void *e, MPI_Status *st)
{
	(void)e;
	q_calls++;
	st->MPI_SOURCE = 7;
	st->MPI_TAG = 9;
	return MPI_SUCCESS;
}
static int gfree(void *e)
{
	(void)e;
	f_calls++;
	return MPI_SUCCESS;
}
static int gcancel(void *e, int complete)
{
	(void)e;
	c_calls++;
	c_complete = complete;
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	struct st s;
	memset(&s, 0, sizeof(s));
	MPI_Metarequest m;
	MPI_Request r;
	MPI_Status st;
	int flag;
	TEST_MPI(MPI_Meta_request_create(init_fn, start_fn, complete_fn, free_fn, cancel_fn, &m));
	TEST_MPI(MPI_Request_init(m, &s, &r));
	TEST_CHECK(s.init == 1 && s.self == r);
	/* inactive: wait returns at once */
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(r != MPI_REQUEST_NULL);
	for (int round = 1; round <= 3; round++) {
		TEST_MPI(MPI_Start(&r));
		TEST_CHECK(s.start == round);
		TEST_MPI(MPI_Test(&r, &flag, MPI_STATUS_IGNORE));
		TEST_CHECK(!flag);
		TEST_MPI(MPI_Request_mark_complete(&r));
		TEST_CHECK(s.complete == round && s.tflag_in_complete == 0);
		TEST_MPI(MPI_Wait(&r, &st));
		TEST_CHECK(r != MPI_REQUEST_NULL);
		MPI_Test_cancelled(&st, &flag);
		TEST_CHECK(!flag);
	}
	/* cancel: cancel_fn succeeds */
	TEST_MPI(MPI_Start(&r));
	TEST_MPI(MPI_Cancel(&r));
	TEST_CHECK(s.cancel == 1);
	TEST_MPI(MPI_Wait(&r, &st));
	MPI_Test_cancelled(&st, &flag);
	TEST_CHECK(flag);
	/* failing start_fn: cancel_fn is called and decides */
	s.start_rc = 99;
	TEST_MPI(MPI_Start(&r));
	TEST_CHECK(s.cancel == 2);
	TEST_MPI(MPI_Wait(&r, &st));
	MPI_Test_cancelled(&st, &flag);
	TEST_CHECK(flag);
	s.start_rc = MPI_SUCCESS;
	/* meta request type freed with a live request: legal */
	TEST_MPI(MPI_Meta_request_free(&m));
	TEST_CHECK(m == MPI_METAREQUEST_NULL);
	TEST_MPI(MPI_Start(&r));
	TEST_MPI(MPI_Request_mark_complete(&r));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_MPI(MPI_Request_free(&r));
	TEST_CHECK(s.freed == 1 && r == MPI_REQUEST_NULL);

	/* failing cancel_fn: raised through MPI_COMM_SELF, never called again */
	if (MPI_Comm_set_errhandler) {
		TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
		memset(&s, 0, sizeof(s));
		TEST_MPI(MPI_Meta_request_create(init_fn, start_fn, complete_fn, free_fn,
						 MPI_CANCEL_ERROR, &m));
		TEST_MPI(MPI_Request_init(m, &s, &r));
		TEST_MPI(MPI_Start(&r));
		int rc = MPI_Cancel(&r);
		TEST_CHECK(rc == MPI_ERR_GR);
		TEST_MPI(MPI_Wait(&r, &st));
		MPI_Test_cancelled(&st, &flag);
		TEST_CHECK(!flag);
		/* failing start_fn with MPI_CANCEL_ERROR: the wait returns MPI_ERR_GR */
		s.start_rc = 1;
		TEST_MPI(MPI_Start(&r));
		rc = MPI_Wait(&r, &st);
		TEST_CHECK(rc == MPI_ERR_GR);
		TEST_MPI(MPI_Request_free(&r));
		TEST_MPI(MPI_Meta_request_free(&m));
		memset(&s, 0, sizeof(s));
		s.cancel_rc = 5;
		TEST_MPI(MPI_Meta_request_create(init_fn, start_fn, complete_fn, free_fn, cancel_fn, &m));
		TEST_MPI(MPI_Request_init(m, &s, &r));
		TEST_MPI(MPI_Start(&r));
		TEST_CHECK(MPI_Cancel(&r) != MPI_SUCCESS && s.cancel == 1);
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		/* a new activation calls it again (issue 14 item 11); within
		 * one activation it is not called again */
		TEST_MPI(MPI_Start(&r));
		TEST_CHECK(MPI_Cancel(&r) != MPI_SUCCESS && s.cancel == 2);
		TEST_MPI(MPI_Cancel(&r));
		TEST_CHECK(s.cancel == 2);
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_MPI(MPI_Request_free(&r));
		TEST_MPI(MPI_Meta_request_free(&m));
	}

	/* MPI_Request_type of the other kinds */
	MPI_Typerequest t;
	int x = 0;
	TEST_MPI(MPI_Recv_init(&x, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &r));
	TEST_MPI(MPI_Request_type(r, &t));
	TEST_CHECK(t == MPI_REQUEST_PERSISTENT);
	TEST_MPI(MPI_Request_free(&r));
	TEST_MPI(MPI_Irecv(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_SELF, &r));
	TEST_MPI(MPI_Request_type(r, &t));
	TEST_CHECK(t == MPI_REQUEST_PT2PT);
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));

	/* standard generalized requests */
	TEST_MPI(MPI_Grequest_start(query, gfree, gcancel, NULL, &r));
	TEST_MPI(MPI_Request_type(r, &t));
	TEST_CHECK(t == MPI_REQUEST_GENERALIZED);
	TEST_MPI(MPI_Test(&r, &flag, MPI_STATUS_IGNORE));
	TEST_CHECK(!flag && q_calls == 0);
	TEST_MPI(MPI_Cancel(&r));
	TEST_CHECK(c_calls == 1 && c_complete == 0);
	TEST_MPI(MPI_Grequest_complete(r));
	TEST_MPI(MPI_Wait(&r, &st));
	TEST_CHECK(q_calls == 1 && f_calls == 1 && st.MPI_SOURCE == 7 && st.MPI_TAG == 9);
	TEST_CHECK(r == MPI_REQUEST_NULL);
	/* freed before completion: free_fn at completion */
	TEST_MPI(MPI_Grequest_start(query, gfree, gcancel, NULL, &r));
	MPI_Request keep = r;
	TEST_MPI(MPI_Request_free(&r));
	TEST_CHECK(f_calls == 1);
	TEST_MPI(MPI_Grequest_complete(keep));
	TEST_CHECK(f_calls == 2);
	MPI_Finalize();
	return 0;
}
