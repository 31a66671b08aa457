/*
 * shm/doorbell.h - how a member sleeps when it has nothing to do and how a
 * peer wakes it.
 *
 * Waiter (any thread of the member):          Waker (a peer, after it made
 *   seen = doorbell (acquire)                  work visible, e.g. published a
 *   sleepers++ (E: seq_cst)                    cell and set a summary bit):
 *   re-check for work (F: seq_cst loads)         (G: seq_cst RMW/store of work)
 *   futex_wait(doorbell, seen)                   if sleepers (H: seq_cst load)
 *   sleepers--                                     doorbell++, futex_wake
 *
 * E/F and G/H form a Dekker pair: in the single total order of seq_cst
 * operations either the waiter's re-check sees the work or the waker sees
 * the sleeper and rings.  A waker on a hot path may instead make G a
 * release store followed by shm_fence_light() (shm/fence.h): the waiter
 * calls shm_fence_heavy() between E and F, which gives the same
 * either-or without the waker waiting for its store's line.  A ring
 * between "seen" and the futex call makes futex_wait return at once (the
 * word changed), so no wake-up is lost.  The fast path of a waker is one
 * load of a line that is only written when somebody goes to sleep: no
 * system call.
 */
#ifndef SHM_DOORBELL_H
#define SHM_DOORBELL_H

#include <stdint.h>
#include "shm/segment.h"

/* Waker side: call after the work is visible through a seq_cst operation. */
static inline void shm_doorbell_ring_if_sleeping(struct shm_bell *m)
{
	void shm_doorbell_ring(struct shm_bell *m);
	/* H: pairs with E in shm_doorbell_prepare(). */
	if (shm_load_seq_cst(&m->sleepers) != 0)
		shm_doorbell_ring(m);
}

/* Waker side, slow path: bump the doorbell and wake every sleeper. */
void shm_doorbell_ring(struct shm_bell *m);

/* Waiter side, in three steps so that the caller can check its own wait
 * condition between them (with its locks held):
 *   seen = shm_doorbell_prepare(m);     sleeper count up (E)
 *   if (!work_visible())                seq_cst loads of the work (F)
 *           shm_doorbell_wait(m, seen, timeout_ns);
 *   shm_doorbell_finish(m);             sleeper count down
 * timeout_ns < 0 sleeps until rung. */
uint32_t shm_doorbell_prepare(struct shm_bell *m);
void shm_doorbell_wait(struct shm_bell *m, uint32_t seen, int64_t timeout_ns);
void shm_doorbell_finish(struct shm_bell *m);

#endif
