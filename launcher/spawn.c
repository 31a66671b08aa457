/*
 * launcher/spawn.c - fork, bind and exec one rank.
 *
 * Every descriptor the launcher opens is close-on-exec, so a rank starts
 * with exactly its three standard streams, the segment and what the
 * launcher itself inherited.  Between fork and exec the child:
 *   - asks for SIGKILL when the launcher dies (PR_SET_PDEATHSIG) and then
 *     checks that the launcher is still its parent, closing the race where
 *     the launcher died before the prctl;
 *   - leaves the launcher's process group, so that a terminal's ^C reaches
 *     only the launcher, which then takes the job down in order; unless
 *     the launcher runs niced, each rank starts its own session (as
 *     MPICH's hydra does for every process it starts), which under the
 *     kernel's autogroup scheduling gives it its own scheduling group:
 *     the job's threads then get the share of the machine other programs
 *     get, where in one group all ranks together got one program's share
 *     (MPICH's threads/pt2pt/multisend4 at np 5 on a loaded 2-core
 *     machine: 168-251 s in one session, 33-51 s in sessions of their
 *     own, 34-44 s under MPICH; issue 14 item 10).  A niced launcher
 *     keeps its ranks in its own group, so that the nice value keeps
 *     meaning what the user asked.  So does a job with more ranks than
 *     CPUs (the library's "oversubscribed", lib/core/progress.c): there
 *     a waiting rank hands its core to another rank by sched_yield, and
 *     a yield only passes the core within the yielder's group; in groups
 *     of their own the ranks spin out their time slices instead
 *     (perf/coll barrier at np 8 on 2 cores, median of 5 interleaved:
 *     982 us in sessions of their own, 21 us in one group);
 *   - undoes the launcher's signal mask and SIGPIPE disposition (both
 *     survive exec);
 *   - writes its pid into its control block, sets the variables that name
 *     its rank (SHMPI_RANK and the Open MPI / MPICH ones) and its
 *     program's -x/-env variables, enters its program's -wdir and binds
 *     itself to its cores, so the program's first instructions and first
 *     touches happen there.
 *
 * A rank's stdout is a pseudo-terminal (raw mode: no CR added, no echo),
 * so the C library line-buffers it as on a terminal: each line reaches
 * the launcher when it is printed, and a job killed by --timeout or a
 * failure loses at most the rank's unfinished line instead of up to 4 KiB
 * of block-buffered output.  stderr stays a pipe (it is unbuffered
 * anyway).  Where no pty can be had (no /dev/ptmx), stdout is a pipe too.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include "launcher/spawn.h"
#include "shm/cpus.h"

/* A pty pair for a rank's stdout: the master (the launcher reads it) and
 * the slave (the rank's fd 1), both close-on-exec until the child's dup2.
 * Returns 0 or -errno. */
static int open_pty(int fds[2])
{
	struct termios tio;
	int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
	int s;

	if (m < 0)
		return -errno;
#ifdef TIOCGPTPEER
	/* Linux 4.13: the peer without a path lookup (and its races). */
	s = ioctl(m, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (s < 0)
#endif
	{
		char name[64];
		if (unlockpt(m) < 0 || ptsname_r(m, name, sizeof(name)) != 0)
			goto fail;
		s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
	}
	if (s < 0)
		goto fail;
	/* Raw: what the rank writes arrives as it is ("\n", not "\r\n"). */
	if (tcgetattr(s, &tio) == 0) {
		cfmakeraw(&tio);
		tcsetattr(s, TCSANOW, &tio);
	}
	fds[0] = m;
	fds[1] = s;
	return 0;
fail:;
	int e = -errno;
	close(m);
	return e;
}

/* Every rank: its numbers under the names of shmpi (SHMPI_RANK: its
 * member slot i), Open MPI and MPICH (its rank in its MPI_COMM_WORLD,
 * whose rank 0 is member `first`; one node, so the local rank is the
 * rank). */
static void set_rank_env(uint32_t i, uint32_t first, uint32_t app)
{
	static const char *const names[] = {
		"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK",
		"OMPI_COMM_WORLD_NODE_RANK", "PMI_RANK", "MPI_LOCALRANKID",
	};
	char num[16];

	snprintf(num, sizeof(num), "%u", i);
	setenv("SHMPI_RANK", num, 1);
	snprintf(num, sizeof(num), "%u", i - first);
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		setenv(names[k], num, 1);
	snprintf(num, sizeof(num), "%u", app);
	setenv("SHMPI_APPNUM", num, 1);
}

static void child(struct lnch_job *job, uint32_t i, pid_t launcher, int in_fd,
		  int out_fd, int err_fd)
{
	const struct lnch_app *app = job->ranks[i].prog ? job->ranks[i].prog
							: &job->opt->apps[job->ranks[i].app];
	sigset_t none;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != launcher)
		_exit(127);
	if (job->rank_sessions)
		setsid();
	else
		setpgid(0, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);

	if (in_fd < 0)
		in_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (in_fd < 0 || dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
		_exit(127);

	shm_seg_member(&job->seg, i)->pid = (int32_t)getpid();
	set_rank_env(i, job->ranks[i].world_first, job->ranks[i].app);
	/* "-x VAR" alone needs nothing: the rank inherits our environment. */
	for (size_t k = 0; k < app->nenv; k++) {
		const char *eq = strchr(app->env[k], '=');
		char name[256];
		if (!eq || (size_t)(eq - app->env[k]) >= sizeof(name))
			continue;
		memcpy(name, app->env[k], (size_t)(eq - app->env[k]));
		name[eq - app->env[k]] = '\0';
		setenv(name, eq + 1, 1);
	}
	if (app->wdir && chdir(app->wdir) < 0) {
		fprintf(stderr, "mpirun-shm: cannot enter '%s' for rank %u: %s\n", app->wdir, i,
			strerror(errno));
		_exit(127);
	}

	if (job->ranks[i].set) {
		int err = lnch_topo_bind_self(job->topo, job->ranks[i].set);
		if (err < 0)
			fprintf(stderr, "mpirun-shm: warning: rank %u not bound to core %d: %s\n",
				i, job->ranks[i].core, strerror(-err));
	}

	execvp(app->argv[0], app->argv);
	fprintf(stderr, "mpirun-shm: cannot execute '%s': %s\n", app->argv[0], strerror(errno));
	_exit(127);
}

/* mkdir -p for the parents of path (path itself is a file). */
static int make_parents(char *path)
{
	for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		int rc = mkdir(path, 0777);
		*p = '/';
		if (rc < 0 && errno != EEXIST)
			return -errno;
	}
	return 0;
}

/* --output-filename DIR: DIR/1/rank.N/stdout and stderr, as Open MPI
 * lays them out ("1" is the job). */
static int open_output_files(struct lnch_job *job, uint32_t i)
{
	struct lnch_stream *s[2] = { &job->ranks[i].out, &job->ranks[i].err };
	static const char *const name[2] = { "stdout", "stderr" };
	char path[4096];

	for (int k = 0; k < 2; k++) {
		snprintf(path, sizeof(path), "%s/1/rank.%u/%s", job->opt->output_dir, i, name[k]);
		int e = make_parents(path);
		if (e < 0)
			return e;
		s[k]->file_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		if (s[k]->file_fd < 0)
			return -errno;
		s[k]->to_terminal = job->opt->output_copy;
	}
	return 0;
}

/* MPICH's -outfile-pattern / -errfile-pattern: %r the rank, %h the host,
 * %% a percent sign; each stream goes to its file only. */
static int pattern_path(const char *pat, uint32_t rank, char *out, size_t len)
{
	char host[256] = "localhost";
	size_t o = 0;

	gethostname(host, sizeof(host) - 1);
	for (const char *p = pat; *p && o + 1 < len; p++) {
		if (*p != '%' || !p[1]) {
			out[o++] = *p;
			continue;
		}
		p++;
		int w = *p == 'r'   ? snprintf(out + o, len - o, "%u", rank)
			: *p == 'h' ? snprintf(out + o, len - o, "%s", host)
			: *p == '%' ? snprintf(out + o, len - o, "%%")
				    : snprintf(out + o, len - o, "%%%c", *p);
		if (w < 0 || (size_t)w >= len - o)
			return -ENAMETOOLONG;
		o += (size_t)w;
	}
	out[o] = '\0';
	return 0;
}

static int open_pattern_files(struct lnch_job *job, uint32_t i)
{
	struct lnch_stream *s[2] = { &job->ranks[i].out, &job->ranks[i].err };
	const char *pat[2] = { job->opt->outfile_pattern, job->opt->errfile_pattern };
	char path[4096];

	for (int k = 0; k < 2; k++) {
		if (!pat[k])
			continue;
		int e = pattern_path(pat[k], i, path, sizeof(path));
		if (e < 0)
			return e;
		s[k]->file_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		if (s[k]->file_fd < 0)
			return -errno;
		s[k]->to_terminal = false;
	}
	return 0;
}

int lnch_spawn_rank(struct lnch_job *job, uint32_t i, bool forward_stdin)
{
	struct lnch_rank *r = &job->ranks[i];
	int in[2] = { -1, -1 }, out[2], err[2];
	pid_t launcher = getpid();
	int e;

	if (open_pty(out) < 0 && pipe2(out, O_CLOEXEC) < 0)
		return -errno;
	if (pipe2(err, O_CLOEXEC) < 0) {
		e = -errno;
		goto fail_out;
	}
	if (forward_stdin && pipe2(in, O_CLOEXEC) < 0) {
		e = -errno;
		goto fail_err;
	}
	r->out.buf = r->err.buf = NULL;
	r->out.file_fd = r->err.file_fd = -1;
	/* --merge-stderr-to-stdout: the rank's stderr comes out on ours. */
	if (lnch_stream_init(&r->out, out[0], 1, 1, i) < 0 ||
	    lnch_stream_init(&r->err, err[0], 2, job->opt->merge_stderr ? 1 : 2, i) < 0) {
		e = -ENOMEM;
		goto fail_streams;
	}
	if (job->opt->output_dir && (e = open_output_files(job, i)) < 0)
		goto fail_streams;
	if ((job->opt->outfile_pattern || job->opt->errfile_pattern) &&
	    (e = open_pattern_files(job, i)) < 0)
		goto fail_streams;

	pid_t pid = fork();
	if (pid < 0) {
		e = -errno;
		goto fail_streams;
	}
	if (pid == 0)
		child(job, i, launcher, in[0], out[1], err[1]);

	/* Both sides call setpgid: whichever runs first wins the race with a
	 * kill of the group.  A child that starts a session must do it itself
	 * (setsid fails in a group leader); until then the pidfd signal of
	 * signal_all reaches it (it has no children before exec). */
	if (!job->rank_sessions)
		setpgid(pid, pid);
	r->pid = pid;
	shm_seg_member(&job->seg, i)->pid = (int32_t)pid;
	job->live++;
	/* The child is not reaped before its pidfd exists, so this cannot
	 * name a recycled pid. */
	r->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (r->pidfd < 0) {
		e = -errno;
		kill(pid, SIGKILL);
		/* Without a pidfd the loop cannot see it: reap it here. */
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		job->live--;
		r->pid = 0;
		goto fail_streams;
	}
	close(out[1]);
	close(err[1]);
	if (in[0] >= 0) {
		close(in[0]);
		job->stdin_w = in[1];
	}
	return 0;

fail_streams:
	free(r->out.buf);
	free(r->err.buf);
	lnch_stream_close_file(&r->out);
	lnch_stream_close_file(&r->err);
	r->out.buf = r->err.buf = NULL;
	r->out.file_fd = r->err.file_fd = -1;
	if (in[0] >= 0) {
		close(in[0]);
		close(in[1]);
	}
fail_err:
	close(err[0]);
	close(err[1]);
fail_out:
	close(out[0]);
	close(out[1]);
	return e;
}

/* Is a signal of `stop` pending?  One system call, against the
 * hundreds of microseconds of a fork. */
static bool stop_pending(const sigset_t *stop)
{
	sigset_t pending, both;

	if (sigpending(&pending) < 0)
		return false;
	sigandset(&both, &pending, stop);
	return !sigisemptyset(&both);
}

/* Under a batch system's or taskset's CPU set: say once what the job may
 * use when --report-bindings asks, and when it has more ranks than that
 * set has CPUs (without a set, oversubscribing the node is ordinary and
 * said nowhere). */
static void note_cpu_set(const struct lnch_job *job, long ncpu)
{
	int online = shm_cpus_online();
	char list[256];

	if (ncpu >= online)
		return;
	shm_cpus_allowed_list(list, sizeof(list));
	if (job->n > (uint32_t)ncpu)
		fprintf(stderr, "mpirun-shm: %u ranks on the %ld CPU%s this job may use (CPU %s "
				"of 0-%d): oversubscribed\n", job->n, ncpu, ncpu == 1 ? "" : "s",
			list, online - 1);
	else if (job->opt->report_bindings)
		fprintf(stderr, "mpirun-shm: this job may use CPU %s of 0-%d\n", list, online - 1);
}

int lnch_spawn_all(struct lnch_job *job, const sigset_t *stop, bool forward_stdin,
		   uint32_t *bad)
{
	/* Sessions of their own unless we run niced or the job has more
	 * ranks than the machine has CPUs (the top comment). */
	errno = 0;
	int nice_now = getpriority(PRIO_PROCESS, 0);
	long ncpu = (long)shm_seg_cpus(&job->seg);
	job->rank_sessions = !(nice_now > 0 && errno == 0) && !(job->n > ncpu);
	note_cpu_set(job, ncpu);
	if (job->opt->rank_sessions >= 0)
		job->rank_sessions = job->opt->rank_sessions;
	for (uint32_t i = 0; i < job->n; i++) {
		/* Before each fork (the first too): -n 4096 takes 19 s to
		 * start on two cores, and a ^C used to wait for all of it. */
		if (stop_pending(stop))
			return -EINTR;
		int e = lnch_spawn_rank(job, i, forward_stdin && i == 0);
		if (e < 0) {
			*bad = i;
			return e;
		}
	}
	return 0;
}
