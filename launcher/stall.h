/*
 * launcher/stall.h - a job that stops making progress: ask the ranks where
 * they wait (SIGUSR1 to the launcher, or a deadlock), and tell a deadlock
 * from a slow job (--deadlock-timeout).
 */
#ifndef LNCH_STALL_H
#define LNCH_STALL_H

#include <stdbool.h>
#include <stdint.h>
#include "launcher/job.h"

/* Period of the deadlock watch's samples: the verdict comes at most this
 * late after the --deadlock-timeout has passed. */
#define LNCH_STALL_PERIOD_MS 100

/* What the last sample saw.  Zero it before the first sample. */
struct lnch_stall {
	bool still;          /* every live rank blocked at the last sample */
	uint64_t beats;      /* the sum of their heartbeats then */
	uint32_t live;       /* how many ranks were live then */
	double since_ms;     /* when the still period began */
};

/* Send SHM_STUCK_SIGNAL to every live rank that joined the job (a rank
 * that has not installed the handler would die of it).  Returns how many
 * ranks were asked.  The launcher's thread only. */
uint32_t lnch_stall_ask(const struct lnch_job *job);

/* Sample the ranks' `blocked` and `heartbeat` words at now_ms (a
 * monotonic clock).  Returns for how many milliseconds every live rank
 * has been blocked in MPI with no heartbeat moving: 0 while any live rank
 * is not blocked (computing, sleeping outside MPI, not yet or no longer
 * in MPI) or a wait ended since the last sample. */
double lnch_stall_sample(struct lnch_stall *s, const struct lnch_job *job, double now_ms);

#endif
