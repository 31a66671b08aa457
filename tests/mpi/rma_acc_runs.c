/* Description: accumulates of long runs of elements on rank 0's window,
 * from every rank, under exclusive locks (one rank at a time: plain
 * reductions) and under lock_all (concurrent: element-wise atomics):
 * MPI_SUM of doubles and ints into a contiguous run and into every other
 * element (a vector target type), MPI_MAX of floats, and
 * MPI_Get_accumulate with MPI_REPLACE, whose old values show that an
 * exclusive epoch saw the whole run of one earlier rank.  Checked against
 * the serial result, on windows of MPI_Win_allocate and MPI_Win_create.
 * np: 1 2 4
 */
#include <string.h>
#include "mpitest.h"

#define N 1000
#define ROUNDS 20

/* rank 0's window: doubles [0, N), ints [N, 2N) as doubles' room, floats,
 * the strided doubles, int64 REPLACE run */
struct area {
	double d[N];
	int i[N];
	float f[N];
	double v[2 * N];
	int64_t x[N];
};

static void epoch(MPI_Win win, int w, int excl, MPI_Datatype every_other)
{
	double dv[N];
	int iv[N];
	float fv[N];
	int64_t xv[N], old[N];
	for (int k = 0; k < N; k++) {
		dv[k] = k + w;
		iv[k] = 1;
		fv[k] = (float)(w * N + k);
		xv[k] = w;
	}
	for (int r = 0; r < ROUNDS; r++) {
		if (excl)
			TEST_MPI(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win));
		TEST_MPI(MPI_Accumulate(dv, N, MPI_DOUBLE, 0, offsetof(struct area, d), N, MPI_DOUBLE,
					MPI_SUM, win));
		TEST_MPI(MPI_Accumulate(iv, N, MPI_INT, 0, offsetof(struct area, i), N, MPI_INT, MPI_SUM,
					win));
		TEST_MPI(MPI_Accumulate(fv, N, MPI_FLOAT, 0, offsetof(struct area, f), N, MPI_FLOAT,
					MPI_MAX, win));
		TEST_MPI(MPI_Accumulate(dv, N, MPI_DOUBLE, 0, offsetof(struct area, v), 1, every_other,
					MPI_SUM, win));
		TEST_MPI(MPI_Get_accumulate(xv, N, MPI_INT64_T, old, N, MPI_INT64_T, 0,
					    offsetof(struct area, x), N, MPI_INT64_T, MPI_REPLACE, win));
		TEST_MPI(MPI_Win_flush(0, win));
		for (int k = 0; k < N; k++)
			TEST_CHECK(old[k] >= -1 && old[k] < 64);
		if (excl) {
			/* one earlier epoch wrote the whole run */
			for (int k = 1; k < N; k++)
				TEST_CHECK(old[k] == old[0]);
			TEST_MPI(MPI_Win_unlock(0, win));
		}
	}
}

static void check(struct area *a, int n, int times)
{
	for (int k = 0; k < N; k++) {
		double want = (double)times * ROUNDS * ((double)n * k + (double)n * (n - 1) / 2);
		TEST_CHECK(a->d[k] == want);
		TEST_CHECK(a->i[k] == times * ROUNDS * n);
		TEST_CHECK(a->f[k] == (float)((n - 1) * N + k));
		TEST_CHECK(a->v[2 * k] == want);
		TEST_CHECK(a->v[2 * k + 1] == 0);
		TEST_CHECK(a->x[k] >= 0 && a->x[k] < n);
	}
}

static void run(MPI_Win win, void *base, int n, int w)
{
	struct area *a = base;
	MPI_Datatype every_other;
	TEST_MPI(MPI_Type_vector(N, 1, 2, MPI_DOUBLE, &every_other));
	TEST_MPI(MPI_Type_commit(&every_other));
	if (w == 0) {
		memset(a, 0, sizeof(*a));
		for (int k = 0; k < N; k++)
			a->x[k] = -1;
	}
	MPI_Barrier(MPI_COMM_WORLD);
	epoch(win, w, 1, every_other);
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0) {
		TEST_MPI(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win));
		check(a, n, 1);
		TEST_MPI(MPI_Win_unlock(0, win));
	}
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_Win_lock_all(0, win));
	epoch(win, w, 0, every_other);
	TEST_MPI(MPI_Win_unlock_all(win));
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0) {
		TEST_MPI(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win));
		check(a, n, 2);
		TEST_MPI(MPI_Win_unlock(0, win));
	}
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_Type_free(&every_other));
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_start(&argc, &argv, &w, &n);
	mpitest_windows((MPI_Aint)sizeof(struct area), 1, run, n, w);
	MPI_Finalize();
	return 0;
}
