/*
 * shm/cond.h - a process-shared condition variable on a futex sequence
 * counter, used with struct shm_mutex.
 *
 * A waiter reads the sequence number while it still holds the mutex, then
 * releases the mutex and sleeps while the number is unchanged; signal and
 * broadcast bump the number before waking, so a wake-up between the unlock
 * and the sleep is never lost (the futex wait returns EAGAIN).  A wake(1)
 * may pick a waiter that arrived after the signal; the waiters sleep at most
 * sleep_ns at a time and return as soon as they see the number moved, so an
 * earlier waiter is never stranded (it returns within one sleep period).
 * Spurious returns happen, as with POSIX: callers re-check their predicate.
 */
#ifndef SHM_COND_H
#define SHM_COND_H

#include <stdint.h>
#include "shm/atomic.h"
#include "shm/mutex.h"

struct shm_cond {
	shm_cacheline_aligned _Atomic uint32_t seq;
	_Atomic uint32_t nwaiters;
	/* Who signalled last (the caller's id, as a mutex owner: lib/ext),
	 * 0 never: for the stall report, which names it as one who signals
	 * this condition (a diagnosis; any member may write it). */
	_Atomic uint64_t signaller;
};

void shm_cond_init(struct shm_cond *c);

/* Release m (held by the caller), sleep until signalled, take m again for
 * owner `me`.  sleep_ns, check, arg as for shm_mutex_lock; check is also
 * called after a timed-out sleep on the condition with owner 0.  Returns 0,
 * or check's non-zero value or SHM_MUTEX_BAD_STATE (then the mutex is not
 * held). */
int shm_cond_wait(struct shm_cond *c, struct shm_mutex *m, uint64_t me, int64_t sleep_ns,
		  shm_mutex_check_fn check, void *arg);

/* Wake at least one waiter, if any. */
void shm_cond_signal(struct shm_cond *c);

/* Wake every waiter. */
void shm_cond_broadcast(struct shm_cond *c);

/* Number of threads inside shm_cond_wait (for diagnostics). */
static inline uint32_t shm_cond_waiters(struct shm_cond *c)
{
	return shm_load_acquire(&c->nwaiters);
}

#endif
