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
 * --deadlock-timeout reads those two words.  On MPII_STUCK_SIGNAL (the
 * launcher sends it on SIGUSR1 or a deadlock) the rank writes one line to
 * stderr: "shmpi: rank R: waiting in MPI_Recv: from rank 0, tag 7, on
 * MPI_COMM_WORLD".
 */
#ifndef MPII_STUCK_H
#define MPII_STUCK_H

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
				      * 4 an object several ranks write */
	/* kind 4: which object (enum below), its shared words (a struct
	 * shm_mutex, shm_cond or shm_rwlock, read when the report is
	 * written: the holder is whoever holds it then), its arena offset or
	 * window name, and the window rank of a lock */
	int obj_kind;
	int in_obj_wait;             /* between mpii_stuck_object and _done */
	const void *obj;
	unsigned long long obj_off;
	const char *obj_name;
	int obj_rank;
};

enum { MPII_STUCK_MUTEX = 1, MPII_STUCK_COND, MPII_STUCK_WINLOCK };

extern __thread struct mpii_stuck_note mpii_stuck __attribute__((tls_model("initial-exec")));

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
	mpii_stuck.obj_name = name;
	mpii_stuck.obj_rank = rank;
	mpii_stuck.in_obj_wait = 1;
}

/* Such a wait slept once more without the object (the first time it
 * blocks, as mpii_stuck_block), and its end (unblocks if it blocked).
 * These waits sleep on the object's futex, not in mpii_progress_wait. */
void mpii_stuck_object_slept(void);
void mpii_stuck_object_done(void);

/* mpii_progress_wait, outermost level of a thread, once it stops
 * spinning: blocking starts; and when that wait ends. */
void mpii_stuck_block(void);
void mpii_stuck_unblock(void);

/* MPI_Init, before the member says RUNNING: answer MPII_STUCK_SIGNAL. */
void mpii_stuck_init(void);

#endif
