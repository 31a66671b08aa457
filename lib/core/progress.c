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
 *
 * The engine sees point-to-point only through the transport it registers
 * at init (mpii_progress_set_transport: lib/p2p/'s mpii_p2p_progress,
 * mpii_p2p_busy, mpii_p2p_help_copy), and the nonblocking collectives only
 * as polled requests (mpii_progress_poll_add).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>
#include "lib/core/global.h"
#include "lib/core/lock.h"
#include "lib/core/progress.h"
#include "lib/core/request.h"
#include "lib/core/stuck.h"
#include "shm/doorbell.h"

static unsigned spin_polls, yield_polls;

/* Until a transport is registered (and in a process without one): nothing
 * to drive. */
static int no_progress(int hint_peer, int copy_shared)
{
	(void)hint_peer, (void)copy_shared;
	return 0;
}

static int nothing(void)
{
	return 0;
}

/* A copy, not a pointer to the registrant's: one load less on every poll. */
static struct mpii_progress_transport transport = { no_progress, nothing, nothing };

void mpii_progress_set_transport(const struct mpii_progress_transport *t)
{
	transport = *t;
}

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

/* Lenders (joined endpoints, lib/ext/endpoint.c) inside mpii_progress_wait,
 * protected by the library lock; whether the calling thread is a lender and
 * whether it is counted.  Initial-exec: read on every outermost wait. */
static int lenders_waiting;
static __thread int is_lender __attribute__((tls_model("initial-exec")));
static __thread int lender_counted __attribute__((tls_model("initial-exec")));

/* Polled operations (mpii_progress_poll_add), protected by the library lock. */
static struct mpii_request *poll_head;

/* Per-thread time budget of the idle phases (mpii_progress_wait_budget):
 * spin_ns < 0 counts polls instead. */
static __thread int64_t budget_spin_ns __attribute__((tls_model("initial-exec"))) = -1;
static __thread int64_t budget_yield_ns __attribute__((tls_model("initial-exec")));

void mpii_progress_init(void)
{
	/* The CPUs the job may use (a batch system's or taskset's set), as
	 * the launcher counted them before binding us to one core. */
	mpii_g.oversubscribed = (uint32_t)mpii_g.size > shm_seg_cpus(&mpii_g.seg);
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

void mpii_progress_poll_add(struct mpii_request *req)
{
	req->poll_next = poll_head;
	poll_head = req;
}

/* Call every polled operation once; unlink the ones that completed. */
static void poll_ops(void)
{
	struct mpii_request **pp = &poll_head;
	while (*pp) {
		struct mpii_request *r = *pp;
		if (r->poll(r)) {
			/* finished: the poll function completed it */
			*pp = r->poll_next;
			r->poll_next = NULL;
		} else {
			pp = &r->poll_next;
		}
	}
}

int mpii_progress(int hint_peer)
{
	int did = transport.progress(hint_peer, !in_wait);
	if (poll_head)
		poll_ops();
	return did;
}

void mpii_progress_set_lender(int on)
{
	is_lender = on;
}

int mpii_progress_lenders(void)
{
	return lenders_waiting - lender_counted;
}

void mpii_progress_wait_budget(int64_t spin_ns, int64_t yield_ns)
{
	budget_spin_ns = spin_ns;
	budget_yield_ns = yield_ns;
}

/* Sleep condition, checked after the sleeper count went up (F in
 * shm/doorbell.h): a summary bit means a peer published. */
static int has_work(void)
{
	_Atomic uint64_t *sum = shm_seg_summary(&mpii_g.seg, (uint32_t)mpii_g.rank);
	uint32_t words = ((uint32_t)mpii_g.nmembers + 63) / 64;
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

/* Yield the core; returns whether the yield was slow: a thread that got
 * the core kept it for more than SLOW_YIELD_NS.  A yield is cheap when
 * the threads that get the core are waiters too (each polls and yields it
 * back, about a microsecond); one that keeps it (an application thread
 * computing or spinning, as the MPICH suite's MTest thread barrier does)
 * holds it for its time slice, and under EEVDF each further yield moves
 * the waiter's deadline back by a slice: when its message arrives it runs
 * after all of them.  So after a slow yield a wait (untimed) skips its
 * yield phases and sleeps on the doorbell, which it leaves with a fresh
 * deadline.  MPICH's threads/pt2pt/multisend4 at np 5 on 2 busy cores,
 * 64 KiB - 2 MiB (one thread of each rank waits while four spin in the
 * barrier): the waiting threads yielded 20000 - 65000 times each, 0.25 -
 * 0.75 ms a yield, and the run took 30 s, against 18 - 22 s with the
 * rule (100 - 300 us) and 21 - 23 s under MPICH (interleaved, issue 14
 * item 10). */
#define SLOW_YIELD_NS 200000
static int yield_was_slow(void)
{
	int64_t t = mpii_now_ns();
	sched_yield();
	return mpii_now_ns() - t > SLOW_YIELD_NS;
}

void (*mpii_wait_blocked_hook)(void);

/* lib/tools' wait timer (mpii_g.time_waits) without a clock read on the
 * way out of a wait, where a spinning receive would pay it on the
 * message's critical path (23 ns of clock_gettime, ~7% of an 8-byte
 * pingpong here): a wait's time runs from its first poll that found
 * nothing to do (so a wait that one pass of progress ends, a receive of a
 * message already in the ring, reads no clock and counts nothing) to its
 * last idle poll, plus one poll's estimated time.  The clock is read at
 * the first idle poll, the 8th, every 32nd after that and after every
 * yield or sleep (the slow phases, where a read costs nothing); the idle
 * polls after the last read are counted and priced at poll_ticks, the
 * time of one spinning poll measured over the last run of spins between
 * two reads.  So the time of the final, productive pass (copying the
 * message that ended the wait) is not counted: the timer measures the
 * time spent with nothing to do.  poll_ticks is under the library lock. */
struct wait_timer {
	int on;          /* the clock was read in this wait */
	int pure;        /* only spins since last (no yield, no sleep) */
	uint64_t first;  /* clock at the first idle poll */
	uint64_t last;   /* clock at the latest read */
	uint64_t since;  /* idle polls since that read */
};
static uint64_t poll_ticks;

static void timer_idle(struct wait_timer *tm)
{
	if (!tm->on) {
		tm->on = tm->pure = 1;
		tm->first = tm->last = mpii_wait_clock(mpii_g.wait_tsc);
		tm->since = 0;
		return;
	}
	tm->since++;
	if (tm->since < (tm->last == tm->first ? 8u : 32u))
		return;
	uint64_t t = mpii_wait_clock(mpii_g.wait_tsc);
	if (tm->pure && t > tm->last)
		poll_ticks = (t - tm->last) / tm->since;
	tm->last = t;
	tm->since = 0;
	tm->pure = 1;
}

/* After a phase that may have slept: read the clock, and keep that phase
 * out of the spin estimate. */
static void timer_resync(struct wait_timer *tm)
{
	uint64_t t = mpii_wait_clock(mpii_g.wait_tsc);
	if (t > tm->last)
		tm->last = t;
	tm->since = 0;
	tm->pure = 0;
}

void mpii_progress_wait(int (*done)(void *arg), void *arg, int hint_peer)
{
	unsigned idle = 0;
	int outer = !in_wait, noted = 0;
	int timed = budget_spin_ns >= 0;
	/* A timed wait is the handler thread idling for work: it is not a
	 * rank waiting in MPI, so it never counts as blocked (stuck.h). */
	int note = outer && !timed;
	int64_t last = timed ? mpii_now_ns() : 0;   /* timed: the last activity */
	int slow_yield = 0;	/* untimed: a yield of this wait was slow */
	struct wait_timer tm = { 0, 0, 0, 0, 0 };
	if (outer) {
		in_wait = 1;
		if (is_lender) {
			lender_counted = 1;
			lenders_waiting++;
		}
	}
	nwaiting++;
	for (;;) {
		if (done(arg))
			break;
		/* Relaxed: every bump happens under the library lock, which
		 * we hold; a change means our own poll completed something. */
		uint32_t before = shm_load_relaxed(&local_events);
		if (mpii_progress(hint_peer) || transport.help_copy()) {
			idle = 0;
			if (timed)
				last = mpii_now_ns();
			if (nwaiting > 1 && shm_load_relaxed(&local_events) != before && !done(arg))
				hand_over();
			continue;
		}
		if (done(arg))
			break;
		if (note && mpii_g.time_waits)
			timer_idle(&tm);
		idle++;
		unsigned spin = nwaiting > 1 && spin_polls > 64 ? 64 : spin_polls;
		unsigned yields = nwaiting > 1 && yield_polls > 20 ? 20 : yield_polls;
		int spinning, yielding;
		if (timed) {
			int64_t t = mpii_now_ns() - last;
			spinning = t < budget_spin_ns;
			yielding = t < budget_spin_ns + budget_yield_ns;
		} else {
			spinning = idle < spin;
			yielding = idle < spin + yields && !slow_yield;
		}
		uint32_t events = shm_load_relaxed(&local_events);
		/* Queued output or polled operations need us awake: a peer
		 * freeing ring space does not ring our doorbell.  So does a
		 * shared copy in flight: a chunk copied by another thread
		 * rings nobody, and sleeping would add a wake-up to every
		 * large message. */
		int stay_awake = poll_head || transport.busy();
		if (spinning) {
			mpii_unlock();
			shm_cpu_relax();
		} else if (yielding || stay_awake) {
			mpii_unlock();
			if (note && !noted)
				noted = 1, mpii_stuck_block();
			slow_yield |= yield_was_slow();
		} else {
			if (note && !noted)
				noted = 1, mpii_stuck_block();
			/* The wait condition is re-checked after the sleeper count
			 * went up: whoever makes it true (a peer publishing or
			 * setting a flag in the segment, another thread completing
			 * a request) rings after its own seq_cst write. */
			uint32_t bell = shm_doorbell_prepare(mpii_g.bell);
			/* F: seq_cst, pairs with L in mpii_progress_wake_local. */
			int ready = has_work() || done(arg) ||
				    shm_load_seq_cst(&local_events) != events;
			mpii_unlock();
			if (!ready)
				shm_doorbell_wait(mpii_g.bell, bell, mpii_g.cfg.sleep_ns);
			shm_doorbell_finish(mpii_g.bell);
			/* after a wake-up, yield before sleeping again */
			idle = spin;
			if (timed)
				last = mpii_now_ns() - budget_spin_ns;
		}
		mpii_lock();
		if (tm.on && !spinning)
			timer_resync(&tm);   /* after a yield or a sleep */
		/* Blocking started in this pass: once per wait, lock held. */
		if (noted == 1) {
			noted = 2;
			if (mpii_wait_blocked_hook)
				mpii_wait_blocked_hook();
		}
	}
	nwaiting--;
	if (tm.on)
		mpii_g.wait_ticks += tm.last - tm.first + tm.since * poll_ticks;
	if (noted)
		mpii_stuck_unblock();
	if (outer) {
		in_wait = 0;
		if (lender_counted) {
			lender_counted = 0;
			lenders_waiting--;
		}
	}
}

void mpii_progress_wake_local(void)
{
	/* L: seq_cst, pairs with F in mpii_progress_wait. */
	shm_fetch_add_seq_cst(&local_events, 1);
	shm_doorbell_ring_if_sleeping(mpii_g.bell);
}
