/*
 * Description: ROMIO's names for the requests of nonblocking file
 * access, MPIO_Request, MPIO_Wait and MPIO_Test (with
 * MPIO_USES_MPI_REQUEST defined, as Open MPI's mpi.h has them), compile
 * and complete an iwrite_at and an iread_at; the MPICH suite's io/async
 * did not build without them.
 * np: 1
 */
#include "iotest.h"

int main(int argc, char **argv)
{
	int n, r, flag = 0, v[4] = { 1, 2, 3, 4 }, w[4] = { 0 };
	char p[512];
	MPI_File fh;
	MPIO_Request req;
	MPI_Status st;
#ifndef MPIO_USES_MPI_REQUEST
	TEST_CHECK(0);
#endif
	mpitest_init(&argc, &argv, 1, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	iotest_path(p, sizeof(p), "mpio");
	TEST_MPI(MPI_File_open(MPI_COMM_SELF, p, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
			       &fh));
	TEST_MPI(MPI_File_iwrite_at(fh, 0, v, 4, MPI_INT, &req));
	TEST_MPI(MPIO_Wait(&req, &st));
	TEST_MPI(MPI_File_iread_at(fh, 0, w, 4, MPI_INT, &req));
	while (!flag)
		TEST_MPI(MPIO_Test(&req, &flag, &st));
	TEST_CHECK(memcmp(v, w, sizeof(v)) == 0);
	TEST_MPI(MPI_File_close(&fh));
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
