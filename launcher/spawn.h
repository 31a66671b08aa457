/*
 * launcher/spawn.h - start one rank.
 */
#ifndef LNCH_SPAWN_H
#define LNCH_SPAWN_H

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

#endif
