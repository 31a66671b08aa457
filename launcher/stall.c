/*
 * launcher/stall.c - a job that stops making progress (issue 18).
 *
 * Two tools, both reading the member blocks of the segment:
 *   - lnch_stall_ask: SIGUSR1 to the launcher, or a deadlock verdict, sends
 *     SHM_STUCK_SIGNAL to every rank in MPI; each answers with one line on
 *     stderr saying where it waits (lib/core/stuck.c).
 *   - lnch_stall_sample: the --deadlock-timeout watch.  A rank sets its
 *     `blocked` word while one of its threads waits in MPI past its spin,
 *     and bumps `heartbeat` each time such a wait ends.  The job is
 *     deadlocked when every live rank is blocked and no heartbeat moves:
 *     nobody can send what the others wait for.  A rank that computes,
 *     sleeps outside MPI, or polls with MPI_Test is never blocked, so it
 *     keeps the verdict away (docs/reliability.md, "A stalled job").
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "launcher/stall.h"

/* Has rank i joined the job and not yet left it?  Only then does it
 * answer SHM_STUCK_SIGNAL instead of dying of it. */
static bool in_mpi(const struct lnch_job *job, uint32_t i)
{
	struct shm_member *m = shm_seg_member(&job->seg, i);
	/* Acquire: pairs with the member's release of RUNNING in
	 * join_segment (lib/core/env.c), which follows its sigaction for
	 * the signal; the kill below comes after both. */
	return shm_load_acquire(&m->state) == SHM_MEMBER_RUNNING;
}

uint32_t lnch_stall_ask(const struct lnch_job *job)
{
	uint32_t asked = 0;

	for (uint32_t i = 0; i < job->n; i++) {
		const struct lnch_rank *r = &job->ranks[i];
		/* The pidfd, not the pid: it cannot name a recycled process.
		 * The rank only, not its group: its children did not ask. */
		if (r->pidfd >= 0 && in_mpi(job, i) &&
		    syscall(SYS_pidfd_send_signal, r->pidfd, SHM_STUCK_SIGNAL, NULL, 0) == 0)
			asked++;
	}
	return asked;
}

/* Is every live rank blocked?  Then *beats is the sum of their heartbeats
 * and *live their number.  The sum changes whenever any heartbeat does:
 * each only grows (mod 2^32), and it would take 2^32 waits between two
 * samples for the changes to cancel. */
static bool all_blocked(const struct lnch_job *job, uint64_t *beats, uint32_t *live)
{
	*beats = 0;
	*live = 0;
	for (uint32_t i = 0; i < job->n; i++) {
		if (job->ranks[i].pidfd < 0)
			continue;
		struct shm_member *m = shm_seg_member(&job->seg, i);
		/* Relaxed, both words: snapshots compared 100 ms apart that
		 * order nothing else; a stale value only delays the verdict
		 * by a sample, and coherence makes every store visible long
		 * before the seconds a verdict takes. */
		if (!shm_load_relaxed(&m->blocked))
			return false;
		*beats += shm_load_relaxed(&m->heartbeat);
		(*live)++;
	}
	return *live > 0;
}

double lnch_stall_sample(struct lnch_stall *s, const struct lnch_job *job, double now_ms)
{
	uint64_t beats;
	uint32_t live;

	if (!all_blocked(job, &beats, &live)) {
		s->still = false;
		return 0;
	}
	if (!s->still || beats != s->beats || live != s->live) {
		/* The still period starts now: a wait ended, a rank left, or
		 * the last sample saw a rank at work. */
		s->still = true;
		s->beats = beats;
		s->live = live;
		s->since_ms = now_ms;
		return 0;
	}
	return now_ms - s->since_ms;
}
