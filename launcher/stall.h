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
	bool still;          /* every live rank blocked (or stopped) at the last sample */
	uint64_t beats;      /* the sum of their heartbeats then */
	uint32_t live;       /* how many ranks were live then */
	double since_ms;     /* when the still period began */
	/* Per rank (allocated by the first sample, job->n entries): its call
	 * count at the last sample, and since when it has not moved. */
	uint64_t *calls;
	double *calls_since;
	double now_ms;       /* the last sample's time */
	/* The other stall: every live rank waits in MPI or is stopped, but
	 * for ranks that made no MPI call for --deadlock-timeout (busy outside
	 * MPI).  Not a deadlock (they may yet call): reported once per such
	 * period, and the job goes on. */
	bool busy_still;
	uint64_t busy_beats;
	double busy_since_ms;
	bool busy_told;
};

/* Send SHM_STUCK_SIGNAL to every live rank that joined the job (a rank
 * that has not installed the handler would die of it) and is not stopped;
 * with s (the watch's samples, or NULL), each learns for how long its call
 * count has not moved, to say how long it has been outside MPI.  Returns
 * how many ranks were asked.  The launcher's thread only. */
uint32_t lnch_stall_ask(const struct lnch_job *job, const struct lnch_stall *s);

/* After a deadlock verdict or on SIGUSR1: the launcher's own lines about
 * the job as a whole, from the member blocks: each stopped rank ("rank 1:
 * stopped"), ranks of one communicator in different collectives, and a
 * cycle of waits ("rank 0 waits for rank 1 (...), which waits for rank 0
 * (...)").  Writes on stderr. */
void lnch_stall_explain(const struct lnch_job *job);

/* Sample the ranks' `blocked` and `heartbeat` words at now_ms (a
 * monotonic clock).  Returns for how many milliseconds every live rank
 * has been blocked in MPI (or stopped by a signal, at least one blocked)
 * with no heartbeat moving: 0 while any live rank is running and not
 * blocked (computing, sleeping outside MPI, not yet or no longer in MPI)
 * or a wait ended since the last sample.  With job->opt's deadlock
 * timeout set, a period as long in which the only ranks not blocked made
 * no MPI call is told once on stderr (the ranks are asked), and the job
 * goes on. */
double lnch_stall_sample(struct lnch_stall *s, const struct lnch_job *job, double now_ms);

#endif
