/*
 * Description: the empty status MPI_Request_get_status gives a null or
 * inactive request (and MPI_Request_get_status_any when none is active,
 * mpi4py's testGetStatusAny) has MPI_SUCCESS for its error field (MPI-3.1 3.7.3;
 * MPICH's pt2pt/rqstatus checks it); MPI_Wait and MPI_Test on them, and
 * on a completed request, leave the caller's MPI_ERROR alone (3.2.5,
 * tests/mpi/status_error_kept).
 * np: 1
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Status st;
	MPI_Request req = MPI_REQUEST_NULL;
	int flag = 0, v = 1, w = 0, idx = 0;

	MPI_Init(&argc, &argv);
	st.MPI_ERROR = 12345;
	MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &st);
	TEST_CHECK(flag && st.MPI_ERROR == MPI_SUCCESS && st.MPI_SOURCE == MPI_ANY_SOURCE &&
		   st.MPI_TAG == MPI_ANY_TAG);
	/* MPI_Request_get_status_any with no active request: the same. */
	st.MPI_ERROR = 12345;
	MPI_Request_get_status_any(1, &req, &idx, &flag, &st);
	TEST_CHECK(flag && idx == MPI_UNDEFINED && st.MPI_ERROR == MPI_SUCCESS);
	st.MPI_ERROR = 12345;
	MPI_Wait(&req, &st);
	TEST_CHECK(st.MPI_ERROR == 12345 && st.MPI_SOURCE == MPI_ANY_SOURCE);
	st.MPI_ERROR = 12345;
	MPI_Test(&req, &flag, &st);
	TEST_CHECK(flag && st.MPI_ERROR == 12345);
	/* An inactive persistent request. */
	MPI_Recv_init(&w, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &req);
	st.MPI_ERROR = 12345;
	MPI_Request_get_status(req, &flag, &st);
	TEST_CHECK(flag && st.MPI_ERROR == MPI_SUCCESS && st.MPI_SOURCE == MPI_ANY_SOURCE);
	st.MPI_ERROR = 12345;
	MPI_Wait(&req, &st);
	TEST_CHECK(st.MPI_ERROR == 12345 && st.MPI_SOURCE == MPI_ANY_SOURCE);
	/* A completed request: MPI_ERROR untouched. */
	MPI_Start(&req);
	MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_SELF);
	st.MPI_ERROR = 12345;
	MPI_Wait(&req, &st);
	TEST_CHECK(st.MPI_ERROR == 12345 && st.MPI_SOURCE == 0 && w == 1);
	MPI_Request_free(&req);
	MPI_Finalize();
	return 0;
}
