/*
 * Description: a failing start_fn of a meta request calls cancel_fn
 * (seed 002 6.2.3) in every activation, also after cancel_fn failed in an
 * earlier one (a failing cancel_fn is not called again only within its own
 * activation); MPI_Test_cancelled then reports cancel_fn's success
 * (issue 14.11).
 * np: 1
 */
#include "mpitest.h"

static int nstart, ncancel, start_rc, cancel_rc;

static int init_fn(MPI_Metarequest m, void *e, MPI_Request r)
{
	(void)m;
	(void)e;
	(void)r;
	return MPI_SUCCESS;
}

static int start_fn(void *e, MPI_Request r)
{
	(void)e;
	(void)r;
	nstart++;
	return start_rc;
}

static int cancel_fn(void *e, MPI_Request r)
{
	(void)e;
	(void)r;
	ncancel++;
	return cancel_rc;
}

int main(int argc, char **argv)
{
	MPI_Metarequest m;
	MPI_Request r;
	MPI_Status st;
	int flag;
	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	TEST_MPI(MPI_Meta_request_create(init_fn, start_fn, NULL, NULL, cancel_fn, &m));
	TEST_MPI(MPI_Request_init(m, NULL, &r));

	/* activation 1: MPI_Cancel, and cancel_fn fails */
	cancel_rc = MPI_ERR_OTHER;
	TEST_MPI(MPI_Start(&r));
	TEST_CHECK(MPI_Cancel(&r) != MPI_SUCCESS && ncancel == 1);
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));

	/* activation 2: start_fn fails; cancel_fn must run, and succeeds */
	start_rc = MPI_ERR_OTHER;
	cancel_rc = MPI_SUCCESS;
	TEST_MPI(MPI_Start(&r));
	TEST_CHECK(nstart == 2);
	TEST_CHECK(ncancel == 2);
	TEST_MPI(MPI_Wait(&r, &st));
	TEST_MPI(MPI_Test_cancelled(&st, &flag));
	TEST_CHECK(flag);

	/* activation 3: the same through MPI_Startall */
	TEST_MPI(MPI_Startall(1, &r));
	TEST_CHECK(nstart == 3 && ncancel == 3);
	TEST_MPI(MPI_Wait(&r, &st));

	TEST_MPI(MPI_Request_free(&r));
	TEST_MPI(MPI_Meta_request_free(&m));
	MPI_Finalize();
	return 0;
}
