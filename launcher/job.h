/*
 * launcher/job.h - the state of one job, shared by spawn.c, loop.c and
 * main.c.
 */
#ifndef LNCH_JOB_H
#define LNCH_JOB_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "launcher/options.h"
#include "launcher/output.h"
#include "launcher/topo.h"
#include "shm/segment.h"

struct lnch_rank {
	pid_t pid;          /* 0 when never started */
	int pidfd;          /* -1 once reaped */
	int core;           /* first core it is bound to, -1 when not bound */
	hwloc_bitmap_t set; /* the PUs it is bound to, NULL when not bound */
	uint32_t app;       /* its program in opt->apps (MPMD); a spawned
			     * rank's command in its spawn (MPI_APPNUM) */
	const struct lnch_app *prog; /* a spawned rank's program (NULL:
				      * opt->apps[app]; launcher/dynamic.c) */
	uint32_t world_first; /* member of its MPI_COMM_WORLD's rank 0 */
	struct lnch_stream out, err;
	char *note;         /* why it failed without taking the job down,
			     * printed once its output ends (malloc'd) */
};

struct lnch_job {
	const struct lnch_options *opt;
	struct lnch_topo *topo;     /* NULL when binding is off */
	struct shm_seg seg;
	uint32_t n;                 /* ranks started: the first N, then those
				     * spawned (launcher/dynamic.c) */
	uint32_t slots;             /* job->ranks has room for this many (the
				     * segment's members) */
	struct lnch_rank *ranks;
	int stdin_w;                /* rank 0's stdin pipe, -1 when none */
	int ctl_fd;                 /* the control socket MPI_Comm_spawn
				     * talks to (launcher/dynamic.c), -1 */
	uint32_t live;              /* started and not yet reaped */
	bool rank_sessions;         /* each rank starts its own session
				     * (spawn.c) */

	/* Outcome: the first failure decides, later ones are consequences. */
	bool failed;
	int status;                 /* the launcher's exit status */
	char msg[384];              /* the one line naming the cause */
	int msg_rank;               /* print msg once this rank's output ends;
				     * -1: printed or nothing to print */
	/* A failure that did not take the job down (a rank that failed after
	 * MPI_Finalize): the first one's status is the job's unless the job
	 * is taken down (failed) later. */
	int spared_status;
};

#endif
