/*
 * Description: MPI_Comm_dup of an intercommunicator while a nonblocking
 * collective on it is still in flight.  The leaders of a dup exchange
 * the new context id over the intercommunicator's collective context; a
 * tag of their own keeps that message out of the pending MPI_Iallreduce,
 * whose leader exchange waits on the same pair of processes (a late
 * member holds the low group's leader back, so its dup message goes out
 * first).  Both results are checked.
 * np: 3 4 8
 */
#include <unistd.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 3, &n, &w);
	/* group 0: world 0 .. n-2 (its leader allocates the dup's id);
	 * group 1: world n-1 alone */
	int col = w == n - 1;
	MPI_Comm local, ic, dup;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, col, w, &local));
	TEST_MPI(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, col ? 0 : n - 1, 3, &ic));
	if (w == 1)
		usleep(200 * 1000);
	int mine = w + 1, sum = -1;
	MPI_Request rq;
	TEST_MPI(MPI_Iallreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, ic, &rq));
	TEST_MPI(MPI_Comm_dup(ic, &dup));
	TEST_MPI(MPI_Wait(&rq, MPI_STATUS_IGNORE));
	/* the other group's world ranks + 1 */
	TEST_CHECK(sum == (col ? (n - 1) * n / 2 : n));
	int one = 1, rsize = 0;
	TEST_MPI(MPI_Allreduce(&one, &rsize, 1, MPI_INT, MPI_SUM, dup));
	TEST_CHECK(rsize == (col ? n - 1 : 1));
	TEST_MPI(MPI_Comm_free(&dup));
	TEST_MPI(MPI_Comm_free(&ic));
	TEST_MPI(MPI_Comm_free(&local));
	MPI_Finalize();
	return 0;
}
