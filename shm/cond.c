/*
 * shm/cond.c - the futex sequence-counter condition variable.
 */
#include <errno.h>
#include <limits.h>
#include "shm/cond.h"
#include "shm/futex.h"

void shm_cond_init(struct shm_cond *c)
{
	shm_store_relaxed(&c->seq, 0);
	shm_store_relaxed(&c->nwaiters, 0);
	shm_store_relaxed(&c->signaller, 0);
}

int shm_cond_wait(struct shm_cond *c, struct shm_mutex *m, uint64_t me, int64_t sleep_ns,
		  shm_mutex_check_fn check, void *arg)
{
	/* W: seq read and waiter counted while m is held.  Seq_cst: pairs
	 * with S in signal/broadcast (a signaller that bumps seq after this
	 * sees nwaiters != 0). */
	shm_fetch_add_seq_cst(&c->nwaiters, 1);
	uint32_t s = shm_load_seq_cst(&c->seq);
	shm_mutex_unlock(m);
	for (;;) {
		int rc = shm_futex_wait(&c->seq, s, sleep_ns);
		/* Acquire: pairs with the bump in signal/broadcast. */
		if (shm_load_acquire(&c->seq) != s)
			break;
		if (rc == -ETIMEDOUT && check) {
			int bad = check(arg, 0);
			if (bad) {
				shm_fetch_sub_acq_rel(&c->nwaiters, 1);
				return bad;
			}
		}
	}
	shm_fetch_sub_acq_rel(&c->nwaiters, 1);
	return shm_mutex_lock(m, me, sleep_ns, check, arg);
}

void shm_cond_signal(struct shm_cond *c)
{
	/* S: pairs with W in shm_cond_wait. */
	shm_fetch_add_seq_cst(&c->seq, 1);
	if (shm_load_seq_cst(&c->nwaiters))
		shm_futex_wake(&c->seq, 1);
}

void shm_cond_broadcast(struct shm_cond *c)
{
	/* S: pairs with W in shm_cond_wait. */
	shm_fetch_add_seq_cst(&c->seq, 1);
	if (shm_load_seq_cst(&c->nwaiters))
		shm_futex_wake(&c->seq, INT_MAX);
}
