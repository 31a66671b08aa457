/*
 * tests/mpi/thr_errors.c - thread-usage errors come back as MPI_ERR_THREAD
 * on the calling thread: two threads waiting on one request, unlock by a
 * non-owner, relock by the owner, cond wait without the mutex, a second
 * MPI_Endpoint_join, leave without join.  Needs MPI_Comm_set_errhandler
 * (the handle-services area); skipped (77) when the library lacks it.
 * A user error handler runs on the thread that made the error.
 * np: 1
 */
#include <errno.h>
#include "thr_common.h"

extern int MPI_Comm_set_errhandler(MPI_Comm, MPI_Errhandler) __attribute__((weak));
extern int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *, MPI_Errhandler *)
	__attribute__((weak));

/* A user handler records on which thread it ran. */
static pthread_t handler_thread;
static _Atomic int handler_calls, handler_class;

static void record(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	int cls = -1;
	MPI_Error_class(*code, &cls);
	handler_class = cls;
	handler_thread = pthread_self();
	handler_calls++;
}

static MPI_Mutex hm;
static pthread_t culprit;

static void *bad_unlock(void *arg)
{
	(void)arg;
	culprit = pthread_self();
	MPI_Mutex_unlock(hm);   /* not locked: MPI_ERR_THREAD through the handler */
	return NULL;
}

static MPI_Mutex m;
static MPI_Request shared_req;
static _Atomic int waiting;

static void *other_unlock(void *arg)
{
	(void)arg;
	int rc = MPI_Mutex_unlock(m);
	TEST_CHECK(rc != MPI_SUCCESS);
	int cls = -1;
	MPI_Error_class(rc, &cls);
	TEST_CHECK(cls == MPI_ERR_THREAD);
	return NULL;
}

static void *first_waiter(void *arg)
{
	(void)arg;
	waiting = 1;
	TEST_MPI(MPI_Wait(&shared_req, MPI_STATUS_IGNORE));
	return NULL;
}

static int cls_of(int rc)
{
	int cls = -1;
	MPI_Error_class(rc, &cls);
	return cls;
}

int main(int argc, char **argv)
{
	thr_init_multiple(&argc, &argv);
	if (!MPI_Comm_set_errhandler) {
		MPI_Finalize();
		return 77;
	}
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));

	TEST_MPI(MPI_Mutex_create(MPI_COMM_SELF, MPI_INFO_NULL, &m));
	TEST_CHECK(cls_of(MPI_Mutex_unlock(m)) == MPI_ERR_THREAD);  /* not locked */
	TEST_MPI(MPI_Mutex_lock(m));
	TEST_CHECK(cls_of(MPI_Mutex_lock(m)) == MPI_ERR_THREAD);    /* relock */
	int flag = 1;
	TEST_CHECK(cls_of(MPI_Mutex_trylock(m, &flag)) == MPI_ERR_THREAD);
	pthread_t th;
	TEST_CHECK(pthread_create(&th, NULL, other_unlock, NULL) == 0);
	TEST_CHECK(pthread_join(th, NULL) == 0);
	TEST_MPI(MPI_Mutex_unlock(m));

	MPI_Cond c;
	TEST_MPI(MPI_Cond_create(MPI_COMM_SELF, MPI_INFO_NULL, &c));
	TEST_CHECK(cls_of(MPI_Cond_wait(c, m)) == MPI_ERR_THREAD);
	TEST_MPI(MPI_Cond_free(&c));
	TEST_MPI(MPI_Mutex_free(&m));

	/* Two waiters on one request. */
	int v = 0;
	TEST_MPI(MPI_Irecv(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &shared_req));
	MPI_Request mine = shared_req;
	TEST_CHECK(pthread_create(&th, NULL, first_waiter, NULL) == 0);
	while (!waiting)
		;
	usleep(100000);
	TEST_CHECK(cls_of(MPI_Wait(&mine, MPI_STATUS_IGNORE)) == MPI_ERR_THREAD);
	int one = 1;
	TEST_MPI(MPI_Send(&one, 1, MPI_INT, 0, 3, MPI_COMM_WORLD));
	TEST_CHECK(pthread_join(th, NULL) == 0);
	TEST_CHECK(v == 1);

	/* Error handlers run on the calling thread. */
	if (MPI_Comm_create_errhandler) {
		MPI_Errhandler eh;
		TEST_MPI(MPI_Comm_create_errhandler(record, &eh));
		TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, eh));
		TEST_MPI(MPI_Mutex_create(MPI_COMM_SELF, MPI_INFO_NULL, &hm));
		TEST_CHECK(pthread_create(&th, NULL, bad_unlock, NULL) == 0);
		TEST_CHECK(pthread_join(th, NULL) == 0);
		TEST_CHECK(handler_calls == 1);
		TEST_CHECK(handler_class == MPI_ERR_THREAD);
		TEST_CHECK(pthread_equal(handler_thread, culprit));
		TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
		TEST_MPI(MPI_Mutex_free(&hm));
	}

	TEST_CHECK(cls_of(MPI_Endpoint_leave()) == MPI_ERR_THREAD);
	TEST_MPI(MPI_Endpoint_join());
	TEST_CHECK(cls_of(MPI_Endpoint_join()) == MPI_ERR_THREAD);
	TEST_MPI(MPI_Endpoint_leave());
	MPI_Finalize();
	return 0;
}
