/*
 * shm/doorbell.c - the slow paths of the doorbell (see doorbell.h for the
 * ordering argument).
 */
#include <limits.h>
#include "shm/doorbell.h"
#include "shm/futex.h"

void shm_doorbell_ring(struct shm_member *m)
{
	/* Release: whatever the ringer wrote before is visible to the woken
	 * thread that re-reads the doorbell with acquire. */
	atomic_fetch_add_explicit(&m->doorbell, 1, memory_order_release);
	shm_futex_wake(&m->doorbell, INT_MAX);
}

int shm_doorbell_sleep(struct shm_member *m, int (*has_work)(void *), void *arg,
		       int64_t timeout_ns)
{
	uint32_t seen = shm_load_acquire(&m->doorbell);
	/* E: pairs with H in shm_doorbell_ring_if_sleeping(). */
	shm_fetch_add_seq_cst(&m->sleepers, 1);
	/* F: has_work() must use seq_cst loads of the work indicators. */
	if (!has_work(arg))
		shm_futex_wait(&m->doorbell, seen, timeout_ns);
	shm_fetch_sub_acq_rel(&m->sleepers, 1);
	return 0;
}
