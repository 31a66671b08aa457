/*
 * Description: a persistent collective keeps its own copies of the count,
 * displacement and type arrays of its _init call.  MPI_X_init_c
 * (MPI_Count arrays) narrows them to int arrays that live only during the
 * call (lib/core/large.c), and callers such as mpi4py free theirs once
 * the _init call returns (MPICH and Open MPI copy them); so every
 * MPI_Start must run with the arrays as they were at init, whatever
 * happened to that memory since.  Reduce_scatter, Allgatherv,
 * Alltoallv, Alltoallw and Gatherv, each through the _c form and through
 * the int form with the caller's arrays overwritten after init (mpi4py's
 * test_cco_pr_buf crashed in MPI_Start: issue 38).
 * np: 1 2 3
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define ROUNDS 3

/* Reuse freed small blocks with garbage, as the caller's later
 * allocations would: a dangling array then reads garbage. */
static void scribble(int n)
{
	void *blk[16];
	for (int i = 0; i < 16; i++) {
		blk[i] = malloc((size_t)n * sizeof(MPI_Count));
		if (blk[i])
			memset(blk[i], 0x7f, (size_t)n * sizeof(MPI_Count));
	}
	for (int i = 0; i < 16; i++)
		free(blk[i]);
}

/* The int arrays as the calls below want them: block i has i + 1
 * elements, packed. */
static void reset(int *cnt, int *dsp, MPI_Datatype *types, int n)
{
	for (int i = 0, d = 0; i < n; d += i + 1, i++) {
		cnt[i] = i + 1;
		dsp[i] = d;
		types[i] = MPI_INT;
	}
}

static void run(MPI_Request *req, int n)
{
	scribble(n);
	for (int r = 0; r < ROUNDS; r++) {
		TEST_CHECK(MPI_Start(req) == MPI_SUCCESS);
		TEST_CHECK(MPI_Wait(req, MPI_STATUS_IGNORE) == MPI_SUCCESS);
	}
	TEST_CHECK(MPI_Request_free(req) == MPI_SUCCESS);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank, n;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	/* block i has i + 1 elements */
	int total = n * (n + 1) / 2;
	int *cnt = malloc(sizeof(int) * n), *dsp = malloc(sizeof(int) * n);
	MPI_Count *ccnt = malloc(sizeof(MPI_Count) * n);
	MPI_Aint *cdsp = malloc(sizeof(MPI_Aint) * n);
	MPI_Datatype *types = malloc(sizeof(MPI_Datatype) * n);
	int *sbuf = malloc(sizeof(int) * (total + n)), *rbuf = malloc(sizeof(int) * (total + n));
	TEST_CHECK(cnt && dsp && ccnt && cdsp && types && sbuf && rbuf);
	reset(cnt, dsp, types, n);
	for (int i = 0; i < n; i++) {
		ccnt[i] = cnt[i];
		cdsp[i] = dsp[i];
	}
	MPI_Request req;

	for (int form = 0; form < 2; form++) {
		/* Reduce_scatter, in place: rank r gets r + 1 sums */
		for (int i = 0; i < total; i++)
			rbuf[i] = rank + i;
		if (form == 0) {
			TEST_CHECK(MPI_Reduce_scatter_init_c(MPI_IN_PLACE, rbuf, ccnt, MPI_INT, MPI_SUM,
							     MPI_COMM_WORLD, MPI_INFO_NULL,
							     &req) == MPI_SUCCESS);
		} else {
			TEST_CHECK(MPI_Reduce_scatter_init(MPI_IN_PLACE, rbuf, cnt, MPI_INT, MPI_SUM,
							   MPI_COMM_WORLD, MPI_INFO_NULL,
							   &req) == MPI_SUCCESS);
			memset(cnt, 0x7f, sizeof(int) * n);
		}
		scribble(n);
		TEST_CHECK(MPI_Start(&req) == MPI_SUCCESS);
		TEST_CHECK(MPI_Wait(&req, MPI_STATUS_IGNORE) == MPI_SUCCESS);
		TEST_CHECK(MPI_Request_free(&req) == MPI_SUCCESS);
		for (int i = 0; i <= rank; i++)
			TEST_CHECK(rbuf[i] == n * (n - 1) / 2 + n * (dsp[rank] + i));
		reset(cnt, dsp, types, n);

		/* Allgatherv: rank r contributes r + 1 copies of r */
		for (int i = 0; i <= rank; i++)
			sbuf[i] = rank;
		if (form == 0) {
			TEST_CHECK(MPI_Allgatherv_init_c(sbuf, rank + 1, MPI_INT, rbuf, ccnt, cdsp,
							 MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL,
							 &req) == MPI_SUCCESS);
		} else {
			TEST_CHECK(MPI_Allgatherv_init(sbuf, rank + 1, MPI_INT, rbuf, cnt, dsp, MPI_INT,
						       MPI_COMM_WORLD, MPI_INFO_NULL,
						       &req) == MPI_SUCCESS);
			memset(cnt, 0x7f, sizeof(int) * n);
			memset(dsp, 0x7f, sizeof(int) * n);
		}
		memset(rbuf, 0xff, sizeof(int) * total);
		run(&req, n);
		for (int i = 0, k = 0; i < n; i++)
			for (int j = 0; j <= i; j++, k++)
				TEST_CHECK(rbuf[k] == i);
		reset(cnt, dsp, types, n);

		/* Alltoallv and Alltoallw: every rank sends block i (i + 1
		 * elements) to rank i, and receives from each rank its own
		 * rank + 1 elements (same counts both ways: block i to i) */
		for (int w = 0; w < 2; w++) {
			int *rc = malloc(sizeof(int) * n), *rd = malloc(sizeof(int) * n);
			MPI_Count *crc = malloc(sizeof(MPI_Count) * n);
			MPI_Aint *crd = malloc(sizeof(MPI_Aint) * n);
			MPI_Aint *cbd = malloc(sizeof(MPI_Aint) * n);   /* byte displacements */
			MPI_Aint *rbd = malloc(sizeof(MPI_Aint) * n);
			TEST_CHECK(rc && rd && crc && crd && cbd && rbd);
			for (int i = 0; i < n; i++) {
				rc[i] = crc[i] = rank + 1;
				rd[i] = crd[i] = i * (rank + 1);
				cbd[i] = (MPI_Aint)sizeof(int) * dsp[i];
				rbd[i] = (MPI_Aint)sizeof(int) * rd[i];
			}
			for (int i = 0, k = 0; i < n; i++)
				for (int j = 0; j <= i; j++, k++)
					sbuf[k] = rank * 1000 + i;
			if (form == 0 && !w) {
				TEST_CHECK(MPI_Alltoallv_init_c(sbuf, ccnt, cdsp, MPI_INT, rbuf, crc, crd,
								MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL,
								&req) == MPI_SUCCESS);
			} else if (form == 0) {
				TEST_CHECK(MPI_Alltoallw_init_c(sbuf, ccnt, cbd, types, rbuf, crc, rbd,
								types, MPI_COMM_WORLD, MPI_INFO_NULL,
								&req) == MPI_SUCCESS);
			} else if (!w) {
				TEST_CHECK(MPI_Alltoallv_init(sbuf, cnt, dsp, MPI_INT, rbuf, rc, rd,
							      MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL,
							      &req) == MPI_SUCCESS);
				memset(cnt, 0x7f, sizeof(int) * n);
				memset(dsp, 0x7f, sizeof(int) * n);
				memset(rc, 0x7f, sizeof(int) * n);
				memset(rd, 0x7f, sizeof(int) * n);
			} else {
				int *sb = malloc(sizeof(int) * n), *rb = malloc(sizeof(int) * n);
				TEST_CHECK(sb && rb);
				for (int i = 0; i < n; i++) {
					sb[i] = (int)cbd[i];
					rb[i] = (int)rbd[i];
				}
				TEST_CHECK(MPI_Alltoallw_init(sbuf, cnt, sb, types, rbuf, rc, rb, types,
							      MPI_COMM_WORLD, MPI_INFO_NULL,
							      &req) == MPI_SUCCESS);
				memset(cnt, 0x7f, sizeof(int) * n);
				memset(rc, 0x7f, sizeof(int) * n);
				memset(sb, 0x7f, sizeof(int) * n);
				memset(rb, 0x7f, sizeof(int) * n);
				for (int i = 0; i < n; i++)
					types[i] = MPI_DATATYPE_NULL;
				free(sb);
				free(rb);
			}
			memset(rbuf, 0xff, sizeof(int) * (total + n));
			run(&req, n);
			for (int i = 0; i < n; i++)
				for (int j = 0; j <= rank; j++)
					TEST_CHECK(rbuf[i * (rank + 1) + j] == i * 1000 + rank);
			reset(cnt, dsp, types, n);
			free(rc);
			free(rd);
			free(crc);
			free(crd);
			free(cbd);
			free(rbd);
		}

		/* Gatherv to the last rank */
		int root = n - 1;
		for (int i = 0; i <= rank; i++)
			sbuf[i] = rank;
		if (form == 0) {
			TEST_CHECK(MPI_Gatherv_init_c(sbuf, rank + 1, MPI_INT, rbuf, ccnt, cdsp, MPI_INT,
						      root, MPI_COMM_WORLD, MPI_INFO_NULL,
						      &req) == MPI_SUCCESS);
		} else {
			TEST_CHECK(MPI_Gatherv_init(sbuf, rank + 1, MPI_INT, rbuf, cnt, dsp, MPI_INT,
						    root, MPI_COMM_WORLD, MPI_INFO_NULL,
						    &req) == MPI_SUCCESS);
			memset(cnt, 0x7f, sizeof(int) * n);
			memset(dsp, 0x7f, sizeof(int) * n);
		}
		memset(rbuf, 0xff, sizeof(int) * total);
		run(&req, n);
		if (rank == root)
			for (int i = 0, k = 0; i < n; i++)
				for (int j = 0; j <= i; j++, k++)
					TEST_CHECK(rbuf[k] == i);
		reset(cnt, dsp, types, n);
	}

	free(cnt);
	free(dsp);
	free(ccnt);
	free(cdsp);
	free(types);
	free(sbuf);
	free(rbuf);
	MPI_Finalize();
	return 0;
}
