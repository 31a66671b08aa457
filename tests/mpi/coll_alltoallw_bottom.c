/*
 * Description: MPI_Alltoallw (blocking and not) with MPI_BOTTOM and
 * datatypes built from absolute addresses writes every block, the rank's
 * own included (issue 14.7); the same with a struct type per peer.
 * np: 1 2 3
 */
#include <stdlib.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	int *sbuf = malloc(sizeof(int) * (size_t)n), *rbuf = malloc(sizeof(int) * (size_t)n);
	int *zero = calloc((size_t)n, sizeof(int));
	MPI_Datatype *st = malloc(sizeof(MPI_Datatype) * (size_t)n);
	MPI_Datatype *rt = malloc(sizeof(MPI_Datatype) * (size_t)n);
	int *one = malloc(sizeof(int) * (size_t)n);
	for (int i = 0; i < n; i++) {
		MPI_Aint a;
		int len = 1;
		MPI_Datatype t = MPI_INT;
		sbuf[i] = 100 * w + i;
		one[i] = 1;
		MPI_Get_address(&sbuf[i], &a);
		TEST_MPI(MPI_Type_create_struct(1, &len, &a, &t, &st[i]));
		TEST_MPI(MPI_Type_commit(&st[i]));
		MPI_Get_address(&rbuf[i], &a);
		TEST_MPI(MPI_Type_create_struct(1, &len, &a, &t, &rt[i]));
		TEST_MPI(MPI_Type_commit(&rt[i]));
	}
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < n; i++)
			rbuf[i] = -1;
		if (round == 0) {
			TEST_MPI(MPI_Alltoallw(MPI_BOTTOM, one, zero, st, MPI_BOTTOM, one, zero, rt,
					       MPI_COMM_WORLD));
		} else {
			MPI_Request r;
			TEST_MPI(MPI_Ialltoallw(MPI_BOTTOM, one, zero, st, MPI_BOTTOM, one, zero, rt,
						MPI_COMM_WORLD, &r));
			TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		}
		for (int i = 0; i < n; i++) {
			if (rbuf[i] != 100 * i + w)
				fprintf(stderr, "round %d: rbuf[%d] = %d, want %d\n", round, i, rbuf[i],
					100 * i + w);
			TEST_CHECK(rbuf[i] == 100 * i + w);
		}
	}
	for (int i = 0; i < n; i++) {
		MPI_Type_free(&st[i]);
		MPI_Type_free(&rt[i]);
	}
	free(sbuf);
	free(rbuf);
	free(zero);
	free(st);
	free(rt);
	free(one);
	MPI_Finalize();
	return 0;
}
