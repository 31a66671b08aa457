/* Description: MPI_Handler_lock/unlock (seed 003): while locked,
 * completions bypass handlers; completions collected while locked never run
 * their handler; uncollected ones run their handlers at unlock, once.
 * np: 1 2
 */
#include <stdatomic.h>
#include "mpitest.h"

static atomic_int calls;

static int h_count(MPI_Request *req, void *extra)
{
	(void)req;
	atomic_fetch_add((atomic_int *)extra, 1);
	atomic_fetch_add(&calls, 1);
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	atomic_int a = 0, b = 0;
	MPI_Request ra, rb;
	TEST_MPI(MPI_Grequest_start(NULL, NULL, NULL, NULL, &ra));
	TEST_MPI(MPI_Grequest_start(NULL, NULL, NULL, NULL, &rb));
	TEST_MPI(MPI_Post_handler(ra, MPI_INFO_NULL, h_count, &a, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Post_handler(rb, MPI_INFO_NULL, h_count, &b, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Handler_lock());
	TEST_MPI(MPI_Grequest_complete(ra));
	TEST_MPI(MPI_Grequest_complete(rb));
	int flag = 0;
	/* completion bypasses the handler: test sees it at once */
	TEST_MPI(MPI_Test(&rb, &flag, MPI_STATUS_IGNORE));
	TEST_CHECK(flag && rb == MPI_REQUEST_NULL);
	TEST_CHECK(atomic_load(&calls) == 0);
	TEST_MPI(MPI_Handler_unlock());
	/* ra was not collected: its handler ran at unlock; rb's never */
	TEST_CHECK(atomic_load(&a) == 1 && atomic_load(&b) == 0);
	TEST_MPI(MPI_Wait(&ra, MPI_STATUS_IGNORE));
	TEST_CHECK(atomic_load(&a) == 1 && atomic_load(&calls) == 1);

	/* after unlock handlers run normally again */
	TEST_MPI(MPI_Grequest_start(NULL, NULL, NULL, NULL, &ra));
	TEST_MPI(MPI_Post_handler(ra, MPI_INFO_NULL, h_count, &a, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Grequest_complete(ra));
	TEST_MPI(MPI_Wait(&ra, MPI_STATUS_IGNORE));
	TEST_CHECK(atomic_load(&a) == 2);

	/* lock/unlock around p2p with the partner */
	int rank, size;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size == 2) {
		int x = 0, y = 1;
		if (rank == 0) {
			TEST_MPI(MPI_Irecv(&x, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &ra));
			TEST_MPI(MPI_Post_handler(ra, MPI_INFO_NULL, h_count, &b, MPI_HANDLER_DEFAULT));
			TEST_MPI(MPI_Handler_lock());
			TEST_MPI(MPI_Send(&y, 1, MPI_INT, 1, 4, MPI_COMM_WORLD));
			/* the reply completes ra inside our progress: queued, not run */
			TEST_MPI(MPI_Recv(&y, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			while (!flag)
				TEST_MPI(MPI_Request_get_status(ra, &flag, MPI_STATUS_IGNORE));
			TEST_CHECK(atomic_load(&b) == 0);
			TEST_MPI(MPI_Handler_unlock());
			TEST_CHECK(atomic_load(&b) == 1);
			TEST_MPI(MPI_Wait(&ra, MPI_STATUS_IGNORE));
			TEST_CHECK(x == 42 && atomic_load(&b) == 1);
		} else {
			TEST_MPI(MPI_Recv(&y, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			x = 42;
			TEST_MPI(MPI_Send(&x, 1, MPI_INT, 0, 3, MPI_COMM_WORLD));
			TEST_MPI(MPI_Send(&x, 1, MPI_INT, 0, 5, MPI_COMM_WORLD));
		}
	}
	MPI_Finalize();
	return 0;
}
