/*
 * Description: MPI-IO file manipulation (issue 39, step 1): open/close/
 * delete, every access mode (CREATE, EXCL, RDONLY/WRONLY/RDWR, APPEND,
 * DELETE_ON_CLOSE, UNIQUE_OPEN, SEQUENTIAL), set_size, preallocate,
 * get_size, get_group, get_amode, set_info/get_info, get_byte_offset,
 * get_type_extent, c2f/f2c, the file error handlers (MPI_ERRORS_RETURN by
 * default, MPI_FILE_NULL's handler for opens) and the error classes of a
 * missing file, a bad amode, an existing file with EXCL, a write to a
 * read-only open, a read from a write-only open, no permission (not as
 * root), and a file size limit (RLIMIT_FSIZE: MPI_ERR_NO_SPACE).
 * np: 1 2 4
 */
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "iotest.h"

static int eh_calls, eh_last;
static void file_eh(MPI_File *fh, int *code, ...)
{
	(void)fh;
	eh_calls++;
	eh_last = *code;
}

int main(int argc, char **argv)
{
	int n, r;
	char p[512], q[512];
	MPI_File fh;
	MPI_Offset sz;
	mpitest_init(&argc, &argv, 1, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	iotest_path(p, sizeof(p), "a");

	/* A missing file: MPI_ERR_NO_SUCH_FILE through MPI_FILE_NULL's
	 * handler, which returns by default. */
	int rc = MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_NO_SUCH_FILE);
	/* Bad amodes. */
	rc = MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_AMODE);
	rc = MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDWR | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_AMODE);
	rc = MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_AMODE);
	rc = MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDWR | MPI_MODE_SEQUENTIAL | MPI_MODE_CREATE,
			   MPI_INFO_NULL, &fh);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_AMODE);

	/* MPI_FILE_NULL's handler is the one opens raise errors on. */
	MPI_Errhandler eh, got;
	TEST_MPI(MPI_File_create_errhandler(file_eh, &eh));
	TEST_MPI(MPI_File_set_errhandler(MPI_FILE_NULL, eh));
	rc = MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
	TEST_CHECK(rc != MPI_SUCCESS && eh_calls == 1 && iotest_class(eh_last) == MPI_ERR_NO_SUCH_FILE);
	TEST_MPI(MPI_File_get_errhandler(MPI_FILE_NULL, &got));
	TEST_CHECK(got == eh);
	TEST_MPI(MPI_Errhandler_free(&got));
	TEST_MPI(MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN));

	/* Create with hints; the file's info has them. */
	MPI_Info info;
	MPI_Info_create(&info);
	MPI_Info_set(info, "cb_nodes", "1");
	MPI_Info_set(info, "access_style", "write_once");
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_UNIQUE_OPEN,
			       info, &fh));
	MPI_Info_free(&info);
	MPI_Info used;
	char val[64];
	int flag;
	TEST_MPI(MPI_File_get_info(fh, &used));
	MPI_Info_get(used, "access_style", sizeof(val) - 1, val, &flag);
	TEST_CHECK(flag && strcmp(val, "write_once") == 0);
	MPI_Info_free(&used);
	MPI_Info_create(&info);
	MPI_Info_set(info, "striping_unit", "1048576");
	TEST_MPI(MPI_File_set_info(fh, info));
	MPI_Info_free(&info);
	TEST_MPI(MPI_File_get_info(fh, &used));
	MPI_Info_get(used, "striping_unit", sizeof(val) - 1, val, &flag);
	TEST_CHECK(flag && strcmp(val, "1048576") == 0);
	MPI_Info_free(&used);

	/* The default handler of a file returns; a new one is called with it. */
	TEST_MPI(MPI_File_get_errhandler(fh, &got));
	TEST_CHECK(got == MPI_ERRORS_RETURN);
	TEST_MPI(MPI_File_set_errhandler(fh, eh));
	eh_calls = 0;
	TEST_MPI(MPI_File_call_errhandler(fh, MPI_ERR_IO));
	TEST_CHECK(eh_calls == 1 && eh_last == MPI_ERR_IO);
	TEST_MPI(MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN));

	int amode;
	TEST_MPI(MPI_File_get_amode(fh, &amode));
	TEST_CHECK(amode == (MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_UNIQUE_OPEN));
	MPI_Group g, wg;
	int cmp;
	TEST_MPI(MPI_File_get_group(fh, &g));
	MPI_Comm_group(MPI_COMM_WORLD, &wg);
	MPI_Group_compare(g, wg, &cmp);
	TEST_CHECK(cmp == MPI_IDENT);
	MPI_Group_free(&g);
	MPI_Group_free(&wg);

	/* Sizes. */
	TEST_MPI(MPI_File_get_size(fh, &sz));
	TEST_CHECK(sz == 0);
	MPI_Barrier(MPI_COMM_WORLD);   /* before rank 0 changes it */
	TEST_MPI(MPI_File_set_size(fh, 1000));
	TEST_MPI(MPI_File_get_size(fh, &sz));
	TEST_CHECK(sz == 1000);
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_File_preallocate(fh, 500));   /* never shrinks */
	TEST_MPI(MPI_File_get_size(fh, &sz));
	TEST_CHECK(sz == 1000);
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_File_preallocate(fh, 4096));
	TEST_MPI(MPI_File_get_size(fh, &sz));
	TEST_CHECK(sz == 4096);
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_File_set_size(fh, 100));
	TEST_MPI(MPI_File_get_size(fh, &sz));
	TEST_CHECK(sz == 100);
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_CHECK(iotest_class(MPI_File_set_size(fh, -1)) == MPI_ERR_ARG);

	/* Offsets and extents of the default view. */
	MPI_Offset off;
	MPI_Aint ext;
	TEST_MPI(MPI_File_get_byte_offset(fh, 17, &off));
	TEST_CHECK(off == 17);
	TEST_MPI(MPI_File_get_type_extent(fh, MPI_DOUBLE, &ext));
	TEST_CHECK(ext == sizeof(double));

	/* Handle conversion. */
	MPI_Fint fi = MPI_File_c2f(fh);
	TEST_CHECK(MPI_File_f2c(fi) == fh);
	TEST_CHECK(MPI_File_f2c(0) == MPI_FILE_NULL);

	TEST_MPI(MPI_File_sync(fh));
	TEST_MPI(MPI_File_close(&fh));
	TEST_CHECK(fh == MPI_FILE_NULL);
	TEST_CHECK(iotest_class(MPI_File_close(&fh)) == MPI_ERR_FILE);

	/* EXCL on an existing file. */
	rc = MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_WRONLY,
			   MPI_INFO_NULL, &fh);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_FILE_EXISTS);

	/* Read-only and write-only opens refuse the other direction. */
	char buf[16] = "0123456789abcdef";
	MPI_Status st;
	int cnt;
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh));
	rc = MPI_File_write_at(fh, 0, buf, 4, MPI_CHAR, &st);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_READ_ONLY);
	TEST_MPI(MPI_File_close(&fh));
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_WRONLY, MPI_INFO_NULL, &fh));
	rc = MPI_File_read_at(fh, 0, buf, 4, MPI_CHAR, &st);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_ACCESS);
	TEST_MPI(MPI_File_close(&fh));

	/* APPEND: the pointers start at the end (100 bytes). */
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDWR | MPI_MODE_APPEND, MPI_INFO_NULL, &fh));
	TEST_MPI(MPI_File_get_position(fh, &off));
	TEST_CHECK(off == 100);
	TEST_MPI(MPI_File_get_position_shared(fh, &off));
	TEST_CHECK(off == 100);
	TEST_MPI(MPI_File_close(&fh));

	/* Delete; deleting again: no such file. */
	MPI_Barrier(MPI_COMM_WORLD);
	if (r == 0) {
		TEST_MPI(MPI_File_delete(p, MPI_INFO_NULL));
		TEST_CHECK(iotest_class(MPI_File_delete(p, MPI_INFO_NULL)) == MPI_ERR_NO_SUCH_FILE);
	}
	MPI_Barrier(MPI_COMM_WORLD);

	/* DELETE_ON_CLOSE. */
	iotest_path(q, sizeof(q), "doc");
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, q, MPI_MODE_CREATE | MPI_MODE_WRONLY |
			       MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh));
	TEST_MPI(MPI_File_close(&fh));
	TEST_CHECK(access(q, F_OK) < 0 && errno == ENOENT);

	/* SEQUENTIAL: only the shared pointer. */
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, q, MPI_MODE_CREATE | MPI_MODE_WRONLY |
			       MPI_MODE_SEQUENTIAL | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh));
	rc = MPI_File_write_at(fh, 0, buf, 1, MPI_CHAR, &st);
	TEST_CHECK(iotest_class(rc) == MPI_ERR_UNSUPPORTED_OPERATION);
	TEST_CHECK(iotest_class(MPI_File_seek(fh, 0, MPI_SEEK_SET)) == MPI_ERR_UNSUPPORTED_OPERATION);
	TEST_MPI(MPI_File_write_ordered(fh, buf, 2, MPI_CHAR, &st));
	TEST_MPI(MPI_File_set_view(fh, MPI_DISPLACEMENT_CURRENT, MPI_CHAR, MPI_CHAR, "native",
				   MPI_INFO_NULL));
	MPI_Offset d;
	MPI_Datatype et, ft;
	char rep[MPI_MAX_DATAREP_STRING];
	TEST_MPI(MPI_File_get_view(fh, &d, &et, &ft, rep));
	TEST_CHECK(d == 2 * n && et == MPI_CHAR && ft == MPI_CHAR && strcmp(rep, "native") == 0);
	TEST_MPI(MPI_File_close(&fh));

	/* No permission (root passes every permission check: skipped). */
	if (geteuid() != 0) {
		iotest_path(q, sizeof(q), "noperm");
		if (r == 0) {
			FILE *f = fopen(q, "w");
			fclose(f);
			chmod(q, 0);
		}
		MPI_Barrier(MPI_COMM_WORLD);
		rc = MPI_File_open(MPI_COMM_WORLD, q, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
		TEST_CHECK(iotest_class(rc) == MPI_ERR_ACCESS);
	}

	/* A file size limit: the write fails with MPI_ERR_NO_SPACE, and the
	 * bytes below the limit are not reported as a success. */
	char name[32];
	snprintf(name, sizeof(name), "big%d", r);
	iotest_path(q, sizeof(q), name);
	TEST_MPI(MPI_File_open(MPI_COMM_SELF, q, MPI_MODE_CREATE | MPI_MODE_WRONLY |
			       MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh));
	if (r == 0) {
		struct rlimit old, lim;
		getrlimit(RLIMIT_FSIZE, &old);
		lim = old;
		lim.rlim_cur = 4096;
		signal(SIGXFSZ, SIG_IGN);
		TEST_CHECK(setrlimit(RLIMIT_FSIZE, &lim) == 0);
		static char big[8192];
		rc = MPI_File_write_at(fh, 0, big, sizeof(big), MPI_BYTE, &st);
		TEST_CHECK(iotest_class(rc) == MPI_ERR_NO_SPACE);
		MPI_Get_count(&st, MPI_BYTE, &cnt);
		TEST_CHECK(cnt < (int)sizeof(big));
		setrlimit(RLIMIT_FSIZE, &old);
	}
	TEST_MPI(MPI_File_close(&fh));

	/* Invalid handles. */
	TEST_CHECK(iotest_class(MPI_File_get_size(MPI_FILE_NULL, &sz)) == MPI_ERR_FILE);
	MPI_Errhandler_free(&eh);
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
