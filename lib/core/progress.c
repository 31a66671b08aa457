/*
 * lib/core/progress.c - the progress engine and how a thread waits.
 *
 * Waiting strategy: poll; after spin_polls idle polls start yielding the
 * core; after yield_polls yields sleep on the member's doorbell futex until
 * a peer rings it (shm/doorbell.h) or sleep_ns passes (a safety net, never
 * the mechanism).  With more members than cores the spin phase is short:
 * a spinning rank would steal the core from the rank it waits for.
 * The fast path (data already there) makes no system call.
 *
 * Waiting threads also copy chunks of the large copies shared among them
 * (lib/p2p/p2p_cma_share.c), between polls with the lock dropped; mpii_progress
 * copies them itself (lock held) only when its caller is not such a
 * waiter, so that no job waits for a helper that does not come.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>
#include "lib/ext/ext.h"
#include "lib/core/global.h"
#include "lib/core/lock.h"
#include "lib/p2p/p2p_impl.h"
#include "lib/core/progress.h"
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

/* The calling thread is inside mpii_progress_wait.  Initial-exec: read on
 * every wait, and the default model for a shared library would call
 * __tls_get_addr each time. */
static __thread int in_wait __attribute__((tls_model("initial-exec")));

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
	if (mpii_cma_share_busy())
		did |= mpii_cma_share_progress(!in_wait);
	return did;
}

/* Copy the unclaimed chunks of shared copies with the lock dropped (the
 * other threads keep polling meanwhile).  Returns 1 if there were any. */
static int help_copy(void)
{
	if (!mpii_cma_share_busy() || !mpii_cma_share_claimable())
		return 0;
	mpii_unlock();
	while (mpii_cma_share_help())
		;
	mpii_lock();
	return 1;
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

/* A poll of ours completed a request that another waiting thread may be
 * waiting for: let it run.  On a core shared by several threads of the
 * rank (the launcher binds a rank to one core) it cannot run while we
 * poll, and a productive poll restarts our spin, so we would keep the
 * core as long as messages for the others arrive.  4 threads per rank in
 * perf/thread_pingpong: aggregate rate 2.05 -> 2.53 Mmsg/s (medians of
 * 15 interleaved runs, docs/threads.md). */
static void hand_over(void)
{
	mpii_unlock();
	sched_yield();
	mpii_lock();
}

void mpii_progress_wait(int (*done)(void *arg), void *arg, int hint_peer)
{
	unsigned idle = 0;
	int outer = !in_wait, noted = 0;
	if (outer) {
		in_wait = 1;
		mpii_endpoint_wait_begin();
	}
	nwaiting++;
	for (;;) {
		if (done(arg))
			break;
		/* Relaxed: every bump happens under the library lock, which
		 * we hold; a change means our own poll completed something. */
		uint32_t before = shm_load_relaxed(&local_events);
		if (mpii_progress(hint_peer) || help_copy()) {
			idle = 0;
			if (nwaiting > 1 && shm_load_relaxed(&local_events) != before && !done(arg))
				hand_over();
			continue;
		}
		if (done(arg))
			break;
		idle++;
		unsigned spin = nwaiting > 1 && spin_polls > 64 ? 64 : spin_polls;
		unsigned yields = nwaiting > 1 && yield_polls > 20 ? 20 : yield_polls;
		uint32_t events = shm_load_relaxed(&local_events);
		/* Queued output or polled operations need us awake: a peer
		 * freeing ring space does not ring our doorbell.  So does a
		 * shared copy in flight: a chunk copied by another thread
		 * rings nobody, and sleeping would add a wake-up to every
		 * large message. */
		int stay_awake = mpii_p2p.ntx_active || mpii_progress_has_polled_ops() ||
				 mpii_cma_share_busy();
		if (idle < spin) {
			mpii_unlock();
			shm_cpu_relax();
		} else if (idle < spin + yields || stay_awake) {
			mpii_unlock();
			if (outer && !noted)
				noted = 1, mpii_stuck_block();
			sched_yield();
		} else {
			if (outer && !noted)
				noted = 1, mpii_stuck_block();
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
	if (noted)
		mpii_stuck_unblock();
	if (outer) {
		in_wait = 0;
		mpii_endpoint_wait_end();
	}
}

void mpii_progress_wake_local(void)
{
	/* L: seq_cst, pairs with F in mpii_progress_wait. */
	shm_fetch_add_seq_cst(&local_events, 1);
	shm_doorbell_ring_if_sleeping(mpii_g.me);
}
