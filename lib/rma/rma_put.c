/*
 * lib/rma/rma_put.c - MPI_Put, MPI_Get, MPI_Rput, MPI_Rget and the data
 * movement every RMA operation shares: the target's address and range
 * check, and the copy of a packed stream between two typed buffers.
 *
 * Mapped windows (allocate, shared) and the rank's own memory are copied
 * with memcpy, piece by piece of the two type maps; windows over user
 * memory of another rank go by one process_vm_writev/readv per 64 pieces:
 * the kernel pairs the two iovec lists, so non-contiguous origin and
 * target types cost no packing.  Each call has finished its copy when it
 * returns: the request of MPI_Rput/MPI_Rget is complete at once.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/uio.h>
#include "lib/rma/rma_impl.h"

#define NIOV 64

void mpii_rma_span(MPI_Count count, const struct mpii_datatype *dt, MPI_Aint *lo, MPI_Aint *hi)
{
	MPI_Aint step = (MPI_Aint)(count - 1) * dt->extent;
	*lo = dt->true_lb + (step < 0 ? step : 0);
	*hi = dt->true_lb + dt->true_extent + (step > 0 ? step : 0);
}

int mpii_rma_check_buf(MPI_Count count, MPI_Datatype dt)
{
	if (count < 0)
		return MPI_ERR_COUNT;
	return mpii_type_check_comm(dt);
}

int mpii_rma_target(struct mpii_win *win, int t, MPI_Aint disp, MPI_Count count,
		    struct mpii_datatype *dt, char **addr)
{
	struct mpii_win_state *st = win->st;
	MPI_Aint lo = 0, hi = 0;
	int empty = count == 0 || dt->size == 0;

	if (!empty)
		mpii_rma_span(count, dt, &lo, &hi);
	if (win->flavor == MPI_WIN_FLAVOR_DYNAMIC) {
		/* disp is an address in t's space (MPI_Get_address). */
		*addr = (char *)(intptr_t)disp;
		if (empty)
			return MPI_SUCCESS;
		struct rma_target *tg = &st->tgt[t];
		uint64_t a = (uint64_t)disp + (uint64_t)lo, b = (uint64_t)disp + (uint64_t)hi;
		/* Acquire: pairs with the release in MPI_Win_attach/detach. */
		uint32_t k = shm_load_acquire(&tg->nregions);
		const struct rma_region *reg = st->regions + (size_t)t * RMA_MAX_ATTACH;
		if (k > RMA_MAX_ATTACH)
			k = RMA_MAX_ATTACH;
		/* [a, b) may run across regions attached end to end: walk from
		 * a to the end of the region holding it until past b. */
		while (a < b) {
			uint32_t i = 0;
			while (i < k && !(a >= reg[i].base && a < reg[i].base + reg[i].size))
				i++;
			if (i == k)
				return MPI_ERR_RMA_RANGE;
			a = reg[i].base + reg[i].size;
		}
		return MPI_SUCCESS;
	}
	if (disp < 0)
		return MPI_ERR_RMA_RANGE;
	MPI_Aint off = disp * st->peer[t].disp_unit;
	*addr = st->peer[t].addr + off;
	if (empty)
		return MPI_SUCCESS;
	if (off + lo < 0 || off + hi > st->peer[t].size)
		return MPI_ERR_RMA_RANGE;
	return MPI_SUCCESS;
}

/* Keep the first len bytes of iov[0..n); returns the new n. */
static int iov_trim(struct iovec *iov, int n, MPI_Count len)
{
	int i = 0;
	for (; i < n && len > 0; i++) {
		if ((MPI_Count)iov[i].iov_len >= len) {
			iov[i].iov_len = (size_t)len;
			return i + 1;
		}
		len -= (MPI_Count)iov[i].iov_len;
	}
	return i;
}

/* memcpy between two piece lists of equal total length. */
static void iov_copy(const struct iovec *dst, int nd, const struct iovec *src, int ns)
{
	int i = 0, j = 0;
	size_t di = 0, sj = 0;
	while (i < nd && j < ns) {
		size_t a = dst[i].iov_len - di, b = src[j].iov_len - sj, m = a < b ? a : b;
		memcpy((char *)dst[i].iov_base + di, (char *)src[j].iov_base + sj, m);
		di += m;
		sj += m;
		if (di == dst[i].iov_len) {
			i++;
			di = 0;
		}
		if (sj == src[j].iov_len) {
			j++;
			sj = 0;
		}
	}
}

int mpii_rma_move(struct mpii_win *win, int t, int dir_put, void *obuf, MPI_Count ocount,
		  struct mpii_datatype *odt, char *taddr, MPI_Count tcount,
		  struct mpii_datatype *tdt)
{
	MPI_Count total = ocount * odt->size;
	int direct = mpii_rma_direct(win, t);

	if (total == 0)
		return MPI_SUCCESS;
	/* The common case: both sides one run of bytes. */
	if (direct && (odt->flags & MPII_DT_CONTIG) && (tdt->flags & MPII_DT_CONTIG)) {
		char *o = (char *)obuf + odt->true_lb, *tg = taddr + tdt->true_lb;
		if (dir_put)
			memcpy(tg, o, (size_t)total);
		else
			memcpy(o, tg, (size_t)total);
		return MPI_SUCCESS;
	}
	struct iovec oi[NIOV], ti[NIOV];
	MPI_Count off = 0;
	while (off < total) {
		MPI_Count oc = 0, tc = 0;
		int no = mpii_type_iov(odt, ocount, obuf, off, total - off, oi, NIOV, &oc);
		int nt = mpii_type_iov(tdt, tcount, taddr, off, oc, ti, NIOV, &tc);
		if (tc < oc)
			no = iov_trim(oi, no, tc);
		if (direct) {
			if (dir_put)
				iov_copy(ti, nt, oi, no);
			else
				iov_copy(oi, no, ti, nt);
		} else {
			pid_t pid = win->st->peer[t].pid;
			ssize_t got = dir_put ? process_vm_writev(pid, oi, (unsigned long)no, ti,
								  (unsigned long)nt, 0)
					      : process_vm_readv(pid, oi, (unsigned long)no, ti,
								 (unsigned long)nt, 0);
			if (got != (ssize_t)tc)
				return got < 0 && errno == EFAULT ? MPI_ERR_RMA_RANGE : MPI_ERR_OTHER;
		}
		off += tc;
	}
	return MPI_SUCCESS;
}

int mpii_rma_done_request(MPI_Request *request)
{
	mpii_lock();
	struct mpii_request *req = mpii_request_new(MPII_REQ_COLL);
	if (!req) {
		mpii_unlock();
		return MPI_ERR_NO_MEM;
	}
	req->active = 1;
	mpii_status_empty(&req->status);
	req->status.MPI_ERROR = MPI_SUCCESS;
	mpii_request_complete(req);
	mpii_unlock();
	*request = req;
	return MPI_SUCCESS;
}

/* The latency path: predefined types on both sides, a mapped target (or
 * this rank), an open epoch, in range.  Returns 1 when it did the copy, 0
 * to let put_get do everything (and report whatever is wrong). */
/* lib/rma/rma.h: what the tools interface reads. */
struct mpii_rma_counters mpii_rma_ctr;

static inline int fast(int dir_put, void *obuf, int ocount, MPI_Datatype odt, int t,
		       MPI_Aint disp, int tcount, MPI_Datatype tdt, struct mpii_win *win)
{
	struct mpii_win_state *st = win->st;
	if (!MPII_VALID(odt, MPII_MAGIC_DATATYPE) || !MPII_VALID(tdt, MPII_MAGIC_DATATYPE) ||
	    (odt->flags & tdt->flags & (MPII_DT_PREDEFINED | MPII_DT_CONTIG)) !=
		    (MPII_DT_PREDEFINED | MPII_DT_CONTIG) ||
	    odt->basic == MPII_B_DATATYPE || odt->true_lb || tdt->true_lb ||
	    ocount < 0 || (unsigned)t >= (unsigned)st->n || disp < 0 ||
	    win->flavor == MPI_WIN_FLAVOR_DYNAMIC || !mpii_rma_direct(win, t) ||
	    !mpii_rma_epoch_open(st, t))
		return 0;
	MPI_Aint bytes = (MPI_Aint)ocount * odt->size;
	MPI_Aint off = disp * st->peer[t].disp_unit;
	if (bytes != (MPI_Aint)tcount * tdt->size || off + bytes > st->peer[t].size)
		return 0;
	char *taddr = st->peer[t].addr + off;
	char *dst = dir_put ? taddr : obuf, *src = dir_put ? obuf : taddr;
	if (bytes == 8)
		memcpy(dst, src, 8);   /* one move, no call: the latency benchmarks' size */
	else
		memcpy(dst, src, (size_t)bytes);
	*(dir_put ? &mpii_rma_ctr.puts : &mpii_rma_ctr.gets) += 1;
	mpii_rma_ctr.bytes += (uint64_t)bytes;
	return 1;
}

/* Put (dir_put) or get, with every check; the error class or MPI_SUCCESS,
 * *why set for the message. */
static int put_get(int dir_put, void *obuf, int ocount, MPI_Datatype odt, int t, MPI_Aint disp,
		   int tcount, MPI_Datatype tdt, MPI_Win win, const char **why)
{
	struct mpii_win_state *st = win->st;
	int rc;

	if ((rc = mpii_rma_check_buf(ocount, odt)) != MPI_SUCCESS) {
		*why = "bad origin count or datatype";
		return rc;
	}
	if ((rc = mpii_rma_check_buf(tcount, tdt)) != MPI_SUCCESS) {
		*why = "bad target count or datatype";
		return rc;
	}
	if (t == MPI_PROC_NULL)
		return MPI_SUCCESS;
	if (t < 0 || t >= st->n) {
		*why = "target rank out of range";
		return MPI_ERR_RANK;
	}
	if ((MPI_Count)ocount * odt->size != (MPI_Count)tcount * tdt->size) {
		*why = "origin and target type signatures differ in size";
		return MPI_ERR_TYPE;
	}
	if ((rc = mpii_rma_epoch_check(win, t)) != MPI_SUCCESS) {
		*why = "no access epoch to the target is open";
		return rc;
	}
	char *taddr;
	if ((rc = mpii_rma_target(win, t, disp, tcount, tdt, &taddr)) != MPI_SUCCESS) {
		*why = "target displacement outside the target's window";
		return rc;
	}
	rc = mpii_rma_move(win, t, dir_put, obuf, ocount, odt, taddr, tcount, tdt);
	*(dir_put ? &mpii_rma_ctr.puts : &mpii_rma_ctr.gets) += 1;
	mpii_rma_ctr.bytes += (uint64_t)((MPI_Count)ocount * odt->size);
	*why = "single copy to the target failed";
	return rc;
}

int mpii_Put(const char *fn, const void *origin_addr, int origin_count,
	     MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count,
	     MPI_Datatype target_datatype, MPI_Win win)
{
	const char *why = "";
	MPII_CHECK_INIT(fn);
	if (!MPII_VALID(win, MPII_MAGIC_WIN))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (fast(1, (void *)origin_addr, origin_count, origin_datatype, target_rank, target_disp,
		 target_count, target_datatype, win))
		return MPI_SUCCESS;
	int rc = put_get(1, (void *)origin_addr, origin_count, origin_datatype, target_rank,
			 target_disp, target_count, target_datatype, win, &why);
	return rc ? mpii_win_err(win, rc, fn, "%s", why) : MPI_SUCCESS;
}

int mpii_Get(const char *fn, void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
	     int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
	     MPI_Win win)
{
	const char *why = "";
	MPII_CHECK_INIT(fn);
	if (!MPII_VALID(win, MPII_MAGIC_WIN))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (fast(0, origin_addr, origin_count, origin_datatype, target_rank, target_disp,
		 target_count, target_datatype, win))
		return MPI_SUCCESS;
	int rc = put_get(0, origin_addr, origin_count, origin_datatype, target_rank, target_disp,
			 target_count, target_datatype, win, &why);
	return rc ? mpii_win_err(win, rc, fn, "%s", why) : MPI_SUCCESS;
}

/* MPI_Rput and MPI_Rget (fn, dir_put): put_get, then a request that is
 * already complete (the transfer is done when the call returns). */
static int request_put_get(const char *fn, int dir_put, void *obuf, int ocount,
			   MPI_Datatype odt, int t, MPI_Aint disp, int tcount, MPI_Datatype tdt,
			   MPI_Win win, MPI_Request *request)
{
	const char *why = "";
	MPII_CHECK_INIT(fn);
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!request)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "request is NULL");
	int rc = put_get(dir_put, obuf, ocount, odt, t, disp, tcount, tdt, win, &why);
	if (!rc && (rc = mpii_rma_done_request(request)) != MPI_SUCCESS)
		why = "out of memory";
	return rc ? mpii_win_err(win, rc, fn, "%s", why) : MPI_SUCCESS;
}

#pragma weak MPI_Rput = PMPI_Rput
int PMPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
	      int target_rank, MPI_Aint target_disp, int target_count,
	      MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
	return request_put_get("MPI_Rput", 1, (void *)origin_addr, origin_count, origin_datatype,
			       target_rank, target_disp, target_count, target_datatype, win,
			       request);
}

#pragma weak MPI_Rget = PMPI_Rget
int PMPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
	      int target_rank, MPI_Aint target_disp, int target_count,
	      MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
	return request_put_get("MPI_Rget", 0, origin_addr, origin_count, origin_datatype,
			       target_rank, target_disp, target_count, target_datatype, win,
			       request);
}
