/*
 * Description: MPI_Message_c2f / MPI_Message_f2c (MPI-3.0): a matched
 * message survives the trip through an integer and is received through
 * the converted handle; the null handle maps to 0 and back, and
 * MPI_MESSAGE_NO_PROC round-trips (issue 14.8).
 * np: 2
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int n, w, x = 0;
	mpitest_init(&argc, &argv, 2, &n, &w);

	TEST_CHECK(MPI_Message_c2f(MPI_MESSAGE_NULL) == 0);
	TEST_CHECK(MPI_Message_f2c(0) == MPI_MESSAGE_NULL);
	MPI_Fint np = MPI_Message_c2f(MPI_MESSAGE_NO_PROC);
	TEST_CHECK(np != 0 && MPI_Message_f2c(np) == MPI_MESSAGE_NO_PROC);

	if (w == 0) {
		x = 42;
		TEST_MPI(MPI_Send(&x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD));
	} else if (w == 1) {
		MPI_Message m;
		MPI_Status st;
		TEST_MPI(MPI_Mprobe(0, 7, MPI_COMM_WORLD, &m, &st));
		MPI_Fint f = MPI_Message_c2f(m);
		TEST_CHECK(f != 0);
		/* an integer of another kind is not a message */
		TEST_CHECK(MPI_Message_f2c(MPI_Comm_c2f(MPI_COMM_WORLD)) == MPI_MESSAGE_NULL);
		MPI_Message back = MPI_Message_f2c(f);
		TEST_CHECK(back == m);
		TEST_MPI(MPI_Mrecv(&x, 1, MPI_INT, &back, &st));
		TEST_CHECK(x == 42 && back == MPI_MESSAGE_NULL);
	}
	MPI_Finalize();
	return 0;
}
