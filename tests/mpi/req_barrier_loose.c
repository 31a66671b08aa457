/* Description: MPI_Barrier_loose (seed 003 §5): no member leaves before
 * every member entered (ranks enter at staggered times), repeated barriers
 * stay apart, and while members wait in it handlers keep running and the
 * requests they create progress: a token goes round the ring carried only
 * by handlers (each handler forwards it with MPI_Isend) while rank 0 waits
 * in the barrier.
 * np: 1 2 4 8
 */
#include <stdatomic.h>
#include <time.h>
#include "mpitest.h"

static int rank, size, token;
static atomic_int token_seen;
static MPI_Request fwd = MPI_REQUEST_NULL;

static int h_token(MPI_Request *req, void *extra)
{
	(void)req;
	(void)extra;
	atomic_store(&token_seen, 1);
	if (rank != 0) {
		token++;
		return MPI_Isend(&token, 1, MPI_INT, (rank + 1) % size, 77, MPI_COMM_WORLD, &fwd);
	}
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	mpitest_start(&argc, &argv, &rank, &size);
	for (int it = 0; it < 5; it++) {
		struct timespec d = { 0, 2000000L * ((rank + it) % size) };
		nanosleep(&d, NULL);
		double t_in = mpitest_now();
		TEST_MPI(MPI_Barrier_loose(MPI_COMM_WORLD));
		double t_out = mpitest_now(), times[2] = { t_in, t_out };
		if (rank == 0) {
			double max_in = t_in, min_out = t_out;
			for (int i = 1; i < size; i++) {
				TEST_MPI(MPI_Recv(times, 2, MPI_DOUBLE, i, 1000 + it, MPI_COMM_WORLD,
						  MPI_STATUS_IGNORE));
				max_in = times[0] > max_in ? times[0] : max_in;
				min_out = times[1] < min_out ? times[1] : min_out;
			}
			TEST_CHECK(min_out >= max_in);
		} else {
			TEST_MPI(MPI_Send(times, 2, MPI_DOUBLE, 0, 1000 + it, MPI_COMM_WORLD));
		}
	}
	/* token carried by handlers while everybody sits in the barrier */
	if (size > 1) {
		MPI_Request r;
		int t0 = 0;
		TEST_MPI(MPI_Irecv(&token, 1, MPI_INT, (rank + size - 1) % size, 77, MPI_COMM_WORLD, &r));
		TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_token, NULL, MPI_HANDLER_DEFAULT));
		TEST_MPI(MPI_Barrier_loose(MPI_COMM_WORLD));
		if (rank == 0)
			TEST_MPI(MPI_Send(&t0, 1, MPI_INT, 1, 77, MPI_COMM_WORLD));
		double start = mpitest_now();
		while (!atomic_load(&token_seen) && mpitest_now() - start < 20)
			;
		TEST_CHECK(atomic_load(&token_seen));
		TEST_MPI(MPI_Barrier_loose(MPI_COMM_WORLD));
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		if (rank == 0)
			TEST_CHECK(token == size - 1);
		TEST_MPI(MPI_Wait(&fwd, MPI_STATUS_IGNORE));
	}
	TEST_MPI(MPI_Barrier_loose(MPI_COMM_WORLD));
	MPI_Finalize();
	return 0;
}
