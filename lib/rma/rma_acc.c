/*
 * lib/rma/rma_acc.c - the accumulate family: MPI_Accumulate,
 * MPI_Get_accumulate, MPI_Fetch_and_op, MPI_Compare_and_swap and the
 * request-based MPI_Raccumulate, MPI_Rget_accumulate.
 *
 * Atomicity (MPI-3.1 11.7.1: concurrent accumulates to one location with
 * the same predefined type act as if in some order, element by element)
 * comes one of two ways, chosen so that the same (location, type) always
 * takes the same one:
 *   CPU      target memory mapped here, element kind of 1/2/4/8 bytes
 *            (not a pair), every element naturally aligned: one atomic
 *            instruction per element, or, on a window created with
 *            mpi_accumulate_granularity, each 4 KiB stripe's elements
 *            reduced under that stripe's spin lock (lib/rma/rma_atomic.h);
 *   locked   anything else (user-memory windows of other ranks, 16-byte
 *            kinds, pairs, misaligned data): the target's accumulate mutex
 *            (struct rma_target.acc) is held around read, reduce, write,
 *            the reduction being lib/coll/op.h's kernel over the target
 *            type's layout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include "lib/rma/rma_impl.h"
#include "lib/coll/coll.h"

#define NIOV 64

struct acc_args {
	const void *obuf;
	MPI_Count ocount;
	struct mpii_datatype *odt;
	void *rbuf;              /* NULL: no result wanted */
	MPI_Count rcount;
	struct mpii_datatype *rdt;
	int t;
	MPI_Aint disp;
	MPI_Count tcount;
	struct mpii_datatype *tdt;
	struct mpii_op *op;
};

/* Do all target elements take the CPU way?  (see the top comment) */
static int cpu_atomic_way(struct mpii_win *win, int t, char *taddr, const struct acc_args *a,
		      int basic, int esz)
{
	if (!mpii_rma_direct(win, t) || !mpii_rma_atomic_ok(basic, esz, NULL))
		return 0;
	if (win->flavor != MPI_WIN_FLAVOR_ALLOCATE && win->flavor != MPI_WIN_FLAVOR_SHARED &&
	    win->st->n > 1)
		return 0;   /* other ranks reach this memory by single copy */
	struct iovec iov[NIOV];
	MPI_Count total = a->tcount * a->tdt->size, off = 0, got;
	while (off < total) {
		int n = mpii_type_iov(a->tdt, a->tcount, taddr, off, total - off, iov, NIOV, &got);
		for (int i = 0; i < n; i++)
			if (((uintptr_t)iov[i].iov_base & (uintptr_t)(esz - 1)) != 0)
				return 0;
		off += got;
	}
	return 1;
}

/* Whether nothing else can update target t while we do: this process
 * holds t's lock exclusively and has one thread in MPI.  Then accumulates
 * on the CPU way need neither atomic instructions nor stripe locks. */
static int alone_on(const struct mpii_win *win, int t)
{
	return (win->st->locked[t] & 3) == 2 && !mpii_g.multi;
}

/* The stripe locks that guard target t's memory, and the address their
 * offsets count from: the window's mapping, the same memfd offsets in
 * every process (a window over user memory takes this way only when it
 * has one rank: then any fixed origin will do). */
static struct mpii_rma_stripes *stripes_of(const struct mpii_win *win, int t)
{
	return &win->st->tgt[t].stripes;
}

static uintptr_t stripe_base(const struct mpii_win *win)
{
	return win->st->mapped ? (uintptr_t)win->st->map : 0;
}

/* n contiguous elements of the CPU way (rma_atomic.h): atomic
 * instructions, or the stripe locks of a window that asked for them; no
 * locks at all when alone (see alone_on). */
static void apply_run(const struct mpii_win *win, int t, int alone, int kind, int basic, int esz,
		      char *p, const char *in, char *old, size_t n)
{
	if (alone || win->st->striped)
		mpii_rma_stripe_apply_n(alone ? NULL : stripes_of(win, t), stripe_base(win), kind,
					basic, esz, p, in, old, n);
	else if (n == 1)
		mpii_rma_atomic_apply(kind, basic, esz, p, in, old);
	else
		mpii_rma_atomic_apply_n(kind, basic, esz, p, in, old, n);
}

static void cas_one(const struct mpii_win *win, int t, int esz, char *p, const void *in,
		    const void *compare, void *old)
{
	if (win->st->striped)
		mpii_rma_stripe_cas(stripes_of(win, t), stripe_base(win), esz, p, in, compare, old);
	else
		mpii_rma_atomic_cas(esz, p, in, compare, old);
}

static void do_atomic(const struct mpii_win *win, char *taddr, const struct acc_args *a,
		      const char *in, char *old, int basic, int esz, int alone)
{
	struct iovec iov[NIOV];
	MPI_Count total = a->tcount * a->tdt->size, off = 0, got;
	int kind = a->op->kind;
	while (off < total) {
		int n = mpii_type_iov(a->tdt, a->tcount, taddr, off, total - off, iov, NIOV, &got);
		MPI_Count k = off;
		for (int i = 0; i < n; i++) {
			apply_run(win, a->t, alone, kind, basic, esz, iov[i].iov_base, in ? in + k : NULL,
				  old ? old + k : NULL, iov[i].iov_len / (size_t)esz);
			k += (MPI_Count)iov[i].iov_len;
		}
		off += got;
	}
}

/* Copy the target pieces of (taddr, tcount, tdt) between t's memory and
 * the same offsets of the local buffer lbase (laid out like the target). */
static int pieces(struct mpii_win *win, int t, char *taddr, char *lbase, const struct acc_args *a,
		  int to_target)
{
	struct iovec ti[NIOV], li[NIOV];
	MPI_Count total = a->tcount * a->tdt->size, off = 0, got, lgot;
	int direct = mpii_rma_direct(win, t);
	while (off < total) {
		int n = mpii_type_iov(a->tdt, a->tcount, taddr, off, total - off, ti, NIOV, &got);
		int m = mpii_type_iov(a->tdt, a->tcount, lbase, off, got, li, NIOV, &lgot);
		if (direct) {
			for (int i = 0; i < n; i++) {
				if (to_target)
					memcpy(ti[i].iov_base, li[i].iov_base, ti[i].iov_len);
				else
					memcpy(li[i].iov_base, ti[i].iov_base, ti[i].iov_len);
			}
		} else {
			pid_t pid = win->st->peer[t].pid;
			ssize_t r = to_target
					    ? process_vm_writev(pid, li, (unsigned long)m, ti, (unsigned long)n, 0)
					    : process_vm_readv(pid, li, (unsigned long)m, ti, (unsigned long)n, 0);
			if (r != (ssize_t)got)
				return r < 0 && errno == EFAULT ? MPI_ERR_RMA_RANGE : MPI_ERR_OTHER;
		}
		off += got;
	}
	return MPI_SUCCESS;
}

static void acc_lock(struct mpii_win *win, int t)
{
	uint64_t me = ((uint64_t)(mpii_g.rank + 1) << 32) | (uint64_t)gettid();
	/* The word is in the window's shared control block: a value that is
	 * no state means another rank overwrote it (shm/mutex.h). */
	if (shm_mutex_lock(&win->st->tgt[t].acc, me, -1, NULL, NULL) == SHM_MUTEX_BAD_STATE) {
		char why[300];
		snprintf(why, sizeof(why), "the accumulate lock of window %s at rank %d holds a state that "
			 "no lock has: the window's shared memory was overwritten",
			 win->name[0] ? win->name : "(unnamed)", t);
		mpii_abort_job(MPI_ERR_INTERN, why);
	}
}

/* The locked way: read, reduce, write under the target's accumulate mutex.
 * in / old are packed streams (old may be NULL). */
static int do_locked(struct mpii_win *win, int t, char *taddr, const struct acc_args *a,
		     const char *in, char *old)
{
	MPI_Aint lo, hi;
	MPI_Count bytes = a->tcount * a->tdt->size;
	int kind = a->op->kind;
	mpii_rma_span(a->tcount, a->tdt, &lo, &hi);
	char *cur = malloc((size_t)(hi - lo)), *inl = NULL;
	const char *in_t = NULL;   /* the origin's elements in the target's layout, at lo */
	if (!cur)
		return MPI_ERR_NO_MEM;
	if (kind != MPII_OP_REPLACE && kind != MPII_OP_NO_OP) {
		if (a->tdt->flags & MPII_DT_CONTIG) {
			in_t = in;   /* one run: the packed stream is the layout */
		} else {
			if (!(inl = malloc((size_t)(hi - lo)))) {
				free(cur);
				return MPI_ERR_NO_MEM;
			}
			mpii_type_unpack(a->tdt, a->tcount, inl - lo, 0, in, bytes);
			in_t = inl;
		}
	}
	acc_lock(win, t);
	int rc = pieces(win, t, taddr, cur - lo, a, 0);
	if (!rc && old)
		mpii_type_pack(a->tdt, a->tcount, cur - lo, 0, old, bytes);
	if (!rc && kind != MPII_OP_NO_OP) {
		if (kind == MPII_OP_REPLACE)
			mpii_type_unpack(a->tdt, a->tcount, cur - lo, 0, in, bytes);
		else
			mpii_op_apply(a->op, in_t - lo, cur - lo, a->tcount, a->tdt);
		rc = pieces(win, t, taddr, cur - lo, a, 1);
	}
	shm_mutex_unlock(&win->st->tgt[t].acc);
	free(cur);
	free(inl);
	return rc;
}

/* Every accumulate: checks, then the atomic or the locked way. */
static int accumulate(struct mpii_win *win, struct acc_args *a, const char **why)
{
	struct mpii_win_state *st = win->st;
	int kind, rc, no_origin;

	if (!MPII_VALID(a->op, MPII_MAGIC_OP)) {
		*why = "invalid operation";
		return MPI_ERR_OP;
	}
	kind = a->op->kind;
	if (kind == MPII_OP_USER) {
		*why = "accumulates take predefined operations only";
		return MPI_ERR_OP;
	}
	no_origin = kind == MPII_OP_NO_OP;
	if (!no_origin && (rc = mpii_rma_check_buf(a->ocount, a->odt)) != MPI_SUCCESS) {
		*why = "bad origin count or datatype";
		return rc;
	}
	if ((rc = mpii_rma_check_buf(a->tcount, a->tdt)) != MPI_SUCCESS) {
		*why = "bad target count or datatype";
		return rc;
	}
	if (a->rdt && (rc = mpii_rma_check_buf(a->rcount, a->rdt)) != MPI_SUCCESS) {
		*why = "bad result count or datatype";
		return rc;
	}
	if (a->t == MPI_PROC_NULL)
		return MPI_SUCCESS;
	if (a->t < 0 || a->t >= st->n) {
		*why = "target rank out of range";
		return MPI_ERR_RANK;
	}
	MPI_Count bytes = a->tcount * a->tdt->size;
	if (bytes == 0 && (no_origin || a->ocount * a->odt->size == 0) &&
	    (!a->rdt || a->rcount * a->rdt->size == 0))
		return MPI_SUCCESS;   /* nothing moves: types need not match */
	int basic = mpii_type_elem_basic(a->tdt);
	if (basic < 0 || (!no_origin && mpii_type_elem_basic(a->odt) != basic) ||
	    (a->rdt && mpii_type_elem_basic(a->rdt) != basic)) {
		*why = "origin, result and target are not all of one predefined type";
		return MPI_ERR_TYPE;
	}
	if ((!no_origin && a->ocount * a->odt->size != bytes) ||
	    (a->rdt && a->rcount * a->rdt->size != bytes)) {
		*why = "origin, result and target differ in size";
		return MPI_ERR_TYPE;
	}
	if (kind != MPII_OP_REPLACE && !no_origin && mpii_op_check_type(a->op, a->tdt)) {
		*why = "operation not defined on this datatype";
		return MPI_ERR_OP;
	}
	if ((rc = mpii_rma_epoch_check(win, a->t)) != MPI_SUCCESS) {
		*why = "no access epoch to the target is open";
		return rc;
	}
	char *taddr;
	if ((rc = mpii_rma_target(win, a->t, a->disp, a->tcount, a->tdt, &taddr)) != MPI_SUCCESS) {
		*why = "target displacement outside the target's window";
		return rc;
	}
	mpii_rma_ctr.accs++;
	if (bytes == 0 || basic == MPII_B_NONE)
		return MPI_SUCCESS;

	/* Origin and result as packed streams, in place when contiguous. */
	const char *in = NULL;
	char *inbuf = NULL, *old = NULL, *oldbuf = NULL;
	if (!no_origin) {
		if (a->odt->flags & MPII_DT_CONTIG) {
			in = (const char *)a->obuf + a->odt->true_lb;
		} else {
			if (!(inbuf = malloc((size_t)bytes)))
				goto nomem;
			mpii_type_pack(a->odt, a->ocount, a->obuf, 0, inbuf, bytes);
			in = inbuf;
		}
	}
	if (a->rdt) {
		if (a->rdt->flags & MPII_DT_CONTIG) {
			old = (char *)a->rbuf + a->rdt->true_lb;
		} else {
			if (!(oldbuf = malloc((size_t)bytes)))
				goto nomem;
			old = oldbuf;
		}
	}
	int esz = mpii_basic_size(basic);
	if (cpu_atomic_way(win, a->t, taddr, a, basic, esz)) {
		do_atomic(win, taddr, a, in, old, basic, esz, alone_on(win, a->t));
		rc = MPI_SUCCESS;
	} else {
		rc = do_locked(win, a->t, taddr, a, in, old);
	}
	if (!rc && oldbuf)
		mpii_type_unpack(a->rdt, a->rcount, a->rbuf, 0, oldbuf, bytes);
	free(inbuf);
	free(oldbuf);
	*why = "copy to or from the target failed";
	return rc;
nomem:
	free(inbuf);
	free(oldbuf);
	*why = "out of memory";
	return MPI_ERR_NO_MEM;
}

/* The latency path: one predefined type everywhere, a mapped target, an
 * open epoch, in range, the atomic way.  1 when done, 0 to let
 * accumulate() check and do everything. */
static int acc_fast(struct mpii_win *win, const struct acc_args *a)
{
	struct mpii_win_state *st = win->st;
	struct mpii_datatype *dt = a->tdt;
	if (!st->mapped || !MPII_VALID(dt, MPII_MAGIC_DATATYPE) ||
	    (dt->flags & (MPII_DT_PREDEFINED | MPII_DT_CONTIG)) !=
		    (MPII_DT_PREDEFINED | MPII_DT_CONTIG) ||
	    !MPII_VALID(a->op, MPII_MAGIC_OP) || a->op->kind == MPII_OP_USER ||
	    (a->op->kind != MPII_OP_NO_OP && (a->odt != dt || a->ocount != a->tcount || !a->obuf)) ||
	    (a->rdt && (a->rdt != dt || a->rcount != a->tcount || !a->rbuf)) ||
	    a->tcount <= 0 || (unsigned)a->t >= (unsigned)st->n || a->disp < 0 ||
	    !mpii_rma_epoch_open(st, a->t))
		return 0;
	int esz = (int)dt->size;
	MPI_Aint off = a->disp * st->peer[a->t].disp_unit;
	char *taddr = st->peer[a->t].addr + off;
	if (off + (MPI_Aint)a->tcount * esz > st->peer[a->t].size ||
	    !mpii_rma_atomic_ok(dt->basic, esz, taddr) ||
	    (a->op->kind != MPII_OP_REPLACE && a->op->kind != MPII_OP_NO_OP &&
	     mpii_op_check_type(a->op, dt)))
		return 0;
	const char *in = a->obuf;
	char *old = a->rbuf;
	apply_run(win, a->t, alone_on(win, a->t), a->op->kind, dt->basic, esz, taddr,
		  a->op->kind == MPII_OP_NO_OP ? NULL : in, old, (size_t)a->tcount);
	mpii_rma_ctr.accs++;
	return 1;
}

static int acc_entry(const char *fn, struct acc_args *a, MPI_Win win, MPI_Request *request)
{
	const char *why = "";
	MPII_CHECK_INIT(fn);
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!request && acc_fast(win, a))
		return MPI_SUCCESS;
	int rc = accumulate(win, a, &why);
	if (!rc && request && (rc = mpii_rma_done_request(request)) != MPI_SUCCESS)
		why = "out of memory";
	return rc ? mpii_win_err(win, rc, fn, "%s", why) : MPI_SUCCESS;
}

#pragma weak MPI_Accumulate = PMPI_Accumulate
int PMPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
		    int target_rank, MPI_Aint target_disp, int target_count,
		    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
	struct acc_args a = { origin_addr, origin_count, origin_datatype, NULL, 0, NULL,
			      target_rank, target_disp, target_count, target_datatype, op };
	return acc_entry("MPI_Accumulate", &a, win, NULL);
}

int mpii_Raccumulate(const char *fn, const void *origin_addr, int origin_count,
		     MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
		     int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
		     MPI_Request *request)
{
	struct acc_args a = { origin_addr, origin_count, origin_datatype, NULL, 0, NULL,
			      target_rank, target_disp, target_count, target_datatype, op };
	if (!request)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "request is NULL");
	return acc_entry(fn, &a, win, request);
}

/* MPI_Get_accumulate and MPI_Rget_accumulate for fn (nonblocking: with a
 * request to return): the result arguments are checked here, the rest by
 * acc_entry. */
static int get_accumulate(const char *fn, const void *origin_addr, int origin_count,
			  MPI_Datatype origin_datatype, void *result_addr, int result_count,
			  MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
			  int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
			  int nonblocking, MPI_Request *request)
{
	if (!MPII_VALID(result_datatype, MPII_MAGIC_DATATYPE))
		return mpii_win_err(win, MPI_ERR_TYPE, fn, "invalid result datatype");
	if (nonblocking && !request)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "request is NULL");
	struct acc_args a = { origin_addr, origin_count, origin_datatype, result_addr,
			      result_count, result_datatype, target_rank, target_disp,
			      target_count, target_datatype, op };
	return acc_entry(fn, &a, win, request);
}

#pragma weak MPI_Get_accumulate = PMPI_Get_accumulate
int PMPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
			void *result_addr, int result_count, MPI_Datatype result_datatype,
			int target_rank, MPI_Aint target_disp, int target_count,
			MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
	return get_accumulate("MPI_Get_accumulate", origin_addr, origin_count, origin_datatype,
			      result_addr, result_count, result_datatype, target_rank, target_disp,
			      target_count, target_datatype, op, win, 0, NULL);
}

#pragma weak MPI_Rget_accumulate = PMPI_Rget_accumulate
int PMPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
			 void *result_addr, int result_count, MPI_Datatype result_datatype,
			 int target_rank, MPI_Aint target_disp, int target_count,
			 MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
			 MPI_Request *request)
{
	return get_accumulate("MPI_Rget_accumulate", origin_addr, origin_count, origin_datatype,
			      result_addr, result_count, result_datatype, target_rank, target_disp,
			      target_count, target_datatype, op, win, 1, request);
}

/* One element, the fast path of the counter every benchmark measures. */
int mpii_Fetch_and_op(const char *fn, const void *origin_addr, void *result_addr,
		      MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op,
		      MPI_Win win)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	struct mpii_win_state *st = win->st;
	if (MPII_VALID(datatype, MPII_MAGIC_DATATYPE) && (datatype->flags & MPII_DT_PREDEFINED) &&
	    MPII_VALID(op, MPII_MAGIC_OP) && op->kind != MPII_OP_USER &&
	    (unsigned)target_rank < (unsigned)st->n && st->mapped && result_addr &&
	    (origin_addr || op->kind == MPII_OP_NO_OP) && target_disp >= 0 &&
	    mpii_rma_epoch_open(st, target_rank)) {
		int esz = (int)datatype->size;
		MPI_Aint off = target_disp * st->peer[target_rank].disp_unit;
		char *taddr = st->peer[target_rank].addr + off;
		if (off + esz <= st->peer[target_rank].size &&
		    mpii_rma_atomic_ok(datatype->basic, esz, taddr) &&
		    (op->kind == MPII_OP_REPLACE || op->kind == MPII_OP_NO_OP ||
		     !mpii_op_check_type(op, datatype))) {
			apply_run(win, target_rank, alone_on(win, target_rank), op->kind,
				  datatype->basic, esz, taddr,
				  op->kind == MPII_OP_NO_OP ? NULL : origin_addr, result_addr, 1);
			mpii_rma_ctr.accs++;
			return MPI_SUCCESS;
		}
	}
	/* Everything else, errors included, the general way. */
	if (!MPII_VALID(datatype, MPII_MAGIC_DATATYPE))
		return mpii_win_err(win, MPI_ERR_TYPE, fn, "invalid datatype");
	struct acc_args a = { origin_addr, 1, datatype, result_addr, 1, datatype,
			      target_rank, target_disp, 1, datatype, op };
	return acc_entry(fn, &a, win, NULL);
}

static int cas_type_ok(const struct mpii_datatype *dt)
{
	switch (dt->basic) {
	case MPII_B_FLOAT: case MPII_B_DOUBLE: case MPII_B_LDOUBLE: case MPII_B_CFLOAT:
	case MPII_B_CDOUBLE: case MPII_B_CLDOUBLE: case MPII_B_NONE: case MPII_B_PACKED:
		return 0;
	default:
		return dt->basic < MPII_B_FLOAT_INT || dt->basic == MPII_B_LOGICAL;
	}
}

int mpii_Compare_and_swap(const char *fn, const void *origin_addr, const void *compare_addr,
			  void *result_addr, MPI_Datatype datatype, int target_rank,
			  MPI_Aint target_disp, MPI_Win win)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	struct mpii_win_state *st = win->st;
	if (!MPII_VALID(datatype, MPII_MAGIC_DATATYPE) || !(datatype->flags & MPII_DT_PREDEFINED) ||
	    !cas_type_ok(datatype))
		return mpii_win_err(win, MPI_ERR_TYPE, fn,
				    "compare-and-swap takes one predefined integer, logical or byte type");
	if (!origin_addr || !compare_addr || !result_addr)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "NULL buffer");
	if (target_rank == MPI_PROC_NULL)
		return MPI_SUCCESS;
	if (target_rank < 0 || target_rank >= st->n)
		return mpii_win_err(win, MPI_ERR_RANK, fn, "target rank %d out of range", target_rank);
	int esz = (int)datatype->size;
	if (st->mapped && target_disp >= 0 && mpii_rma_epoch_open(st, target_rank)) {
		/* The latency path: one instruction on mapped memory. */
		MPI_Aint off = target_disp * st->peer[target_rank].disp_unit;
		char *p = st->peer[target_rank].addr + off;
		if (off + esz <= st->peer[target_rank].size &&
		    mpii_rma_atomic_ok(datatype->basic, esz, p)) {
			cas_one(win, target_rank, esz, p, origin_addr, compare_addr, result_addr);
			mpii_rma_ctr.cas++;
			return MPI_SUCCESS;
		}
	}
	int rc = mpii_rma_epoch_check(win, target_rank);
	if (rc)
		return mpii_win_err(win, rc, fn, "no access epoch to the target is open");
	char *taddr;
	if ((rc = mpii_rma_target(win, target_rank, target_disp, 1, datatype, &taddr)) != MPI_SUCCESS)
		return mpii_win_err(win, rc, fn, "target displacement outside the target's window");
	mpii_rma_ctr.cas++;
	struct acc_args a = { NULL, 0, NULL, NULL, 0, NULL, target_rank, target_disp, 1, datatype,
			      MPI_NO_OP };
	if (cpu_atomic_way(win, target_rank, taddr, &a, datatype->basic, esz)) {
		cas_one(win, target_rank, esz, taddr, origin_addr, compare_addr, result_addr);
		return MPI_SUCCESS;
	}
	/* The locked way: read, compare, maybe write. */
	acc_lock(win, target_rank);
	rc = pieces(win, target_rank, taddr, result_addr, &a, 0);
	if (!rc && !memcmp(result_addr, compare_addr, (size_t)esz))
		rc = pieces(win, target_rank, taddr, (char *)origin_addr, &a, 1);
	shm_mutex_unlock(&st->tgt[target_rank].acc);
	if (rc)
		return mpii_win_err(win, rc, fn, "copy to or from the target failed");
	return MPI_SUCCESS;
}
