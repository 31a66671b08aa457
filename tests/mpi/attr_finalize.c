/*
 * Description: seed 002 6.11: MPI_Finalize deletes the attributes of
 * MPI_COMM_SELF and then of MPI_COMM_WORLD, each in reverse order of
 * attachment (an attribute whose value was replaced keeps its place), and
 * the callbacks can still call MPI.  A failing delete callback does not
 * stop the others.  The sequence is recorded and checked after
 * MPI_Finalize returns (exit 1 on a wrong order).
 * np: 1 2
 */
#include <stdio.h>
#include "mpitest.h"

#define N 5
static int seq[2 * N + 4], nseq;

static int del(MPI_Comm comm, int keyval, void *val, void *extra)
{
	int rank, flag;
	int *tag_ub;
	/* MPI still works inside the callbacks */
	if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS ||
	    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag) != MPI_SUCCESS || !flag)
		seq[nseq++] = -1;
	seq[nseq++] = (int)(MPI_Aint)val + (comm == MPI_COMM_SELF ? 100 : 0);
	return extra ? MPI_ERR_OTHER : MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int k[N], kfail, rank;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	for (int i = 0; i < N; i++)
		TEST_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &k[i], NULL));
	TEST_MPI(MPI_Keyval_create(MPI_NULL_COPY_FN, del, &kfail, (void *)1));
	/* WORLD: 1..5 attached in order, then 2 replaced by 20 */
	for (int i = 0; i < N; i++)
		TEST_MPI(MPI_Comm_set_attr(MPI_COMM_WORLD, k[i], (void *)(MPI_Aint)(i + 1)));
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_WORLD, k[1], (void *)(MPI_Aint)20));
	TEST_CHECK(nseq == 1 && seq[0] == 2);
	nseq = 0;
	/* SELF: 3, 1 and a failing one in between */
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_SELF, k[2], (void *)(MPI_Aint)3));
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_SELF, kfail, (void *)(MPI_Aint)9));
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_SELF, k[0], (void *)(MPI_Aint)1));
	/* a keyval freed while in use still gets its callback at finalize */
	TEST_MPI(MPI_Comm_free_keyval(&k[4]));
	MPI_Finalize();

	static const int want[] = { 101, 109, 103, 5, 4, 3, 20, 1 };
	int ok = nseq == (int)(sizeof(want) / sizeof(want[0]));
	for (int i = 0; ok && i < nseq; i++)
		ok = seq[i] == want[i];
	printf("rank %d finalize delete order:", rank);
	for (int i = 0; i < nseq; i++)
		printf(" %d", seq[i]);
	printf(" -> %s\n", ok ? "ok" : "WRONG");
	return ok ? 0 : 1;
}
