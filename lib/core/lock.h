/*
 * lib/core/lock.h - the library lock.
 *
 * Lock hierarchy (docs/threads.md): one process-wide mutex protects every
 * queue, request and communicator of the process.  It is taken only when
 * the thread level is MPI_THREAD_MULTIPLE (mpii_g.multi); a blocking call
 * drops it between progress polls so that other threads can call MPI and
 * exactly one thread at a time drives progress.  Objects in the segment
 * (rings, futex words) are synchronised by their own atomics, never by this
 * lock.
 */
#ifndef MPII_LOCK_H
#define MPII_LOCK_H

#include <pthread.h>
#include "lib/core/global.h"

extern pthread_mutex_t mpii_big_lock;

static inline void mpii_lock(void)
{
	if (mpii_g.multi)
		pthread_mutex_lock(&mpii_big_lock);
}

static inline void mpii_unlock(void)
{
	if (mpii_g.multi)
		pthread_mutex_unlock(&mpii_big_lock);
}

#endif
