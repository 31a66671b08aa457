/*
 * lib/rma/win_create.c - creating and freeing windows: MPI_Win_create,
 * MPI_Win_allocate, MPI_Win_allocate_shared, MPI_Win_create_dynamic,
 * MPI_Win_free, and what reads the layout they set up
 * (MPI_Win_shared_query, MPI_Win_attach, MPI_Win_detach).
 *
 * Creation is collective over the communicator: the ranks exchange their
 * size, displacement unit and base (an allgather), rank 0 creates one memfd
 * holding the control area (and, for the allocating flavours, every rank's
 * memory) and broadcasts its pid, descriptor number and a fresh context id;
 * the others open /proc/<pid>/fd/<n> and map it; an allreduce of the
 * outcome tells rank 0 when it may close its descriptor and makes a
 * failure anywhere a failure everywhere.  See docs/rma.md for why a memfd
 * per window and not the job segment's arena (which never frees).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "lib/rma/rma_impl.h"
#include "lib/coll/coll.h"
#include "lib/p2p/p2p.h"
#include "lib/attr/attr.h"

/* Freed window objects wait here before reuse (lib/core/pool.h): a stale
 * handle reads a poisoned magic word, never freed memory. */
static struct mpii_pool win_pool = MPII_POOL_INIT(struct mpii_win);

#define PAGE 4096

static size_t round_up(size_t v, size_t a)
{
	return (v + a - 1) / a * a;
}

/* Per-rank facts exchanged at creation. */
struct rank_info {
	int64_t size, base, disp_unit, granularity;
};

/* Rank 0's answer: where to find the mapping and the window's context. */
struct map_info {
	int64_t pid, fd, ctx, err;
};

/* Rank 0: the memfd of len bytes, mapped.  MPI error class. */
static int map_create(size_t len, int *fd, char **map)
{
	*fd = memfd_create("shmpi-win", MFD_CLOEXEC);
	if (*fd < 0)
		return MPI_ERR_NO_MEM;
	if (ftruncate(*fd, (off_t)len) != 0)
		goto fail_fd;
	*map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, *fd, 0);
	if (*map == MAP_FAILED)
		goto fail_fd;
	return MPI_SUCCESS;
fail_fd:
	close(*fd);
	*fd = -1;
	return MPI_ERR_NO_MEM;
}

/* The other ranks: rank 0's descriptor through /proc.  MPI error class. */
static int map_open(pid_t pid, int rfd, size_t len, char **map)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int)pid, rfd);
	int fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return MPI_ERR_OTHER;
	*map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	return *map == MAP_FAILED ? MPI_ERR_NO_MEM : MPI_SUCCESS;
}

static int info_true(MPI_Info info, const char *key)
{
	const char *v = info ? mpii_info_lookup(info, key) : NULL;
	return v && !strcmp(v, "true");
}

/* The non-negative integer value of key, 0 when absent or not a number. */
static int64_t info_long(MPI_Info info, const char *key)
{
	const char *v = info ? mpii_info_lookup(info, key) : NULL;
	char *end;
	long long x = v ? strtoll(v, &end, 10) : 0;
	return v && end != v && x > 0 ? (int64_t)x : 0;
}

static void state_free(struct mpii_win_state *st)
{
	if (!st)
		return;
	if (st->map && st->map != MAP_FAILED)
		munmap(st->map, st->map_len);
	free(st->peer);
	free(st->locked);
	free(st->start);
	free(st->need_post);
	free(st->posts_seen);
	free(st);
}

/* Called with the library lock held. */
static void win_release(struct mpii_win *win)
{
	state_free(win->st);
	if (win->comm) {
		mpii_coll_state_free(win->comm);
		mpii_comm_unref(win->comm);
	}
	if (win->info)
		mpii_info_release(win->info);
	mpii_errhandler_unref(win->errh);
	win->magic = MPII_MAGIC_FREED;
	mpii_pool_put(&win_pool, win);
}

/* The whole collective set-up.  *base_io: in, the user's base (create);
 * out, this rank's memory (allocate, shared).  MPI error class, the same on
 * every rank once the exchange has started.  Library lock held. */
static int win_setup(struct mpii_comm *comm, int flavor, MPI_Aint size, int disp_unit,
		     MPI_Info info, void **base_io, struct mpii_win **out)
{
	int n = comm->size, me = comm->rank, rc;
	struct mpii_win *win = mpii_pool_get(&win_pool);
	struct mpii_win_state *st = calloc(1, sizeof(*st));
	struct rank_info *ri = calloc((size_t)n, sizeof(*ri));
	MPI_Count *cnt = calloc((size_t)n, sizeof(*cnt));
	MPI_Aint *dsp = calloc((size_t)n, sizeof(*dsp));
	size_t *off = calloc((size_t)n, sizeof(*off));
	int fd = -1;

	/* Without these few bytes this rank cannot take part in the
	 * exchanges below, and leaving would hang the others. */
	if (!win || !st || !ri || !cnt || !dsp || !off)
		mpii_abort_job(MPI_ERR_NO_MEM, "window creation: out of memory");
	win->magic = MPII_MAGIC_WIN;
	win->flavor = flavor;
	win->model = MPI_WIN_UNIFIED;
	win->size = size;
	win->disp_unit = disp_unit;
	win->errh = MPI_ERRORS_ARE_FATAL;
	win->st = st;
	st->n = n;
	st->me = me;
	st->nstart = -1;
	st->npost = -1;
	st->mapped = flavor == MPI_WIN_FLAVOR_ALLOCATE || flavor == MPI_WIN_FLAVOR_SHARED;
	st->no_locks = info_true(info, "no_locks");
	st->peer = calloc((size_t)n, sizeof(*st->peer));
	st->locked = calloc((size_t)n, 1);
	st->start = calloc((size_t)n, sizeof(int));
	st->need_post = calloc((size_t)n, 1);
	st->posts_seen = calloc((size_t)n, sizeof(uint32_t));
	int err = (st->peer && st->locked && st->start && st->need_post && st->posts_seen)
			  ? MPI_SUCCESS : MPI_ERR_NO_MEM;
	if (!err && info && mpii_info_dup(info, &win->info))
		err = MPI_ERR_NO_MEM;

	/* 1. Sizes, units and bases of every rank. */
	struct rank_info mine = { size, (int64_t)(intptr_t)(base_io ? *base_io : NULL), disp_unit,
				  info_long(info, "mpi_accumulate_granularity") };
	for (int i = 0; i < n; i++) {
		cnt[i] = 4;
		dsp[i] = 4 * i;
	}
	rc = mpii_allgatherv(&mine, 4, MPI_INT64_T, ri, cnt, dsp, MPI_INT64_T, comm, NULL);
	if (rc && !err)
		err = rc;

	/* 2. The layout, the same on every rank. */
	size_t ctl = round_up(sizeof(struct rma_ctl_hdr), SHM_CACHELINE) +
		     (size_t)n * sizeof(struct rma_target);
	size_t post_off = ctl;
	size_t reg_off = round_up(post_off + (size_t)n * n * sizeof(uint32_t), SHM_CACHELINE);
	size_t reg_len = flavor == MPI_WIN_FLAVOR_DYNAMIC
				 ? (size_t)n * RMA_MAX_ATTACH * sizeof(struct rma_region) : 0;
	ctl = round_up(reg_off + reg_len, PAGE);
	size_t total = ctl;
	int noncontig = info_true(info, "alloc_shared_noncontig");
	for (int i = 0; i < n; i++) {
		if (flavor == MPI_WIN_FLAVOR_ALLOCATE || (flavor == MPI_WIN_FLAVOR_SHARED && noncontig))
			total = round_up(total, PAGE);
		else if (flavor == MPI_WIN_FLAVOR_SHARED)
			total = round_up(total, 1);
		off[i] = total;
		if (st->mapped)
			total += (size_t)ri[i].size;
	}
	total = round_up(total, PAGE);

	/* 3. Rank 0 makes the mapping and a context id for the window's
	 * own communicator. */
	struct map_info mi = { 0, -1, 0, err };
	if (me == 0) {
		if (!mi.err)
			mi.err = map_create(total, &fd, &st->map);
		mi.pid = getpid();
		mi.fd = fd;
		mi.ctx = mpii_ctx_alloc(1);
	}
	rc = mpii_bcast(&mi, 4, MPI_INT64_T, 0, comm, NULL);
	if (rc && !err)
		err = rc;
	if (!err && mi.err)
		err = mi.err;
	if (!err && me != 0)
		err = map_open((pid_t)mi.pid, (int)mi.fd, total, &st->map);
	if (err != MPI_SUCCESS && st->map == MAP_FAILED)
		st->map = NULL;
	if (!err)
		st->map_len = total;

	/* 4. Agree on the outcome; after this rank 0's descriptor is no
	 * longer needed. */
	int bad = err;
	rc = mpii_allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, comm, NULL);
	if (fd >= 0)
		close(fd);
	if (rc && !bad)
		bad = rc;
	if (bad)
		goto fail;

	st->hdr = (struct rma_ctl_hdr *)st->map;
	st->tgt = (struct rma_target *)(st->map + round_up(sizeof(struct rma_ctl_hdr), SHM_CACHELINE));
	st->post = (_Atomic uint32_t *)(st->map + post_off);
	st->regions = (struct rma_region *)(st->map + reg_off);
	if (me == 0) {
		/* Read by nobody but debuggers: the other ranks computed the
		 * same layout. */
		st->hdr->magic = RMA_CTL_MAGIC;
		st->hdr->n = (uint32_t)n;
		st->hdr->post_off = post_off;
		st->hdr->data_off = ctl;
		st->hdr->total = total;
	}
	st->striped = ri[0].granularity > 0;
	st->same_disp_unit = 1;
	for (int i = 0; i < n; i++) {
		struct rma_peer *p = &st->peer[i];
		p->addr = st->mapped ? st->map + off[i] : (char *)(intptr_t)ri[i].base;
		p->size = (MPI_Aint)ri[i].size;
		p->disp_unit = (int)ri[i].disp_unit;
		p->world = comm->group->world[i];
		p->pid = shm_seg_member(&mpii_g.seg, (uint32_t)p->world)->pid;
		if (p->disp_unit != disp_unit)
			st->same_disp_unit = 0;
	}
	if (st->mapped) {
		/* Not touched here: a memfd reads as zeros, and the first
		 * write (usually the owner's initialisation) places each page
		 * on the writer's NUMA node; touching 1 GiB windows at
		 * creation would cost seconds. */
		win->base = size ? st->peer[me].addr : NULL;
		if (base_io)
			*base_io = win->base;
	} else {
		win->base = base_io ? *base_io : NULL;
	}
	if (flavor == MPI_WIN_FLAVOR_DYNAMIC)
		win->size = 0;

	win->comm = mpii_comm_new((uint32_t)mi.ctx, mpii_group_ref(comm->group), NULL);
	bad = win->comm ? 0 : MPI_ERR_NO_MEM;
	/* Nobody touches the window before everybody has it. */
	rc = mpii_allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, comm, NULL);
	if (rc && !bad)
		bad = rc;
	if (bad)
		goto fail;
	free(ri);
	free(cnt);
	free(dsp);
	free(off);
	*out = win;
	return MPI_SUCCESS;
fail:
	free(ri);
	free(cnt);
	free(dsp);
	free(off);
	win_release(win);
	return bad;
}

static int create_common(const char *fn, int flavor, void *base, MPI_Aint size, int disp_unit,
			 MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "intercommunicators cannot have windows");
	if (!win)
		return mpii_err(comm, MPI_ERR_ARG, fn, "win is NULL");
	if (size < 0)
		return mpii_err(comm, MPI_ERR_SIZE, fn, "negative size %ld", (long)size);
	if (disp_unit <= 0)
		return mpii_err(comm, MPI_ERR_DISP, fn, "disp_unit %d is not positive", disp_unit);
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(comm, MPI_ERR_INFO, fn, "invalid info");
	if (flavor != MPI_WIN_FLAVOR_CREATE && flavor != MPI_WIN_FLAVOR_DYNAMIC && !baseptr)
		return mpii_err(comm, MPI_ERR_ARG, fn, "baseptr is NULL");
	if (flavor == MPI_WIN_FLAVOR_CREATE && size > 0 && !base)
		return mpii_err(comm, MPI_ERR_ARG, fn, "base is NULL");
	struct mpii_win *w = NULL;
	void *b = base;
	mpii_lock();
	int rc = win_setup(comm, flavor, size, disp_unit, info,
			   flavor == MPI_WIN_FLAVOR_DYNAMIC ? NULL : &b, &w);
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, "cannot create the window");
	if (baseptr && flavor != MPI_WIN_FLAVOR_CREATE)
		*(void **)baseptr = b;
	*win = w;
	return MPI_SUCCESS;
}

#pragma weak MPI_Win_create = PMPI_Win_create
int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
		    MPI_Win *win)
{
	return create_common("MPI_Win_create", MPI_WIN_FLAVOR_CREATE, base, size, disp_unit, info,
			     comm, NULL, win);
}

#pragma weak MPI_Win_allocate = PMPI_Win_allocate
int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
		      MPI_Win *win)
{
	return create_common("MPI_Win_allocate", MPI_WIN_FLAVOR_ALLOCATE, NULL, size, disp_unit,
			     info, comm, baseptr, win);
}

#pragma weak MPI_Win_allocate_shared = PMPI_Win_allocate_shared
int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
			     void *baseptr, MPI_Win *win)
{
	return create_common("MPI_Win_allocate_shared", MPI_WIN_FLAVOR_SHARED, NULL, size,
			     disp_unit, info, comm, baseptr, win);
}

#pragma weak MPI_Win_create_dynamic = PMPI_Win_create_dynamic
int PMPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
	return create_common("MPI_Win_create_dynamic", MPI_WIN_FLAVOR_DYNAMIC, NULL, 0, 1, info,
			     comm, NULL, win);
}

int mpii_Win_free(const char *fn, MPI_Win *winp)
{
	if (!winp || mpii_win_check(*winp))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	struct mpii_win *win = *winp;
	struct mpii_win_state *st = win->st;
	if (st->nlocked || st->lock_all || st->nstart >= 0 || st->npost >= 0)
		return mpii_win_err(win, MPI_ERR_RMA_SYNC, fn,
				    "an access or exposure epoch is still open");
	/* Nobody may still be reaching into our memory. */
	mpii_lock();
	int rc = mpii_barrier(win->comm, NULL);
	mpii_unlock();
	if (rc)
		return mpii_win_err(win, rc, fn, "barrier failed");
	rc = mpii_attr_delete_all(&win->attrs, MPII_HK_WIN, win, 0);
	if (rc)
		return mpii_win_err(win, rc, fn, "an attribute delete callback failed");
	mpii_lock();
	win_release(win);
	mpii_unlock();
	*winp = MPI_WIN_NULL;
	return MPI_SUCCESS;
}

int mpii_Win_shared_query(const char *fn, MPI_Win win, int rank, MPI_Aint *size, int *disp_unit,
			  void *baseptr)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	struct mpii_win_state *st = win->st;
	if (!size || !disp_unit || !baseptr)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "NULL argument");
	if (rank == MPI_PROC_NULL) {
		/* The first rank with memory (MPI-3.1 11.2.3). */
		for (rank = 0; rank < st->n - 1 && st->mapped && st->peer[rank].size == 0; rank++)
			;
	} else if (rank < 0 || rank >= st->n) {
		return mpii_win_err(win, MPI_ERR_RANK, fn, "rank %d out of range", rank);
	}
	if (!st->mapped) {
		/* User memory is not shared with the other ranks: size 0 and
		 * NULL, as MPI-4.0 11.2.3 has it for windows of any flavour. */
		*size = 0;
		*disp_unit = st->peer[rank].disp_unit;
		*(void **)baseptr = NULL;
		return MPI_SUCCESS;
	}
	*size = st->peer[rank].size;
	*disp_unit = st->peer[rank].disp_unit;
	*(void **)baseptr = st->peer[rank].size ? st->peer[rank].addr : NULL;
	return MPI_SUCCESS;
}

int mpii_Win_attach(const char *fn, MPI_Win win, void *base, MPI_Aint size)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (win->flavor != MPI_WIN_FLAVOR_DYNAMIC)
		return mpii_win_err(win, MPI_ERR_RMA_FLAVOR, fn, "not a dynamic window");
	if (size < 0 || (size > 0 && !base))
		return mpii_win_err(win, MPI_ERR_ARG, fn, "bad region");
	struct rma_target *t = &win->st->tgt[win->st->me];
	struct rma_region *reg = win->st->regions + (size_t)win->st->me * RMA_MAX_ATTACH;
	/* Relaxed: only this rank writes its table. */
	uint32_t k = shm_load_relaxed(&t->nregions);
	for (uint32_t i = 0; i < k; i++) {
		uint64_t b = reg[i].base, s = reg[i].size;
		if ((uint64_t)(uintptr_t)base < b + s && b < (uint64_t)(uintptr_t)base + (uint64_t)size)
			return mpii_win_err(win, MPI_ERR_RMA_ATTACH, fn,
					    "region overlaps an attached one");
	}
	if (k >= RMA_MAX_ATTACH)
		return mpii_win_err(win, MPI_ERR_RMA_ATTACH, fn, "more than %d regions attached",
				    RMA_MAX_ATTACH);
	reg[k].base = (uint64_t)(uintptr_t)base;
	reg[k].size = (uint64_t)size;
	/* Release: an origin that sees the count sees the entry (pairs with
	 * the acquire in mpii_rma_target). */
	shm_store_release(&t->nregions, k + 1);
	return MPI_SUCCESS;
}

int mpii_Win_detach(const char *fn, MPI_Win win, const void *base)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (win->flavor != MPI_WIN_FLAVOR_DYNAMIC)
		return mpii_win_err(win, MPI_ERR_RMA_FLAVOR, fn, "not a dynamic window");
	struct rma_target *t = &win->st->tgt[win->st->me];
	struct rma_region *reg = win->st->regions + (size_t)win->st->me * RMA_MAX_ATTACH;
	uint32_t k = shm_load_relaxed(&t->nregions);
	for (uint32_t i = 0; i < k; i++) {
		if (reg[i].base == (uint64_t)(uintptr_t)base) {
			reg[i] = reg[k - 1];
			/* Release: as in attach. */
			shm_store_release(&t->nregions, k - 1);
			return MPI_SUCCESS;
		}
	}
	return mpii_win_err(win, MPI_ERR_RMA_ATTACH, fn, "no region attached at %p", base);
}
