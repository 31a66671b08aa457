/*
 * Description: MPI_Comm_split, MPI_Comm_split_type and MPI_Comm_create on
 * an intercommunicator (MPI-3.1 6.4.2) give intercommunicators whose local
 * and remote groups are the processes of each side with the same color,
 * ordered by key; a color with no partner on the other side and
 * MPI_UNDEFINED give MPI_COMM_NULL.  The results carry point-to-point and
 * collective traffic (issue 14.1).
 * np: 4 5 7 8
 */
#include <stdlib.h>
#include "mpitest.h"

static int n, w;

/* world ranks of side s (w % 2 == s) whose color is c, by decreasing
 * local rank (key = -local rank); their count */
static int expect(int s, int c, int (*colorof)(int, int), int *out)
{
	int k = 0;
	for (int r = n - 1; r >= 0; r--)
		if (r % 2 == s && colorof(s, r / 2) == c)
			out[k++] = r;
	return k;
}

static int color_split(int side, int lr)
{
	if (side == 0 && lr == 2)
		return 7; /* only on the even side: no partner */
	if (side == 1 && lr == 3)
		return MPI_UNDEFINED;
	return lr % 2;
}

/* the world ranks of g, in g's order */
static void world_of(MPI_Group g, int *out, int *size)
{
	MPI_Group wg;
	MPI_Group_size(g, size);
	int *r = malloc(sizeof(int) * (size_t)*size);
	for (int i = 0; i < *size; i++)
		r[i] = i;
	MPI_Comm_group(MPI_COMM_WORLD, &wg);
	MPI_Group_translate_ranks(g, *size, r, wg, out);
	MPI_Group_free(&wg);
	free(r);
}

/* c joins local world ranks lw[ln] with remote rw[rn]: check the groups
 * and move data across it */
/* g (freed here) holds world ranks w[0..n-1], in that order. */
static void check_group(MPI_Group g, const int *w, int n)
{
	int size, got[64];
	world_of(g, got, &size);
	MPI_Group_free(&g);
	TEST_CHECK(size == n);
	for (int i = 0; i < n; i++)
		TEST_CHECK(got[i] == w[i]);
}

static void check_inter(MPI_Comm c, const int *lw, int ln, const int *rw, int rn)
{
	int flag;
	MPI_Group g;
	TEST_MPI(MPI_Comm_test_inter(c, &flag));
	TEST_CHECK(flag);
	TEST_MPI(MPI_Comm_group(c, &g));
	check_group(g, lw, ln);
	TEST_MPI(MPI_Comm_remote_group(c, &g));
	check_group(g, rw, rn);
	/* every rank gets the sum of the remote side's world ranks */
	int sum = 0, want = 0;
	for (int i = 0; i < rn; i++)
		want += rw[i];
	TEST_MPI(MPI_Allreduce(&w, &sum, 1, MPI_INT, MPI_SUM, c));
	TEST_CHECK(sum == want);
	/* local rank 0s swap their world ranks */
	int rank, other = -1;
	MPI_Comm_rank(c, &rank);
	if (rank == 0) {
		TEST_MPI(MPI_Sendrecv(&w, 1, MPI_INT, 0, 3, &other, 1, MPI_INT, 0, 3, c,
				      MPI_STATUS_IGNORE));
		TEST_CHECK(other == rw[0]);
	}
}

static int color_all(int side, int lr)
{
	(void)side;
	(void)lr;
	return 0;
}

static int color_create(int side, int lr)
{
	(void)side;
	return lr == 0 ? MPI_UNDEFINED : 0;
}

int main(int argc, char **argv)
{
	mpitest_init(&argc, &argv, 4, &n, &w);
	int side = w % 2, lr = w / 2;
	MPI_Comm local, inter, c;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, side, w, &local));
	TEST_MPI(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, !side, 9, &inter));
	int lw[64], rw[64];

	/* split with colors, a lone color and MPI_UNDEFINED */
	int color = color_split(side, lr);
	TEST_MPI(MPI_Comm_split(inter, color, -lr, &c));
	int ln = expect(side, color, color_split, lw);
	int rn = color == MPI_UNDEFINED ? 0 : expect(!side, color, color_split, rw);
	if (color == MPI_UNDEFINED || rn == 0) {
		TEST_CHECK(c == MPI_COMM_NULL);
	} else {
		TEST_CHECK(c != MPI_COMM_NULL);
		check_inter(c, lw, ln, rw, rn);
		TEST_MPI(MPI_Comm_free(&c));
	}

	/* split_type shared: everyone, one color */
	TEST_MPI(MPI_Comm_split_type(inter, MPI_COMM_TYPE_SHARED, -lr, MPI_INFO_NULL, &c));
	ln = expect(side, 0, color_all, lw);
	rn = expect(!side, 0, color_all, rw);
	check_inter(c, lw, ln, rw, rn);
	TEST_MPI(MPI_Comm_free(&c));

	/* create: each side's group leaves out its local rank 0, in reverse
	 * order */
	MPI_Group lg, sub;
	TEST_MPI(MPI_Comm_group(inter, &lg));
	int lsize, ranks[64], k = 0;
	MPI_Group_size(lg, &lsize);
	for (int r = lsize - 1; r >= 1; r--)
		ranks[k++] = r;
	TEST_MPI(MPI_Group_incl(lg, k, ranks, &sub));
	TEST_MPI(MPI_Comm_create(inter, sub, &c));
	if (lr == 0) {
		TEST_CHECK(c == MPI_COMM_NULL);
	} else {
		ln = expect(side, 0, color_create, lw);
		rn = expect(!side, 0, color_create, rw);
		check_inter(c, lw, ln, rw, rn);
		TEST_MPI(MPI_Comm_free(&c));
	}
	/* a group that is not a subgroup of the local group */
	MPI_Group rg;
	TEST_MPI(MPI_Comm_remote_group(inter, &rg));
	TEST_CHECK(MPI_Comm_create(inter, rg, &c) == MPI_ERR_GROUP);
	MPI_Group_free(&rg);
	MPI_Group_free(&sub);
	MPI_Group_free(&lg);
	TEST_MPI(MPI_Comm_free(&inter));
	TEST_MPI(MPI_Comm_free(&local));
	MPI_Finalize();
	return 0;
}
