/*
 * lib/progress.c - the progress engine and how a thread waits.
 *
 * Waiting strategy: poll; after spin_polls idle polls start yielding the
 * core; after yield_polls yields sleep on the member's doorbell futex until
 * a peer rings it (shm/doorbell.h) or sleep_ns passes (a safety net, never
 * the mechanism).  With more members than cores the spin phase is short:
 * a spinning rank would steal the core from the rank it waits for.
 * The fast path (data already there) makes no system call.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>
#include "lib/global.h"
#include "lib/lock.h"
#include "lib/p2p_impl.h"
#include "lib/progress.h"
#include "shm/doorbell.h"

static unsigned spin_polls, yield_polls;

/* Local events: bumped by a thread that completes something another thread
 * of this process may wait for (mpii_progress_wake_local).  A sleeper takes
 * a snapshot under the library lock before it lets go and compares after its
 * sleeper count went up: a completion by another thread in between is not
 * missed (L pairs with F, through the doorbell's E/H). */
static _Atomic uint32_t local_events;

/* Threads of this process inside mpii_progress_wait (library lock).  With
 * more than one, a spinning waiter only steals the core and the lock from
 * the thread that has work, and so does a long run of yields (each one
 * takes the lock to poll): spin and yield briefly, then sleep. */
static int nwaiting;

void mpii_progress_init(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	mpii_g.oversubscribed = ncpu > 0 && mpii_g.size > ncpu;
	/* Oversubscribed, even 64 polls (each scans every peer's ring) cost
	 * more than the yield they postpone: barrier at 8 ranks on 2 cores
	 * 13-20 us with 64, 6-10 us with 4 (perf/coll, interleaved). */
	spin_polls = mpii_g.oversubscribed ? 4 : 20000;
	yield_polls = mpii_g.oversubscribed ? 2000 : 200;
	if (mpii_g.cfg.spin_polls != (unsigned)-1)
		spin_polls = mpii_g.cfg.spin_polls;
	if (mpii_g.cfg.yield_polls != (unsigned)-1)
		yield_polls = mpii_g.cfg.yield_polls;
}

int mpii_progress(int hint_peer)
{
	int did = mpii_p2p_poll_incoming(hint_peer);
	if (mpii_p2p.ntx_active)
		did |= mpii_p2p_push();
	if (mpii_progress_has_polled_ops())
		mpii_progress_poll_ops();
	return did;
}

/* Sleep condition, checked after the sleeper count went up (F in
 * shm/doorbell.h): a summary bit means a peer published. */
static int has_work(void)
{
	_Atomic uint64_t *sum = shm_seg_summary(&mpii_g.seg, (uint32_t)mpii_g.rank);
	uint32_t words = ((uint32_t)mpii_g.size + 63) / 64;
	for (uint32_t w = 0; w < words; w++)
		if (shm_load_seq_cst(&sum[w]))
			return 1;
	return 0;
}

void mpii_progress_wait(int (*done)(void *arg), void *arg, int hint_peer)
{
	unsigned idle = 0;
	nwaiting++;
	for (;;) {
		if (done(arg))
			break;
		if (mpii_progress(hint_peer)) {
			idle = 0;
			continue;
		}
		if (done(arg))
			break;
		idle++;
		unsigned spin = nwaiting > 1 && spin_polls > 64 ? 64 : spin_polls;
		unsigned yields = nwaiting > 1 && yield_polls > 20 ? 20 : yield_polls;
		uint32_t events = shm_load_relaxed(&local_events);
		/* Queued output or polled operations need us awake: a peer
		 * freeing ring space does not ring our doorbell. */
		int stay_awake = mpii_p2p.ntx_active || mpii_progress_has_polled_ops();
		if (idle < spin) {
			mpii_unlock();
			shm_cpu_relax();
		} else if (idle < spin + yields || stay_awake) {
			mpii_unlock();
			sched_yield();
		} else {
			/* The wait condition is re-checked after the sleeper count
			 * went up: whoever makes it true (a peer publishing or
			 * setting a flag in the segment, another thread completing
			 * a request) rings after its own seq_cst write. */
			uint32_t bell = shm_doorbell_prepare(mpii_g.me);
			/* F: seq_cst, pairs with L in mpii_progress_wake_local. */
			int ready = has_work() || done(arg) ||
				    shm_load_seq_cst(&local_events) != events;
			mpii_unlock();
			if (!ready)
				shm_doorbell_wait(mpii_g.me, bell, mpii_g.cfg.sleep_ns);
			shm_doorbell_finish(mpii_g.me);
			idle = spin; /* after a wake-up, yield before sleeping again */
		}
		mpii_lock();
	}
	nwaiting--;
}

void mpii_progress_wake_local(void)
{
	/* L: seq_cst, pairs with F in mpii_progress_wait. */
	shm_fetch_add_seq_cst(&local_events, 1);
	shm_doorbell_ring_if_sleeping(mpii_g.me);
}
