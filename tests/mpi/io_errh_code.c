/*
 * Description: a file error handler that sets *code to MPI_SUCCESS turns
 * the error into success: MPI_File_open of a missing file without
 * MPI_MODE_CREATE, with that handler on MPI_FILE_NULL, calls it once and
 * returns MPI_SUCCESS, as ROMIO does (the MPICH suite's
 * errors/io/fileerrret); before, the call returned the original class.
 * np: 1
 */
#include "iotest.h"

static int ncalls;
static void efn(MPI_File *fh, int *code, ...)
{
	(void)fh;
	ncalls++;
	*code = MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int n, r;
	char p[512];
	MPI_File fh;
	MPI_Errhandler eh;
	mpitest_init(&argc, &argv, 1, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	iotest_path(p, sizeof(p), "missing");
	TEST_CHECK(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDWR, MPI_INFO_NULL, &fh) !=
		   MPI_SUCCESS);
	TEST_MPI(MPI_File_create_errhandler(efn, &eh));
	TEST_MPI(MPI_File_set_errhandler(MPI_FILE_NULL, eh));
	TEST_MPI(MPI_Errhandler_free(&eh));
	TEST_CHECK(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDWR, MPI_INFO_NULL, &fh) ==
		   MPI_SUCCESS);
	TEST_CHECK(ncalls == 1);
	TEST_MPI(MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN));
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
