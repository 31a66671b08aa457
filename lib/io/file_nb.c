/*
 * lib/io/file_nb.c - nonblocking data access (MPI-3.1 13.4.2 to 13.4.4,
 * and the MPI-3.1 nonblocking collectives): iread/iwrite with explicit
 * offsets, the individual and the shared pointer, and iread_all,
 * iwrite_all, iread_at_all, iwrite_at_all, through io_uring.
 *
 * One ring per process, set up at the first nonblocking access.  An
 * access becomes a list of pieces (one per run of the view, as the
 * blocking engine would issue them), each one read or write on the ring;
 * the request is a polled request of the progress engine
 * (mpii_progress_poll_add): each pass reaps the ring's completions (of
 * every access in flight), resubmits what the kernel shortened, tops up
 * the ring with pieces not yet submitted, and completes the request once
 * all its pieces are in, so MPI_Wait/Test (and the handler thread, and a
 * seed handler on the request) see it complete when the data has landed.
 * Memory that is not contiguous goes through a bounce buffer, packed at
 * the start of a write, unpacked at the end of a read.
 *
 * Errors are the request's: the status's MPI_ERROR holds the class, and
 * MPI_Wait/Test (or the array calls) raise it through the file's error
 * handler (the request's raise hook); a read that meets the end of the
 * file completes with the bytes before it, as blocking reads do.
 *
 * Atomic mode, a view in a representation other than native, and a
 * process where io_uring cannot be set up (a container that forbids it),
 * do the access at the start with the blocking engine:
 * the request is born complete.  Atomic mode does so because holding the
 * file's lock across calls could deadlock against a rank waiting for it
 * inside a collective.
 *
 * The pointers move when the access starts, by the whole request (as
 * ROMIO does): the individual pointer here, the shared one by its
 * fetch-and-add.  A nonblocking collective is each rank's own nonblocking
 * access: nothing to agree on before the data moves.
 */
#include <errno.h>
#include <liburing.h>
#include <stdlib.h>
#include <string.h>
#include "lib/io/io_impl.h"

enum { RING_ENTRIES = 256 };

static struct io_uring ring;
static int ring_state;         /* 0 not tried, 1 up, -1 unavailable */
static int ring_free = RING_ENTRIES;   /* submission slots not in flight */

struct nb_op;
struct nb_piece {
	struct nb_op *op;
	char *mem;
	MPI_Offset at, len, got;   /* got: bytes moved so far */
	int state;                 /* 0 to submit, 1 in flight, 2 finished */
};

struct nb_op {
	struct mpii_request *req;
	struct mpii_file *fh;
	int write;
	int npieces, scan, inflight;
	struct nb_piece *pieces;
	char *bounce;
	void *ubuf;
	MPI_Count count;
	struct mpii_datatype *dt;
	int err;                   /* first errno */
	int eof;                   /* a read met the end of the file */
};

static void op_free(void *state)
{
	struct nb_op *op = state;
	free(op->pieces);
	free(op->bounce);
	if (op->dt)
		mpii_type_unref(op->dt);
	free(op);
}

static int ring_up(void)
{
	if (ring_state == 0) {
		struct io_uring_params p;
		memset(&p, 0, sizeof(p));
		ring_state = io_uring_queue_init_params(RING_ENTRIES, &ring, &p) == 0 ? 1 : -1;
	}
	return ring_state == 1;
}

/* Submit pieces of op while the ring has room. */
static void submit_some(struct nb_op *op)
{
	for (int i = op->scan; i < op->npieces && ring_free > 0 && !op->err && !op->eof; i++) {
		struct nb_piece *pc = &op->pieces[i];
		if (pc->state != 0)
			continue;
		struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);
		if (!sqe)
			break;
		unsigned n = (unsigned)(pc->len - pc->got > (1 << 30) ? 1 << 30 : pc->len - pc->got);
		if (op->write)
			io_uring_prep_write(sqe, op->fh->fd, pc->mem + pc->got, n,
					    (uint64_t)(pc->at + pc->got));
		else
			io_uring_prep_read(sqe, op->fh->fd, pc->mem + pc->got, n,
					   (uint64_t)(pc->at + pc->got));
		io_uring_sqe_set_data(sqe, pc);
		pc->state = 1;
		op->inflight++;
		ring_free--;
	}
	while (op->scan < op->npieces && op->pieces[op->scan].state == 2)
		op->scan++;
	io_uring_submit(&ring);
}

/* Take every completion the ring holds, whichever access it is of. */
static void reap(void)
{
	struct io_uring_cqe *cqe;
	while (io_uring_peek_cqe(&ring, &cqe) == 0) {
		struct nb_piece *pc = io_uring_cqe_get_data(cqe);
		int res = cqe->res;
		io_uring_cqe_seen(&ring, cqe);
		ring_free++;
		struct nb_op *op = pc->op;
		op->inflight--;
		if (res == -EINTR || res == -EAGAIN) {
			pc->state = 0;
		} else if (res < 0) {
			pc->state = 2;
			if (!op->err)
				op->err = -res;
		} else if (res == 0) {
			pc->state = 2;
			if (op->write) {
				if (!op->err)
					op->err = ENOSPC;
			} else {
				op->eof = 1;
			}
		} else {
			pc->got += res;
			*(op->write ? &mpii_io_ctr.bytes_written : &mpii_io_ctr.bytes_read) += (uint64_t)res;
			pc->state = pc->got < pc->len ? 0 : 2;
		}
		if (pc->state == 0) {
			int i = (int)(pc - op->pieces);
			if (i < op->scan)
				op->scan = i;
		}
	}
}

/* The data bytes moved: the pieces in order up to the first one short. */
static MPI_Count op_moved(struct nb_op *op)
{
	MPI_Count m = 0;
	for (int i = 0; i < op->npieces; i++) {
		m += op->pieces[i].got;
		if (op->pieces[i].got < op->pieces[i].len)
			break;
	}
	return m;
}

static void op_finish(struct nb_op *op)
{
	MPI_Count moved = op_moved(op);
	if (!op->write && op->bounce && moved)
		mpii_type_unpack(op->dt, op->count, op->ubuf, 0, op->bounce, moved);
	mpii_io_status(&op->req->status, moved);
	op->req->status.MPI_ERROR = op->err ? mpii_io_errno_class(op->err) : MPI_SUCCESS;
	mpii_request_complete(op->req);
}

static int op_poll(struct mpii_request *req)
{
	struct nb_op *op = req->state;
	reap();
	int unfinished = 0;
	if (!op->err && !op->eof)
		for (int i = op->scan; i < op->npieces && !unfinished; i++)
			unfinished = op->pieces[i].state != 2;
	if (op->inflight == 0 && !unfinished) {
		op_finish(op);
		return 1;
	}
	submit_some(op);
	return 0;
}

/* The kind's raise op (lib/core/request.h, raise_to): MPI_Wait/Test and
 * the array calls raise a failed access's class through the file's
 * handler (MPI-3.1 13.7), not MPI_COMM_WORLD's.  The file is the
 * request's own state (req->greq), which its kind needs no op to drop. */
static int req_raise(void *fh, int errcode, const char *fn)
{
	return mpii_file_err(fh, errcode, fn, "nonblocking access failed");
}

static void file_raise_to(struct mpii_request *req, struct mpii_raise_to *to)
{
	to->fn = req_raise;
	to->obj = req->greq;
	to->arrays = 1;
}

static const struct mpii_request_ops file_ops = {
	.raise_to = file_raise_to,
};

void mpii_io_init(void)
{
	mpii_request_register(MPII_REQ_FILE, &file_ops);
}

/* A request of fh, its errors raised on fh. */
static struct mpii_request *file_request(struct mpii_file *fh)
{
	struct mpii_request *req = mpii_request_new(MPII_REQ_FILE);
	if (req)
		req->greq = fh;
	return req;
}

/* A complete request with the outcome of a blocking access. */
static int born_complete(struct mpii_file *fh, int err, MPI_Count moved,
			 struct mpii_request **out)
{
	struct mpii_request *req = file_request(fh);
	if (!req)
		return MPI_ERR_NO_MEM;
	mpii_io_status(&req->status, moved);
	req->status.MPI_ERROR = err;
	mpii_request_complete(req);
	*out = req;
	return MPI_SUCCESS;
}

/* The pieces of stream bytes [p, p + len) of fh's view over mem. */
static int make_pieces(struct nb_op *op, char *mem, MPI_Offset p, MPI_Offset len)
{
	int cap = 8, n = 0;
	struct nb_piece *pcs = malloc(sizeof(*pcs) * (size_t)cap);
	if (!pcs)
		return MPI_ERR_NO_MEM;
	for (MPI_Offset done = 0; done < len;) {
		MPI_Offset avail, at = mpii_io_view_map(op->fh->view, p + done, &avail);
		MPI_Offset k = len - done < avail ? len - done : avail;
		if (n == cap) {
			cap *= 2;
			struct nb_piece *q = realloc(pcs, sizeof(*pcs) * (size_t)cap);
			if (!q) {
				free(pcs);
				return MPI_ERR_NO_MEM;
			}
			pcs = q;
		}
		pcs[n] = (struct nb_piece){ op, mem + done, at, k, 0, 0 };
		n++;
		done += k;
	}
	op->pieces = pcs;
	op->npieces = n;
	return MPI_SUCCESS;
}

/* Start one nonblocking access.  A class (raised on fh here). */
static int nb_start(const char *fn, MPI_File fh, int write, int where, MPI_Offset off, void *buf,
		    MPI_Count count, MPI_Datatype dt, MPI_Request *request)
{
	const char *msg;
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (!request)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "request is NULL");
	int rc = mpii_io_check(fh, write, where, count, dt, &msg);
	if (rc)
		return mpii_file_err(fh, rc, fn, "%s", msg);
	if (where == IO_AT && off < 0)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "negative offset");
	MPI_Offset total = (MPI_Offset)(count * dt->size);
	MPI_Offset etypes = total / fh->view->esize;
	if (where == IO_INDIV) {
		off = fh->fp;
		fh->fp += etypes;
	} else if (where == IO_SHARED) {
		/* Relaxed: as the blocking shared accesses (file_shared.c). */
		off = (MPI_Offset)shm_fetch_add_relaxed(&fh->sh->shared_fp, (int64_t)etypes);
	}
	struct mpii_request *req = NULL;
	mpii_lock();
	int up = total > 0 && !fh->atomic && !fh->view->rep && ring_up();
	mpii_unlock();
	if (!up) {
		MPI_Count moved = 0;
		int err = mpii_io_rw(fh, write, off, buf, count, dt, &moved);
		rc = born_complete(fh, err, moved, &req);
		if (rc)
			return mpii_file_err(fh, rc, fn, "out of memory");
		*request = req;
		return MPI_SUCCESS;
	}
	struct nb_op *op = calloc(1, sizeof(*op));
	req = file_request(fh);
	if (!op || !req)
		goto nomem;
	op->fh = fh;
	op->write = write;
	op->req = req;
	op->ubuf = buf;
	op->count = count;
	mpii_type_ref(dt);
	op->dt = dt;
	char *mem = (char *)buf + dt->true_lb;
	if (!(dt->flags & MPII_DT_CONTIG)) {
		op->bounce = malloc((size_t)total);
		if (!op->bounce)
			goto nomem;
		if (write)
			mpii_type_pack(dt, count, buf, 0, op->bounce, total);
		mem = op->bounce;
	}
	if (make_pieces(op, mem, off * fh->view->esize, total))
		goto nomem;
	req->state = op;
	req->state_free = op_free;
	req->poll = op_poll;
	mpii_lock();
	submit_some(op);
	mpii_progress_poll_add(req);
	mpii_unlock();
	*request = req;
	return MPI_SUCCESS;
nomem:
	if (op)
		op_free(op);
	if (req)
		mpii_request_release(req);
	return mpii_file_err(fh, MPI_ERR_NO_MEM, fn, "out of memory");
}

int mpii_File_iread_at(const char *fn, MPI_File fh, MPI_Offset offset, void *buf, int count,
		       MPI_Datatype datatype, MPI_Request *request)
{
	return nb_start(fn, fh, 0, IO_AT, offset, buf, count, datatype, request);
}

int mpii_File_iwrite_at(const char *fn, MPI_File fh, MPI_Offset offset, const void *buf,
			int count, MPI_Datatype datatype, MPI_Request *request)
{
	return nb_start(fn, fh, 1, IO_AT, offset, (void *)buf, count, datatype, request);
}

int mpii_File_iread_at_all(const char *fn, MPI_File fh, MPI_Offset offset, void *buf, int count,
			   MPI_Datatype datatype, MPI_Request *request)
{
	return nb_start(fn, fh, 0, IO_AT, offset, buf, count, datatype, request);
}

int mpii_File_iwrite_at_all(const char *fn, MPI_File fh, MPI_Offset offset, const void *buf,
			    int count, MPI_Datatype datatype, MPI_Request *request)
{
	return nb_start(fn, fh, 1, IO_AT, offset, (void *)buf, count, datatype, request);
}

int mpii_File_iread(const char *fn, MPI_File fh, void *buf, int count, MPI_Datatype datatype,
		    MPI_Request *request)
{
	return nb_start(fn, fh, 0, IO_INDIV, 0, buf, count, datatype, request);
}

int mpii_File_iwrite(const char *fn, MPI_File fh, const void *buf, int count,
		     MPI_Datatype datatype, MPI_Request *request)
{
	return nb_start(fn, fh, 1, IO_INDIV, 0, (void *)buf, count, datatype, request);
}

int mpii_File_iread_all(const char *fn, MPI_File fh, void *buf, int count, MPI_Datatype datatype,
			MPI_Request *request)
{
	return nb_start(fn, fh, 0, IO_INDIV, 0, buf, count, datatype, request);
}

int mpii_File_iwrite_all(const char *fn, MPI_File fh, const void *buf, int count,
			 MPI_Datatype datatype, MPI_Request *request)
{
	return nb_start(fn, fh, 1, IO_INDIV, 0, (void *)buf, count, datatype, request);
}

int mpii_File_iread_shared(const char *fn, MPI_File fh, void *buf, int count,
			   MPI_Datatype datatype, MPI_Request *request)
{
	return nb_start(fn, fh, 0, IO_SHARED, 0, buf, count, datatype, request);
}

int mpii_File_iwrite_shared(const char *fn, MPI_File fh, const void *buf, int count,
			    MPI_Datatype datatype, MPI_Request *request)
{
	return nb_start(fn, fh, 1, IO_SHARED, 0, (void *)buf, count, datatype, request);
}
