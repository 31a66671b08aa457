/*
 * lib/io/file_shared.c - the shared file pointer (MPI-3.1 13.4.4): the
 * independent read_shared/write_shared, the collective ordered accesses,
 * seek_shared and get_position_shared.
 *
 * The pointer is a 64-bit word in the file's block in the segment, in
 * etypes of the view.  An independent access claims its range with one
 * fetch-and-add, so concurrent accesses of several ranks get disjoint
 * ranges in some serial order (the standard's promise), without a lock.
 * An ordered access is collective: the ranks' sizes are gathered, rank 0
 * advances the pointer by their sum with one fetch-and-add and broadcasts
 * where the group's range starts, and each rank accesses its part at the
 * start plus the sizes of the ranks before it: rank order, one range.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/io/io_impl.h"
#include "lib/coll/coll.h"

int mpii_File_read_shared(const char *fn, MPI_File fh, void *buf, int count,
			  MPI_Datatype datatype, MPI_Status *status)
{
	return mpii_io_access(fn, fh, 0, IO_SHARED, 0, buf, count, datatype, status);
}

int mpii_File_write_shared(const char *fn, MPI_File fh, const void *buf, int count,
			   MPI_Datatype datatype, MPI_Status *status)
{
	return mpii_io_access(fn, fh, 1, IO_SHARED, 0, (void *)buf, count, datatype, status);
}

int mpii_io_ordered(const char *fn, MPI_File fh, int write, void *buf, MPI_Count count,
		    MPI_Datatype dt, MPI_Status *status)
{
	const char *msg = NULL;
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	int err = mpii_io_check(fh, write, IO_SHARED, count, dt, &msg);
	struct mpii_comm *c = fh->comm;
	int64_t mine = err ? 0 : (int64_t)(count * dt->size / fh->view->esize);
	int64_t *all = malloc(sizeof(int64_t) * (size_t)c->size);
	if (!all)
		mpii_abort_job(MPI_ERR_NO_MEM, "ordered file access: out of memory");
	int64_t base = 0;
	int rc = MPI_SUCCESS;
	if (c->size > 1) {
		mpii_lock();
		rc = mpii_allgather(&mine, 1, MPI_INT64_T, all, c);
		mpii_unlock();
	} else {
		all[0] = mine;
	}
	int64_t before = 0, sum = 0;
	for (int r = 0; r < c->size; r++) {
		if (r < c->rank)
			before += all[r];
		sum += all[r];
	}
	free(all);
	if (c->rank == 0)
		/* Relaxed: the broadcast below publishes the value; other
		 * fetch-and-adds order themselves on the word. */
		base = shm_fetch_add_relaxed(&fh->sh->shared_fp, sum);
	if (!rc && c->size > 1) {
		mpii_lock();
		rc = mpii_bcast(&base, 1, MPI_INT64_T, 0, c, NULL);
		mpii_unlock();
	}
	if (rc)
		mpii_abort_job(rc, "ordered file access: messages failed");
	MPI_Count moved = 0;
	if (!err)
		err = mpii_io_rw(fh, write, base + before, buf, count, dt, &moved);
	mpii_io_status(status, moved);
	if (err)
		return mpii_file_err(fh, err, fn, "%s", msg ? msg : "the system refused the access");
	return MPI_SUCCESS;
}

int mpii_File_read_ordered(const char *fn, MPI_File fh, void *buf, int count,
			   MPI_Datatype datatype, MPI_Status *status)
{
	return mpii_io_ordered(fn, fh, 0, buf, count, datatype, status);
}

int mpii_File_write_ordered(const char *fn, MPI_File fh, const void *buf, int count,
			    MPI_Datatype datatype, MPI_Status *status)
{
	return mpii_io_ordered(fn, fh, 1, (void *)buf, count, datatype, status);
}

int mpii_File_seek_shared(const char *fn, MPI_File fh, MPI_Offset offset, int whence)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	/* Every rank has finished its shared accesses before the pointer
	 * moves, and sees it moved after. */
	int rc = mpii_io_barrier(fh), err = MPI_SUCCESS;
	if (rc)
		return mpii_file_err(fh, rc, fn, "barrier failed");
	if (fh->comm->rank == 0) {
		/* Relaxed: the barriers order it. */
		MPI_Offset cur = (MPI_Offset)shm_load_relaxed(&fh->sh->shared_fp), to = 0;
		err = mpii_io_seek_target(fh, cur, offset, whence, &to);
		if (!err)
			shm_store_relaxed(&fh->sh->shared_fp, (int64_t)to);
	}
	int all = mpii_io_agree(fh, err);
	if (all)
		return mpii_file_err(fh, all, fn, "bad whence, or a position before the view's start");
	return MPI_SUCCESS;
}

int mpii_File_get_position_shared(const char *fn, MPI_File fh, MPI_Offset *offset)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (!offset)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "offset is NULL");
	/* Relaxed: a snapshot; the standard promises nothing while others
	 * move it. */
	*offset = (MPI_Offset)shm_load_relaxed(&fh->sh->shared_fp);
	return MPI_SUCCESS;
}
