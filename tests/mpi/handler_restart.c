/* Description: a self-restarting persistent receive (seed 003 2.3): the
 * handler, attached once, copies each message and MPI_Starts its own
 * request 10^4 times, re-posting a fresh handler every 1000 messages;
 * the main thread makes no MPI call while the handler thread drives it.
 * Persistent requests keep their handler across restarts.  Then
 * MPI_Barrier_loose.
 * np: 2 4
 */
#include <stdatomic.h>
#include <time.h>
#include "mpitest.h"

#define N 10000
static int buf;
static atomic_int got, bad;
static int h_recv(MPI_Request *req, void *extra);

static int h_recv2(MPI_Request *req, void *extra)
{
	return h_recv(req, extra);
}

static int h_recv(MPI_Request *req, void *extra)
{
	(void)extra;
	int n = atomic_load(&got);
	if (buf != n)
		atomic_fetch_add(&bad, 1);
	atomic_store(&got, n + 1);
	if (n + 1 < N) {
		if ((n + 1) % 1000 == 0)
			MPI_Post_handler(*req, MPI_INFO_NULL, (n / 1000) % 2 ? h_recv : h_recv2, NULL,
					 MPI_HANDLER_DEFAULT);
		return MPI_Start(req);
	}
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	int right = (rank + 1) % size, left = (rank + size - 1) % size;
	MPI_Request r;
	TEST_MPI(MPI_Recv_init(&buf, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &r));
	/* posting on an inactive persistent request only attaches */
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_recv, NULL, MPI_HANDLER_DEFAULT));
	TEST_CHECK(atomic_load(&got) == 0);
	TEST_MPI(MPI_Start(&r));
	TEST_MPI(MPI_Barrier_loose(MPI_COMM_WORLD));
	for (int i = 0; i < N; i++) {
		/* unmatched messages queue and match in order at MPI_Start */
		TEST_MPI(MPI_Send(&i, 1, MPI_INT, right, 1, MPI_COMM_WORLD));
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t1);
	while (atomic_load(&got) < N && t1.tv_sec - t0.tv_sec < 20);
	TEST_CHECK(atomic_load(&got) == N);
	TEST_CHECK(atomic_load(&bad) == 0);
	/* inactive after its last handler: wait returns at once */
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_MPI(MPI_Request_free(&r));
	TEST_MPI(MPI_Barrier_loose(MPI_COMM_WORLD));
	MPI_Finalize();
	return 0;
}
