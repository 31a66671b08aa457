/* Description: accumulate atomicity: a counter on rank 0 incremented by
 * every rank with MPI_Fetch_and_op (MPI_SUM) is exact and every fetched
 * value is distinct; a compare-and-swap spin lock protects a plain
 * get/put increment; MPI_Accumulate with SUM, MAX, MIN, BAND, BOR, BXOR,
 * PROD, LAND, REPLACE on ints and doubles; MPI_Get_accumulate with
 * MPI_NO_OP reads, with MPI_REPLACE swaps; MAXLOC on MPI_DOUBLE_INT;
 * long double sums (the locked way).  On windows of MPI_Win_allocate
 * (atomic instructions) and MPI_Win_create (the per-target lock).
 * np: 1 2 4
 */
#include <string.h>
#include "mpitest.h"

#define ROUNDS 500

struct dint { double v; int i; };

static void run(MPI_Win win, void *base, int n, int w)
{
	long *mem = base;
	/* slot 0: counter; 1: lock word; 2: protected count; 3..: ops */
	if (w == 0)
		memset(mem, 0, 32 * sizeof(long));
	TEST_MPI(MPI_Win_fence(0, win));
	TEST_MPI(MPI_Win_fence(0, win));
	TEST_MPI(MPI_Win_lock_all(0, win));
	char *seen = calloc((size_t)n * ROUNDS, 1);
	long one = 1, got;
	long *mine = malloc(sizeof(long) * ROUNDS);
	for (int i = 0; i < ROUNDS; i++) {
		TEST_MPI(MPI_Fetch_and_op(&one, &got, MPI_LONG, 0, 0 * 8, MPI_SUM, win));
		TEST_MPI(MPI_Win_flush(0, win));
		mine[i] = got;
	}
	/* CAS lock around a non-atomic increment */
	for (int i = 0; i < ROUNDS / 5; i++) {
		long zero = 0, me = w + 1, old;
		do {
			TEST_MPI(MPI_Compare_and_swap(&me, &zero, &old, MPI_LONG, 0, 1 * 8, win));
			TEST_MPI(MPI_Win_flush(0, win));
		} while (old != 0);
		long v;
		TEST_MPI(MPI_Get(&v, 1, MPI_LONG, 0, 2 * 8, 1, MPI_LONG, win));
		TEST_MPI(MPI_Win_flush(0, win));
		v++;
		TEST_MPI(MPI_Put(&v, 1, MPI_LONG, 0, 2 * 8, 1, MPI_LONG, win));
		TEST_MPI(MPI_Win_flush(0, win));
		TEST_MPI(MPI_Accumulate(&zero, 1, MPI_LONG, 0, 1 * 8, 1, MPI_LONG, MPI_REPLACE, win));
		TEST_MPI(MPI_Win_flush(0, win));
	}
	TEST_MPI(MPI_Win_unlock_all(win));
	long *all = malloc(sizeof(long) * ROUNDS * n);
	MPI_Allgather(mine, ROUNDS, MPI_LONG, all, ROUNDS, MPI_LONG, MPI_COMM_WORLD);
	for (int i = 0; i < n * ROUNDS; i++) {
		TEST_CHECK(all[i] >= 0 && all[i] < (long)n * ROUNDS);
		TEST_CHECK(!seen[all[i]]);
		seen[all[i]] = 1;
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0) {
		TEST_MPI(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win));
		TEST_CHECK(mem[0] == (long)n * ROUNDS);
		TEST_CHECK(mem[2] == (long)n * (ROUNDS / 5));
		TEST_CHECK(mem[1] == 0);
		TEST_MPI(MPI_Win_unlock(0, win));
	}
	free(seen);
	free(mine);
	free(all);

	/* every op on rank n-1's slots, from every rank at once */
	int t = n - 1;
	/* the window's unit is one byte: ints at 64, doubles at 96, the
	 * pair at 112, the long double at 128 */
	int *im = (int *)((char *)mem + 64);
	double *dm = (double *)((char *)mem + 96);
	struct dint *pm = (struct dint *)((char *)mem + 112);
	long double *ld = (long double *)((char *)mem + 128);
	if (w == t) {
		for (int i = 0; i < 8; i++)
			im[i] = 0;
		im[1] = 1 << 30; /* MIN start */
		im[3] = -1;      /* BAND start */
		im[6] = 1;       /* PROD */
		im[7] = 1;       /* LAND */
		dm[0] = 0.0;
		dm[1] = -1e300;
		pm->v = -1;
		pm->i = -1;
		*ld = 0;
	}
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_Win_lock_all(0, win));
	int v = w + 1;
	int band = ~(1 << w), bit = 1 << w, two = 2;
	TEST_MPI(MPI_Accumulate(&v, 1, MPI_INT, t, 64 + 4 * 0, 1, MPI_INT, MPI_SUM, win));
	TEST_MPI(MPI_Accumulate(&v, 1, MPI_INT, t, 64 + 4 * 1, 1, MPI_INT, MPI_MIN, win));
	TEST_MPI(MPI_Accumulate(&v, 1, MPI_INT, t, 64 + 4 * 2, 1, MPI_INT, MPI_MAX, win));
	TEST_MPI(MPI_Accumulate(&band, 1, MPI_INT, t, 64 + 4 * 3, 1, MPI_INT, MPI_BAND, win));
	TEST_MPI(MPI_Accumulate(&bit, 1, MPI_INT, t, 64 + 4 * 4, 1, MPI_INT, MPI_BOR, win));
	TEST_MPI(MPI_Accumulate(&bit, 1, MPI_INT, t, 64 + 4 * 5, 1, MPI_INT, MPI_BXOR, win));
	TEST_MPI(MPI_Accumulate(&two, 1, MPI_INT, t, 64 + 4 * 6, 1, MPI_INT, MPI_PROD, win));
	TEST_MPI(MPI_Accumulate(&v, 1, MPI_INT, t, 64 + 4 * 7, 1, MPI_INT, MPI_LAND, win));
	double dv = 0.5 * (w + 1);
	TEST_MPI(MPI_Accumulate(&dv, 1, MPI_DOUBLE, t, 96, 1, MPI_DOUBLE, MPI_SUM, win));
	TEST_MPI(MPI_Accumulate(&dv, 1, MPI_DOUBLE, t, 104, 1, MPI_DOUBLE, MPI_MAX, win));
	struct dint pv = { (double)(w % 2), w };
	TEST_MPI(MPI_Accumulate(&pv, 1, MPI_DOUBLE_INT, t, 112, 1, MPI_DOUBLE_INT, MPI_MAXLOC, win));
	long double lv = w + 1;
	TEST_MPI(MPI_Accumulate(&lv, 1, MPI_LONG_DOUBLE, t, 128, 1, MPI_LONG_DOUBLE, MPI_SUM, win));
	TEST_MPI(MPI_Win_unlock_all(win));
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_Win_lock_all(0, win));
	int ires[8];
	TEST_MPI(MPI_Get_accumulate(NULL, 0, MPI_INT, ires, 8, MPI_INT, t, 64, 8, MPI_INT, MPI_NO_OP, win));
	double dres[2];
	TEST_MPI(MPI_Get(dres, 2, MPI_DOUBLE, t, 96, 2, MPI_DOUBLE, win));
	struct dint pres;
	TEST_MPI(MPI_Get(&pres, 1, MPI_DOUBLE_INT, t, 112, 1, MPI_DOUBLE_INT, win));
	long double lres;
	TEST_MPI(MPI_Get(&lres, 1, MPI_LONG_DOUBLE, t, 128, 1, MPI_LONG_DOUBLE, win));
	TEST_MPI(MPI_Win_unlock_all(win));
	int allbits = (1 << n) - 1;
	TEST_CHECK(ires[0] == n * (n + 1) / 2);
	TEST_CHECK(ires[1] == 1);
	TEST_CHECK(ires[2] == n);
	TEST_CHECK(ires[3] == ~allbits);
	TEST_CHECK(ires[4] == allbits);
	TEST_CHECK(ires[5] == allbits);
	TEST_CHECK(ires[6] == 1 << n);
	TEST_CHECK(ires[7] == 1);
	TEST_CHECK(dres[0] == 0.25 * n * (n + 1));
	TEST_CHECK(dres[1] == 0.5 * n);
	TEST_CHECK(pres.v == (n > 1 ? 1.0 : 0.0) && pres.i == (n > 1 ? 1 : 0));
	TEST_CHECK(lres == (long double)n * (n + 1) / 2);
	MPI_Barrier(MPI_COMM_WORLD);

	/* get_accumulate with REPLACE is a swap: the values seen form a chain */
	if (w == t)
		im[0] = -1;
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_Win_lock_all(0, win));
	int old;
	TEST_MPI(MPI_Get_accumulate(&w, 1, MPI_INT, &old, 1, MPI_INT, t, 64 + 4 * 0, 1, MPI_INT, MPI_REPLACE, win));
	TEST_MPI(MPI_Win_unlock_all(win));
	int *olds = malloc(sizeof(int) * n);
	MPI_Allgather(&old, 1, MPI_INT, olds, 1, MPI_INT, MPI_COMM_WORLD);
	int minus = 0;
	for (int i = 0; i < n; i++)
		minus += olds[i] == -1;
	TEST_CHECK(minus == 1);
	free(olds);
	MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	mpitest_windows(32 * sizeof(long), 1, run, n, w);
	MPI_Finalize();
	return 0;
}
