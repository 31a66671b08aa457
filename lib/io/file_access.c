/*
 * lib/io/file_access.c - independent data access (MPI-3.1 13.4.2 to
 * 13.4.4): the engine every access goes through, explicit offsets
 * (read_at, write_at), the individual file pointer (read, write, seek,
 * get_position) and the checks all data access calls share.
 *
 * The engine (mpii_io_rw) walks the view's runs from the access's first
 * stream byte and issues one pread/pwrite per run (a contiguous view is
 * one run: one call).  User memory that is not contiguous goes through a
 * bounce buffer of at most BOUNCE bytes, packed before a write and
 * unpacked after a read, chunk by chunk.  A read that meets the end of
 * the file stops there: its count is what was read (0 at or past the
 * end), not an error.  A write that the system shortens (RLIMIT_FSIZE, a
 * full disk) is retried from where it stopped, and fails with the class
 * of the errno that ends it (MPI_ERR_NO_SPACE, MPI_ERR_QUOTA...): a write
 * is never reported as done when part of it is missing.
 *
 * In atomic mode the whole access holds the file's lock (file_manage.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/io/io_impl.h"

enum { BOUNCE = 16 << 20 };

void mpii_io_status(MPI_Status *status, MPI_Count moved)
{
	if (status == MPI_STATUS_IGNORE || !status)
		return;
	mpii_status_empty(status);
	status->mpii_count = moved;
}

struct mpii_io_counters mpii_io_ctr;

/* The kernel copies a read from the page cache to user memory with rep
 * movsb, which on the development machine runs at a fifth of its speed
 * when the destination is 1 to 31 bytes ahead of the source modulo 4 KiB
 * (4K aliasing: each load waits on a store just made to an address with
 * the same low bits).  glibc's malloc returns memory 16 bytes past a page
 * boundary for large blocks, so a read of page-aligned file offsets into a
 * malloc'd buffer is the slow case: 1 MiB preads of a cached file ran at
 * 200-340 MB/s against 1000-1700 MB/s at any other distance (perf/io's
 * read next to dd, whose buffer is page-aligned: 102 against 641 MB/s in
 * perf/RESULTS.md).  Such a read goes through a bounce buffer placed half
 * a page away from both (the kernel's copy and the memcpy out of it each
 * meet a distance of about 2 KiB): the extra copy costs far less than
 * the stall.  Writes copy the other way (distance fileoff - mem) and the
 * malloc case does not hit them. */
enum { ALIAS_WINDOW = 64, ALIAS_MIN = 64 << 10, ALIAS_CHUNK = 1 << 20, PAGE = 4096 };

static int aliased_read(const char *mem, MPI_Offset at, size_t n)
{
	size_t d = ((uintptr_t)mem - (uintptr_t)at) & (PAGE - 1);
	return n >= ALIAS_MIN && d && d < ALIAS_WINDOW;
}

/* pread n bytes at at into mem through a bounce buffer (aliased_read):
 * what pread returns, errno set on -1. */
static ssize_t pread_bounced(int fd, char *mem, size_t n, MPI_Offset at)
{
	if (n > ALIAS_CHUNK)
		n = ALIAS_CHUNK;
	char *base = malloc(n + PAGE);
	if (!base)
		return pread(fd, mem, n, (off_t)at);
	/* At at + PAGE/2 modulo a page: half a page from both copies. */
	char *b = base + ((((uintptr_t)at + PAGE / 2) - (uintptr_t)base) & (PAGE - 1));
	ssize_t r = pread(fd, b, n, (off_t)at);
	if (r > 0)
		memcpy(mem, b, (size_t)r);
	int e = errno;
	free(base);
	errno = e;
	return r;
}

/* One contiguous file range: all of it, or stop at the end of the file
 * (reads).  *got: bytes moved.  0 or an errno. */
static int move_range(int fd, int write, char *mem, MPI_Offset len, MPI_Offset at,
		      MPI_Offset *got)
{
	MPI_Offset done = 0;
	while (done < len) {
		size_t n = (size_t)(len - done);
		if (n > (1u << 30))
			n = 1u << 30;
		ssize_t r = write ? pwrite(fd, mem + done, n, (off_t)(at + done))
			  : aliased_read(mem + done, at + done, n)
				? pread_bounced(fd, mem + done, n, at + done)
				: pread(fd, mem + done, n, (off_t)(at + done));
		if (r < 0) {
			if (errno == EINTR)
				continue;
			*got = done;
			return errno;
		}
		if (r == 0) {
			if (write) {
				*got = done;
				return ENOSPC;
			}
			break;   /* end of file */
		}
		done += r;
	}
	*got = done;
	*(write ? &mpii_io_ctr.bytes_written : &mpii_io_ctr.bytes_read) += (uint64_t)done;
	return 0;
}

/* Stream bytes [p, p + len) of the view to or from mem.  *got: bytes
 * moved (less than len only at the end of the file).  0 or an errno. */
static int move_stream(struct mpii_file *fh, int write, char *mem, MPI_Offset p, MPI_Offset len,
		       MPI_Offset *got)
{
	MPI_Offset done = 0;
	while (done < len) {
		MPI_Offset avail, at = mpii_io_view_map(fh->view, p + done, &avail), n = len - done;
		if (n > avail)
			n = avail;
		MPI_Offset g = 0;
		int e = move_range(fh->fd, write, mem + done, n, at, &g);
		done += g;
		if (e || g < n) {
			*got = done;
			return e;
		}
	}
	*got = done;
	return 0;
}

static uint64_t lock_id(void)
{
	return (uint64_t)(mpii_g.rank + 1) << 32 | 1;
}

/* An access in a representation other than native: the whole access
 * converted in one buffer of the file's form (datarep.c), which moves
 * like contiguous bytes; a read converts the whole elements it got. */
static int rw_converted(struct mpii_file *fh, int write, MPI_Offset off, void *buf,
			MPI_Count count, struct mpii_datatype *dt, MPI_Count *moved)
{
	MPI_Offset total = (MPI_Offset)(count * dt->size), got = 0;
	char *fbuf = malloc((size_t)total);
	if (!fbuf)
		return MPI_ERR_NO_MEM;
	int rc = MPI_SUCCESS, e = 0;
	if (write)
		rc = mpii_io_rep_convert(fh->view->rep, 1, buf, count, dt, fbuf, off);
	if (!rc) {
		if (fh->atomic)
			shm_mutex_lock(&fh->sh->lock, lock_id(), -1, NULL, NULL);
		e = move_stream(fh, write, fbuf, off * fh->view->esize, total, &got);
		if (fh->atomic)
			shm_mutex_unlock(&fh->sh->lock);
		if (e)
			rc = mpii_io_errno_class(e);
	}
	if (!rc && !write) {
		MPI_Count whole = dt->size ? got / dt->size : 0;
		got = whole * dt->size;
		if (whole)
			rc = mpii_io_rep_convert(fh->view->rep, 0, buf, whole, dt, fbuf, off);
	}
	free(fbuf);
	*moved = rc && write ? 0 : got;
	return rc;
}

int mpii_io_rw(struct mpii_file *fh, int write, MPI_Offset off, void *buf, MPI_Count count,
	       struct mpii_datatype *dt, MPI_Count *moved)
{
	MPI_Offset total = (MPI_Offset)(count * dt->size), p = off * fh->view->esize, got = 0;
	int e = 0;
	*moved = 0;
	if (total == 0)
		return MPI_SUCCESS;
	if (fh->view->rep)
		return rw_converted(fh, write, off, buf, count, dt, moved);
	if (fh->atomic)
		shm_mutex_lock(&fh->sh->lock, lock_id(), -1, NULL, NULL);
	if (dt->flags & MPII_DT_CONTIG) {
		e = move_stream(fh, write, (char *)buf + dt->true_lb, p, total, &got);
	} else {
		MPI_Offset chunk = total < BOUNCE ? total : BOUNCE;
		char *tmp = malloc((size_t)chunk);
		if (!tmp) {
			e = ENOMEM;
		} else {
			for (MPI_Offset done = 0; done < total && !e;) {
				MPI_Offset n = total - done < chunk ? total - done : chunk, g = 0;
				if (write)
					mpii_type_pack(dt, count, buf, done, tmp, n);
				e = move_stream(fh, write, tmp, p + done, n, &g);
				if (!write && g)
					mpii_type_unpack(dt, count, buf, done, tmp, g);
				done += g;
				got = done;
				if (g < n)
					break;
			}
			free(tmp);
		}
	}
	if (fh->atomic)
		shm_mutex_unlock(&fh->sh->lock);
	*moved = got;
	return e ? mpii_io_errno_class(e) : MPI_SUCCESS;
}

int mpii_io_check(MPI_File fh, int write, int where, MPI_Count count, MPI_Datatype dt,
		  const char **msg)
{
	*msg = NULL;
	if (count < 0)
		*msg = "negative count";
	else if (!MPII_VALID(dt, MPII_MAGIC_DATATYPE) || !(dt->flags & MPII_DT_COMMITTED) ||
		 dt->basic == MPII_B_DATATYPE)
		*msg = "invalid or uncommitted datatype";
	else if ((count * dt->size) % fh->view->esize)
		*msg = "the data is not a whole number of etypes of the view";
	else if (!write && (fh->amode & MPI_MODE_WRONLY))
		*msg = "reading a file opened MPI_MODE_WRONLY";
	else if (write && (fh->amode & MPI_MODE_RDONLY))
		*msg = "writing a file opened MPI_MODE_RDONLY";
	else if (where != IO_SHARED && (fh->amode & MPI_MODE_SEQUENTIAL))
		*msg = "a file opened MPI_MODE_SEQUENTIAL is accessed through the shared pointer only";
	if (!*msg)
		return MPI_SUCCESS;
	if (count < 0)
		return MPI_ERR_COUNT;
	if (**msg == 'i')
		return MPI_ERR_TYPE;
	if (**msg == 't')
		return MPI_ERR_IO;   /* as ROMIO: "an integral number of etypes" */
	if (**msg == 'r')
		return MPI_ERR_ACCESS;
	if (**msg == 'w')
		return MPI_ERR_READ_ONLY;
	return MPI_ERR_UNSUPPORTED_OPERATION;
}

int mpii_io_access(const char *fn, MPI_File fh, int write, int where, MPI_Offset off, void *buf,
		   MPI_Count count, MPI_Datatype dt, MPI_Status *status)
{
	const char *msg;
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	int rc = mpii_io_check(fh, write, where, count, dt, &msg);
	if (rc)
		return mpii_file_err(fh, rc, fn, "%s", msg);
	if (where == IO_AT && off < 0)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "negative offset");
	MPI_Offset etypes = (MPI_Offset)(count * dt->size) / fh->view->esize;
	if (where == IO_INDIV)
		off = fh->fp;
	else if (where == IO_SHARED)
		/* Relaxed: the pointer orders nothing but itself (the data
		 * goes to distinct ranges); atomic mode takes the lock. */
		off = (MPI_Offset)shm_fetch_add_relaxed(&fh->sh->shared_fp, (int64_t)etypes);
	MPI_Count moved = 0;
	rc = mpii_io_rw(fh, write, off, buf, count, dt, &moved);
	if (where == IO_INDIV)
		fh->fp = off + (MPI_Offset)moved / fh->view->esize;
	mpii_io_status(status, moved);
	if (rc)
		return mpii_file_err(fh, rc, fn, "the system refused the access after %lld bytes",
				     (long long)moved);
	return MPI_SUCCESS;
}

int mpii_File_read_at(const char *fn, MPI_File fh, MPI_Offset offset, void *buf, int count,
		      MPI_Datatype datatype, MPI_Status *status)
{
	return mpii_io_access(fn, fh, 0, IO_AT, offset, buf, count, datatype, status);
}

int mpii_File_write_at(const char *fn, MPI_File fh, MPI_Offset offset, const void *buf, int count,
		       MPI_Datatype datatype, MPI_Status *status)
{
	return mpii_io_access(fn, fh, 1, IO_AT, offset, (void *)buf, count, datatype, status);
}

int mpii_File_read(const char *fn, MPI_File fh, void *buf, int count, MPI_Datatype datatype,
		   MPI_Status *status)
{
	return mpii_io_access(fn, fh, 0, IO_INDIV, 0, buf, count, datatype, status);
}

int mpii_File_write(const char *fn, MPI_File fh, const void *buf, int count,
		    MPI_Datatype datatype, MPI_Status *status)
{
	return mpii_io_access(fn, fh, 1, IO_INDIV, 0, (void *)buf, count, datatype, status);
}

/* The etype offset in the view of the file's end: the view's data bytes
 * below file offset end, in etypes (rounded down). */
MPI_Offset mpii_io_view_end(const struct mpii_io_view *v, MPI_Offset end)
{
	if (end <= v->disp)
		return 0;
	MPI_Offset rel = end - v->disp, data;
	if (v->contig) {
		data = rel;
	} else {
		MPI_Offset tiles = rel / v->ft_extent, part = rel % v->ft_extent;
		data = tiles * v->ft_size;
		for (int i = 0; i < v->nruns; i++) {
			const struct io_run *r = &v->runs[i];
			if (part > r->off)
				data += part - r->off < r->len ? part - r->off : r->len;
		}
	}
	return data / v->esize;
}

/* The new position for a seek (whence, offset) from cur.  A class. */
int mpii_io_seek_target(struct mpii_file *fh, MPI_Offset cur, MPI_Offset offset, int whence,
			MPI_Offset *out)
{
	MPI_Offset base;
	if (whence == MPI_SEEK_SET) {
		base = 0;
	} else if (whence == MPI_SEEK_CUR) {
		base = cur;
	} else if (whence == MPI_SEEK_END) {
		struct stat st;
		if (fstat(fh->fd, &st) < 0)
			return mpii_io_errno_class(errno);
		base = mpii_io_view_end(fh->view, (MPI_Offset)st.st_size);
	} else {
		return MPI_ERR_ARG;
	}
	if (base + offset < 0)
		return MPI_ERR_ARG;
	*out = base + offset;
	return MPI_SUCCESS;
}

int mpii_File_seek(const char *fn, MPI_File fh, MPI_Offset offset, int whence)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (fh->amode & MPI_MODE_SEQUENTIAL)
		return mpii_file_err(fh, MPI_ERR_UNSUPPORTED_OPERATION, fn,
				     "the file was opened MPI_MODE_SEQUENTIAL");
	MPI_Offset to;
	int rc = mpii_io_seek_target(fh, fh->fp, offset, whence, &to);
	if (rc)
		return mpii_file_err(fh, rc, fn, "bad whence, or a position before the view's start");
	fh->fp = to;
	return MPI_SUCCESS;
}

int mpii_File_get_position(const char *fn, MPI_File fh, MPI_Offset *offset)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (!offset)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "offset is NULL");
	if (fh->amode & MPI_MODE_SEQUENTIAL)
		return mpii_file_err(fh, MPI_ERR_UNSUPPORTED_OPERATION, fn,
				     "the file was opened MPI_MODE_SEQUENTIAL");
	*offset = fh->fp;
	return MPI_SUCCESS;
}
