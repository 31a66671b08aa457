/*
 * tests/mpi/thr_multiwait.c - Description: a request that another thread
 * waits on is refused with MPI_ERR_THREAD by every call that would wait on,
 * test or free it (MPI-2 12.4.2): MPI_Waitall/any/some, MPI_Testall/any/
 * some, MPI_Wait, MPI_Test, MPI_Request_free, whether the other thread
 * blocks in MPI_Wait or in a multiple-completion call.  Each refusal goes
 * through the communicator's error handler on the calling thread, leaves
 * the array untouched, and the other thread's wait completes with the right
 * data afterwards.  When that wait has returned, the same requests can be
 * waited on again (the waiter count came down).
 * np: 1
 */
#include <time.h>
#include "thr_common.h"

static pthread_t main_thread;
static int handler_calls, handler_class, handler_on_main;

/* The error handler of MPI_COMM_WORLD: counts the refusals (only the main
 * thread makes any). */
static void record(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	MPI_Error_class(*code, &handler_class);
	handler_on_main = pthread_equal(pthread_self(), main_thread);
	handler_calls++;
}

static int expected_calls;

/* rc must be MPI_ERR_THREAD, raised through the handler on this thread. */
static void expect_refused(int rc, const char *what)
{
	int cls = -1;
	MPI_Error_class(rc, &cls);
	expected_calls++;
	if (cls != MPI_ERR_THREAD || handler_calls != expected_calls ||
	    handler_class != MPI_ERR_THREAD || !handler_on_main) {
		fprintf(stderr, "%s: class %d, handler calls %d (expected %d), class %d, on main %d\n",
			what, cls, handler_calls, expected_calls, handler_class, handler_on_main);
		TEST_CHECK(!"refused with MPI_ERR_THREAD through the handler");
	}
}

/* Until another thread waits on r: MPI_Test on our copy of the handle says
 * so (a refusal); before that it reports "not complete".  No message for r
 * has been sent yet. */
static void until_waited(MPI_Request r)
{
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		int flag = 0, cls = -1;
		MPI_Request copy = r;
		int rc = MPI_Test(&copy, &flag, MPI_STATUS_IGNORE);
		MPI_Error_class(rc, &cls);
		if (cls == MPI_ERR_THREAD) {
			expect_refused(rc, "MPI_Test");
			return;
		}
		TEST_CHECK(rc == MPI_SUCCESS && !flag && copy == r);
		clock_gettime(CLOCK_MONOTONIC, &t);
		TEST_CHECK(t.tv_sec - t0.tv_sec < 30);
		usleep(1000);
	}
}

static void send_int(int v, int tag)
{
	TEST_MPI(MPI_Send(&v, 1, MPI_INT, 0, tag, MPI_COMM_WORLD));
}

/* The other thread: one kind of blocking wait on its own copies. */
enum { BY_WAIT, BY_WAITALL, BY_WAITANY };
struct waiter {
	int how;
	MPI_Request reqs[2];
	int rc, index;
	MPI_Status st[2];
};

static void *wait_thread(void *arg)
{
	struct waiter *w = arg;
	if (w->how == BY_WAIT)
		w->rc = MPI_Wait(&w->reqs[0], &w->st[0]);
	else if (w->how == BY_WAITALL)
		w->rc = MPI_Waitall(2, w->reqs, w->st);
	else
		w->rc = MPI_Waitany(2, w->reqs, &w->index, &w->st[0]);
	return NULL;
}

/* Every multiple-completion call on {other, waited} is refused and leaves
 * both handles as they were. */
static void multi_refused(MPI_Request other, MPI_Request waited)
{
	MPI_Request a[2] = { other, waited };
	MPI_Status st[2];
	int idx[2], n = -1, flag = -1, index = -1;
	/* The tests first: without the check they return instead of
	 * blocking, so a regression fails here rather than at the timeout. */
	expect_refused(MPI_Testall(2, a, &flag, st), "MPI_Testall");
	expect_refused(MPI_Testany(2, a, &index, &flag, st), "MPI_Testany");
	expect_refused(MPI_Testsome(2, a, &n, idx, st), "MPI_Testsome");
	expect_refused(MPI_Waitall(2, a, st), "MPI_Waitall");
	expect_refused(MPI_Waitany(2, a, &index, st), "MPI_Waitany");
	expect_refused(MPI_Waitsome(2, a, &n, idx, st), "MPI_Waitsome");
	TEST_CHECK(a[0] == other && a[1] == waited);
}

/* The other thread blocks in MPI_Wait on r0. */
static void waited_by_wait(void)
{
	int v0 = 0, v1 = 0;
	pthread_t th;
	struct waiter w = { .how = BY_WAIT };
	MPI_Request r1;
	TEST_MPI(MPI_Irecv(&v0, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &w.reqs[0]));
	TEST_MPI(MPI_Irecv(&v1, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &r1));
	MPI_Request r0 = w.reqs[0];
	TEST_CHECK(pthread_create(&th, NULL, wait_thread, &w) == 0);
	until_waited(r0);
	multi_refused(r1, r0);
	MPI_Request copy = r0;
	expect_refused(MPI_Wait(&copy, MPI_STATUS_IGNORE), "MPI_Wait");
	expect_refused(MPI_Request_free(&copy), "MPI_Request_free");
	TEST_CHECK(copy == r0);
	send_int(11, 1);
	TEST_CHECK(pthread_join(th, NULL) == 0);
	TEST_CHECK(w.rc == MPI_SUCCESS && v0 == 11 && w.st[0].MPI_TAG == 1);
	TEST_CHECK(w.reqs[0] == MPI_REQUEST_NULL);
	/* r1 was never touched by the refused calls. */
	send_int(12, 2);
	TEST_MPI(MPI_Wait(&r1, MPI_STATUS_IGNORE));
	TEST_CHECK(v1 == 12);
}

/* The other thread blocks in MPI_Waitall on {r3, r4}: both are waited on. */
static void waited_by_waitall(void)
{
	int v3 = 0, v4 = 0, v5 = 0;
	pthread_t th;
	struct waiter w = { .how = BY_WAITALL };
	MPI_Request r5;
	TEST_MPI(MPI_Irecv(&v3, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &w.reqs[0]));
	TEST_MPI(MPI_Irecv(&v4, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, &w.reqs[1]));
	TEST_MPI(MPI_Irecv(&v5, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r5));
	MPI_Request r3 = w.reqs[0], r4 = w.reqs[1];
	TEST_CHECK(pthread_create(&th, NULL, wait_thread, &w) == 0);
	until_waited(r3);
	MPI_Request copy = r4;
	expect_refused(MPI_Wait(&copy, MPI_STATUS_IGNORE), "MPI_Wait");
	int flag = -1;
	expect_refused(MPI_Test(&copy, &flag, MPI_STATUS_IGNORE), "MPI_Test");
	expect_refused(MPI_Request_free(&copy), "MPI_Request_free");
	TEST_CHECK(copy == r4);
	multi_refused(r5, r4);
	/* One of the two completes: the Waitall goes on waiting, unharmed. */
	send_int(33, 3);
	usleep(20000);
	expect_refused(MPI_Test(&copy, &flag, MPI_STATUS_IGNORE), "MPI_Test");
	send_int(44, 4);
	TEST_CHECK(pthread_join(th, NULL) == 0);
	TEST_CHECK(w.rc == MPI_SUCCESS && v3 == 33 && v4 == 44);
	TEST_CHECK(w.st[0].MPI_TAG == 3 && w.st[1].MPI_TAG == 4);
	send_int(55, 5);
	TEST_MPI(MPI_Wait(&r5, MPI_STATUS_IGNORE));
	TEST_CHECK(v5 == 55);
}

/* The other thread's MPI_Waitany returns with r6: r7, left in its array,
 * is no longer waited on, and this thread may wait on it. */
static void waitany_lets_go(void)
{
	int v6 = 0, v7 = 0;
	pthread_t th;
	struct waiter w = { .how = BY_WAITANY };
	TEST_MPI(MPI_Irecv(&v6, 1, MPI_INT, 0, 6, MPI_COMM_WORLD, &w.reqs[0]));
	TEST_MPI(MPI_Irecv(&v7, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, &w.reqs[1]));
	MPI_Request r7 = w.reqs[1];
	TEST_CHECK(pthread_create(&th, NULL, wait_thread, &w) == 0);
	until_waited(r7);
	send_int(66, 6);
	TEST_CHECK(pthread_join(th, NULL) == 0);
	TEST_CHECK(w.rc == MPI_SUCCESS && w.index == 0 && v6 == 66);
	TEST_CHECK(w.reqs[1] == r7);
	send_int(77, 7);
	MPI_Status st;
	TEST_MPI(MPI_Wait(&r7, &st));
	TEST_CHECK(v7 == 77 && st.MPI_TAG == 7);
}

int main(int argc, char **argv)
{
	thr_init_multiple(&argc, &argv);
	main_thread = pthread_self();
	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_create_errhandler(record, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	waited_by_wait();
	waited_by_waitall();
	waitany_lets_go();
	TEST_CHECK(handler_calls == expected_calls);
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL));
	TEST_MPI(MPI_Errhandler_free(&eh));
	MPI_Finalize();
	return 0;
}
