/*
 * lib/io/file_errh.c - errors on files: the file handle check, raising an
 * error through a file's handler, the MPI_File_*_errhandler calls, and the
 * mapping of a system call's errno to the I/O error classes.
 *
 * A file's error handler is MPI_ERRORS_RETURN unless the user sets one
 * (MPI-3.1 13.7: I/O errors are usually not fatal).  MPI_FILE_NULL has a
 * handler of its own, set with MPI_File_set_errhandler(MPI_FILE_NULL, ...):
 * it is the one MPI_File_open and MPI_File_delete raise their errors on,
 * and a new file starts with it.
 */
#include <errno.h>
#include <stdarg.h>
#include "lib/io/io_impl.h"

/* MPI_FILE_NULL's handler; NULL means MPI_ERRORS_RETURN (never freed). */
static struct mpii_errhandler *null_errh;

struct mpii_errhandler *mpii_io_null_errh(void)
{
	return null_errh ? null_errh : MPI_ERRORS_RETURN;
}

int mpii_file_check(MPI_File fh)
{
	return MPII_VALID(fh, MPII_MAGIC_FILE) ? MPI_SUCCESS : MPI_ERR_FILE;
}

int mpii_file_err(MPI_File fh, int errcode, const char *fn, const char *detail, ...)
{
	va_list ap;
	va_start(ap, detail);
	int ok = MPII_VALID(fh, MPII_MAGIC_FILE);
	int rc = mpii_err_file_v(ok ? fh : MPI_FILE_NULL, ok ? fh->errh : mpii_io_null_errh(),
				 errcode, fn, detail, ap);
	va_end(ap);
	return rc;
}

int mpii_io_errno_class(int e)
{
	switch (e) {
	case ENOENT: case ENOTDIR: return MPI_ERR_NO_SUCH_FILE;
	case EACCES: case EPERM: return MPI_ERR_ACCESS;
	case EROFS: case ETXTBSY: return MPI_ERR_READ_ONLY;
	case ENOSPC: case EFBIG: return MPI_ERR_NO_SPACE;
	case EDQUOT: return MPI_ERR_QUOTA;
	case EEXIST: return MPI_ERR_FILE_EXISTS;
	case EISDIR: case ENAMETOOLONG: case ELOOP: case EINVAL: return MPI_ERR_BAD_FILE;
	case EBUSY: return MPI_ERR_FILE_IN_USE;
	case ENOMEM: return MPI_ERR_NO_MEM;
	default: return MPI_ERR_IO;
	}
}

int mpii_File_create_errhandler(const char *fn, MPI_File_errhandler_function *f,
				MPI_Errhandler *errhandler)
{
	if (!f || !errhandler)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_ARG, fn, "function or errhandler is NULL");
	/* Stored as the communicator flavour; lib/core/errors.c calls it
	 * with the file (mpii_err_file_v). */
	*errhandler = mpii_errhandler_new((MPI_Comm_errhandler_function *)(void (*)(void))f);
	if (!*errhandler)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_File_set_errhandler(const char *fn, MPI_File fh, MPI_Errhandler errhandler)
{
	if (fh != MPI_FILE_NULL && mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (!mpii_errhandler_valid(errhandler))
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "invalid error handler");
	mpii_errhandler_ref(errhandler);
	mpii_lock();
	struct mpii_errhandler **slot = fh == MPI_FILE_NULL ? &null_errh : &fh->errh;
	struct mpii_errhandler *old = *slot;
	*slot = errhandler;
	mpii_unlock();
	if (old)
		mpii_errhandler_unref(old);
	return MPI_SUCCESS;
}

int mpii_File_get_errhandler(const char *fn, MPI_File fh, MPI_Errhandler *errhandler)
{
	if (fh != MPI_FILE_NULL && mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (!errhandler)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "errhandler is NULL");
	mpii_lock();
	*errhandler = fh == MPI_FILE_NULL ? mpii_io_null_errh() : fh->errh;
	mpii_errhandler_ref(*errhandler);   /* the caller frees what it gets */
	mpii_unlock();
	return MPI_SUCCESS;
}

int mpii_File_call_errhandler(const char *fn, MPI_File fh, int errorcode)
{
	if (fh != MPI_FILE_NULL && mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	mpii_file_err(fh, errorcode, fn, "error raised by the user");
	return MPI_SUCCESS;   /* the handler was called and returned */
}
