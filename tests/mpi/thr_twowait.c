/*
 * tests/mpi/thr_twowait.c - two threads waiting on one request is a
 * thread-usage error: the second MPI_Wait reports MPI_ERR_THREAD on its own
 * thread (here through the default fatal handler, so the job ends with that
 * class as its status; thr_errors.c checks the returned codes when
 * MPI_Comm_set_errhandler exists).
 * np: 1
 * expect-exit: 61
 */
#include <unistd.h>
#include "thr_common.h"

static MPI_Request req;
static _Atomic int waiting;

static void *first_waiter(void *arg)
{
	(void)arg;
	waiting = 1;
	MPI_Wait(&req, MPI_STATUS_IGNORE);
	fprintf(stderr, "FAIL: the first waiter's request completed\n");
	_exit(3);
}

int main(int argc, char **argv)
{
	int v;
	pthread_t th;
	thr_init_multiple(&argc, &argv);
	TEST_MPI(MPI_Irecv(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &req));
	MPI_Request mine = req;
	TEST_CHECK(pthread_create(&th, NULL, first_waiter, NULL) == 0);
	while (!waiting)
		usleep(1000);
	usleep(100000);
	MPI_Wait(&mine, MPI_STATUS_IGNORE);   /* fatal: MPI_ERR_THREAD */
	fprintf(stderr, "FAIL: second wait returned\n");
	return 4;
}
