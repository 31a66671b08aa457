/*
 * lib/ext/sync.h - what lib/ext/mutex.c, lib/ext/cond.c and lib/ext/endpoint.c share:
 * the objects behind MPI_Mutex and MPI_Cond, the caller's owner id and the
 * collective set-up over p2p.
 *
 * The futex word of a mutex or condition variable shared by a communicator
 * of more than one process lives in the segment arena (shm_seg_alloc, a
 * bump allocator: the bytes are never reused, so a freed object costs one
 * cache line for the rest of the job); one of a single-process communicator
 * (MPI_COMM_SELF) lives in malloc'd memory.  The handle itself is private
 * to each process.  No library lock is held while a thread sleeps on one.
 */
#ifndef MPII_SYNC_H
#define MPII_SYNC_H

#include <stdint.h>
#include "mpi.h"
#include "shm/cond.h"
#include "shm/mutex.h"

/* Private tags of the set-up messages on comm->ctx + 1. */
#define MPII_TAG_SYNC_CREATE 0x7fe00071
#define MPII_TAG_SYNC_FREE_IN 0x7fe00072
#define MPII_TAG_SYNC_FREE_OUT 0x7fe00073

/* More threads in a condition variable's wait than any job has: its
 * count was overwritten. */
#define MPII_SYNC_MAX_WAITERS (1u << 24)

/* How long a waiter sleeps before checking the owner's health (ns). */
#define MPII_SYNC_SLEEP_NS 100000000LL

/* What a mutex handle and a condition variable handle both are: the
 * shared object (a struct shm_mutex or struct shm_cond) and where it lives. */
struct mpii_sync_obj {
	uint32_t magic;
	struct mpii_comm *comm;    /* reference held: collective free */
	void *obj;                 /* in the arena, or obj_private */
	void *obj_private;         /* malloc'd object (single process) */
	uint64_t off;              /* arena offset, 0 when private */
};

struct mpii_mutex {
	struct mpii_sync_obj s;    /* first: mpii_sync_create returns &s */
};

struct mpii_cond {
	struct mpii_sync_obj s;
};

/* What MPI_Mutex_create and MPI_Cond_create differ in. */
struct mpii_sync_kind {
	uint32_t magic;
	size_t handle_size;        /* of struct mpii_mutex or struct mpii_cond */
	size_t obj_size;           /* of the shared object */
	void (*init)(void *);      /* initialises the shared object */
	const char *null_msg;      /* error detail when the handle argument is NULL */
};

/* (world rank + 1) << 32 | Linux thread id of the calling thread. */
uint64_t mpii_sync_self_id(void);

/* MPI_Mutex_create's and MPI_Cond_create's work for fn, collective over
 * comm: checks that comm is an intracommunicator and handlep not NULL,
 * then allocates a handle of kind k and its shared object (rank 0 in the
 * arena, the others receive the offset; malloc'd memory for a
 * single-process comm).  Returns MPI_SUCCESS with *out the handle's
 * struct mpii_sync_obj, or what mpii_err() returned.  Takes the library
 * lock itself. */
int mpii_sync_create(MPI_Comm comm, const void *handlep, const struct mpii_sync_kind *k,
		     const char *fn, struct mpii_sync_obj **out);

/* MPI_Mutex_free's and MPI_Cond_free's end, collective over s->comm: frees
 * the handle that s starts and drops its communicator.  Returns the error
 * class of the collective part (MPI_SUCCESS). */
int mpii_sync_free(struct mpii_sync_obj *s);

/* Health check of a mutex's owner (shm_mutex_check_fn): aborts the job if
 * the owning rank aborted or its process is gone, or if the mutex's words
 * hold what no mutex holds (a state other than 0-2, an owner that is not a
 * thread of a rank of the job, locked with no owner for 2 s).  arg is the
 * mpii_mutex. */
int mpii_sync_check_owner(void *arg, uint64_t owner);

/* End the job: mx's shared words were overwritten (what: how). */
void mpii_sync_corrupt(const struct mpii_mutex *mx, const char *what) __attribute__((noreturn));

#endif
