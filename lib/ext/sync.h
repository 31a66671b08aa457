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

/* How long a waiter sleeps before checking the owner's health (ns). */
#define MPII_SYNC_SLEEP_NS 100000000LL

struct mpii_mutex {
	uint32_t magic;
	struct mpii_comm *comm;    /* reference held: collective free */
	struct shm_mutex *m;       /* in the arena, or obj_private */
	void *obj_private;         /* malloc'd object (single process) */
	uint64_t off;              /* arena offset, 0 when private */
};

struct mpii_cond {
	uint32_t magic;
	struct mpii_comm *comm;
	struct shm_cond *c;
	void *obj_private;
	uint64_t off;
};

/* (world rank + 1) << 32 | Linux thread id of the calling thread. */
uint64_t mpii_sync_self_id(void);

/* Allocate size bytes of synchronisation object for comm, collectively:
 * rank 0 allocates in the arena and initialises with init(ptr), the others
 * receive the offset.  *offp = 0 and *privp set for single-process comms.
 * Returns the object's address or NULL (error class in *rc). Takes the
 * library lock itself. */
void *mpii_sync_obj_create(struct mpii_comm *comm, size_t size, void (*init)(void *),
			   uint64_t *offp, void **privp, int *rc);

/* Collective barrier over comm on the private tags (takes the lock). */
int mpii_sync_barrier(struct mpii_comm *comm);

/* Health check of a mutex's owner (shm_mutex_check_fn): aborts the job if
 * the owning rank aborted or its process is gone.  arg is the mpii_mutex. */
int mpii_sync_check_owner(void *arg, uint64_t owner);

#endif
