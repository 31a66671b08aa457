/*
 * Description: a nonblocking collective progresses while the caller
 * computes without calling MPI, on the handler (progress) thread: every
 * rank starts MPI_Iallreduce (large, so it takes several point-to-point
 * rounds) and MPI_Ibcast, posts a handler on each, then spins on plain
 * memory for up to 10 s; both handlers must have run - the collectives
 * completed - before the rank calls MPI again.  Results checked after
 * MPI_Wait.  Without progress outside MPI calls the spin times out.
 * np: 2 3 4
 */
#include <stdatomic.h>
#include <stdlib.h>
#include "mpitest.h"

static atomic_int handled;

static int on_done(MPI_Request *req, void *extra)
{
	(void)req, (void)extra;
	atomic_fetch_add(&handled, 1);
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int n, r;
	mpitest_start(&argc, &argv, &r, &n);
	enum { N = 1 << 18 };
	int *in = malloc(N * sizeof(int)), *out = malloc(N * sizeof(int)), b = r == 0 ? 42 : -1;
	for (int i = 0; i < N; i++)
		in[i] = r + i;
	MPI_Request req[2];
	TEST_MPI(MPI_Iallreduce(in, out, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[0]));
	TEST_MPI(MPI_Ibcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD, &req[1]));
	TEST_MPI(MPI_Post_handler(req[0], MPI_INFO_NULL, on_done, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Post_handler(req[1], MPI_INFO_NULL, on_done, NULL, MPI_HANDLER_DEFAULT));
	/* Compute: no MPI call until both collectives are complete. */
	double t0 = mpitest_now();
	volatile unsigned long work = 0;
	while (atomic_load(&handled) < 2 && mpitest_now() - t0 < 10)
		work++;
	TEST_CHECK(atomic_load(&handled) == 2);
	TEST_MPI(MPI_Waitall(2, req, MPI_STATUSES_IGNORE));
	TEST_CHECK(b == 42);
	for (int i = 0; i < N; i++)
		TEST_CHECK(out[i] == n * (n - 1) / 2 + n * i);
	free(in), free(out);
	MPI_Finalize();
	return 0;
}
