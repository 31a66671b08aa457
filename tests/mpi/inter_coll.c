/*
 * Description: blocking collectives on an intercommunicator (even / odd
 * world ranks, and one / the rest): MPI_Barrier, MPI_Bcast from each root
 * of either group (MPI_ROOT / MPI_PROC_NULL), MPI_Allreduce (each group
 * gets the other group's reduction), on the intercommunicator and a dup;
 * error classes (root out of range, MPI_IN_PLACE, MPI_Iscan is not
 * defined on intercommunicators).  tests/mpi/inter_coll_all.c covers the
 * other collectives.
 * np: 2 3 4 8
 */
#include <stdlib.h>
#include "mpitest.h"

#define N 1000

static void run(MPI_Comm ic, int col, int w)
{
	int r, ln, rn;
	MPI_Comm_rank(ic, &r);
	MPI_Comm_size(ic, &ln);
	MPI_Comm_remote_size(ic, &rn);
	for (int i = 0; i < 3; i++)
		TEST_MPI(MPI_Barrier(ic));
	int *buf = malloc(sizeof(int) * N), *out = malloc(sizeof(int) * N);
	/* group 0 broadcasts from each of its ranks, then group 1 */
	for (int g = 0; g < 2; g++) {
		int gsize = g == col ? ln : rn;
		for (int root = 0; root < gsize; root++) {
			int cnt = root % 2 ? N : 3;
			for (int i = 0; i < cnt; i++)
				buf[i] = g == col && r == root ? 5 * i + root : -1;
			int arg = g != col ? root : r == root ? MPI_ROOT : MPI_PROC_NULL;
			TEST_MPI(MPI_Bcast(buf, cnt, MPI_INT, arg, ic));
			if (g != col || r == root)
				for (int i = 0; i < cnt; i++)
					TEST_CHECK(buf[i] == 5 * i + root);
			else
				TEST_CHECK(buf[0] == -1);
		}
	}
	/* allreduce: sum of the remote group's world ranks (+ i) */
	int wsum_local = 0, wsum_remote = 0;
	TEST_MPI(MPI_Allreduce(&w, &wsum_remote, 1, MPI_INT, MPI_SUM, ic));
	int n;
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	for (int q = 0; q < n; q++)
		wsum_local += q;  /* all world ranks: remote = total - local */
	int mine = 0;
	MPI_Comm lc;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, col, 0, &lc));
	TEST_MPI(MPI_Allreduce(&w, &mine, 1, MPI_INT, MPI_SUM, lc));
	TEST_MPI(MPI_Comm_free(&lc));
	TEST_CHECK(wsum_remote == wsum_local - mine);
	for (int i = 0; i < N; i++)
		buf[i] = w + i;
	TEST_MPI(MPI_Allreduce(buf, out, N, MPI_INT, MPI_MAX, ic));
	/* max world rank of the remote group */
	int rmax = -1;
	MPI_Group rg, wg;
	MPI_Comm_remote_group(ic, &rg);
	MPI_Comm_group(MPI_COMM_WORLD, &wg);
	for (int q = 0; q < rn; q++) {
		int t;
		MPI_Group_translate_ranks(rg, 1, &q, wg, &t);
		if (t > rmax)
			rmax = t;
	}
	MPI_Group_free(&rg);
	MPI_Group_free(&wg);
	for (int i = 0; i < N; i++)
		TEST_CHECK(out[i] == rmax + i);
	/* errors */
	MPI_Request req;
	TEST_CHECK(MPI_Bcast(buf, 1, MPI_INT, rn, ic) == MPI_ERR_ROOT);
	TEST_CHECK(MPI_Bcast(buf, -1, MPI_INT, MPI_PROC_NULL, ic) == MPI_ERR_COUNT);
	TEST_CHECK(MPI_Allreduce(MPI_IN_PLACE, buf, 1, MPI_INT, MPI_SUM, ic) == MPI_ERR_BUFFER);
	TEST_CHECK(MPI_Iscan(buf, out, 1, MPI_INT, MPI_SUM, ic, &req) == MPI_ERR_COMM);
	TEST_MPI(MPI_Barrier(ic));
	free(buf);
	free(out);
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 2, &n, &w);
	for (int kind = 0; kind < 2; kind++) {
		int col = kind == 0 ? w % 2 : w > 0;
		MPI_Comm local, ic, dup;
		TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, col, w, &local));
		/* leaders: the lowest world rank of each group */
		int rleader = kind == 0 ? !col : (col ? 0 : 1);
		TEST_MPI(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, rleader, 9, &ic));
		run(ic, col, w);
		TEST_MPI(MPI_Comm_dup(ic, &dup));
		run(dup, col, w);
		TEST_MPI(MPI_Comm_free(&dup));
		TEST_MPI(MPI_Comm_free(&ic));
		TEST_MPI(MPI_Comm_free(&local));
	}
	MPI_Finalize();
	return 0;
}
