/*
 * shm/rwlock.h - a process-shared reader-writer lock on one futex word, for
 * the passive-target locks of one-sided windows (MPI_Win_lock shared and
 * exclusive, MPI_Win_lock_all).
 *
 * word: bit 31 set while a writer holds it, bits 0-30 count readers.
 * A reader adds one and backs out if it finds the writer bit; a writer
 * takes the word from 0 to the writer bit.  Waiters spin a little, then
 * sleep on the word itself:
 *
 *   waiter                               unlocker
 *     waiters++           (A: seq_cst)     word -= mine   (C: seq_cst RMW)
 *     v = word            (B: seq_cst)     if (waiters)   (D: seq_cst load)
 *     if (v still busy) futex_wait(v)          futex_wake(all)
 *
 * A/B and C/D form a Dekker pair: either the waiter's load sees the release
 * or the unlocker sees the waiter and wakes it; a change between B and the
 * futex call makes futex_wait return at once.  Readers are preferred: a
 * stream of readers can keep a writer waiting (windows hold locks briefly).
 *
 * No MPI knowledge; the struct may live in any shared mapping and needs
 * no destructor.  Zero bytes are an unlocked lock.
 */
#ifndef SHM_RWLOCK_H
#define SHM_RWLOCK_H

#include <stdint.h>
#include "shm/atomic.h"

#define SHM_RWLOCK_WRITER 0x80000000u

struct shm_rwlock {
	shm_cacheline_aligned _Atomic uint32_t word;  /* writer bit | readers */
	_Atomic uint32_t waiters;                     /* threads asleep on word */
	_Atomic uint32_t writer;                      /* the caller's id of the
						       * exclusive holder, 0: none
						       * (shm_rwlock_set_writer) */
};

_Static_assert(sizeof(struct shm_rwlock) == SHM_CACHELINE, "rwlock fills one line");

/* Called after each sleep of sleep_ns that ended without the lock; a
 * non-zero return makes the lock call give up with that value. */
typedef int (*shm_rwlock_check_fn)(void *arg);

/* Take the lock shared / exclusive.  Sleeps at most sleep_ns at a time
 * (negative: until woken), calling check(arg) (if not NULL) after each
 * timed-out sleep.  Returns 0 with the lock held, or check's value. */
int shm_rwlock_lock_shared(struct shm_rwlock *l, int64_t sleep_ns,
			   shm_rwlock_check_fn check, void *arg);
int shm_rwlock_lock_excl(struct shm_rwlock *l, int64_t sleep_ns,
			 shm_rwlock_check_fn check, void *arg);

/* Take the lock only if that needs no wait: 1 taken, 0 busy. */
int shm_rwlock_trylock_shared(struct shm_rwlock *l);
int shm_rwlock_trylock_excl(struct shm_rwlock *l);

/* Record (id non-zero, right after taking the lock exclusive) or clear
 * (0, right before unlock_excl) who holds it, for waiters that must tell a
 * real holder from a scribbled word.  Relaxed: a diagnosis, read after
 * sleeps. */
static inline void shm_rwlock_set_writer(struct shm_rwlock *l, uint32_t id)
{
	shm_store_relaxed(&l->writer, id);
}

static inline uint32_t shm_rwlock_writer(struct shm_rwlock *l)
{
	return shm_load_relaxed(&l->writer);
}

/* Release a lock this caller holds in that mode; wakes sleepers. */
void shm_rwlock_unlock_shared(struct shm_rwlock *l);
void shm_rwlock_unlock_excl(struct shm_rwlock *l);

#endif
