/*
 * shm/mutex.h - a process-shared mutex on a futex word, for the segment.
 *
 * The classic three-state mutex (Drepper, "Futexes are tricky", mutex 2):
 * state 0 unlocked, 1 locked, 2 locked and maybe waiters.  An owner word
 * records who holds it (an opaque non-zero 64-bit id chosen by the caller,
 * lib/ uses (world rank + 1) << 32 | thread id) so that the caller can
 * reject an unlock by a non-owner and a relock by the owner, and so that a
 * waiter can ask whether the owner is still alive.
 *
 * No MPI knowledge: the object may live in the shared segment (shared by
 * processes) or in private memory (shared by threads); it is a plain
 * cache-line-aligned struct that needs no destructor.
 */
#ifndef SHM_MUTEX_H
#define SHM_MUTEX_H

#include <stdint.h>
#include "shm/atomic.h"

struct shm_mutex {
	shm_cacheline_aligned _Atomic uint32_t state; /* 0, 1, 2 as above */
	_Atomic uint32_t nwaiters;                    /* threads in shm_mutex_lock's sleep */
	_Atomic uint64_t owner;                       /* id of the holder, 0 when free */
};

/* Called by a sleeping waiter after each timed-out sleep with the current
 * owner id; a non-zero return makes shm_mutex_lock give up with that value. */
typedef int (*shm_mutex_check_fn)(void *arg, uint64_t owner);

void shm_mutex_init(struct shm_mutex *m);

/* What shm_mutex_lock returns when the state word held a value no mutex
 * has (none of 0, 1, 2): the memory was overwritten.  The mutex is not
 * taken (the word is left at 2). */
#define SHM_MUTEX_BAD_STATE (-1)

/* Take the mutex for owner id `me` (non-zero).  Sleeps in the kernel, at
 * most sleep_ns at a time (negative: forever); after each timeout calls
 * check(arg, owner) if check is not NULL.  Returns 0, check's non-zero
 * value, or SHM_MUTEX_BAD_STATE.  Does not look at the owner word: the
 * caller rejects relocks. */
int shm_mutex_lock(struct shm_mutex *m, uint64_t me, int64_t sleep_ns,
		   shm_mutex_check_fn check, void *arg);

/* Take the mutex if it is free: 1 taken, 0 busy. */
int shm_mutex_trylock(struct shm_mutex *m, uint64_t me);

/* Release; wakes one sleeper if there may be one.  The caller checked that
 * it is the owner. */
void shm_mutex_unlock(struct shm_mutex *m);

/* The holder's id (0: free).  Relaxed: exact only for the holder itself. */
static inline uint64_t shm_mutex_owner(struct shm_mutex *m)
{
	return shm_load_relaxed(&m->owner);
}

/* Free right now (state 0).  Acquire: pairs with the release in unlock. */
static inline int shm_mutex_is_free(struct shm_mutex *m)
{
	return shm_load_acquire(&m->state) == 0;
}

#endif
