/*
 * lib/io/file_manage.c - file manipulation on an open file (MPI-3.1 13.2.4
 * to 13.2.8, 13.6.1 to 13.6.3): set_size, preallocate, get_size,
 * get_group, get_amode, set_info/get_info, set/get_atomicity, sync.
 *
 * set_size and preallocate are collective: rank 0 changes the file, then
 * every rank learns the outcome (one class everywhere).  The hints are
 * accepted and kept (MPI_File_get_info returns them); docs/io.md lists
 * which ones change what (none changes correctness).
 *
 * Atomic mode (MPI-3.1 13.6.1): every access of a file in atomic mode
 * takes the file's lock in the segment (a futex mutex of its block), so
 * two ranks' accesses to overlapping ranges never interleave, whatever
 * the view; MPI_File_set_atomicity is collective and ends with a barrier
 * so no access of the old mode overlaps one of the new.
 *
 * MPI_File_sync: fdatasync of this rank's descriptor, then a barrier (the
 * standard's "sync-barrier-sync" needs only the barrier between ranks of
 * one node, where the page cache is shared: the fdatasync is for the
 * storage).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/io/io_impl.h"

#define CHECK_FILE(fh)                                                              \
	do {                                                                        \
		if (mpii_file_check(fh))                                            \
			return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file"); \
	} while (0)

static int resize(const char *fn, MPI_File fh, MPI_Offset size, int grow_only)
{
	CHECK_FILE(fh);
	int err = MPI_SUCCESS;
	const char *msg = NULL;
	if (size < 0) {
		err = MPI_ERR_ARG;
		msg = "negative size";
	} else if (fh->amode & MPI_MODE_RDONLY) {
		err = MPI_ERR_ACCESS;
		msg = "the file was opened MPI_MODE_RDONLY";
	} else if (fh->amode & MPI_MODE_SEQUENTIAL) {
		err = MPI_ERR_UNSUPPORTED_OPERATION;
		msg = "the file was opened MPI_MODE_SEQUENTIAL";
	}
	int sys = 0;
	if (!err && fh->comm->rank == 0) {
		struct stat st;
		if (fstat(fh->fd, &st) < 0) {
			sys = errno;
		} else if (!grow_only) {
			if (ftruncate(fh->fd, (off_t)size) < 0)
				sys = errno;
		} else if ((MPI_Offset)st.st_size < size) {
			/* posix_fallocate returns the error (no errno); where the
			 * file system cannot, ftruncate gives the size at least. */
			int e = posix_fallocate(fh->fd, 0, (off_t)size);
			if (e == EOPNOTSUPP || e == EINVAL)
				e = ftruncate(fh->fd, (off_t)size) < 0 ? errno : 0;
			sys = e;
		}
		if (sys)
			err = mpii_io_errno_class(sys);
	}
	int all = mpii_io_agree(fh, err);
	if (all)
		return mpii_file_err(fh, all, fn, "%s", msg ? msg : sys ? strerror(sys)
								  : "failed on another rank");
	return MPI_SUCCESS;
}

int mpii_File_set_size(const char *fn, MPI_File fh, MPI_Offset size)
{
	return resize(fn, fh, size, 0);
}

int mpii_File_preallocate(const char *fn, MPI_File fh, MPI_Offset size)
{
	return resize(fn, fh, size, 1);
}

int mpii_File_get_size(const char *fn, MPI_File fh, MPI_Offset *size)
{
	CHECK_FILE(fh);
	if (!size)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "size is NULL");
	struct stat st;
	if (fstat(fh->fd, &st) < 0)
		return mpii_file_err(fh, mpii_io_errno_class(errno), fn, "%s", strerror(errno));
	*size = (MPI_Offset)st.st_size;
	return MPI_SUCCESS;
}

int mpii_File_get_group(const char *fn, MPI_File fh, MPI_Group *group)
{
	CHECK_FILE(fh);
	if (!group)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "group is NULL");
	*group = mpii_group_ref(fh->comm->group);
	return MPI_SUCCESS;
}

int mpii_File_get_amode(const char *fn, MPI_File fh, int *amode)
{
	CHECK_FILE(fh);
	if (!amode)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "amode is NULL");
	*amode = fh->amode;
	return MPI_SUCCESS;
}

int mpii_File_set_info(const char *fn, MPI_File fh, MPI_Info info)
{
	CHECK_FILE(fh);
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_file_err(fh, MPI_ERR_INFO, fn, "invalid info");
	struct mpii_info *copy = NULL;
	if (info != MPI_INFO_NULL && mpii_info_dup(info, &copy))
		return mpii_file_err(fh, MPI_ERR_NO_MEM, fn, "out of memory");
	mpii_lock();
	struct mpii_info *old = fh->info;
	fh->info = copy;
	mpii_unlock();
	if (old)
		mpii_info_release(old);
	return MPI_SUCCESS;
}

int mpii_File_get_info(const char *fn, MPI_File fh, MPI_Info *info_used)
{
	CHECK_FILE(fh);
	if (!info_used)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "info_used is NULL");
	/* The hints as the user gave them (open, set_view, set_info): none
	 * is overridden (docs/io.md). */
	struct mpii_info *out = NULL;
	mpii_lock();
	int rc = mpii_info_dup(fh->info, &out);
	mpii_unlock();
	if (rc)
		return mpii_file_err(fh, rc, fn, "out of memory");
	*info_used = out;
	return MPI_SUCCESS;
}

int mpii_File_set_atomicity(const char *fn, MPI_File fh, int flag)
{
	CHECK_FILE(fh);
	int rc = mpii_io_barrier(fh);
	fh->atomic = flag != 0;
	if (!rc)
		rc = mpii_io_barrier(fh);
	if (rc)
		return mpii_file_err(fh, rc, fn, "barrier failed");
	return MPI_SUCCESS;
}

int mpii_File_get_atomicity(const char *fn, MPI_File fh, int *flag)
{
	CHECK_FILE(fh);
	if (!flag)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "flag is NULL");
	*flag = fh->atomic;
	return MPI_SUCCESS;
}

int mpii_File_sync(const char *fn, MPI_File fh)
{
	CHECK_FILE(fh);
	if (fh->split)
		return mpii_file_err(fh, MPI_ERR_OTHER, fn, "a split collective is in progress");
	int err = MPI_SUCCESS, sys = 0;
	if (!(fh->amode & MPI_MODE_RDONLY) && fdatasync(fh->fd) < 0 && errno != EINVAL) {
		sys = errno;
		err = mpii_io_errno_class(sys);
	}
	int all = mpii_io_agree(fh, err);
	if (all)
		return mpii_file_err(fh, all, fn, "%s", sys ? strerror(sys) : "failed on another rank");
	return MPI_SUCCESS;
}
