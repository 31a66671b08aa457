/*
 * Description: seed 002 6.3: MPI_Communicator_id.  MPI_COMM_WORLD has the
 * same id on every rank; each rank's MPI_COMM_SELF has its own id, unlike
 * every other rank's and unlike MPI_COMM_WORLD's (ids are unique across
 * the job, as MPI_COMM_ID_IS_UNIQUE says); the id is stable.
 * np: 1 2 4
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size, wid, wid2, sid, *flagp, flag;
	mpitest_start(&argc, &argv, &rank, &size);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	TEST_MPI(MPI_Communicator_id(MPI_COMM_WORLD, &wid));
	TEST_MPI(MPI_Communicator_id(MPI_COMM_WORLD, &wid2));
	TEST_CHECK(wid == wid2);
	TEST_MPI(MPI_Communicator_id(MPI_COMM_SELF, &sid));
	TEST_CHECK(sid != wid);
	TEST_CHECK(MPI_Communicator_id(MPI_COMM_NULL, &sid) == MPI_ERR_COMM);
	TEST_CHECK(MPI_Communicator_id(MPI_COMM_WORLD, NULL) == MPI_ERR_ARG);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_COMM_ID_IS_UNIQUE, &flagp, &flag));
	TEST_CHECK(flag && *flagp == MPI_COMM_ID_UNIQUE);

	if (rank == 0) {
		int ids[64];
		ids[0] = sid;
		for (int r = 1; r < size; r++) {
			int w[2];
			TEST_MPI(MPI_Recv(w, 2, MPI_INT, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			TEST_CHECK(w[0] == wid);
			ids[r] = w[1];
		}
		for (int i = 0; i < size; i++)
			for (int j = i + 1; j < size; j++)
				TEST_CHECK(ids[i] != ids[j]);
	} else {
		int w[2] = { wid, sid };
		TEST_MPI(MPI_Send(w, 2, MPI_INT, 0, 0, MPI_COMM_WORLD));
	}
	MPI_Finalize();
	return 0;
}
