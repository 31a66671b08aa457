/*
 * lib/core/progress.h - the progress engine and the waiting strategy.
 *
 * Progress = drain the incoming rings whose summary bits are set, push the
 * queued outgoing cells, and poll registered operations.  Waiting = poll,
 * spin a while, then sched_yield, then sleep on the member's doorbell futex
 * (see shm/doorbell.h); peers ring it after publishing.  Called with the
 * library lock held.
 */
#ifndef MPII_PROGRESS_H
#define MPII_PROGRESS_H

#include <stdint.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

/* The monotonic clock in nanoseconds: the waits' budgets, the buffered
 * sends' reclaim, the eager calibration's round trips. */
static inline int64_t mpii_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The wait timer's clock (mpii_g.wait_ticks): tsc non-zero, the CPU's
 * time-stamp counter (about 12 ns a read against 23 for clock_gettime on
 * the development VM; lib/tools sets it only where the TSC is invariant
 * and the kernel's clock source, and converts ticks to ns), else
 * CLOCK_MONOTONIC in ns. */
static inline uint64_t mpii_wait_clock(int tsc)
{
#if defined(__x86_64__) || defined(__i386__)
	if (tsc)
		return __rdtsc();
#else
	(void)tsc;
#endif
	return (uint64_t)mpii_now_ns();
}

/* One pass of the progress engine.  hint_peer >= 0 (a world rank) is
 * polled first, without waiting for its summary bit.  Returns non-zero when
 * anything happened. */
int mpii_progress(int hint_peer);

/* Block until done(arg) is true, driving progress.  Drops and retakes the
 * library lock between polls in MPI_THREAD_MULTIPLE mode.  done() is called
 * with the lock held. */
void mpii_progress_wait(int (*done)(void *arg), void *arg, int hint_peer);

/* Called, when set, once per wait of a user thread that stops spinning
 * (the moment the stalled-job report counts it as blocked, stuck.h), with
 * the library lock held: the tools interface's core_wait_blocked event
 * (lib/tools) sets it while a tool listens; mpii_stuck says what the
 * thread waits for. */
extern void (*mpii_wait_blocked_hook)(void);

/* Wake threads of this process sleeping in mpii_progress_wait (after a
 * completion they may be waiting for). */
void mpii_progress_wake_local(void);

/* The transport the engine drives (lib/p2p/, registered by mpii_p2p_init;
 * lock held for all three): progress makes one pass (world rank hint_peer
 * first when >= 0; copy_shared: also copy the unclaimed chunks of shared
 * large copies, the caller not being a waiter that helps between polls),
 * non-zero when anything happened; busy says a waiter must not sleep
 * (output waits for ring space, or a shared copy is in flight: neither
 * rings its doorbell); help_copy copies unclaimed chunks with the lock
 * dropped, 1 if there were any. */
struct mpii_progress_transport {
	int (*progress)(int hint_peer, int copy_shared);
	int (*busy)(void);
	int (*help_copy)(void);
};
void mpii_progress_set_transport(const struct mpii_progress_transport *t);

/* Register a polled request (kind MPII_REQ_COLL or any request with a
 * poll function): every pass of the engine calls req->poll(req) until it
 * returns non-zero (it completed the request). */
struct mpii_request;
void mpii_progress_poll_add(struct mpii_request *req);

/* The calling thread is a lender (on: it joined an endpoint, lib/ext/endpoint.c)
 * or not: while it waits in mpii_progress_wait it is counted by
 * mpii_progress_lenders. */
void mpii_progress_set_lender(int on);

/* Lenders of this process waiting in mpii_progress_wait, not counting the
 * caller: threads that may copy chunks of a large copy
 * (lib/p2p/p2p_cma_share.c). */
int mpii_progress_lenders(void);

/* The calling thread's waits measure their idle phases in time: spin for
 * spin_ns after the last activity, then yield for yield_ns, then sleep
 * (the handler thread, lib/ext/handler.c).  spin_ns < 0: count polls, as
 * every thread does by default. */
void mpii_progress_wait_budget(int64_t spin_ns, int64_t yield_ns);

/* Set up at init (pick oversubscription, spin counts). */
void mpii_progress_init(void);

#endif
