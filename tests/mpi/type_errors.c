/*
 * Description: bad datatype arguments return the right error class
 * through the error handler (MPI_ERRORS_RETURN): negative counts, NULL
 * pointers, uncommitted and freed types in communication and packing,
 * freeing a predefined type, MPI_DATATYPE in a constructor or a send;
 * a type freed while a nonblocking send uses it stays valid until the
 * send completes.
 * Also run with every non-empty message by rendezvous and every
 * non-contiguous type by the typed single copy (SHMPI_CMA_IOV_MIN=1), once
 * with the copy split between receiver and sender.
 * np: 1 2
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_CMA_IOV_MIN=1 SHMPI_EAGER_MAX=0
 * env: SHMPI_CMA_IOV_MIN=1 SHMPI_EAGER_MAX=0 SHMPI_CMA_SPLIT_MIN=1
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size, partner;
	mpitest_start(&argc, &argv, &rank, &size);
	partner = (rank ^ 1) < size ? rank ^ 1 : rank;
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	MPI_Datatype t, f;
	int buf[64] = { 0 }, pos = 0;
	TEST_CHECK(MPI_Type_contiguous(-1, MPI_INT, &t) == MPI_ERR_COUNT);
	TEST_CHECK(MPI_Type_vector(2, 1, 1, MPI_INT, NULL) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Type_contiguous(2, MPI_DATATYPE, &t) == MPI_ERR_TYPE);
	TEST_CHECK(MPI_Type_contiguous(2, MPI_DATATYPE_NULL, &t) == MPI_ERR_TYPE);
	t = MPI_INT;
	TEST_CHECK(MPI_Type_free(&t) == MPI_ERR_TYPE);
	MPI_Type_contiguous(2, MPI_INT, &t);
	TEST_CHECK(MPI_Send(buf, 1, t, partner, 0, MPI_COMM_WORLD) == MPI_ERR_TYPE);
	TEST_CHECK(MPI_Pack(buf, 1, t, buf + 32, 64, &pos, MPI_COMM_WORLD) == MPI_ERR_TYPE);
	TEST_CHECK(MPI_Send(buf, 1, MPI_DATATYPE, partner, 0, MPI_COMM_WORLD) == MPI_ERR_TYPE);
	f = t;
	MPI_Type_free(&t);
	TEST_CHECK(t == MPI_DATATYPE_NULL);
	int sz;
	TEST_CHECK(MPI_Type_size(f, &sz) == MPI_ERR_TYPE);
	TEST_CHECK(MPI_Type_commit(&f) == MPI_ERR_TYPE);
	TEST_CHECK(MPI_Type_get_extent(MPI_INT, NULL, NULL) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Get_count(MPI_STATUS_IGNORE, MPI_INT, &sz) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Pack_size(-1, MPI_INT, MPI_COMM_WORLD, &sz) == MPI_ERR_COUNT);

	/* a type freed during a nonblocking send stays alive until the send completes */
	MPI_Datatype v;
	int src[32], dst[32];
	for (int i = 0; i < 32; i++) {
		src[i] = i + 1000 * rank;
		dst[i] = -1;
	}
	MPI_Type_vector(8, 1, 4, MPI_INT, &v);
	MPI_Type_commit(&v);
	MPI_Request rq[2];
	TEST_MPI(MPI_Irecv(dst, 8, MPI_INT, partner, 3, MPI_COMM_WORLD, &rq[0]));
	TEST_MPI(MPI_Isend(src, 1, v, partner, 3, MPI_COMM_WORLD, &rq[1]));
	TEST_MPI(MPI_Type_free(&v));
	TEST_MPI(MPI_Waitall(2, rq, MPI_STATUSES_IGNORE));
	for (int i = 0; i < 8; i++)
		TEST_CHECK(dst[i] == 4 * i + 1000 * partner);
	MPI_Finalize();
	return 0;
}
