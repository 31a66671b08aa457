/* Description: generalized active target synchronisation: each rank
 * exposes its window to its two neighbours (MPI_Win_post), accesses them
 * (MPI_Win_start, MPI_Put, MPI_Get, MPI_Win_complete) and waits
 * (MPI_Win_wait, or polling MPI_Win_test) for many rounds with the data of
 * each round checked; a start before the matching post only delays the
 * first access; MPI_MODE_NOCHECK on both sides; a fence epoch after PSCW.
 * np: 1 2 3 4
 */
#include "mpitest.h"

#define ROUNDS 100

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	int left = (w + n - 1) % n, right = (w + 1) % n;
	MPI_Group world, nb;
	MPI_Comm_group(MPI_COMM_WORLD, &world);
	int ranks[2] = { left, right };
	MPI_Group_incl(world, left == right ? 1 : 2, ranks, &nb);
	int *mem;
	MPI_Win win;
	TEST_MPI(MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win));
	mem[0] = mem[1] = -1;
	MPI_Barrier(MPI_COMM_WORLD);
	for (int r = 0; r < ROUNDS; r++) {
		int assert = (r % 10 == 9) ? MPI_MODE_NOCHECK : 0;
		if (assert)
			MPI_Barrier(MPI_COMM_WORLD);  /* NOCHECK: posts known to be done */
		if (r % 2) {
			TEST_MPI(MPI_Win_start(nb, assert, win));
			TEST_MPI(MPI_Win_post(nb, assert, win));
		} else {
			TEST_MPI(MPI_Win_post(nb, assert, win));
			TEST_MPI(MPI_Win_start(nb, assert, win));
		}
		if (assert)
			MPI_Barrier(MPI_COMM_WORLD);
		int v = r * 1000 + w;
		/* slot 0 of the right neighbour, slot 1 of the left one */
		TEST_MPI(MPI_Put(&v, 1, MPI_INT, right, 0, 1, MPI_INT, win));
		TEST_MPI(MPI_Put(&v, 1, MPI_INT, left, 1, 1, MPI_INT, win));
		TEST_MPI(MPI_Win_complete(win));
		if (r % 3 == 0) {
			int flag = 0;
			while (!flag)
				TEST_MPI(MPI_Win_test(win, &flag));
		} else {
			TEST_MPI(MPI_Win_wait(win));
		}
		TEST_CHECK(mem[0] == r * 1000 + left);
		TEST_CHECK(mem[1] == r * 1000 + right);
		/* read back what we wrote, in the next epoch: a get */
		TEST_MPI(MPI_Win_post(nb, 0, win));
		TEST_MPI(MPI_Win_start(nb, 0, win));
		int back = -1;
		TEST_MPI(MPI_Get(&back, 1, MPI_INT, right, 0, 1, MPI_INT, win));
		TEST_MPI(MPI_Win_complete(win));
		TEST_CHECK(back == v);
		TEST_MPI(MPI_Win_wait(win));
	}
	TEST_MPI(MPI_Win_fence(0, win));
	int v = w;
	TEST_MPI(MPI_Put(&v, 1, MPI_INT, right, 0, 1, MPI_INT, win));
	TEST_MPI(MPI_Win_fence(MPI_MODE_NOSUCCEED, win));
	TEST_CHECK(mem[0] == left);
	TEST_MPI(MPI_Win_free(&win));
	MPI_Group_free(&nb);
	MPI_Group_free(&world);
	MPI_Finalize();
	return 0;
}
