/*
 * Description: MPI_Intercomm_create from a split of MPI_COMM_WORLD (even /
 * odd and one / the rest), remote size and group, point-to-point across
 * it, dup, MPI_Intercomm_merge with every combination of high flags
 * (ranks ordered low group first, ties by group), collectives on the
 * merged communicator, error classes for bad input.
 * np: 2 3 4 8
 */
#include <stdlib.h>
#include "mpitest.h"

/* Group of world rank w for the split `kind`: 0 even/odd, 1 rank 0 / rest. */
static int color_of(int kind, int w)
{
	return kind == 0 ? w % 2 : w > 0;
}

/* world ranks of group `col` in rank order */
static int members(int kind, int col, int n, int *out)
{
	int k = 0;
	for (int w = 0; w < n; w++)
		if (color_of(kind, w) == col)
			out[k++] = w;
	return k;
}

static void check_p2p(MPI_Comm ic, int n, const int *rw, int rn)
{
	int w;
	MPI_Comm_rank(MPI_COMM_WORLD, &w);
	int *in = malloc(sizeof(int) * (size_t)(rn + 1));
	MPI_Request *rq = malloc(sizeof(MPI_Request) * 2 * (size_t)(rn + 1));
	MPI_Status *sts = malloc(sizeof(MPI_Status) * 2 * (size_t)(rn + 1));
	for (int q = 0; q < rn; q++) {
		TEST_MPI(MPI_Irecv(&in[q], 1, MPI_INT, q, 5, ic, &rq[q]));
		TEST_MPI(MPI_Isend(&w, 1, MPI_INT, q, 5, ic, &rq[rn + q]));
	}
	TEST_MPI(MPI_Waitall(2 * rn, rq, sts));
	for (int q = 0; q < rn; q++)
		TEST_CHECK(in[q] == rw[q]);
	/* any source: status names the remote rank */
	MPI_Status st;
	int v = -1;
	for (int q = 0; q < rn; q++)
		TEST_MPI(MPI_Isend(&w, 1, MPI_INT, q, 6, ic, &rq[q]));
	for (int q = 0; q < rn; q++) {
		TEST_MPI(MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 6, ic, &st));
		TEST_CHECK(st.MPI_SOURCE >= 0 && st.MPI_SOURCE < rn && rw[st.MPI_SOURCE] == v);
	}
	TEST_MPI(MPI_Waitall(rn, rq, sts));
	free(in);
	free(rq);
	free(sts);
	(void)n;
}

static void one_kind(int kind, int n, int w)
{
	int col = color_of(kind, w);
	MPI_Comm local, ic, dup;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, col, w, &local));
	int *lw = malloc(sizeof(int) * (size_t)n), *rw = malloc(sizeof(int) * (size_t)n);
	int ln = members(kind, col, n, lw), rn = members(kind, !col, n, rw);
	MPI_Comm peer;
	TEST_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &peer));
	/* remote leader: the remote group's last member, local leader ours */
	int lleader = ln - 1;
	TEST_MPI(MPI_Intercomm_create(local, lleader, w == lw[lleader] ? peer : MPI_COMM_NULL,
				      rw[rn - 1], 42 + kind, &ic));
	int flag, sz, rsz, r;
	TEST_MPI(MPI_Comm_test_inter(ic, &flag));
	TEST_CHECK(flag);
	TEST_MPI(MPI_Comm_size(ic, &sz));
	TEST_MPI(MPI_Comm_remote_size(ic, &rsz));
	TEST_MPI(MPI_Comm_rank(ic, &r));
	TEST_CHECK(sz == ln && rsz == rn && lw[r] == w);
	MPI_Group rg, wg;
	TEST_MPI(MPI_Comm_remote_group(ic, &rg));
	TEST_MPI(MPI_Comm_group(MPI_COMM_WORLD, &wg));
	int *idx = malloc(sizeof(int) * (size_t)rn), *tr = malloc(sizeof(int) * (size_t)rn);
	for (int i = 0; i < rn; i++)
		idx[i] = i;
	TEST_MPI(MPI_Group_translate_ranks(rg, rn, idx, wg, tr));
	for (int i = 0; i < rn; i++)
		TEST_CHECK(tr[i] == rw[i]);
	MPI_Group_free(&rg);
	MPI_Group_free(&wg);
	check_p2p(ic, n, rw, rn);
	TEST_MPI(MPI_Comm_dup(ic, &dup));
	check_p2p(dup, n, rw, rn);
	TEST_MPI(MPI_Comm_free(&dup));

	/* merges: (my high, their high) */
	for (int hm = 0; hm < 4; hm++) {
		int high_even = hm & 1, high_odd = (hm >> 1) & 1;
		int myhigh = col == 0 ? high_even : high_odd;
		MPI_Comm m;
		TEST_MPI(MPI_Intercomm_merge(ic, myhigh, &m));
		int mn, mr;
		MPI_Comm_size(m, &mn);
		MPI_Comm_rank(m, &mr);
		TEST_CHECK(mn == n);
		/* group 0 contains world rank 0, so it wins ties */
		int zero_first = high_even == high_odd ? 1 : !high_even;
		int first_col = zero_first ? 0 : 1;
		int want = col == first_col ? r : rn + r;  /* the other group first */
		TEST_CHECK(mr == want);
		int *all = malloc(sizeof(int) * (size_t)n);
		TEST_MPI(MPI_Allgather(&w, 1, MPI_INT, all, 1, MPI_INT, m));
		int *firstw = malloc(sizeof(int) * (size_t)n), *secw = malloc(sizeof(int) * (size_t)n);
		int fn_ = members(kind, first_col, n, firstw), sn = members(kind, !first_col, n, secw);
		for (int i = 0; i < fn_; i++)
			TEST_CHECK(all[i] == firstw[i]);
		for (int i = 0; i < sn; i++)
			TEST_CHECK(all[fn_ + i] == secw[i]);
		int sum = 0;
		TEST_MPI(MPI_Allreduce(&w, &sum, 1, MPI_INT, MPI_SUM, m));
		TEST_CHECK(sum == n * (n - 1) / 2);
		free(all);
		free(firstw);
		free(secw);
		TEST_MPI(MPI_Comm_free(&m));
	}
	/* errors */
	MPI_Comm bad;
	TEST_CHECK(MPI_Intercomm_merge(local, 0, &bad) == MPI_ERR_COMM);
	TEST_CHECK(MPI_Intercomm_merge(ic, 0, NULL) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Intercomm_create(local, ln, peer, 0, 1, &bad) == MPI_ERR_RANK);
	TEST_CHECK(MPI_Intercomm_create(ic, 0, peer, 0, 1, &bad) == MPI_ERR_COMM);
	TEST_CHECK(MPI_Intercomm_create(MPI_COMM_NULL, 0, peer, 0, 1, &bad) == MPI_ERR_COMM);
	TEST_MPI(MPI_Comm_free(&ic));
	TEST_MPI(MPI_Comm_free(&peer));
	TEST_MPI(MPI_Comm_free(&local));
	free(lw);
	free(rw);
	free(idx);
	free(tr);
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 2, &n, &w);
	one_kind(0, n, w);
	one_kind(1, n, w);
	MPI_Finalize();
	return 0;
}
