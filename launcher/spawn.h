/*
 * launcher/spawn.h - start one rank.
 */
#ifndef LNCH_SPAWN_H
#define LNCH_SPAWN_H

#include <signal.h>
#include <stdbool.h>
#include "launcher/job.h"

/* Fork rank i with its output pipes (and, for rank 0 when forward_stdin,
 * an input pipe whose write end goes to job->stdin_w), bind it to
 * job->ranks[i].core and exec the program.  The environment shared by all
 * ranks must already be set; SHMPI_RANK is set here.  On success fills
 * job->ranks[i] (pid, pidfd, streams) and returns 0; returns -errno on
 * failure with nothing left open. */
int lnch_spawn_rank(struct lnch_job *job, uint32_t i, bool forward_stdin)
	__attribute__((warn_unused_result));

/* Start every rank of the job in order (rank 0 with stdin when
 * forward_stdin).  Between two forks it looks for a pending signal of
 * `stop` (blocked, so still pending, not consumed): a signal must not wait
 * for thousands of forks.  Returns 0 when all started; -EINTR when such a
 * signal stopped it (the caller's loop reads the signal and takes down the
 * ranks started so far); or lnch_spawn_rank's -errno, with *bad the rank
 * that could not start. */
int lnch_spawn_all(struct lnch_job *job, const sigset_t *stop, bool forward_stdin,
		   uint32_t *bad) __attribute__((warn_unused_result));

#endif
