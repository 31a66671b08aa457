/* Description: passive-target synchronisation: an exclusive MPI_Win_lock
 * makes a get-increment-put of a counter on rank 0 atomic (the total is
 * checked exact), on a window of MPI_Win_allocate and of MPI_Win_create;
 * shared locks, MPI_Win_lock_all/unlock_all, MPI_Win_flush,
 * flush_local, flush_all, flush_local_all and MPI_Win_sync; MPI_PROC_NULL
 * targets; MPI_MODE_NOCHECK.
 * np: 1 2 4
 */
#include "mpitest.h"

#define ROUNDS 200

static void counter(MPI_Win win, long *mem, int n, int w)
{
	if (w == 0)
		mem[0] = 0;
	MPI_Barrier(MPI_COMM_WORLD);
	for (int i = 0; i < ROUNDS; i++) {
		long v = -1;
		TEST_MPI(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win));
		TEST_MPI(MPI_Get(&v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win));
		TEST_MPI(MPI_Win_flush(0, win));
		v++;
		TEST_MPI(MPI_Put(&v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win));
		TEST_MPI(MPI_Win_unlock(0, win));
	}
	MPI_Barrier(MPI_COMM_WORLD);
	long total = -1;
	TEST_MPI(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win));
	TEST_MPI(MPI_Get(&total, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win));
	TEST_MPI(MPI_Win_unlock(0, win));
	TEST_CHECK(total == (long)n * ROUNDS);
	MPI_Barrier(MPI_COMM_WORLD);
}

/* Each rank writes its slot on every rank under lock_all, flushes, and
 * reads the slots back after a barrier. */
static void all(MPI_Win win, long *mem, int n, int w)
{
	for (int i = 0; i < n + 1; i++)
		mem[i] = -1;
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_Win_lock_all(0, win));
	for (int t = 0; t < n; t++) {
		long v = 1000 * w + t;
		TEST_MPI(MPI_Put(&v, 1, MPI_LONG, t, w + 1, 1, MPI_LONG, win));
		TEST_MPI(MPI_Win_flush_local(t, win));
	}
	TEST_MPI(MPI_Win_flush_all(win));
	TEST_MPI(MPI_Win_flush_local_all(win));
	TEST_MPI(MPI_Put(&w, 1, MPI_LONG, MPI_PROC_NULL, 0, 1, MPI_LONG, win));
	TEST_MPI(MPI_Win_sync(win));
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_Win_sync(win));
	for (int o = 0; o < n; o++)
		TEST_CHECK(mem[o + 1] == 1000 * o + w);
	for (int t = 0; t < n; t++) {
		long v = -1;
		TEST_MPI(MPI_Get(&v, 1, MPI_LONG, t, w + 1, 1, MPI_LONG, win));
		TEST_MPI(MPI_Win_flush(t, win));
		TEST_CHECK(v == 1000 * w + t);
	}
	TEST_MPI(MPI_Win_unlock_all(win));
	MPI_Barrier(MPI_COMM_WORLD);
	/* NOCHECK: the program promises no conflicting lock */
	if (w == n - 1) {
		TEST_MPI(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, MPI_MODE_NOCHECK, win));
		long v = 42;
		TEST_MPI(MPI_Put(&v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win));
		TEST_MPI(MPI_Win_unlock(0, win));
	}
	TEST_MPI(MPI_Win_lock(MPI_LOCK_SHARED, MPI_PROC_NULL, 0, win));
	TEST_MPI(MPI_Win_unlock(MPI_PROC_NULL, win));
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0) {
		TEST_MPI(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win));
		TEST_CHECK(mem[0] == 42);
		TEST_MPI(MPI_Win_unlock(0, win));
	}
	MPI_Barrier(MPI_COMM_WORLD);
}

static void run(MPI_Win win, void *base, int n, int w)
{
	counter(win, base, n, w);
	all(win, base, n, w);
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	mpitest_windows((n + 1) * sizeof(long), sizeof(long), run, n, w);
	MPI_Finalize();
	return 0;
}
