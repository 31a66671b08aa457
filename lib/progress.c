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

/* Local wake-ups (completions by another thread of this process, e.g. the
 * handler thread, lib/handler.c): counted so that a waiter about to sleep
 * sees one that happened after its last check (Dekker pair with the
 * sleeper count, as in shm/doorbell.h). */
static _Atomic unsigned local_wakes;

void mpii_progress_init(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	mpii_g.oversubscribed = ncpu > 0 && mpii_g.size > ncpu;
	spin_polls = mpii_g.oversubscribed ? 64 : 20000;
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
	for (;;) {
		unsigned seen = atomic_load(&local_wakes);
		if (done(arg))
			return;
		if (mpii_progress(hint_peer)) {
			idle = 0;
			continue;
		}
		if (done(arg))
			return;
		idle++;
		if (idle < spin_polls) {
			mpii_unlock();
			shm_cpu_relax();
		} else if (idle < spin_polls + yield_polls || mpii_p2p.ntx_active ||
			   mpii_progress_has_polled_ops()) {
			/* Queued output or polled operations need us awake: a
			 * peer freeing ring space does not ring our doorbell. */
			mpii_unlock();
			sched_yield();
		} else {
			/* done() is re-checked after the sleeper count went up:
			 * whoever makes it true (a peer setting a flag in the
			 * segment, another thread completing a request) rings
			 * after its own seq_cst write (shm/doorbell.h). */
			uint32_t bell = shm_doorbell_prepare(mpii_g.me);
			int ready = has_work() || done(arg) ||
				    atomic_load(&local_wakes) != seen;
			mpii_unlock();
			if (!ready)
				shm_doorbell_wait(mpii_g.me, bell, mpii_g.cfg.sleep_ns);
			shm_doorbell_finish(mpii_g.me);
			idle = spin_polls; /* after a wake-up, yield before sleeping again */
		}
		mpii_lock();
	}
}

void mpii_progress_wake_local(void)
{
	atomic_fetch_add(&local_wakes, 1);  /* G: seq_cst, before H */
	shm_doorbell_ring_if_sleeping(mpii_g.me);
}
