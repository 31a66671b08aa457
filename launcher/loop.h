/*
 * launcher/loop.h - the one event loop of the launcher.
 */
#ifndef LNCH_LOOP_H
#define LNCH_LOOP_H

#include "launcher/job.h"

/* Run the job to its end: forward output and stdin, reap ranks, react to
 * the first failure, the timeout and the signals delivered to sigfd (a
 * signalfd).  When job->failed is already set the job is taken down at
 * once.  Returns 0 when the loop ran (the outcome is in job->status), or
 * -errno when no event back-end (launcher/events.h) could be set up: then
 * the ranks are killed and reaped and the job failed with a line saying
 * so. */
int lnch_loop_run(struct lnch_job *job, int sigfd, int stdin_fd)
	__attribute__((warn_unused_result));

/* Record the first failure of the job: status, and the line to print once
 * rank `rank`'s output has drained (-1: print now). */
void lnch_job_fail(struct lnch_job *job, int status, int rank, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
