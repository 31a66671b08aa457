/*
 * lib/core/pool.h - where freed MPI objects wait before their memory is
 * used again.
 *
 * A handle is a pointer, and a program may use one after freeing it (an
 * erroneous program, but it must get an error class, not a crash).  So an
 * object is never returned to malloc: on free it keeps MPII_MAGIC_FREED
 * and joins its kind's pool, first in, first out; a new object of that
 * kind reuses the oldest freed one once more than MPII_POOL_KEEP wait.  A
 * stale handle therefore fails cleanly until at least MPII_POOL_KEEP more
 * objects of its kind have been freed after it, and memory stays flat
 * however many objects a program creates and frees (it used to grow by the
 * size of every freed communicator and group).
 */
#ifndef MPII_POOL_H
#define MPII_POOL_H

#include <pthread.h>
#include <stddef.h>

#define MPII_POOL_KEEP 256

struct mpii_pool {
	size_t size;             /* bytes of one object, at least 16 */
	pthread_mutex_t lock;    /* frees may come from any thread */
	void *head, *tail;       /* oldest and newest freed object */
	size_t waiting;
};

#define MPII_POOL_INIT(type) { sizeof(type), PTHREAD_MUTEX_INITIALIZER, NULL, NULL, 0 }

/* A zeroed object: the oldest freed one when enough wait, else a new one.
 * NULL when out of memory. */
void *mpii_pool_get(struct mpii_pool *p);

/* Give back an object whose magic is already MPII_MAGIC_FREED.  Only the
 * 8 bytes after its magic word are overwritten (the link). */
void mpii_pool_put(struct mpii_pool *p, void *obj);

#endif
