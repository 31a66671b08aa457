/*
 * Description: the error of a nonblocking file access that fails after it
 * started (the file size limit, RLIMIT_FSIZE, met by the kernel while the
 * io_uring write runs) reaches the FILE's error handler at completion, in
 * MPI_Wait, MPI_Test, MPI_Waitany and MPI_Waitall, with the class
 * MPI_ERR_NO_SPACE (MPI_ERR_IN_STATUS for Waitall, the status holding
 * MPI_ERR_NO_SPACE), and not MPI_COMM_WORLD's (whose default handler is
 * fatal: before the fix the first MPI_Wait aborted the job).  The same
 * with a file's default handler (MPI_ERRORS_RETURN: the class returned),
 * and in atomic mode (the access done at the start, its request born
 * complete).  MPI-3.1 13.7 (issue 39).
 * np: 1 2
 */
#include <signal.h>
#include <sys/resource.h>
#include "iotest.h"

enum { LIMIT = 64 * 1024, BIG = 256 * 1024 };

static int calls, last_class, world_calls;
static MPI_File last_file;

static void on_file_err(MPI_File *fh, int *code, ...)
{
	calls++;
	last_file = *fh;
	last_class = iotest_class(*code);
}

static void on_world_err(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	(void)code;
	world_calls++;
}

/* One failing iwrite_at on fh, completed by how (0 Wait, 1 Test loop,
 * 2 Waitany, 3 Waitall): the class the call returned. */
static int fail_once(MPI_File fh, char *buf, int how)
{
	MPI_Request req;
	MPI_Status st;
	int rc, flag = 0, idx;
	TEST_MPI(MPI_File_iwrite_at(fh, 0, buf, BIG, MPI_BYTE, &req));
	switch (how) {
	case 0:
		rc = MPI_Wait(&req, &st);
		break;
	case 1:
		do
			rc = MPI_Test(&req, &flag, &st);
		while (rc == MPI_SUCCESS && !flag);
		break;
	case 2:
		rc = MPI_Waitany(1, &req, &idx, &st);
		break;
	default:
		rc = MPI_Waitall(1, &req, &st);
		if (iotest_class(rc) == MPI_ERR_IN_STATUS)
			TEST_CHECK(iotest_class(st.MPI_ERROR) == MPI_ERR_NO_SPACE);
		break;
	}
	TEST_CHECK(req == MPI_REQUEST_NULL);
	return iotest_class(rc);
}

int main(int argc, char **argv)
{
	int n, r;
	char p[512], name[64];
	MPI_File fh;
	MPI_Errhandler eh, weh;
	mpitest_init(&argc, &argv, 1, &n, &r);
	/* Counts what wrongly reaches MPI_COMM_WORLD's handler. */
	TEST_MPI(MPI_Comm_create_errhandler(on_world_err, &weh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, weh));
	iotest_dir_make(MPI_COMM_WORLD);
	snprintf(name, sizeof(name), "nberr.%d", r);
	iotest_path(p, sizeof(p), name);

	/* The kernel's file size limit: a write beyond it fails with EFBIG
	 * (SIGXFSZ ignored), which is MPI_ERR_NO_SPACE. */
	signal(SIGXFSZ, SIG_IGN);
	struct rlimit rl;
	getrlimit(RLIMIT_FSIZE, &rl);
	rl.rlim_cur = LIMIT;
	if (setrlimit(RLIMIT_FSIZE, &rl) != 0) {
		printf("skip: cannot set RLIMIT_FSIZE\n");
		MPI_Finalize();
		return 77;
	}
	char *buf = calloc(BIG, 1);
	TEST_CHECK(buf != NULL);

	TEST_MPI(MPI_File_open(MPI_COMM_SELF, p, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
			       &fh));
	/* The default handler of a file: errors are returned. */
	for (int how = 0; how < 4; how++) {
		int c = fail_once(fh, buf, how);
		TEST_CHECK(c == (how == 3 ? MPI_ERR_IN_STATUS : MPI_ERR_NO_SPACE));
	}

	/* A handler of the file's own: called once per failed completion,
	 * with the file and the class. */
	TEST_MPI(MPI_File_create_errhandler(on_file_err, &eh));
	TEST_MPI(MPI_File_set_errhandler(fh, eh));
	for (int how = 0; how < 4; how++) {
		calls = 0;
		last_class = 0;
		last_file = MPI_FILE_NULL;
		int c = fail_once(fh, buf, how);
		TEST_CHECK(c == (how == 3 ? MPI_ERR_IN_STATUS : MPI_ERR_NO_SPACE));
		TEST_CHECK(calls == 1);
		TEST_CHECK(last_file == fh);
		TEST_CHECK(last_class == c);
	}

	/* Atomic mode: the access is done at the start; the error still
	 * comes at completion, through the file's handler. */
	TEST_MPI(MPI_File_set_atomicity(fh, 1));
	calls = 0;
	TEST_CHECK(fail_once(fh, buf, 0) == MPI_ERR_NO_SPACE);
	TEST_CHECK(calls == 1 && last_class == MPI_ERR_NO_SPACE);
	TEST_MPI(MPI_File_set_atomicity(fh, 0));

	/* A successful access under the limit calls no handler. */
	MPI_Request req;
	MPI_Status st;
	calls = 0;
	TEST_MPI(MPI_File_iwrite_at(fh, 0, buf, LIMIT / 2, MPI_BYTE, &req));
	TEST_MPI(MPI_Wait(&req, &st));
	TEST_CHECK(calls == 0);

	TEST_MPI(MPI_File_close(&fh));
	TEST_MPI(MPI_Errhandler_free(&eh));
	free(buf);
	TEST_CHECK(world_calls == 0);
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
	TEST_MPI(MPI_Errhandler_free(&weh));
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
