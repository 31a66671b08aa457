/*
 * Description: an empty receive from MPI_PROC_NULL naming
 * MPI_DATATYPE_NULL (MPI_Recv and MPI_Irecv) completes at once with
 * MPI_SOURCE = MPI_PROC_NULL; MPI_DATATYPE_NULL from a real source, or
 * with a count, is still MPI_ERR_TYPE (MPICH suite pt2pt/recvnull).
 * np: 1
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int n, w, x;
	MPI_Status st;
	MPI_Request r;
	mpitest_init(&argc, &argv, 1, &n, &w);
	TEST_MPI(MPI_Irecv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 10, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Wait(&r, &st));
	TEST_CHECK(st.MPI_SOURCE == MPI_PROC_NULL);
	st.MPI_SOURCE = 0;
	TEST_MPI(MPI_Recv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 10, MPI_COMM_WORLD, &st));
	TEST_CHECK(st.MPI_SOURCE == MPI_PROC_NULL);
	TEST_CHECK(MPI_Recv(&x, 1, MPI_DATATYPE_NULL, MPI_PROC_NULL, 10, MPI_COMM_WORLD, &st) ==
		   MPI_ERR_TYPE);
	TEST_CHECK(MPI_Irecv(NULL, 0, MPI_DATATYPE_NULL, 0, 10, MPI_COMM_WORLD, &r) ==
		   MPI_ERR_TYPE);
	MPI_Finalize();
	return 0;
}
