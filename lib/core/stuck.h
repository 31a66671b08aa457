/*
 * lib/core/stuck.h - where a rank waits, so that a job that stops making
 * progress can be explained (docs/reliability.md, "A stalled job").
 *
 * Each thread notes, for free on the fast path (thread-local stores), the
 * MPI call it is in (MPII_CHECK_INIT) and what that call is about: the
 * communicator, and for point-to-point the peer and tag.  While a thread
 * has waited past its spin in mpii_progress_wait (the fast path never
 * gets there), its member block in the segment says so (`blocked`), and
 * each such wait that ends bumps `heartbeat`: the launcher's
 * --deadlock-timeout reads those two words.  What the blocked thread waits
 * for (the call, the peer or the object's holder) goes to the member
 * block too (shm_member.wait_*), so that the launcher can name a cycle of
 * waits or ranks in different collectives; and every call entered bumps
 * shm_member.calls.  On MPII_STUCK_SIGNAL (the
 * launcher sends it on SIGUSR1 or a deadlock) the rank writes one line to
 * stderr: "shmpi: rank R: waiting in MPI_Recv: from rank 0, tag 7, on
 * MPI_COMM_WORLD".
 */
#ifndef MPII_STUCK_H
#define MPII_STUCK_H

#include "shm/atomic.h"
#include "shm/segment.h"

struct mpii_comm;

/* The signal the launcher sends to ask every rank where it waits: one
 * number for both sides, defined in shm/segment.h. */
#define MPII_STUCK_SIGNAL SHM_STUCK_SIGNAL

struct mpii_stuck_note {
	const char *call;            /* MPI function the thread is in */
	const struct mpii_comm *comm;/* its communicator, when it has one */
	int peer, tag;               /* point-to-point: partner and tag */
	int kind;                    /* 0 none, 1 send, 2 receive, 3 collective,
				      * 4 an object or epoch (obj_kind) */
	/* kind 4: which object or epoch (enum below).  Objects several ranks
	 * write (mutex, condition variable, window lock): obj is their shared
	 * words (a struct shm_mutex, shm_cond or shm_rwlock, read when the
	 * report is written: the holder is whoever holds it then), obj_off
	 * their arena offset.  obj_name is a window's name, obj_rank a window
	 * rank (a lock's or a post's target), obj_peer the world rank waited
	 * for (-1: none or unknown), obj_n a count (origins yet to complete,
	 * a loose barrier's round). */
	int obj_kind;
	int in_obj_wait;             /* between mpii_stuck_object and _done */
	const void *obj;
	unsigned long long obj_off;
	/* MPI_Cond_wait: its mutex's shared words (struct shm_mutex) and arena
	 * offset; NULL otherwise. */
	const void *obj2;
	unsigned long long obj2_off;
	const char *obj_name;
	int obj_rank;
	int obj_peer;
	int obj_n;
	const char *thread;          /* a thread's role ("handler thread"), NULL */
};

enum {
	MPII_STUCK_MUTEX = 1, MPII_STUCK_COND, MPII_STUCK_WINLOCK,
	/* waits in mpii_progress_wait, described by mpii_stuck_epoch */
	MPII_STUCK_FENCE,            /* MPI_Win_fence's barrier (comm, obj_name) */
	MPII_STUCK_POST,             /* an access epoch: the post of obj_rank */
	MPII_STUCK_COMPLETE,         /* MPI_Win_wait: obj_n origins to complete */
	MPII_STUCK_LOOSE,            /* MPI_Barrier_loose: round obj_n, from peer */
	MPII_STUCK_HANDLER,          /* MPI_Handler_lock: obj_n handlers running */
};

extern __thread struct mpii_stuck_note mpii_stuck __attribute__((tls_model("initial-exec")));

/* The member's count of MPI calls entered (shm_member.calls once the rank
 * joined the segment, a private word before): the launcher compares it
 * between samples to tell a rank outside MPI from one polling in it. */
extern _Atomic uint64_t *mpii_stuck_calls;

/* An MPI call begins (after its init check).  Relaxed load and store,
 * not an atomic add: the word is the member's own, read by the launcher
 * every 100 ms to see whether it moved; two threads that race lose a count,
 * and the word still moves.  Three instructions on the fast path. */
static inline void mpii_stuck_count(void)
{
	_Atomic uint64_t *c = mpii_stuck_calls;
	shm_store_relaxed(c, shm_load_relaxed(c) + 1);
}

/* Entry points: what the current call is about. */
static inline void mpii_stuck_p2p(const struct mpii_comm *comm, int peer, int tag, int is_recv)
{
	mpii_stuck.comm = comm;
	mpii_stuck.peer = peer;
	mpii_stuck.tag = tag;
	mpii_stuck.kind = is_recv ? 2 : 1;
}

static inline void mpii_stuck_coll(const struct mpii_comm *comm)
{
	mpii_stuck.comm = comm;
	mpii_stuck.kind = 3;
}

/* A wait on an object several ranks write (MPI_Mutex_lock, MPI_Cond_wait,
 * MPI_Win_lock, MPI_Win_lock_all): what it is about, before the wait. */
static inline void mpii_stuck_object(const char *call, int obj_kind, const void *obj,
				     unsigned long long off, const char *name, int rank)
{
	mpii_stuck.call = call;
	mpii_stuck.kind = 4;
	mpii_stuck.obj_kind = obj_kind;
	mpii_stuck.obj = obj;
	mpii_stuck.obj_off = off;
	mpii_stuck.obj2 = NULL;
	mpii_stuck.obj2_off = 0;
	mpii_stuck.obj_name = name;
	mpii_stuck.obj_rank = rank;
	mpii_stuck.obj_peer = -1;
	mpii_stuck.obj_n = 0;
	mpii_stuck.in_obj_wait = 1;
}

/* A wait in mpii_progress_wait that is not about a message: a window's
 * fence, the post or the completes of a generalized active-target epoch,
 * a loose barrier's round, the handler lock.  comm and name (a window's)
 * may be NULL; rank is a window rank, peer the world rank waited for (-1:
 * none), n a count.  The wait itself blocks as any other. */
static inline void mpii_stuck_epoch(int obj_kind, const struct mpii_comm *comm, const char *name,
				    int rank, int peer, int n)
{
	mpii_stuck.kind = 4;
	mpii_stuck.comm = comm;
	mpii_stuck.obj_kind = obj_kind;
	mpii_stuck.obj = NULL;
	mpii_stuck.obj_off = 0;
	mpii_stuck.obj_name = name;
	mpii_stuck.obj_rank = rank;
	mpii_stuck.obj_peer = peer;
	mpii_stuck.obj_n = n;
	mpii_stuck.in_obj_wait = 0;
}

/* Such a wait slept once more without the object (the first time it
 * blocks, as mpii_stuck_block; each time, the holder it names in the
 * member block is read again), and its end (unblocks if it blocked).
 * These waits sleep on the object's futex, not in mpii_progress_wait.
 * MPI_Handler_lock's wait, which yields, calls _slept too. */
void mpii_stuck_object_slept(void);
void mpii_stuck_object_done(void);

/* mpii_progress_wait, outermost level of a thread, once it stops
 * spinning: blocking starts; and when that wait ends. */
void mpii_stuck_block(void);
void mpii_stuck_unblock(void);

/* MPI_Init, before the member says RUNNING: answer MPII_STUCK_SIGNAL. */
void mpii_stuck_init(void);

#endif
