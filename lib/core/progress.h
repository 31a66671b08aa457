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

/* One pass of the progress engine.  hint_peer >= 0 (a world rank) is
 * polled first, without waiting for its summary bit.  Returns non-zero when
 * anything happened. */
int mpii_progress(int hint_peer);

/* Block until done(arg) is true, driving progress.  Drops and retakes the
 * library lock between polls in MPI_THREAD_MULTIPLE mode.  done() is called
 * with the lock held. */
void mpii_progress_wait(int (*done)(void *arg), void *arg, int hint_peer);

/* Wake threads of this process sleeping in mpii_progress_wait (after a
 * completion they may be waiting for). */
void mpii_progress_wake_local(void);

/* Polled operations registered by mpii_request_poll_add(). */
void mpii_progress_poll_ops(void);

/* True while polled operations are registered. */
int mpii_progress_has_polled_ops(void);

/* Set up at init (pick oversubscription, spin counts). */
void mpii_progress_init(void);

#endif
