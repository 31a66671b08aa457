/*
 * shm/mutex.c - the three-state futex mutex (see shm/mutex.h).
 */
#include <errno.h>
#include "shm/futex.h"
#include "shm/mutex.h"

void shm_mutex_init(struct shm_mutex *m)
{
	shm_store_relaxed(&m->state, 0);
	shm_store_relaxed(&m->nwaiters, 0);
	shm_store_relaxed(&m->owner, 0);
}

int shm_mutex_trylock(struct shm_mutex *m, uint64_t me)
{
	uint32_t c = 0;
	/* Acquire: pairs with the release exchange in shm_mutex_unlock. */
	if (!shm_cas_acquire(&m->state, &c, 1))
		return 0;
	shm_store_relaxed(&m->owner, me);
	return 1;
}

int shm_mutex_lock(struct shm_mutex *m, uint64_t me, int64_t sleep_ns,
		   shm_mutex_check_fn check, void *arg)
{
	uint32_t c = 0;
	/* Acquire: pairs with the release exchange in shm_mutex_unlock. */
	if (shm_cas_acquire(&m->state, &c, 1))
		goto got;
	/* A short spin: critical sections are usually short. */
	for (int i = 0; i < 100; i++) {
		shm_cpu_relax();
		c = 0;
		if (shm_load_relaxed(&m->state) == 0 && shm_cas_acquire(&m->state, &c, 1))
			goto got;
	}
	/* Mark contended; whoever we find holding it will wake us.
	 * Acquire: pairs with the release exchange in shm_mutex_unlock. */
	c = shm_exchange_acq_rel(&m->state, 2);
	while (c != 0) {
		/* The word is shared memory another process can scribble: a
		 * value that is not a state would otherwise read as "locked"
		 * forever (our exchange just turned it into 2). */
		if (c > 2)
			return SHM_MUTEX_BAD_STATE;
		shm_fetch_add_relaxed(&m->nwaiters, 1);
		int rc = shm_futex_wait(&m->state, 2, sleep_ns);
		shm_fetch_sub_acq_rel(&m->nwaiters, 1);
		if (rc == -ETIMEDOUT && check) {
			int bad = check(arg, shm_mutex_owner(m));
			if (bad)
				return bad;
		}
		c = shm_exchange_acq_rel(&m->state, 2);
	}
got:
	shm_store_relaxed(&m->owner, me);
	return 0;
}

void shm_mutex_unlock(struct shm_mutex *m)
{
	shm_store_relaxed(&m->owner, 0);
	/* Release: the next holder sees our critical section; pairs with the
	 * acquires in lock/trylock. */
	if (shm_exchange_acq_rel(&m->state, 0) == 2)
		shm_futex_wake(&m->state, 1);
}
