/* Description: RMA with derived datatypes on both sides: a strided vector
 * origin put into a contiguous target and back, an indexed target, a
 * resized struct of (int, double) pairs, MPI_Accumulate and
 * MPI_Get_accumulate with a vector of doubles, compared with the same
 * operations done locally; on windows of MPI_Win_allocate (memcpy) and
 * MPI_Win_create (single copy).
 * np: 1 2 4
 */
#include <string.h>
#include "mpitest.h"

#define M 64

struct pr { int i; double d; };

static void run(MPI_Win win, void *base, int n, int w)
{
	double *mem = base;
	int t = (w + 1) % n, from = (w + n - 1) % n;
	MPI_Datatype vec, idx, pr, prr;
	MPI_Type_vector(M, 1, 3, MPI_DOUBLE, &vec);        /* every third double */
	MPI_Type_commit(&vec);
	int bl[4] = { 2, 1, 3, 2 }, dp[4] = { 0, 5, 9, 20 };  /* 8 doubles */
	MPI_Type_indexed(4, bl, dp, MPI_DOUBLE, &idx);
	MPI_Type_commit(&idx);
	int pbl[2] = { 1, 1 };
	MPI_Aint pdp[2] = { offsetof(struct pr, i), offsetof(struct pr, d) };
	MPI_Datatype pty[2] = { MPI_INT, MPI_DOUBLE };
	MPI_Type_create_struct(2, pbl, pdp, pty, &pr);
	MPI_Type_create_resized(pr, 0, sizeof(struct pr), &prr);
	MPI_Type_commit(&prr);

	double src[3 * M], back[3 * M];
	for (int i = 0; i < 3 * M; i++)
		src[i] = w * 1000 + i;
	for (int i = 0; i < 6 * M; i++)
		mem[i] = -1;
	TEST_MPI(MPI_Win_fence(0, win));
	/* vector origin -> contiguous target at 0 */
	TEST_MPI(MPI_Put(src, 1, vec, t, 0, M, MPI_DOUBLE, win));
	/* contiguous origin -> indexed target at M */
	TEST_MPI(MPI_Put(src, 8, MPI_DOUBLE, t, M, 1, idx, win));
	TEST_MPI(MPI_Win_fence(0, win));
	for (int i = 0; i < M; i++)
		TEST_CHECK(mem[i] == from * 1000 + 3 * i);
	int k = 0;
	for (int b = 0; b < 4; b++)
		for (int j = 0; j < bl[b]; j++, k++)
			TEST_CHECK(mem[M + dp[b] + j] == from * 1000 + k);
	TEST_CHECK(mem[M + 2] == -1 && mem[M + 4] == -1);
	/* contiguous target -> vector origin */
	for (int i = 0; i < 3 * M; i++)
		back[i] = -2;
	TEST_MPI(MPI_Get(back, 1, vec, t, 0, M, MPI_DOUBLE, win));
	TEST_MPI(MPI_Win_fence(0, win));
	for (int i = 0; i < 3 * M; i++)
		TEST_CHECK(back[i] == (i % 3 ? -2 : w * 1000 + i));

	/* accumulate a vector into the contiguous target, fetch the old */
	double add[3 * M], old[M];
	for (int i = 0; i < 3 * M; i++)
		add[i] = i;
	TEST_MPI(MPI_Get_accumulate(add, 1, vec, old, M, MPI_DOUBLE, t, 0, M, MPI_DOUBLE, MPI_SUM, win));
	TEST_MPI(MPI_Win_fence(0, win));
	for (int i = 0; i < M; i++) {
		TEST_CHECK(old[i] == w * 1000 + 3 * i);
		TEST_CHECK(mem[i] == from * 1000 + 3 * i + 3 * i);
	}
	/* accumulate into a strided target (vector of doubles) */
	TEST_MPI(MPI_Accumulate(add, M, MPI_DOUBLE, t, 2 * M, 1, vec, MPI_MAX, win));
	TEST_MPI(MPI_Win_fence(0, win));
	for (int i = 0; i < M; i++)
		TEST_CHECK(mem[2 * M + 3 * i] == (double)i);   /* max(-1, i) */

	/* struct pairs, resized: put two, read them back */
	struct pr ps[2] = { { w, 0.5 + w }, { -w, 1.5 + w } }, pb[2];
	memset(pb, 0, sizeof(pb));
	TEST_MPI(MPI_Win_fence(0, win));
	TEST_MPI(MPI_Put(ps, 2, prr, t, 5 * M, 2, prr, win));
	TEST_MPI(MPI_Win_fence(0, win));
	struct pr *landed = (struct pr *)&mem[5 * M];
	TEST_CHECK(landed[0].i == from && landed[0].d == 0.5 + from);
	TEST_CHECK(landed[1].i == -from && landed[1].d == 1.5 + from);
	TEST_MPI(MPI_Get(pb, 2, prr, t, 5 * M, 2, prr, win));
	TEST_MPI(MPI_Win_fence(MPI_MODE_NOSUCCEED, win));
	TEST_CHECK(pb[0].i == w && pb[1].d == 1.5 + w);
	MPI_Type_free(&vec);
	MPI_Type_free(&idx);
	MPI_Type_free(&pr);
	MPI_Type_free(&prr);
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	mpitest_windows(6 * M * sizeof(double), sizeof(double), run, n, w);
	MPI_Finalize();
	return 0;
}
