/*
 * shm/rwlock.c - the process-shared reader-writer lock (see shm/rwlock.h
 * for the word's layout and the A-D pairing of waiters and unlockers).
 */
#include <errno.h>
#include "shm/futex.h"
#include "shm/rwlock.h"

/* Polls before the first sleep: a passive-target epoch is usually a few
 * puts long, so the holder is likely to let go within a few microseconds. */
#define RW_SPIN 200

int shm_rwlock_trylock_shared(struct shm_rwlock *l)
{
	/* seq_cst: the increment is the acquire of the reader's critical
	 * section (pairs with the writer's C) and part of the Dekker pair
	 * when it has to back out. */
	uint32_t v = shm_fetch_add_seq_cst(&l->word, 1);
	if (!(v & SHM_RWLOCK_WRITER))
		return 1;
	shm_rwlock_unlock_shared(l);
	return 0;
}

int shm_rwlock_trylock_excl(struct shm_rwlock *l)
{
	uint32_t zero = 0;
	/* seq_cst: acquire of the writer's critical section, pairs with C. */
	return shm_cas_seq_cst(&l->word, &zero, SHM_RWLOCK_WRITER);
}

/* Wait until busy(word) is false, spinning then sleeping; 0 or check's value. */
static int wait_until(struct shm_rwlock *l, uint32_t busy_mask, int64_t sleep_ns,
		      shm_rwlock_check_fn check, void *arg)
{
	for (int i = 0; i < RW_SPIN; i++) {
		/* Relaxed: only a hint; the caller's RMW decides. */
		if (!(shm_load_relaxed(&l->word) & busy_mask))
			return 0;
		shm_cpu_relax();
	}
	for (;;) {
		shm_fetch_add_seq_cst(&l->waiters, 1);          /* A */
		uint32_t v = shm_load_seq_cst(&l->word);        /* B */
		int rc = 0;
		if (v & busy_mask)
			rc = shm_futex_wait(&l->word, v, sleep_ns);
		shm_fetch_sub_seq_cst(&l->waiters, 1);
		if (!(v & busy_mask))
			return 0;
		if (rc == -ETIMEDOUT && check) {
			int bad = check(arg);
			if (bad)
				return bad;
		}
		/* Relaxed: a hint again; the caller retries its RMW. */
		if (!(shm_load_relaxed(&l->word) & busy_mask))
			return 0;
	}
}

int shm_rwlock_lock_shared(struct shm_rwlock *l, int64_t sleep_ns,
			   shm_rwlock_check_fn check, void *arg)
{
	while (!shm_rwlock_trylock_shared(l)) {
		int rc = wait_until(l, SHM_RWLOCK_WRITER, sleep_ns, check, arg);
		if (rc)
			return rc;
	}
	return 0;
}

int shm_rwlock_lock_excl(struct shm_rwlock *l, int64_t sleep_ns,
			 shm_rwlock_check_fn check, void *arg)
{
	while (!shm_rwlock_trylock_excl(l)) {
		int rc = wait_until(l, ~0u, sleep_ns, check, arg);
		if (rc)
			return rc;
	}
	return 0;
}

static void wake_if_waiting(struct shm_rwlock *l)
{
	/* D: pairs with A in wait_until(). */
	if (shm_load_seq_cst(&l->waiters))
		shm_futex_wake(&l->word, 0x7fffffff);
}

void shm_rwlock_unlock_shared(struct shm_rwlock *l)
{
	/* C: release of the reader's section (seq_cst for the Dekker pair). */
	shm_fetch_sub_seq_cst(&l->word, 1);
	wake_if_waiting(l);
}

void shm_rwlock_unlock_excl(struct shm_rwlock *l)
{
	/* C: release of the writer's section; a subtraction, since readers
	 * backing out may have the word above the writer bit right now. */
	shm_fetch_sub_seq_cst(&l->word, SHM_RWLOCK_WRITER);
	wake_if_waiting(l);
}
