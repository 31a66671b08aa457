/*
 * lib/io/file_coll.c - collective data access (MPI-3.1 13.4.2, 13.4.3):
 * read_all/write_all, read_at_all/write_at_all, and the split collectives
 * (13.4.5: _begin/_end of those and of the ordered accesses).
 *
 * A collective access here is each rank's independent access followed by
 * an agreement on the outcome: a rank that failed returns its own class,
 * the others the worst class any rank got, so that a caller checking the
 * result of a collective sees a failure anywhere.  Writes whose ranks'
 * ranges interleave go through two-phase aggregation (file_aggr.c).
 *
 * A split collective does all its work at _begin and keeps the status for
 * _end; one may be pending per file (MPI_ERR_OTHER for a second _begin or
 * an _end that does not match), and no other collective may run on the
 * file meanwhile.
 */
#include <stdlib.h>
#include "lib/io/io_impl.h"

/* A collective access: the access (unless a split collective is pending),
 * then the agreement.  A class, raised on fh here. */
static int coll_access(const char *fn, MPI_File fh, int write, int where, MPI_Offset off,
		       void *buf, MPI_Count count, MPI_Datatype dt, MPI_Status *status)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	const char *msg = NULL;
	int err = MPI_SUCCESS;
	MPI_Count moved = 0;
	if (fh->split) {
		err = MPI_ERR_OTHER;
		msg = "a split collective is in progress on this file";
	} else {
		err = mpii_io_check(fh, write, where, count, dt, &msg);
		if (!err && where == IO_AT && off < 0) {
			err = MPI_ERR_ARG;
			msg = "negative offset";
		}
	}
	if (!err && where == IO_INDIV)
		off = fh->fp;
	int aggregated = 0;
	if (write) {
		/* Every rank takes part, one with an error contributing
		 * nothing. */
		int aerr = MPI_SUCCESS;
		mpii_io_write_aggregated(fh, err ? 0 : off, buf, err ? 0 : count, err ? MPI_BYTE : dt,
					 &aggregated, &aerr);
		if (aggregated && !err) {
			err = aerr;
			moved = aerr ? 0 : count * dt->size;
		}
	}
	if (!err && !aggregated)
		err = mpii_io_rw(fh, write, off, buf, count, dt, &moved);
	if (where == IO_INDIV && !msg)
		fh->fp = off + (MPI_Offset)moved / fh->view->esize;
	if (err && !msg)
		msg = "the system refused the access";
	mpii_io_status(status, moved);
	int all = mpii_io_agree(fh, err);
	if (all)
		return mpii_file_err(fh, all, fn, "%s", msg ? msg : "failed on another rank");
	return MPI_SUCCESS;
}

int mpii_File_read_at_all(const char *fn, MPI_File fh, MPI_Offset offset, void *buf, int count,
			  MPI_Datatype datatype, MPI_Status *status)
{
	return coll_access(fn, fh, 0, IO_AT, offset, buf, count, datatype, status);
}

int mpii_File_write_at_all(const char *fn, MPI_File fh, MPI_Offset offset, const void *buf,
			   int count, MPI_Datatype datatype, MPI_Status *status)
{
	return coll_access(fn, fh, 1, IO_AT, offset, (void *)buf, count, datatype, status);
}

int mpii_File_read_all(const char *fn, MPI_File fh, void *buf, int count, MPI_Datatype datatype,
		       MPI_Status *status)
{
	return coll_access(fn, fh, 0, IO_INDIV, 0, buf, count, datatype, status);
}

int mpii_File_write_all(const char *fn, MPI_File fh, const void *buf, int count,
			MPI_Datatype datatype, MPI_Status *status)
{
	return coll_access(fn, fh, 1, IO_INDIV, 0, (void *)buf, count, datatype, status);
}

/* _begin: the whole access now, its outcome kept for _end. */
static int split_begin(const char *fn, MPI_File fh, int kind, MPI_Offset off, const void *buf,
		       MPI_Count count, MPI_Datatype dt)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (fh->split)
		return mpii_file_err(fh, MPI_ERR_OTHER, fn,
				     "a split collective is already in progress on this file");
	struct mpii_io_split *s = calloc(1, sizeof(*s));
	if (!s)
		return mpii_file_err(fh, MPI_ERR_NO_MEM, fn, "out of memory");
	void *b = (void *)buf;
	int rc;
	/* Errors are raised at _end (through the file's handler there). */
	struct mpii_errhandler *keep = fh->errh;
	fh->errh = MPI_ERRORS_RETURN;
	switch (kind) {
	case IO_SPLIT_READ_AT_ALL: rc = coll_access(fn, fh, 0, IO_AT, off, b, count, dt, &s->status); break;
	case IO_SPLIT_WRITE_AT_ALL: rc = coll_access(fn, fh, 1, IO_AT, off, b, count, dt, &s->status); break;
	case IO_SPLIT_READ_ALL: rc = coll_access(fn, fh, 0, IO_INDIV, 0, b, count, dt, &s->status); break;
	case IO_SPLIT_WRITE_ALL: rc = coll_access(fn, fh, 1, IO_INDIV, 0, b, count, dt, &s->status); break;
	case IO_SPLIT_READ_ORDERED: rc = mpii_io_ordered(fn, fh, 0, b, count, dt, &s->status); break;
	default: rc = mpii_io_ordered(fn, fh, 1, b, count, dt, &s->status); break;
	}
	fh->errh = keep;
	s->kind = kind;
	s->buf = buf;
	s->err = rc;
	fh->split = s;
	return MPI_SUCCESS;
}

static int split_end(const char *fn, MPI_File fh, int kind, const void *buf, MPI_Status *status)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	struct mpii_io_split *s = fh->split;
	if (!s || s->kind != kind)
		return mpii_file_err(fh, MPI_ERR_OTHER, fn, "no matching split collective _begin");
	if (s->buf != buf)
		return mpii_file_err(fh, MPI_ERR_BUFFER, fn, "not the buffer given to _begin");
	fh->split = NULL;
	int err = s->err;
	if (status != MPI_STATUS_IGNORE && status)
		mpii_status_copy(status, &s->status);
	free(s);
	if (err)
		return mpii_file_err(fh, err, fn, "the access failed");
	return MPI_SUCCESS;
}

int mpii_File_read_at_all_begin(const char *fn, MPI_File fh, MPI_Offset offset, void *buf,
				int count, MPI_Datatype datatype)
{
	return split_begin(fn, fh, IO_SPLIT_READ_AT_ALL, offset, buf, count, datatype);
}

int mpii_File_read_at_all_end(const char *fn, MPI_File fh, void *buf, MPI_Status *status)
{
	return split_end(fn, fh, IO_SPLIT_READ_AT_ALL, buf, status);
}

int mpii_File_write_at_all_begin(const char *fn, MPI_File fh, MPI_Offset offset, const void *buf,
				 int count, MPI_Datatype datatype)
{
	return split_begin(fn, fh, IO_SPLIT_WRITE_AT_ALL, offset, buf, count, datatype);
}

int mpii_File_write_at_all_end(const char *fn, MPI_File fh, const void *buf, MPI_Status *status)
{
	return split_end(fn, fh, IO_SPLIT_WRITE_AT_ALL, buf, status);
}

int mpii_File_read_all_begin(const char *fn, MPI_File fh, void *buf, int count,
			     MPI_Datatype datatype)
{
	return split_begin(fn, fh, IO_SPLIT_READ_ALL, 0, buf, count, datatype);
}

int mpii_File_read_all_end(const char *fn, MPI_File fh, void *buf, MPI_Status *status)
{
	return split_end(fn, fh, IO_SPLIT_READ_ALL, buf, status);
}

int mpii_File_write_all_begin(const char *fn, MPI_File fh, const void *buf, int count,
			      MPI_Datatype datatype)
{
	return split_begin(fn, fh, IO_SPLIT_WRITE_ALL, 0, buf, count, datatype);
}

int mpii_File_write_all_end(const char *fn, MPI_File fh, const void *buf, MPI_Status *status)
{
	return split_end(fn, fh, IO_SPLIT_WRITE_ALL, buf, status);
}

int mpii_File_read_ordered_begin(const char *fn, MPI_File fh, void *buf, int count,
				 MPI_Datatype datatype)
{
	return split_begin(fn, fh, IO_SPLIT_READ_ORDERED, 0, buf, count, datatype);
}

int mpii_File_read_ordered_end(const char *fn, MPI_File fh, void *buf, MPI_Status *status)
{
	return split_end(fn, fh, IO_SPLIT_READ_ORDERED, buf, status);
}

int mpii_File_write_ordered_begin(const char *fn, MPI_File fh, const void *buf, int count,
				  MPI_Datatype datatype)
{
	return split_begin(fn, fh, IO_SPLIT_WRITE_ORDERED, 0, buf, count, datatype);
}

int mpii_File_write_ordered_end(const char *fn, MPI_File fh, const void *buf, MPI_Status *status)
{
	return split_end(fn, fh, IO_SPLIT_WRITE_ORDERED, buf, status);
}
