/*
 * Description: a posted receive that nothing matches can be cancelled
 * (MPI_Test_cancelled true); a receive that completed is not cancelled; a
 * send is either cancelled or delivered, never both.
 * np: 1 2
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size, x = 5;
	mpitest_start(&argc, &argv, &rank, &size);
	MPI_Request r;
	MPI_Status st;
	int flag;
	TEST_MPI(MPI_Irecv(&x, 1, MPI_INT, 0, 77, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Cancel(&r));
	TEST_MPI(MPI_Wait(&r, &st));
	TEST_MPI(MPI_Test_cancelled(&st, &flag));
	TEST_CHECK(flag);
	TEST_CHECK(r == MPI_REQUEST_NULL);

	/* completed before the cancel: not cancelled */
	int y = 9;
	TEST_MPI(MPI_Irecv(&x, 1, MPI_INT, rank, 78, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Send(&y, 1, MPI_INT, rank, 78, MPI_COMM_WORLD));
	TEST_MPI(MPI_Wait(&r, &st));
	TEST_MPI(MPI_Test_cancelled(&st, &flag));
	TEST_CHECK(!flag && x == 9);

	/* a send: cancelled or delivered, consistently */
	if (size == 2) {
		if (rank == 0) {
			static int big[100000];
			TEST_MPI(MPI_Isend(big, 100000, MPI_INT, 1, 79, MPI_COMM_WORLD, &r));
			TEST_MPI(MPI_Cancel(&r));
			TEST_MPI(MPI_Wait(&r, &st));
			TEST_MPI(MPI_Test_cancelled(&st, &flag));
			TEST_MPI(MPI_Send(&flag, 1, MPI_INT, 1, 80, MPI_COMM_WORLD));
		} else {
			/* the receive is posted either way; if the send was
			 * cancelled nothing can match it, so cancelling it works */
			static int big[100000];
			int cancelled;
			MPI_Request rr;
			TEST_MPI(MPI_Irecv(big, 100000, MPI_INT, 0, 79, MPI_COMM_WORLD, &rr));
			TEST_MPI(MPI_Recv(&cancelled, 1, MPI_INT, 0, 80, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			if (cancelled)
				TEST_MPI(MPI_Cancel(&rr));
			TEST_MPI(MPI_Wait(&rr, &st));
			TEST_MPI(MPI_Test_cancelled(&st, &flag));
			TEST_CHECK(flag == cancelled);
		}
	}
	MPI_Finalize();
	return 0;
}
