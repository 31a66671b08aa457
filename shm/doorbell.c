/*
 * shm/doorbell.c - the slow paths of the doorbell (see doorbell.h for the
 * ordering argument).
 */
#include <limits.h>
#include "shm/doorbell.h"
#include "shm/fence.h"
#include "shm/futex.h"

void shm_doorbell_ring(struct shm_bell *m)
{
	/* Release: whatever the ringer wrote before is visible to the woken
	 * thread that re-reads the doorbell with acquire. */
	shm_fetch_add_release(&m->doorbell, 1);
	shm_futex_wake(&m->doorbell, INT_MAX);
}

uint32_t shm_doorbell_prepare(struct shm_bell *m)
{
	uint32_t seen = shm_load_acquire(&m->doorbell);
	/* E: pairs with H in shm_doorbell_ring_if_sleeping(). */
	shm_fetch_add_seq_cst(&m->sleepers, 1);
	/* The heavy half for wakers whose G-to-H is a light fence
	 * (shm/fence.h): after it, either their work is visible to our
	 * re-check or their load of sleepers sees E. */
	shm_fence_heavy();
	return seen;
}

void shm_doorbell_wait(struct shm_bell *m, uint32_t seen, int64_t timeout_ns)
{
	/* Returns at once if the doorbell rang since `seen` was read. */
	shm_futex_wait(&m->doorbell, seen, timeout_ns);
}

void shm_doorbell_finish(struct shm_bell *m)
{
	/* Release: nothing to order, but keeps the count exact for wakers. */
	shm_fetch_sub_acq_rel(&m->sleepers, 1);
}
