/*
 * Description: MPI_Dims_create is balanced: for every nnodes up to 400 in
 * 1 to 4 dimensions, with and without a fixed dimension, the result equals
 * a brute-force search for the non-increasing factorisation whose largest
 * minus smallest factor is least, ties going to the least
 * (d[1] - last, d[2] - last, ...) in lexicographic order, e.g.
 * 72 in 2 dimensions gives 9x8, not 12x6 (issue 14.4).  Also a large prime
 * and a highly composite count in many dimensions finish at once.
 * np: 1
 */
#include <string.h>
#include "mpitest.h"

static int best[8], cur[8], best_spread;

/* Whether r factors of at most d each can multiply up to m: the pruning
 * that keeps the search quick (sanitizer builds included). */
static int reaches(int d, int r, int m)
{
	long long p = 1;
	while (r-- > 0 && p < m)
		p *= d;
	return p >= m;
}

/* every non-increasing sequence of k factors of m, each at most cap */
static void brute(int pos, int k, int m, int cap)
{
	if (pos == k) {
		if (m != 1)
			return;
		int spread = cur[0] - cur[k - 1];
		int better = best_spread < 0 || spread < best_spread;
		if (spread == best_spread)
			for (int i = 1; i < k; i++) {
				if (cur[i] - cur[k - 1] != best[i] - best[k - 1]) {
					better = cur[i] - cur[k - 1] < best[i] - best[k - 1];
					break;
				}
			}
		if (better) {
			memcpy(best, cur, sizeof(cur));
			best_spread = spread;
		}
		return;
	}
	for (int d = 1; d <= cap && d <= m; d++)
		if (m % d == 0 && reaches(d, k - pos, m)) {
			cur[pos] = d;
			brute(pos + 1, k, m / d, d);
		}
}

int main(int argc, char **argv)
{
	int dims[8];

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	memset(dims, 0, sizeof(dims));
	TEST_MPI(MPI_Dims_create(72, 2, dims));
	TEST_CHECK(dims[0] == 9 && dims[1] == 8);

	for (int k = 1; k <= 4; k++)
		for (int n = 1; n <= 400; n++) {
			best_spread = -1;
			brute(0, k, n, n);
			memset(dims, 0, sizeof(dims));
			TEST_MPI(MPI_Dims_create(n, k, dims));
			for (int i = 0; i < k; i++)
				if (dims[i] != best[i]) {
					fprintf(stderr, "n %d k %d: dims[%d] %d, best %d\n", n, k, i,
						dims[i], best[i]);
					TEST_CHECK(dims[i] == best[i]);
				}
		}

	/* a fixed dimension: the free ones are balanced over n / fixed */
	memset(dims, 0, sizeof(dims));
	dims[1] = 2;
	TEST_MPI(MPI_Dims_create(144, 3, dims));
	TEST_CHECK(dims[0] == 9 && dims[1] == 2 && dims[2] == 8);
	memset(dims, 0, sizeof(dims));
	TEST_MPI(MPI_Dims_create(5040, 3, dims)); /* a tie: 20x18x14 or 21x16x15 */
	TEST_CHECK(dims[0] == 21 && dims[1] == 16 && dims[2] == 15);
	memset(dims, 0, sizeof(dims));
	TEST_MPI(MPI_Dims_create(18576, 4, dims)); /* a tie: 43x12x6x6 or 43x9x8x6 */
	TEST_CHECK(dims[0] == 43 && dims[1] == 9 && dims[2] == 8 && dims[3] == 6);

	/* quick even where a naive search would not be */
	memset(dims, 0, sizeof(dims));
	TEST_MPI(MPI_Dims_create(2147483647, 2, dims));
	TEST_CHECK(dims[0] == 2147483647 && dims[1] == 1);
	memset(dims, 0, sizeof(dims));
	TEST_MPI(MPI_Dims_create(735134400, 8, dims));
	static const int want[8] = { 17, 15, 14, 13, 12, 12, 11, 10 };
	TEST_CHECK(memcmp(dims, want, sizeof(want)) == 0);

	MPI_Finalize();
	return 0;
}
