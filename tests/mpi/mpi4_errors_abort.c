/*
 * Description: MPI_ERRORS_ABORT on a communicator of ranks 0 and 1 aborts
 * the processes of that communicator only (MPI-4.0 9.3, as MPI_Abort on
 * it): under -disable-auto-cleanup rank 1's error ends rank 1 with the
 * error's class as its status and kills rank 0 (sleeping outside MPI,
 * which would abort the job with 99 if it woke up), while ranks 2 and 3
 * finish; on MPI_COMM_WORLD it would take the whole job down like
 * MPI_ERRORS_ARE_FATAL.
 * np: 4
 * mpirun: -disable-auto-cleanup
 * expect-exit: 6
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, x = 0, size;
	MPI_Comm sub;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	TEST_CHECK(size == 4);
	MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &sub);
	if (rank < 2) {
		MPI_Comm_set_errhandler(sub, MPI_ERRORS_ABORT);
		if (rank == 1)   /* rank 2 of a 2-rank communicator: MPI_ERR_RANK */
			MPI_Send(&x, 1, MPI_INT, 2, 0, sub);
		else
			sleep(20);   /* outside MPI: only a kill ends it early */
		fprintf(stderr, "FAIL rank %d survived MPI_ERRORS_ABORT\n", rank);
		MPI_Abort(MPI_COMM_WORLD, 99);   /* not reached */
	}
	/* the others go on and finish */
	MPI_Allreduce(MPI_IN_PLACE, &rank, 1, MPI_INT, MPI_SUM, sub);
	TEST_CHECK(rank == 5);
	MPI_Comm_free(&sub);
	MPI_Finalize();
	return 0;
}
