/*
 * Description: bad arguments get the right error class through
 * MPI_ERRORS_RETURN and never crash: invalid rank, tag, count, datatype,
 * communicator, request, NULL buffer, truncation of an eager message.
 * np: 2
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size, x = 1, cls;
	mpitest_start(&argc, &argv, &rank, &size);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	TEST_CHECK(MPI_Send(&x, 1, MPI_INT, size, 0, MPI_COMM_WORLD) == MPI_ERR_RANK);
	TEST_CHECK(MPI_Send(&x, 1, MPI_INT, -5, 0, MPI_COMM_WORLD) == MPI_ERR_RANK);
	TEST_CHECK(MPI_Send(&x, 1, MPI_INT, 0, -1, MPI_COMM_WORLD) == MPI_ERR_TAG);
	TEST_CHECK(MPI_Send(&x, -1, MPI_INT, 0, 0, MPI_COMM_WORLD) == MPI_ERR_COUNT);
	TEST_CHECK(MPI_Send(&x, 1, MPI_DATATYPE_NULL, 0, 0, MPI_COMM_WORLD) == MPI_ERR_TYPE);
	TEST_CHECK(MPI_Send(NULL, 1, MPI_INT, 0, 0, MPI_COMM_WORLD) == MPI_ERR_BUFFER);
	TEST_CHECK(MPI_Recv(&x, 1, MPI_INT, 0, -7, MPI_COMM_WORLD, MPI_STATUS_IGNORE) == MPI_ERR_TAG);
	/* invalid communicator: reported through MPI_COMM_WORLD's handler */
	TEST_CHECK(MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_NULL) == MPI_ERR_COMM);
	MPI_Request bad = MPI_REQUEST_NULL;
	TEST_CHECK(MPI_Start(&bad) == MPI_ERR_REQUEST);
	TEST_CHECK(MPI_Wait(NULL, MPI_STATUS_IGNORE) == MPI_ERR_REQUEST);
	/* truncation */
	if (rank == 0) {
		int big[10] = { 0 };
		TEST_MPI(MPI_Send(big, 10, MPI_INT, 1, 5, MPI_COMM_WORLD));
	} else if (rank == 1) {
		int small[5];
		MPI_Status st;
		int rc = MPI_Recv(small, 5, MPI_INT, 0, 5, MPI_COMM_WORLD, &st);
		TEST_CHECK(rc == MPI_ERR_TRUNCATE);
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_TRUNCATE);
	}
	char msg[MPI_MAX_ERROR_STRING];
	int len;
	TEST_MPI(MPI_Error_string(MPI_ERR_RANK, msg, &len));
	TEST_CHECK(len > 0);
	MPI_Finalize();
	return 0;
}
