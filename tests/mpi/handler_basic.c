/* Description: request handlers (seed 002 6.12.3, seed 003): a wait that
 * completes a request with a handler returns only after the handler ran;
 * a handler runs without the user calling MPI (the handler thread);
 * MPI_Get_status gives the status; posting on a completed, unhandled
 * request runs the handler at once, exactly once; re-posting after the
 * completion was handled adds no call; a request freed while active passes
 * MPI_REQUEST_NULL; MPI_HANDLER_NULL detaches; a cancelled receive runs
 * its handler with the cancelled status.
 * np: 1 2 4
 */
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include "mpitest.h"

static atomic_int calls, nullcalls, seen_source = -1, seen_tag = -1;
static atomic_int slow_done;

static int h_count(MPI_Request *req, void *extra)
{
	(void)extra;
	if (*req == MPI_REQUEST_NULL) {
		atomic_fetch_add(&nullcalls, 1);
		return MPI_SUCCESS;
	}
	MPI_Status st;
	TEST_MPI(MPI_Get_status(*req, &st));
	atomic_store(&seen_source, st.MPI_SOURCE);
	atomic_store(&seen_tag, st.MPI_TAG);
	atomic_fetch_add(&calls, 1);
	return MPI_SUCCESS;
}

static atomic_int cancelled_seen = -1;
static int h_cancel(MPI_Request *req, void *extra)
{
	(void)extra;
	MPI_Status st;
	int flag = 0;
	TEST_MPI(MPI_Get_status(*req, &st));
	TEST_MPI(MPI_Test_cancelled(&st, &flag));
	atomic_store(&cancelled_seen, flag);
	return MPI_SUCCESS;
}

static atomic_int self_freed;
static int h_free_self(MPI_Request *req, void *extra)
{
	(void)extra;
	TEST_MPI(MPI_Request_free(req));
	TEST_CHECK(*req == MPI_REQUEST_NULL);
	atomic_store(&self_freed, 1);
	return MPI_SUCCESS;
}

static int h_slow(MPI_Request *req, void *extra)
{
	(void)req;
	(void)extra;
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	nanosleep(&ts, NULL);
	atomic_store(&slow_done, 1);
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int rank, size, buf = 0, val;
	mpitest_start(&argc, &argv, &rank, &size);
	int right = (rank + 1) % size, left = (rank + size - 1) % size;
	MPI_Request r, s;

	/* 1. wait returns only after the (slow) handler ran */
	TEST_MPI(MPI_Irecv(&buf, 1, MPI_INT, left, 5, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_slow, NULL, MPI_HANDLER_DEFAULT));
	val = rank;
	TEST_MPI(MPI_Send(&val, 1, MPI_INT, right, 5, MPI_COMM_WORLD));
	MPI_Status st;
	TEST_MPI(MPI_Wait(&r, &st));
	TEST_CHECK(atomic_load(&slow_done) == 1);
	TEST_CHECK(r == MPI_REQUEST_NULL);
	TEST_CHECK(buf == left && st.MPI_SOURCE == left);

	/* 2. the handler runs without MPI calls; Get_status; wait then returns at once */
	TEST_MPI(MPI_Irecv(&buf, 1, MPI_INT, left, 6, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_count, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Isend(&val, 1, MPI_INT, right, 6, MPI_COMM_WORLD, &s));
	double t0 = mpitest_now();
	while (atomic_load(&calls) == 0 && mpitest_now() - t0 < 20)
		;
	TEST_CHECK(atomic_load(&calls) == 1);
	TEST_CHECK(atomic_load(&seen_source) == left && atomic_load(&seen_tag) == 6);
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(atomic_load(&calls) == 1);
	TEST_MPI(MPI_Wait(&s, MPI_STATUS_IGNORE));

	/* 3. a completed, unhandled request: the post runs the handler at once */
	atomic_store(&calls, 0);
	TEST_MPI(MPI_Grequest_start(NULL, NULL, NULL, NULL, &r));
	TEST_MPI(MPI_Grequest_complete(r));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_count, NULL, MPI_HANDLER_DEFAULT));
	TEST_CHECK(atomic_load(&calls) == 1);
	/* re-post after it was handled: no new call */
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_count, NULL, MPI_HANDLER_DEFAULT));
	TEST_CHECK(atomic_load(&calls) == 1);
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(r == MPI_REQUEST_NULL && atomic_load(&calls) == 1);

	/* 4. freed while active: the handler gets MPI_REQUEST_NULL */
	TEST_MPI(MPI_Grequest_start(NULL, NULL, NULL, NULL, &r));
	MPI_Request keep = r;
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_count, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Request_free(&r));
	TEST_CHECK(r == MPI_REQUEST_NULL);
	TEST_MPI(MPI_Grequest_complete(keep));
	t0 = mpitest_now();
	while (atomic_load(&nullcalls) == 0 && mpitest_now() - t0 < 20)
		;
	TEST_CHECK(atomic_load(&nullcalls) == 1 && atomic_load(&calls) == 1);

	/* 5. MPI_HANDLER_NULL detaches */
	TEST_MPI(MPI_Grequest_start(NULL, NULL, NULL, NULL, &r));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_count, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, MPI_HANDLER_NULL, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Grequest_complete(r));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(atomic_load(&calls) == 1);

	/* 6. test loop on a request with a handler: flag only after the handler */
	atomic_store(&slow_done, 0);
	TEST_MPI(MPI_Irecv(&buf, 1, MPI_INT, left, 7, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_slow, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Send(&val, 1, MPI_INT, right, 7, MPI_COMM_WORLD));
	int flag = 0;
	while (!flag)
		TEST_MPI(MPI_Test(&r, &flag, MPI_STATUS_IGNORE));
	TEST_CHECK(atomic_load(&slow_done) == 1);

	/* 7. MPI_Cancel of a receive with a handler: the handler sees the
	 * cancelled status, the wait returns after it */
	TEST_MPI(MPI_Irecv(&buf, 1, MPI_INT, left, 99, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_cancel, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Cancel(&r));
	TEST_MPI(MPI_Wait(&r, &st));
	TEST_CHECK(atomic_load(&cancelled_seen) == 1);
	TEST_MPI(MPI_Test_cancelled(&st, &flag));
	TEST_CHECK(flag);

	/* 8. a handler frees its own request (seed 003 2.3) */
	TEST_MPI(MPI_Irecv(&buf, 1, MPI_INT, left, 8, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_free_self, NULL, MPI_HANDLER_DEFAULT));
	r = MPI_REQUEST_NULL;  /* the handler owns it now */
	TEST_MPI(MPI_Send(&val, 1, MPI_INT, right, 8, MPI_COMM_WORLD));
	t0 = mpitest_now();
	while (atomic_load(&self_freed) == 0 && mpitest_now() - t0 < 20)
		;
	TEST_CHECK(atomic_load(&self_freed) == 1);

	MPI_Finalize();
	return 0;
}
