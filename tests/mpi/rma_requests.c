/* Description: request-based RMA: MPI_Rput, MPI_Rget, MPI_Raccumulate and
 * MPI_Rget_accumulate inside lock_all give requests that MPI_Wait,
 * MPI_Waitall and MPI_Test complete with the data in place; a handler
 * posted with MPI_Post_handler on an MPI_Rget request runs when it
 * completes, exactly once, and sees the data.
 * np: 1 2 4
 */
#include <stdatomic.h>
#include "mpitest.h"

static atomic_int calls;
static int *handler_buf;
static int handler_expect;

static int on_rget(MPI_Request *req, void *extra)
{
	(void)req;
	TEST_CHECK(extra == &calls);
	TEST_CHECK(*handler_buf == handler_expect);
	atomic_fetch_add(&calls, 1);
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	int t = (w + 1) % n;
	int *mem;
	MPI_Win win;
	TEST_MPI(MPI_Win_allocate(16 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win));
	for (int i = 0; i < 16; i++)
		mem[i] = 0;
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_Win_lock_all(0, win));
	int v[4] = { w, w + 1, w + 2, w + 3 };
	MPI_Request r[4];
	TEST_MPI(MPI_Rput(v, 4, MPI_INT, t, 0, 4, MPI_INT, win, &r[0]));
	TEST_MPI(MPI_Wait(&r[0], MPI_STATUS_IGNORE));
	TEST_CHECK(r[0] == MPI_REQUEST_NULL);
	int back[4] = { -1, -1, -1, -1 };
	TEST_MPI(MPI_Rget(back, 4, MPI_INT, t, 0, 4, MPI_INT, win, &r[1]));
	int one = 1, old = -1, flag = 0;
	TEST_MPI(MPI_Raccumulate(&one, 1, MPI_INT, t, 8, 1, MPI_INT, MPI_SUM, win, &r[2]));
	TEST_MPI(MPI_Rget_accumulate(&one, 1, MPI_INT, &old, 1, MPI_INT, t, 9, 1, MPI_INT, MPI_SUM, win, &r[3]));
	TEST_MPI(MPI_Test(&r[1], &flag, MPI_STATUS_IGNORE));
	TEST_CHECK(flag);
	MPI_Status st[2];
	TEST_MPI(MPI_Waitall(2, &r[2], st));
	for (int i = 0; i < 4; i++)
		TEST_CHECK(back[i] == w + i);
	TEST_CHECK(old >= 0 && old < n);

	/* a handler on an MPI_Rget request */
	int hb = -1;
	handler_buf = &hb;
	handler_expect = w + 2;
	MPI_Request h;
	TEST_MPI(MPI_Rget(&hb, 1, MPI_INT, t, 2, 1, MPI_INT, win, &h));
	TEST_MPI(MPI_Post_handler(h, MPI_INFO_NULL, on_rget, &calls, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Wait(&h, MPI_STATUS_IGNORE));
	TEST_CHECK(atomic_load(&calls) == 1);
	TEST_MPI(MPI_Win_unlock_all(win));
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_CHECK(mem[8] == 1 && mem[9] == 1);
	TEST_CHECK(atomic_load(&calls) == 1);
	TEST_MPI(MPI_Win_free(&win));
	MPI_Finalize();
	return 0;
}
