/*
 * launcher/stall.c - a job that stops making progress (issues 18, 40).
 *
 * Three tools, all reading the member blocks of the segment:
 *   - lnch_stall_ask: SIGUSR1 to the launcher, or a deadlock verdict, sends
 *     SHM_STUCK_SIGNAL to every rank in MPI; each answers with one line on
 *     stderr for each of its threads waiting in MPI, naming what it waits
 *     for (lib/core/stuck.c).  The signal carries for how long the rank
 *     has made no MPI call, which a rank not waiting prints.
 *   - lnch_stall_sample: the --deadlock-timeout watch.  A rank sets its
 *     `blocked` word while one of its threads waits in MPI past its spin,
 *     and bumps `heartbeat` each time such a wait ends.  The job is
 *     deadlocked when every live rank is blocked or stopped (SIGSTOP) and
 *     no heartbeat moves: nobody can send what the others wait for.  A
 *     rank that computes, sleeps outside MPI, or polls with MPI_Test is
 *     never blocked, so it keeps the verdict away (docs/reliability.md, "A
 *     stalled job"); when only ranks that made no MPI call for the timeout
 *     keep it away, the watch says so once and lets the job go on.
 *   - lnch_stall_explain: what only the whole job shows: a stopped rank,
 *     which cannot answer; ranks of one communicator in different
 *     collectives; a cycle of waits (each blocked rank publishes the world
 *     rank it waits for: a message's peer, a mutex's or window lock's
 *     holder, a post's target).
 * Everything read from the member blocks was written by the ranks, in
 * memory any rank can write: each value is checked before it is used.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "launcher/stall.h"

/* Has rank i joined the job and not yet left it?  Only then does it
 * answer SHM_STUCK_SIGNAL instead of dying of it.  A rank that said DONE
 * at the start of MPI_Finalize and waits there for the others (blocked)
 * answers too: it is still in the library, whose handler stays; one that
 * left may have exec'd a program that would die of the signal. */
static bool in_mpi(const struct lnch_job *job, uint32_t i)
{
	struct shm_member *m = shm_seg_member(&job->seg, i);
	/* Acquire: pairs with the member's release of RUNNING in
	 * join_segment (lib/core/env.c), which follows its sigaction for
	 * the signal; the kill below comes after both. */
	int st = shm_load_acquire(&m->state);
	/* Relaxed: the rank clears it when its wait in MPI_Finalize ends,
	 * microseconds before it returns; a program that exec's at once
	 * after MPI_Finalize, in the instant between this load and the
	 * signal, is the one case this misjudges. */
	return st == SHM_MEMBER_RUNNING || (st == SHM_MEMBER_DONE && shm_load_relaxed(&m->blocked));
}

/* Is the process stopped by a signal (state T in /proc/PID/stat)?  A
 * tracing stop (t: a debugger holds it) is not: a job under a debugger
 * must not be called deadlocked.  No when /proc cannot tell. */
static bool proc_stopped(pid_t pid)
{
	char path[64], buf[512];
	if (pid <= 0)
		return false;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = 0;
	/* "pid (comm) S ...": the command may hold ')' itself. */
	char *p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'T';
}

uint32_t lnch_stall_ask(const struct lnch_job *job, const struct lnch_stall *s)
{
	uint32_t asked = 0;

	for (uint32_t i = 0; i < job->n; i++) {
		const struct lnch_rank *r = &job->ranks[i];
		if (r->pidfd < 0 || !in_mpi(job, i) || proc_stopped(r->pid))
			continue;
		siginfo_t si;
		memset(&si, 0, sizeof(si));
		si.si_signo = SHM_STUCK_SIGNAL;
		si.si_code = SI_QUEUE;
		si.si_pid = getpid();
		si.si_uid = getuid();
		si.si_value.sival_int = -1;
		if (s && s->calls_since) {
			double ms = s->now_ms - s->calls_since[i];
			si.si_value.sival_int = ms < 0 ? 0 : ms > 1e9 ? 1000000000 : (int)ms;
		}
		/* The pidfd, not the pid: it cannot name a recycled process.
		 * The rank only, not its group: its children did not ask. */
		if (syscall(SYS_pidfd_send_signal, r->pidfd, SHM_STUCK_SIGNAL, &si, 0) == 0)
			asked++;
	}
	return asked;
}

/* The per-rank arrays of the watch; false when out of memory (the watch
 * then goes on without call counts). */
static bool track_calls(struct lnch_stall *s, const struct lnch_job *job, double now_ms)
{
	if (!s->calls) {
		s->calls = calloc(job->n ? job->n : 1, sizeof(*s->calls));
		s->calls_since = calloc(job->n ? job->n : 1, sizeof(*s->calls_since));
		if (!s->calls || !s->calls_since) {
			free(s->calls);
			free(s->calls_since);
			s->calls = NULL;
			s->calls_since = NULL;
			return false;
		}
		for (uint32_t i = 0; i < job->n; i++)
			s->calls_since[i] = now_ms;
	}
	for (uint32_t i = 0; i < job->n; i++) {
		/* Relaxed: a counter compared between samples. */
		uint64_t c = shm_load_relaxed(&shm_seg_member(&job->seg, i)->calls);
		if (c != s->calls[i]) {
			s->calls[i] = c;
			s->calls_since[i] = now_ms;
		}
	}
	s->now_ms = now_ms;
	return true;
}

/* What the live ranks are doing: every one blocked or stopped (true), and
 * then *beats is the sum of the blocked ones' heartbeats, *live their
 * number.  The sum changes whenever any heartbeat does: each only grows
 * (mod 2^32), and it would take 2^32 waits between two samples for the
 * changes to cancel.  With running, a rank neither blocked nor stopped
 * counts too (*idle counts them), its call count in the sum: the sum then
 * stays still only while such ranks make no MPI call. */
static bool all_waiting(struct lnch_stall *s, const struct lnch_job *job, bool running,
			uint64_t *beats, uint32_t *live, uint32_t *idle)
{
	uint32_t blocked = 0;
	*beats = 0;
	*live = 0;
	*idle = 0;
	for (uint32_t i = 0; i < job->n; i++) {
		if (job->ranks[i].pidfd < 0)
			continue;
		struct shm_member *m = shm_seg_member(&job->seg, i);
		(*live)++;
		/* Relaxed, all words: snapshots compared 100 ms apart that
		 * order nothing else; a stale value only delays the verdict
		 * by a sample, and coherence makes every store visible long
		 * before the seconds a verdict takes. */
		if (shm_load_relaxed(&m->blocked)) {
			*beats += shm_load_relaxed(&m->heartbeat);
			blocked++;
			continue;
		}
		if (running) {
			/* Stopped or running, it makes no call while the sum
			 * stays still; no /proc read for each such rank
			 * every sample (lnch_stall_explain tells them apart). */
			*beats += shm_load_relaxed(&m->calls);
			(*idle)++;
			continue;
		}
		/* Not blocked: stopped?  (One read of /proc; a running job
		 * stops at its first running rank.) */
		if (!proc_stopped(job->ranks[i].pid))
			return false;
	}
	return blocked > 0;
}

/* The busy-outside-MPI stall (see lnch_stall): tell it once. */
static void busy_sample(struct lnch_stall *s, const struct lnch_job *job, double now_ms)
{
	double limit = job->opt ? job->opt->deadlock_s * 1000 : 0;
	uint64_t beats;
	uint32_t live, idle;
	if (limit <= 0 || !all_waiting(s, job, true, &beats, &live, &idle) || !idle) {
		s->busy_still = false;
		s->busy_told = false;
		return;
	}
	if (!s->busy_still || beats != s->busy_beats) {
		/* A wait ended or a running rank called MPI: start again. */
		s->busy_still = true;
		s->busy_told = false;
		s->busy_beats = beats;
		s->busy_since_ms = now_ms;
		return;
	}
	if (s->busy_told || now_ms - s->busy_since_ms < limit)
		return;
	s->busy_told = true;
	/* Name the ranks that made no call (the first eight). */
	char who[128] = "";
	size_t w = 0;
	uint32_t named = 0;
	for (uint32_t i = 0; i < job->n && named < 8; i++) {
		struct shm_member *m = shm_seg_member(&job->seg, i);
		/* Relaxed: as in all_waiting. */
		if (job->ranks[i].pidfd < 0 || shm_load_relaxed(&m->blocked))
			continue;
		w += (size_t)snprintf(who + w, sizeof(who) - w, " %u", i);
		named++;
	}
	fprintf(stderr, "mpirun-shm: job stalled: %u of %u ranks waited in MPI for %s s with no progress, "
		"while %s%s%s made no MPI call (the job goes on)\n",
		live - idle, live, job->opt->deadlock_arg ? job->opt->deadlock_arg : "?",
		idle > 1 ? "ranks" : "rank", who, idle > named ? " ..." : "");
	lnch_stall_explain(job);
	lnch_stall_ask(job, s);
}

double lnch_stall_sample(struct lnch_stall *s, const struct lnch_job *job, double now_ms)
{
	uint64_t beats;
	uint32_t live, idle;

	track_calls(s, job, now_ms);
	if (!all_waiting(s, job, false, &beats, &live, &idle)) {
		s->still = false;
		busy_sample(s, job, now_ms);
		return 0;
	}
	s->busy_still = false;
	s->busy_told = false;
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

/* A rank's published wait, checked: kind NONE when it has none or the
 * words are not ones a rank writes. */
struct wait {
	uint32_t kind;
	int32_t rank, arg;
	uint64_t obj;
	char call[8 * SHM_WAIT_CALL_WORDS + 1];
};

static void read_wait(const struct lnch_job *job, uint32_t i, struct wait *w)
{
	struct shm_member *m = shm_seg_member(&job->seg, i);
	memset(w, 0, sizeof(*w));
	if (job->ranks[i].pidfd < 0 || !shm_load_relaxed(&m->blocked))
		return;
	/* Relaxed: published by the rank when it blocked, seconds ago. */
	w->kind = shm_load_relaxed(&m->wait_kind);
	w->rank = shm_load_relaxed(&m->wait_rank);
	w->arg = shm_load_relaxed(&m->wait_arg);
	w->obj = shm_load_relaxed(&m->wait_obj);
	for (int k = 0; k < SHM_WAIT_CALL_WORDS; k++) {
		uint64_t v = shm_load_relaxed(&m->wait_call[k]);
		memcpy(w->call + 8 * k, &v, 8);
	}
	for (size_t k = 0; k < sizeof(w->call) - 1 && w->call[k]; k++)
		if (w->call[k] < '!' || w->call[k] > '~')
			w->call[k] = '?';
	if (w->kind > SHM_WAIT_LOOSE || w->rank < -1 || w->rank >= (int32_t)job->n)
		w->kind = SHM_WAIT_NONE;
}

/* "(MPI_Mutex_lock: the mutex at arena offset N)" and the like: the
 * object of an edge of the wait-for graph. */
static void edge_text(const struct wait *w, char *buf, size_t len)
{
	switch (w->kind) {
	case SHM_WAIT_SEND:
		snprintf(buf, len, "%s, tag %d", w->call, w->arg);
		break;
	case SHM_WAIT_RECV:
		snprintf(buf, len, "%s, tag %d", w->call, w->arg);
		break;
	case SHM_WAIT_MUTEX:
		snprintf(buf, len, "%s: the mutex at arena offset %llu", w->call, (unsigned long long)w->obj);
		break;
	case SHM_WAIT_WINLOCK:
		snprintf(buf, len, "%s: the lock of a window at window rank %d", w->call, w->arg);
		break;
	case SHM_WAIT_COND:
		snprintf(buf, len, "%s: the condition variable at arena offset %llu", w->call,
			 (unsigned long long)w->obj);
		break;
	case SHM_WAIT_POST:
		snprintf(buf, len, "%s: its MPI_Win_post", w->call);
		break;
	default:
		snprintf(buf, len, "%s", w->call);
		break;
	}
}

/* Kinds whose wait_rank is the one rank that can end the wait. */
static bool waits_for_one(uint32_t kind)
{
	return kind == SHM_WAIT_SEND || kind == SHM_WAIT_RECV || kind == SHM_WAIT_MUTEX ||
	       kind == SHM_WAIT_WINLOCK || kind == SHM_WAIT_POST || kind == SHM_WAIT_LOOSE ||
	       kind == SHM_WAIT_COND;
}

/* Print each cycle of the wait-for graph once.  Every blocked rank has at
 * most one edge, so a walk from each rank either ends or enters a cycle;
 * mark[] holds the walk that first reached a rank. */
static void explain_cycles(const struct lnch_job *job, const struct wait *w)
{
	uint32_t *mark = calloc(job->n, sizeof(*mark));
	if (!mark)
		return;
	for (uint32_t start = 0; start < job->n; start++) {
		uint32_t i = start;
		while (!mark[i] && waits_for_one(w[i].kind) && w[i].rank >= 0) {
			mark[i] = start + 1;
			i = (uint32_t)w[i].rank;
		}
		if (mark[i] != start + 1 || !waits_for_one(w[i].kind))
			continue; /* ended, or reached an earlier walk */
		/* i is on a new cycle: print it from there. */
		char line[2048], edge[128];
		size_t n = (size_t)snprintf(line, sizeof(line), "mpirun-shm: wait-for cycle: rank %u", i);
		uint32_t j = i;
		do {
			edge_text(&w[j], edge, sizeof(edge));
			if (n < sizeof(line))
				n += (size_t)snprintf(line + n, sizeof(line) - n, "%s waits for rank %d (%s)",
						      j == i ? "" : ", which", w[j].rank, edge);
			j = (uint32_t)w[j].rank;
		} while (j != i);
		fprintf(stderr, "%s\n", line);
	}
	free(mark);
}

/* Ranks blocked in collectives on one context whose calls differ. */
static void explain_collectives(const struct lnch_job *job, const struct wait *w)
{
	bool *done = calloc(job->n, sizeof(*done));
	if (!done)
		return;
	for (uint32_t i = 0; i < job->n; i++) {
		if (done[i] || w[i].kind != SHM_WAIT_COLL)
			continue;
		bool differ = false;
		for (uint32_t j = i + 1; j < job->n; j++)
			if (w[j].kind == SHM_WAIT_COLL && w[j].obj == w[i].obj && strcmp(w[j].call, w[i].call))
				differ = true;
		if (!differ) {
			for (uint32_t j = i; j < job->n; j++)
				if (w[j].kind == SHM_WAIT_COLL && w[j].obj == w[i].obj)
					done[j] = true;
			continue;
		}
		/* "rank 0 in MPI_Bcast, ranks 1 2 3 in MPI_Allreduce" */
		char line[4096];
		size_t n = (size_t)snprintf(line, sizeof(line), "mpirun-shm: ranks in different collectives on "
					    "one communicator (context %llu%s):", (unsigned long long)w[i].obj,
					    w[i].obj == 0 ? ", MPI_COMM_WORLD" : "");
		for (uint32_t j = i; j < job->n; j++) {
			if (done[j] || w[j].kind != SHM_WAIT_COLL || w[j].obj != w[i].obj)
				continue;
			uint32_t cnt = 0;
			for (uint32_t k = j; k < job->n; k++)
				if (w[k].kind == SHM_WAIT_COLL && w[k].obj == w[i].obj && !strcmp(w[k].call, w[j].call))
					cnt++;
			if (n < sizeof(line))
				n += (size_t)snprintf(line + n, sizeof(line) - n, "%s %s", j == i ? "" : ",",
						      cnt > 1 ? "ranks" : "rank");
			for (uint32_t k = j; k < job->n; k++) {
				if (w[k].kind != SHM_WAIT_COLL || w[k].obj != w[i].obj || strcmp(w[k].call, w[j].call))
					continue;
				done[k] = true;
				if (n < sizeof(line))
					n += (size_t)snprintf(line + n, sizeof(line) - n, " %u", k);
			}
			if (n < sizeof(line))
				n += (size_t)snprintf(line + n, sizeof(line) - n, " in %s", w[j].call);
		}
		fprintf(stderr, "%s\n", line);
	}
	free(done);
}

void lnch_stall_explain(const struct lnch_job *job)
{
	for (uint32_t i = 0; i < job->n; i++)
		if (job->ranks[i].pidfd >= 0 && proc_stopped(job->ranks[i].pid))
			fprintf(stderr, "mpirun-shm: rank %u: stopped (pid %d, by a signal): it cannot say "
				"where it is\n", i, (int)job->ranks[i].pid);
	struct wait *w = calloc(job->n ? job->n : 1, sizeof(*w));
	if (!w)
		return;
	for (uint32_t i = 0; i < job->n; i++)
		read_wait(job, i, &w[i]);
	explain_collectives(job, w);
	explain_cycles(job, w);
	free(w);
}
