/*
 * launcher/loop.c - one loop for everything the launcher waits on.
 *
 * The loop is written against completions (launcher/events.h), given by
 * io_uring or, where that is refused, by epoll: SHMPI_LAUNCHER_EVENTS picks
 * once, at the start; the logic here is the same on both.
 *
 * In flight at any time: a read on each open output pipe, a poll on the
 * pidfd of each live rank, a read on the signalfd, a read of stdin or a
 * write to rank 0's stdin (never both: one buffer, so stdin is paced by
 * rank 0), and up to five timeouts (--timeout, the SIGTERM->SIGKILL grace,
 * the output drain, the --deadlock-timeout sample, the wait for the ranks'
 * reports after a deadlock).  The user_data of each request is its kind
 * and rank.
 *
 * The job ends when every rank is reaped and every pipe is at EOF.  A
 * grandchild may keep a pipe open after its rank is gone, so once the last
 * rank is reaped the pipes get DRAIN_MS to reach EOF; then the holders are
 * killed (nothing is left behind) and the reads cancelled (a buffer is freed only after its read has completed).  The
 * stdin read may still be in flight at the end, so its buffer and the
 * signalfd's are static, not on the stack.
 *
 * MPI_Comm_spawn: a poll on the control socket (launcher/dynamic.c) and
 * a read on each connection to it; a request is served at once (the
 * children forked), its answer sent with one blocking send (the asker
 * waits in its receive), and the children are watched like the first
 * ranks from then on.
 *
 * SIGUSR1 asks every rank in MPI where it waits (launcher/stall.c); the
 * job goes on.  A deadlock (--deadlock-timeout) asks the same, gives the
 * answers REPORT_MS to arrive, then takes the job down with status 124,
 * as --timeout does.
 *
 * A rank that fails after a clean MPI_Finalize (a non-zero status or a
 * signal), or any rank under -disable-auto-cleanup but one that called
 * MPI_Abort on all of MPI_COMM_WORLD, does not take the job down (after
 * MPI_Finalize, which is collective, the others are in or past it); its
 * status becomes the job's and its line is printed after its output
 * (spare()).  A rank that ends before it
 * finished MPI_Finalize without taking the job down is counted in the
 * segment's `ended`, so that the members waiting in MPI_Finalize do not
 * wait for it.
 *
 * Take-down (first failure, --timeout, a deadlock,
 * SIGINT/SIGTERM/SIGHUP/SIGQUIT):
 * set job_aborting in the segment, SIGTERM every live rank (and its process
 * group), SIGKILL what is left KILL_GRACE_MS later.  A second signal to the
 * launcher skips the grace.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include "launcher/dynamic.h"
#include "launcher/events.h"
#include "launcher/loop.h"
#include "launcher/ports.h"
#include "launcher/report.h"
#include "launcher/stall.h"
#include "shm/config.h"
#include "shm/doorbell.h"

#define KILL_GRACE_MS 200
#define DRAIN_MS 1000
#define STDIN_BUF 65536
/* After a deadlock verdict, the time the ranks get to print where they
 * wait: a rank asleep on its doorbell runs the handler as soon as it is
 * scheduled, within milliseconds even on a loaded machine. */
#define REPORT_MS 500
#define EXIT_TIMEOUT 124

enum ev {
	EV_OUT = 1, EV_ERR, EV_EXIT, EV_STDIN_READ, EV_STDIN_WRITE,
	EV_SIGNAL, EV_TIMEOUT, EV_KILL, EV_DRAIN, EV_STALL, EV_REPORT,
	EV_CTL_ACCEPT, EV_CTL_READ,
};

/* The largest request: the socket's default send buffer is about 208 KiB,
 * and a request bigger than the sender's buffer fails there. */
#define CTL_BUF (256u << 10)

/* A connection to the control socket. */
struct ctl_conn {
	int fd;      /* -1: free */
	char *buf;   /* CTL_BUF bytes, for its request in flight */
};

struct loop {
	struct lnch_events *ev;
	struct lnch_job *job;
	int sigfd;
	struct signalfd_siginfo si;
	int stdin_fd;              /* -1 when not (or no longer) read */
	char inbuf[STDIN_BUF];
	size_t in_len, in_off;
	bool stdin_write_busy;
	unsigned open_streams;
	bool drained;
	bool killing;              /* SIGTERM sent */
	struct lnch_stall stall;   /* the deadlock watch */
	struct ctl_conn *conns;    /* connections to the control socket */
	uint32_t nconns;
};

/* One job per launcher; static because requests may outlive the loop. */
static struct loop the_loop;

static uint64_t ud(enum ev kind, uint32_t idx)
{
	return (uint64_t)kind << 32 | idx;
}

static void arm_timeout(struct loop *l, double ms, enum ev kind)
{
	lnch_events_timer(l->ev, ms, ud(kind, 0));
}

static void read_stream(struct loop *l, uint32_t i, enum ev kind)
{
	struct lnch_rank *r = &l->job->ranks[i];
	struct lnch_stream *s = kind == EV_OUT ? &r->out : &r->err;
	size_t space = lnch_stream_space(s);
	lnch_events_read(l->ev, s->fd, s->buf + s->len, space, ud(kind, i));
}

static void read_stdin(struct loop *l)
{
	lnch_events_read(l->ev, l->stdin_fd, l->inbuf, STDIN_BUF, ud(EV_STDIN_READ, 0));
}

static void write_stdin(struct loop *l)
{
	lnch_events_write(l->ev, l->job->stdin_w, l->inbuf + l->in_off, l->in_len - l->in_off,
			  ud(EV_STDIN_WRITE, 0));
	l->stdin_write_busy = true;
}

static void read_signal(struct loop *l)
{
	lnch_events_read(l->ev, l->sigfd, &l->si, sizeof(l->si), ud(EV_SIGNAL, 0));
}

/* Stop feeding rank 0: it sees EOF on its stdin. */
static void end_stdin(struct loop *l)
{
	l->stdin_fd = -1;
	if (l->job->stdin_w >= 0 && !l->stdin_write_busy) {
		close(l->job->stdin_w);
		l->job->stdin_w = -1;
	}
}

static void print_msg(struct lnch_job *job)
{
	fprintf(stderr, "mpirun-shm: %s\n", job->msg);
	job->msg_rank = -1;
}

void lnch_job_fail(struct lnch_job *job, int status, int rank, const char *fmt, ...)
{
	va_list ap;

	if (job->failed)
		return;
	job->failed = true;
	job->status = status;
	va_start(ap, fmt);
	vsnprintf(job->msg, sizeof(job->msg), fmt, ap);
	va_end(ap);
	job->msg_rank = rank;
	if (rank < 0)
		print_msg(job);
}

static void signal_all(struct lnch_job *job, int sig)
{
	for (uint32_t i = 0; i < job->n; i++) {
		struct lnch_rank *r = &job->ranks[i];
		if (r->pidfd < 0)
			continue;
		/* The group catches the rank's own children; the pidfd the rank
		 * even if it has not reached setpgid/setsid yet.  Only the rank
		 * can have made a group of its own pid, so when the group signal
		 * lands the rank had it: one system call a rank, not two (a
		 * take-down of 4096 ranks on 2 cores must end within 1 s). */
		if (kill(-r->pid, sig) < 0)
			syscall(SYS_pidfd_send_signal, r->pidfd, sig, NULL, 0);
	}
}

static void take_down(struct loop *l)
{
	if (l->killing)
		return;
	l->killing = true;
	/* Tell members first, so that a rank blocked on a peer that is about
	 * to vanish can tell why. */
	shm_store_release(&l->job->seg.hdr->job_aborting, 1);
	signal_all(l->job, SIGTERM);
	arm_timeout(l, KILL_GRACE_MS, EV_KILL);
}

/* Print rank r's note once its output has ended. */
static void print_note(struct lnch_rank *r)
{
	if (!r->note || r->out.fd >= 0 || r->err.fd >= 0)
		return;
	fprintf(stderr, "mpirun-shm: %s\n", r->note);
	free(r->note);
	r->note = NULL;
}

static void stream_done(struct loop *l, uint32_t i, struct lnch_stream *s)
{
	struct lnch_job *job = l->job;
	struct lnch_rank *r = &job->ranks[i];

	lnch_stream_close(s);
	l->open_streams--;
	if (job->msg_rank == (int)i && r->out.fd < 0 && r->err.fd < 0)
		print_msg(job);
	print_note(r);
}

/* Rank i failed in a way that does not take the job down: the first such
 * status becomes the job's (unless a take-down comes later), and msg is
 * printed after the rank's output. */
static void spare(struct lnch_job *job, uint32_t i, int status, const char *msg)
{
	struct lnch_rank *r = &job->ranks[i];

	/* A rank killed by MPI_Abort (or MPI_ERRORS_ABORT) on a smaller
	 * communicator may be reaped before the aborting rank itself: the
	 * job's status is then the abort's code, which that rank published
	 * (ABORTED, with a release; lib/core/env.c marks it before it kills)
	 * rather than the victim's signal. */
	if (!job->spared_status && status > 128) {
		for (uint32_t k = 0; k < job->n; k++) {
			struct shm_member *m = shm_seg_member(&job->seg, k);
			/* Acquire: pairs with the member's release of ABORTED. */
			if (k != i && shm_load_acquire(&m->state) == SHM_MEMBER_ABORTED) {
				int code = shm_load_relaxed(&m->exit_code) & 0xff;
				status = code ? code : 1;
				break;
			}
		}
	}
	if (!job->spared_status)
		job->spared_status = status;
	free(r->note);
	r->note = strdup(msg);
	if (!r->note)
		fprintf(stderr, "mpirun-shm: %s\n", msg);
	print_note(r);
}

/* Rank i ended before it finished MPI_Finalize, and the job goes on (a
 * program without MPI in an MPMD job): count it in the segment, so that
 * the members waiting in MPI_Finalize (collective: lib/core/env.c) do not
 * wait for it; ring them if that completes the count.  The add and
 * the load are seq_cst: of this add and the members' adds to finalizing,
 * the later one sees the sum complete (shm/segment.h). */
static void ring_all(struct lnch_job *job)
{
	for (uint32_t k = 0; k < job->n; k++)
		if (job->ranks[k].pidfd >= 0)
			shm_doorbell_ring_if_sleeping(shm_seg_bell(&job->seg, k));
}

static void publish_ended(struct lnch_job *job)
{
	struct shm_seg_header *h = job->seg.hdr;
	uint32_t e = shm_fetch_add_seq_cst(&h->ended, 1) + 1;

	if (e + shm_load_seq_cst(&h->finalizing) >= job->n)
		ring_all(job);
}

static void on_stream(struct loop *l, uint32_t i, enum ev kind, int res)
{
	struct lnch_rank *r = &l->job->ranks[i];
	struct lnch_stream *s = kind == EV_OUT ? &r->out : &r->err;

	if (res > 0)
		lnch_stream_feed(s, (size_t)res);
	if (l->drained) {
		/* Cancelled, or completed just before the cancel: either way
		 * the last read of this stream. */
		stream_done(l, i, s);
	} else if (res > 0 || res == -EINTR || res == -EAGAIN) {
		read_stream(l, i, kind);
	} else {
		stream_done(l, i, s);
	}
}

static void on_rank_exit(struct loop *l, uint32_t i)
{
	struct lnch_job *job = l->job;
	struct lnch_rank *r = &job->ranks[i];
	siginfo_t si;
	int status;

	memset(&si, 0, sizeof(si));
	int wr;
	while ((wr = waitid(P_PIDFD, (id_t)r->pidfd, &si, WEXITED)) < 0 && errno == EINTR)
		;
	if (wr < 0 && errno == ECHILD) {
		/* Not our child: the singleton that started us
		 * (lnch_dyn_singleton).  Its status is its parent's to
		 * read; its state says whether it left cleanly. */
		si.si_code = CLD_EXITED;
		si.si_status = shm_load_acquire(&shm_seg_member(&job->seg, i)->state) ==
					       SHM_MEMBER_DONE ? 0 : 1;
	}
	close(r->pidfd);
	r->pidfd = -1;
	job->live--;

	struct shm_member *m = shm_seg_member(&job->seg, i);
	/* Pairs with the member's release of its state (lib/); the exit
	 * itself orders it anyway, since we saw the process end. */
	int state = shm_load_acquire(&m->state);
	int code = shm_load_relaxed(&m->exit_code);
	char msg[sizeof(job->msg)];
	bool late;
	/* Nothing more will come from it: members waiting on it under
	 * -disable-auto-cleanup fail their wait (seq_cst: G of the doorbell's
	 * Dekker pair, shm/doorbell.h). */
	shm_store_seq_cst(&shm_seg_bell(&job->seg, i)->gone, 1);
	if (job->opt->keep_going)
		ring_all(job);
	if (!job->failed &&
	    lnch_report_exit(i, r->pid, si.si_code, si.si_status, state, code,
			     msg, sizeof(msg), &status, &late)) {
		/* A wild write into another rank's pages: whose (issue 40). */
		if (si.si_code != CLD_EXITED)
			lnch_report_fault(&job->seg, i, msg, sizeof(msg));
		/* -disable-auto-cleanup: any failure is spared but an MPI_Abort
		 * over all of MPI_COMM_WORLD (lib/ sets job_aborting first). */
		if (job->opt->keep_going && !(state == SHM_MEMBER_ABORTED &&
					      shm_load_acquire(&job->seg.hdr->job_aborting)))
			late = true;
		if (late) {
			spare(job, i, status, msg);
		} else {
			lnch_job_fail(job, status, (int)i, "%s", msg);
			take_down(l);
		}
	}
	/* Not when the job goes down: the members in MPI_Finalize must not
	 * leave it then (they are killed). */
	if (state != SHM_MEMBER_DONE && !l->killing)
		publish_ended(job);
	if (i == 0)
		end_stdin(l);
	if (job->live == 0 && l->open_streams > 0) {
		arm_timeout(l, DRAIN_MS, EV_DRAIN);
	}
}

static void on_stdin(struct loop *l, enum ev kind, int res)
{
	if (kind == EV_STDIN_READ) {
		if (l->stdin_fd < 0)
			return;       /* rank 0 is gone: drop the data */
		if (res == -EINTR || res == -EAGAIN) {
			read_stdin(l);
		} else if (res <= 0) {
			end_stdin(l);
		} else {
			l->in_len = (size_t)res;
			l->in_off = 0;
			write_stdin(l);
		}
		return;
	}
	l->stdin_write_busy = false;
	if (res > 0)
		l->in_off += (size_t)res;
	if (l->stdin_fd < 0 || (res < 0 && res != -EINTR && res != -EAGAIN)) {
		/* Rank 0 exited or closed its stdin (EPIPE). */
		l->stdin_fd = -1;
		end_stdin(l);
		return;
	}
	if (l->in_off < l->in_len)
		write_stdin(l);
	else
		read_stdin(l);
}

/* The drain time is over: whoever still holds a rank's pipe is a child it
 * left behind in its process group; kill the group (gone ranks only leave
 * their pgid in use while the group has members, and 1 s is too short for
 * a new group to take the number), then end the reads still waiting. */
static void cancel_streams(struct loop *l)
{
	l->drained = true;
	for (uint32_t i = 0; i < l->job->n; i++) {
		struct lnch_rank *r = &l->job->ranks[i];
		int fds[2] = { r->out.fd, r->err.fd };
		if (r->pid > 0 && (fds[0] >= 0 || fds[1] >= 0))
			kill(-r->pid, SIGKILL);
		for (int k = 0; k < 2; k++)
			if (fds[k] >= 0)
				lnch_events_cancel_fd(l->ev, fds[k]);
	}
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000 + (double)ts.tv_nsec / 1e6;
}

/* SIGUSR1: every rank in MPI says where it waits; the job goes on. */
static void ask_ranks(struct loop *l)
{
	lnch_stall_explain(l->job);
	uint32_t asked = lnch_stall_ask(l->job, &l->stall);
	fprintf(stderr, "mpirun-shm: SIGUSR1: asked %u of %u ranks where they wait "
		"(a rank not in MPI cannot answer)\n", asked, l->job->live);
}

/* A deadlock sample is due: sample again later, or give the verdict. */
static void on_stall_tick(struct loop *l, int res)
{
	struct lnch_job *job = l->job;

	if (res != -ETIME || l->killing || job->failed || job->live == 0)
		return;
	if (lnch_stall_sample(&l->stall, job, now_ms()) < job->opt->deadlock_s * 1000) {
		arm_timeout(l, LNCH_STALL_PERIOD_MS, EV_STALL);
		return;
	}
	lnch_job_fail(job, EXIT_TIMEOUT, -1, "job deadlocked: every rank waited in MPI "
		      "for %s s with no progress, killing the job", job->opt->deadlock_arg);
	lnch_stall_explain(job);
	lnch_stall_ask(job, &l->stall);
	arm_timeout(l, REPORT_MS, EV_REPORT);
}

static void on_signal(struct loop *l, int res)
{
	if (res != (int)sizeof(l->si)) {
		if (res == -EINTR || res == -EAGAIN)
			read_signal(l);
		return;
	}
	int sig = (int)l->si.ssi_signo;
	if (sig == SIGUSR1) {
		if (!l->killing)
			ask_ranks(l);
	} else if (l->killing) {
		/* Asked twice: no more grace. */
		signal_all(l->job, SIGKILL);
	} else {
		lnch_job_fail(l->job, 128 + sig, -1, "received signal %d (%s), killing the job",
			      sig, strsignal(sig));
		take_down(l);
	}
	read_signal(l);
}

/* Watch rank i: its output and its end. */
static void watch_rank(struct loop *l, uint32_t i)
{
	struct lnch_rank *r = &l->job->ranks[i];
	if (r->out.fd >= 0) {
		read_stream(l, i, EV_OUT);
		l->open_streams++;
	}
	if (r->err.fd >= 0) {
		read_stream(l, i, EV_ERR);
		l->open_streams++;
	}
	if (r->pidfd >= 0)
		lnch_events_poll_in(l->ev, r->pidfd, ud(EV_EXIT, i));
}

static void ctl_read(struct loop *l, uint32_t c)
{
	lnch_events_read(l->ev, l->conns[c].fd, l->conns[c].buf, CTL_BUF, ud(EV_CTL_READ, c));
}

/* The control socket is readable: take every pending connection of our
 * user (others are closed at once). */
static void on_ctl_accept(struct loop *l)
{
	int fd;
	while ((fd = accept4(l->job->ctl_fd, NULL, NULL, SOCK_CLOEXEC)) >= 0) {
		uint32_t c = 0;
		while (c < l->nconns && l->conns[c].fd >= 0)
			c++;
		if (c == l->nconns) {
			struct ctl_conn *n = realloc(l->conns, (l->nconns + 8) * sizeof(*n));
			if (!n) {
				close(fd);
				continue;
			}
			l->conns = n;
			for (uint32_t k = l->nconns; k < l->nconns + 8; k++)
				l->conns[k] = (struct ctl_conn){ -1, NULL };
			l->nconns += 8;
		}
		if (!lnch_dyn_peer_ok(fd) || (!l->conns[c].buf && !(l->conns[c].buf = malloc(CTL_BUF)))) {
			close(fd);
			continue;
		}
		l->conns[c].fd = fd;
		ctl_read(l, c);
	}
	lnch_events_poll_in(l->ev, l->job->ctl_fd, ud(EV_CTL_ACCEPT, 0));
}

/* A request (or the end of a connection) on connection c. */
static void on_ctl_read(struct loop *l, uint32_t c, int res)
{
	static char ans[65536];
	struct ctl_conn *cn = &l->conns[c];
	if (res == -EINTR || res == -EAGAIN) {
		ctl_read(l, c);
		return;
	}
	if (res <= 0) {
		lnch_ports_closed(cn->fd);  /* ports: a waiting accept/connect */
		close(cn->fd);
		cn->fd = -1;
		return;
	}
	uint32_t first, count = 0;
	bool failed = false;
	size_t n;
	if (lnch_ports_request(cn->buf, (size_t)res)) {
		/* ports (launcher/ports.c): 0 is an answer deferred until an
		 * accept meets its connect. */
		n = lnch_ports_serve(l->job, cn->fd, cn->buf, (size_t)res, ans, sizeof(ans),
				     l->killing || l->job->failed);
		if (!n) {
			ctl_read(l, c);
			return;
		}
	} else if (l->killing || l->job->failed) {
		static const char down[] = "spawn\0" "0\0" "0\0" "0\0" "\0" "the job is going down";
		memcpy(ans, down, sizeof(down));
		n = sizeof(down);
		count = 0;
	} else {
		n = lnch_dyn_serve(l->job, cn->buf, (size_t)res, ans, sizeof(ans), &first, &count,
				   &failed);
	}
	for (uint32_t i = 0; i < count; i++)
		watch_rank(l, first + i);
	if (failed) {
		/* The children forked so far are watched: take them down too. */
		for (uint32_t i = first; i < l->job->n; i++)
			watch_rank(l, i);
		take_down(l);
	}
	/* Blocking: the asker is in its receive, and an answer is small. */
	ssize_t w;
	int fl = fcntl(cn->fd, F_GETFL);
	if (fl >= 0 && (fl & O_NONBLOCK))
		fcntl(cn->fd, F_SETFL, fl & ~O_NONBLOCK);
	while ((w = send(cn->fd, ans, n, MSG_NOSIGNAL)) < 0 && errno == EINTR)
		;
	if (w < 0) {
		close(cn->fd);
		cn->fd = -1;
		return;
	}
	ctl_read(l, c);
}

/* One completion (launcher/events.h's lnch_events_fn). */
static void handle(void *arg, uint64_t data, int res)
{
	struct loop *l = arg;
	int kind = (int)(data >> 32);
	uint32_t idx = (uint32_t)data;

	switch (kind) {
	case EV_OUT:
	case EV_ERR:
		on_stream(l, idx, kind, res);
		break;
	case EV_EXIT:
		on_rank_exit(l, idx);
		break;
	case EV_STDIN_READ:
	case EV_STDIN_WRITE:
		on_stdin(l, kind, res);
		break;
	case EV_SIGNAL:
		on_signal(l, res);
		break;
	case EV_TIMEOUT:
		if (res == -ETIME) {
			lnch_job_fail(l->job, EXIT_TIMEOUT, -1, "job timed out after %s s",
				      l->job->opt->timeout_arg);
			take_down(l);
		}
		break;
	case EV_KILL:
		if (res == -ETIME)
			signal_all(l->job, SIGKILL);
		break;
	case EV_DRAIN:
		if (res == -ETIME)
			cancel_streams(l);
		break;
	case EV_STALL:
		on_stall_tick(l, res);
		break;
	case EV_REPORT:
		if (res == -ETIME)
			take_down(l);
		break;
	case EV_CTL_ACCEPT:
		on_ctl_accept(l);
		break;
	case EV_CTL_READ:
		on_ctl_read(l, idx, res);
		break;
	}
}

/* --timeout and the --deadlock-timeout samples. */
static void arm_watches(struct loop *l)
{
	const struct lnch_options *o = l->job->opt;

	if (o->timeout_s > 0)
		arm_timeout(l, o->timeout_s * 1000, EV_TIMEOUT);
	if (o->deadlock_s > 0)
		arm_timeout(l, LNCH_STALL_PERIOD_MS, EV_STALL);
}

/* Last resort when the event back-end fails: kill and reap without it. */
static void kill_and_reap(struct lnch_job *job)
{
	signal_all(job, SIGKILL);
	for (uint32_t i = 0; i < job->n; i++) {
		struct lnch_rank *r = &job->ranks[i];
		siginfo_t si;
		if (r->pidfd < 0)
			continue;
		while (waitid(P_PIDFD, (id_t)r->pidfd, &si, WEXITED) < 0 && errno == EINTR)
			;
		close(r->pidfd);
		r->pidfd = -1;
		job->live--;
	}
}

/* The back-end SHMPI_LAUNCHER_EVENTS asks for; on failure the job is
 * failed with a line naming it. */
static struct lnch_events *open_events(struct lnch_job *job, int *err)
{
	enum lnch_events_kind kind = (enum lnch_events_kind)shm_config_get("SHMPI_LAUNCHER_EVENTS");
	const char *what = "";
	/* In flight at most: a read on each of two pipes and a poll on the
	 * pidfd of each rank, and the cancels of the drain; stdin, the
	 * signalfd and the timers fit in the back-ends' slack. */
	struct lnch_events *ev = lnch_events_open(kind, 4 * job->slots + 16, err, &what);

	if (!ev)
		lnch_job_fail(job, 1, -1, "cannot set up %s: %s%s", what, strerror(-*err),
			      kind == LNCH_EVENTS_URING ?
			      " (SHMPI_LAUNCHER_EVENTS=uring; unset, epoll would be used)" : "");
	return ev;
}

int lnch_loop_run(struct lnch_job *job, int sigfd, int stdin_fd)
{
	struct loop *l = &the_loop;
	int err;

	l->job = job;
	l->sigfd = sigfd;
	l->stdin_fd = job->stdin_w >= 0 ? stdin_fd : -1;
	l->ev = open_events(job, &err);
	if (!l->ev) {
		kill_and_reap(job);
		return err;
	}

	for (uint32_t i = 0; i < job->n; i++)
		watch_rank(l, i);
	if (job->ctl_fd >= 0)
		lnch_events_poll_in(l->ev, job->ctl_fd, ud(EV_CTL_ACCEPT, 0));
	read_signal(l);
	if (l->stdin_fd >= 0)
		read_stdin(l);
	else
		end_stdin(l);
	arm_watches(l);
	if (job->failed)
		take_down(l);

	err = 0;
	while ((job->live > 0 || l->open_streams > 0) && err == 0)
		err = lnch_events_wait(l->ev, handle, l);
	if (job->live > 0 || l->open_streams > 0) {
		/* The back-end failed under us: never leave ranks behind.
		 * Stream buffers may still be targets of reads: leave them be. */
		kill_and_reap(job);
		lnch_job_fail(job, 1, -1, "event loop failed: %s", strerror(-err));
	}
	if (job->msg_rank >= 0)
		print_msg(job);
	for (uint32_t i = 0; i < job->n; i++)
		if (job->ranks[i].note) {
			fprintf(stderr, "mpirun-shm: %s\n", job->ranks[i].note);
			free(job->ranks[i].note);
			job->ranks[i].note = NULL;
		}
	end_stdin(l);
	lnch_events_close(l->ev);
	/* After the back-end: no request is in flight on them any more. */
	for (uint32_t c = 0; c < l->nconns; c++) {
		if (l->conns[c].fd >= 0)
			close(l->conns[c].fd);
		free(l->conns[c].buf);
	}
	free(l->conns);
	l->conns = NULL;
	l->nconns = 0;
	lnch_ports_end();  /* ports: waiters answered, our names removed */
	return 0;
}
