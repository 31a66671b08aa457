/*
 * lib/rma/rma_impl.h - private to lib/rma/: the shared control area of a
 * window, the per-process view of it, and the helpers the files of the
 * folder share.  Design: docs/rma.md.
 *
 * Every window has one memfd mapping made by rank 0 of its communicator at
 * creation and mapped by every rank (they open /proc/<pid>/fd/<n>):
 *
 *   rma_ctl_hdr | rma_target[n] | post counters uint32[n][n]
 *   | attached regions rma_region[n][RMA_MAX_ATTACH] | data
 *
 * (the region table is sparse: only pages of tables written are memory)
 *
 * For MPI_Win_allocate the data part holds every rank's window memory (each
 * on its own page); for MPI_Win_allocate_shared it holds them one after
 * the other (contiguous, as MPI_Win_shared_query promises); windows over
 * user memory (MPI_Win_create, dynamic) have no data part and move bytes by
 * single copy (process_vm_readv/writev).  The area holds no pointers of
 * this process except the attached regions, which are addresses in their
 * owner's address space.
 */
#ifndef MPII_RMA_IMPL_H
#define MPII_RMA_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include "shm/atomic.h"
#include "shm/mutex.h"
#include "shm/rwlock.h"
#include "lib/rma/rma.h"
#include "lib/rma/rma_atomic.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"

#define RMA_CTL_MAGIC 0x616d7269706d6873ULL /* "shmpirma" */
#define RMA_MAX_ATTACH 8192 /* regions attached to a dynamic window per rank */

struct rma_region {
	uint64_t base, size;   /* in the owner's address space */
};

/* One per rank of the window: its passive-target lock, the stripe locks
 * of accumulates to its memory (lib/rma/rma_atomic.h), the lock of the
 * accumulates that cannot take the stripe way, and the count of
 * MPI_Win_complete calls aimed at it (generalized active target). */
struct rma_target {
	struct shm_rwlock lock;                       /* MPI_Win_lock */
	struct mpii_rma_stripes stripes;              /* element-wise atomicity */
	struct shm_mutex acc;                         /* the same, other kinds */
	shm_cacheline_aligned _Atomic uint32_t completes;
	_Atomic uint32_t nregions;                    /* dynamic windows: regions in use */
};

struct rma_ctl_hdr {
	uint64_t magic;
	uint32_t n;
	uint32_t pad;
	uint64_t post_off;   /* _Atomic uint32_t[n][n]: post[origin][target] */
	uint64_t data_off;   /* first byte of window data (allocate/shared) */
	uint64_t total;
};

_Static_assert(sizeof(struct rma_target) % SHM_CACHELINE == 0, "targets fill whole lines");

/* What a process keeps about each rank of its window. */
struct rma_peer {
	char *addr;        /* mapped windows: the rank's memory in our mapping;
			    * user-memory windows: its base in its own space */
	MPI_Aint size;
	int disp_unit;
	int world;         /* world rank */
	pid_t pid;
};

/* Epoch state of this process on one window (protected by the library
 * lock where that matters: the public calls take it). */
struct mpii_win_state {
	int n, me;
	char *map;                 /* the control (+ data) mapping */
	size_t map_len;
	struct rma_ctl_hdr *hdr;
	struct rma_target *tgt;    /* [n] */
	_Atomic uint32_t *post;    /* [n][n] */
	struct rma_region *regions; /* [n][RMA_MAX_ATTACH] */
	struct rma_peer *peer;     /* [n] */
	int mapped;                /* target memory is in our mapping */
	int no_locks, same_disp_unit;
	int striped;               /* accumulates under stripe locks (rma_atomic.h):
				    * rank 0 gave mpi_accumulate_granularity */

	int fence;                 /* in a fence epoch (last fence lacked NOSUCCEED) */
	int lock_all;              /* lock_all held (1 + NOCHECK flag << 1) */
	int nlocked;               /* targets locked with MPI_Win_lock */
	uint8_t *locked;           /* [n]: 0, 1 shared, 2 exclusive (| 4 NOCHECK) */
	int *start;                /* access group of MPI_Win_start (comm ranks) */
	int nstart;                /* -1: no access epoch */
	uint8_t *need_post;        /* [n]: started, post not yet seen */
	uint32_t *posts_seen;      /* [n]: posts from each target consumed */
	int npost;                 /* -1: no exposure epoch; else the group's size */
	uint32_t completes_expected;
};

/* Locate the target bytes of (disp, count, dt) on comm rank t: checks the
 * range (MPI_ERR_RMA_RANGE), sets *addr to the address of displacement 0
 * of the target buffer (in our mapping, or in t's space for user-memory
 * windows).  Never called with t == MPI_PROC_NULL. */
int mpii_rma_target(struct mpii_win *win, int t, MPI_Aint disp, MPI_Count count,
		    struct mpii_datatype *dt, char **addr) __attribute__((warn_unused_result));

/* May this process access target t now?  MPI_SUCCESS or MPI_ERR_RMA_SYNC;
 * waits for t's post if t is in a started group that t has not yet posted. */
int mpii_rma_epoch_check(struct mpii_win *win, int t) __attribute__((warn_unused_result));

/* The common case of mpii_rma_epoch_check, inline: a lock_all, a lock on
 * t, a fence epoch, or t in a started group whose post was seen (2). */
static inline int mpii_rma_epoch_open(const struct mpii_win_state *st, int t)
{
	return st->lock_all || st->locked[t] || st->fence || st->need_post[t] == 2;
}

/* True when target t's memory is reached by load/store here. */
static inline int mpii_rma_direct(const struct mpii_win *win, int t)
{
	return win->st->mapped || t == win->st->me;
}

/* Copy the packed stream of (obuf, ocount, odt) to (taddr, tcount, tdt) of
 * target t (dir_put) or back (get).  Sizes checked by the caller.
 * MPI_SUCCESS or MPI_ERR_RMA_RANGE/MPI_ERR_OTHER (single copy failed). */
int mpii_rma_move(struct mpii_win *win, int t, int dir_put, void *obuf, MPI_Count ocount,
		  struct mpii_datatype *odt, char *taddr, MPI_Count tcount,
		  struct mpii_datatype *tdt) __attribute__((warn_unused_result));

/* Bytes [lo, hi) relative to a buffer's start that (count, dt) touches. */
void mpii_rma_span(MPI_Count count, const struct mpii_datatype *dt, MPI_Aint *lo, MPI_Aint *hi);

/* A request already complete (request-based RMA: the operation finished
 * before the call returned).  MPI_SUCCESS or MPI_ERR_NO_MEM. */
int mpii_rma_done_request(MPI_Request *request) __attribute__((warn_unused_result));

/* Check the (count, datatype) pair of an RMA call: MPI_SUCCESS, MPI_ERR_COUNT
 * or MPI_ERR_TYPE. */
int mpii_rma_check_buf(MPI_Count count, MPI_Datatype dt) __attribute__((warn_unused_result));

/* The check that waits for a lock sleeps in; gives up when the job goes down. */
int mpii_rma_lock_check(void *arg);

/* Element-wise atomic accumulate of one element (lib/rma/rma_atomic.c). */
#include "lib/rma/rma_atomic.h"

#endif
