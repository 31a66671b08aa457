/*
 * Description: the persistent collectives' large-count forms keep the
 * arrays they narrow for as long as the request: MPI_Alltoallv_init_c
 * (in place and not), MPI_Allgatherv_init_c and MPI_Reduce_scatter_init_c
 * give the right answer at each of two MPI_Start calls, with the heap
 * churned in between.  (Their generated code, lib/core/large.c, freed the
 * int arrays it made right after MPI_X_init, while the plan kept pointing
 * at them: the first MPI_Start read freed memory, and mpi4py built against
 * an MPI 5.0 header, which calls the _c forms, crashed.)
 * np: 2 3
 */
#include "mpitest.h"

/* Reuse what a freed array left: blocks of the sizes the narrowed arrays
 * had, filled with a large count. */
static void churn(int n)
{
	for (int k = 0; k < 64; k++) {
		int *p = malloc(sizeof(int) * (size_t)n);
		if (!p)
			return;
		for (int i = 0; i < n; i++)
			p[i] = 0x7fff0000;
		free(p);
	}
	void *keep[64];
	for (int k = 0; k < 64; k++) {
		keep[k] = malloc(sizeof(int) * (size_t)n);
		if (keep[k])
			memset(keep[k], 0x7f, sizeof(int) * (size_t)n);
	}
	for (int k = 0; k < 64; k++)
		free(keep[k]);
}

static void start_wait(MPI_Request *req)
{
	TEST_CHECK(MPI_Start(req) == MPI_SUCCESS);
	TEST_CHECK(MPI_Wait(req, MPI_STATUS_IGNORE) == MPI_SUCCESS);
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	MPI_Count *counts = malloc(sizeof(MPI_Count) * (size_t)size);
	MPI_Aint *displs = malloc(sizeof(MPI_Aint) * (size_t)size);
	int *sbuf = malloc(sizeof(int) * (size_t)size), *rbuf = malloc(sizeof(int) * (size_t)size);
	TEST_CHECK(counts && displs && sbuf && rbuf);
	for (int i = 0; i < size; i++) {
		counts[i] = 1;
		displs[i] = i;
	}
	MPI_Request req;

	/* Alltoallv, in place: rank r's rbuf[i] goes to rank i's rbuf[r], so
	 * each rank ends with rbuf[i] = 100 * i + rank. */
	TEST_CHECK(MPI_Alltoallv_init_c(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, rbuf, counts,
					displs, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL,
					&req) == MPI_SUCCESS);
	for (int round = 0; round < 2; round++) {
		churn(size);
		for (int i = 0; i < size; i++)
			rbuf[i] = 100 * rank + i;
		start_wait(&req);
		for (int i = 0; i < size; i++)
			TEST_CHECK(rbuf[i] == 100 * i + rank);
	}
	MPI_Request_free(&req);

	/* Alltoallv with a send side. */
	TEST_CHECK(MPI_Alltoallv_init_c(sbuf, counts, displs, MPI_INT, rbuf, counts, displs, MPI_INT,
					MPI_COMM_WORLD, MPI_INFO_NULL, &req) == MPI_SUCCESS);
	for (int round = 0; round < 2; round++) {
		churn(size);
		for (int i = 0; i < size; i++) {
			sbuf[i] = 100 * rank + i + round;
			rbuf[i] = -1;
		}
		start_wait(&req);
		for (int i = 0; i < size; i++)
			TEST_CHECK(rbuf[i] == 100 * i + rank + round);
	}
	MPI_Request_free(&req);

	/* Allgatherv: one int from each rank. */
	int mine;
	TEST_CHECK(MPI_Allgatherv_init_c(&mine, 1, MPI_INT, rbuf, counts, displs, MPI_INT,
					 MPI_COMM_WORLD, MPI_INFO_NULL, &req) == MPI_SUCCESS);
	for (int round = 0; round < 2; round++) {
		churn(size);
		mine = 10 * rank + round;
		start_wait(&req);
		for (int i = 0; i < size; i++)
			TEST_CHECK(rbuf[i] == 10 * i + round);
	}
	MPI_Request_free(&req);

	/* Reduce_scatter, in place: each rank gets the sum of its slot. */
	TEST_CHECK(MPI_Reduce_scatter_init_c(MPI_IN_PLACE, rbuf, counts, MPI_INT, MPI_SUM,
					     MPI_COMM_WORLD, MPI_INFO_NULL, &req) == MPI_SUCCESS);
	for (int round = 0; round < 2; round++) {
		churn(size);
		for (int i = 0; i < size; i++)
			rbuf[i] = i + round;
		start_wait(&req);
		TEST_CHECK(rbuf[0] == size * (rank + round));
	}
	MPI_Request_free(&req);

	free(counts);
	free(displs);
	free(sbuf);
	free(rbuf);
	MPI_Finalize();
	return 0;
}
