/*
 * Description: MPI_Dims_create gives MPICH's balanced grids (issue 38):
 * for every nnodes up to 400 in 1 to 5 dimensions, with and without a
 * fixed dimension, the result equals a brute-force search for the rule of
 * lib/comm/topo_cart.c: a prime factor above the square root of what is
 * left takes a dimension of its own; with no more prime factors than
 * dimensions each takes one, largest first; otherwise the non-increasing
 * factorisation with the least spread (largest minus smallest), ties going
 * to the largest smallest factor, then the largest next-to-smallest, and
 * so on.  Entries of the MPICH suite's topo/dims5 table that the earlier
 * rule (ties to the least d[1] - last, ...) got wrong, e.g. 590520 in 4
 * dimensions is 38x37x21x20, not 37x30x28x19.  Also a large prime and
 * highly composite counts in many dimensions finish at once.
 * np: 1
 */
#include <string.h>
#include <time.h>
#include "mpitest.h"

#define MAXK 8
static int best[MAXK], cur[MAXK], best_spread;

/* Whether r factors of at most d each can multiply up to m: the pruning
 * that keeps the search quick (sanitizer builds included). */
static int reaches(int d, int r, int m)
{
	long long p = 1;
	while (r-- > 0 && p < m)
		p *= d;
	return p >= m;
}

/* every non-increasing sequence of k factors of m, each in [2, cap] */
static void brute(int pos, int k, int m, int cap)
{
	if (pos == k) {
		if (m != 1)
			return;
		int spread = cur[0] - cur[k - 1];
		int better = best_spread < 0 || spread < best_spread;
		if (spread == best_spread)
			for (int i = k - 1; i > 0; i--)
				if (cur[i] != best[i]) {
					better = cur[i] > best[i];
					break;
				}
		if (better) {
			memcpy(best, cur, sizeof(cur));
			best_spread = spread;
		}
		return;
	}
	for (int d = 2; d <= cap && d <= m; d++)
		if (m % d == 0 && reaches(d, k - pos, m)) {
			cur[pos] = d;
			brute(pos + 1, k, m / d, d);
		}
}

/* The expected grid of n in k dimensions, into want[0..k-1]. */
static void expect(int n, int k, int *want)
{
	int p[32], np = 0, used = 0;
	for (int m = n, d = 2; m > 1; d++)
		while (m % d == 0) {
			p[np++] = d; /* increasing, with repeats */
			m /= d;
		}
	/* a single largest prime above the root of what is left, not the
	 * smallest prime factor, at most k - 1 of them */
	while (np > 1 && used < k - 1 && p[np - 1] != p[np - 2] &&
	       (long long)p[np - 1] * p[np - 1] > n) {
		want[used++] = p[np - 1];
		n /= p[--np];
	}
	if (np <= k - used) {
		for (int i = np - 1; i >= 0; i--)
			want[used++] = p[i];
		while (used < k)
			want[used++] = 1;
		return;
	}
	best_spread = -1;
	brute(0, k - used, n, n);
	memcpy(want + used, best, sizeof(int) * (size_t)(k - used));
}

static int check(int n, int k, const int *dims, const int *want)
{
	for (int i = 0; i < k; i++)
		if (dims[i] != want[i]) {
			fprintf(stderr, "%d in %d dimensions: dims[%d] %d, want %d\n", n, k, i,
				dims[i], want[i]);
			return 0;
		}
	return 1;
}

int main(int argc, char **argv)
{
	int dims[MAXK], want[MAXK];

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	/* from the MPICH suite's topo/dims5 table */
	static const struct {
		int n, k, d[MAXK];
	} table[] = {
		{ 72, 2, { 9, 8 } },
		{ 5040, 3, { 21, 16, 15 } },
		{ 5040, 4, { 10, 9, 8, 7 } },
		{ 18576, 4, { 43, 9, 8, 6 } },
		{ 590520, 4, { 38, 37, 21, 20 } },
		{ 590520, 3, { 95, 84, 74 } },
		{ 590520, 2, { 777, 760 } },
	};
	for (size_t t = 0; t < sizeof(table) / sizeof(table[0]); t++) {
		memset(dims, 0, sizeof(dims));
		TEST_MPI(MPI_Dims_create(table[t].n, table[t].k, dims));
		TEST_CHECK(check(table[t].n, table[t].k, dims, table[t].d));
	}

	for (int k = 1; k <= 5; k++)
		for (int n = 1; n <= 400; n++) {
			expect(n, k, want);
			memset(dims, 0, sizeof(dims));
			TEST_MPI(MPI_Dims_create(n, k, dims));
			TEST_CHECK(check(n, k, dims, want));
		}

	/* a fixed dimension: the free ones are balanced over n / fixed */
	memset(dims, 0, sizeof(dims));
	dims[1] = 2;
	TEST_MPI(MPI_Dims_create(144, 3, dims));
	TEST_CHECK(dims[0] == 9 && dims[1] == 2 && dims[2] == 8);
	memset(dims, 0, sizeof(dims));
	dims[0] = 3;
	TEST_MPI(MPI_Dims_create(3 * 590520, 5, dims));
	TEST_CHECK(dims[0] == 3 && dims[1] == 38 && dims[2] == 37 && dims[3] == 21 &&
		   dims[4] == 20);

	/* quick even where a naive search would not be */
	clock_t t0 = clock();
	memset(dims, 0, sizeof(dims));
	TEST_MPI(MPI_Dims_create(2147483647, 2, dims));
	TEST_CHECK(dims[0] == 2147483647 && dims[1] == 1);
	memset(dims, 0, sizeof(dims));
	TEST_MPI(MPI_Dims_create(735134400, 8, dims));
	static const int want8[8] = { 17, 15, 14, 13, 12, 12, 11, 10 };
	TEST_CHECK(memcmp(dims, want8, sizeof(want8)) == 0);
	int big[20];
	memset(big, 0, sizeof(big));
	TEST_MPI(MPI_Dims_create(1 << 30, 20, big));
	TEST_CHECK(big[0] == 4 && big[9] == 4 && big[10] == 2 && big[19] == 2);
	for (int k = 2; k <= 8; k++) {
		memset(dims, 0, sizeof(dims));
		TEST_MPI(MPI_Dims_create(2095133040, k, dims)); /* 1600 divisors */
	}
	double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	if (secs > 2) {
		fprintf(stderr, "large counts took %.2f s of CPU\n", secs);
		TEST_CHECK(secs <= 2);
	}

	MPI_Finalize();
	return 0;
}
