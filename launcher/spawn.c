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
 *     only the launcher, which then takes the job down in order;
 *   - undoes the launcher's signal mask and SIGPIPE disposition (both
 *     survive exec);
 *   - writes its pid into its control block and binds itself to its core,
 *     so the program's first instructions and first touches happen there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "launcher/spawn.h"

static void child(struct lnch_job *job, uint32_t i, pid_t launcher, int in_fd,
		  int out_fd, int err_fd)
{
	sigset_t none;
	char num[16];

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != launcher)
		_exit(127);
	setpgid(0, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);

	if (in_fd < 0)
		in_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (in_fd < 0 || dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
		_exit(127);

	shm_seg_member(&job->seg, i)->pid = (int32_t)getpid();
	snprintf(num, sizeof(num), "%u", i);
	setenv("SHMPI_RANK", num, 1);

	if (job->ranks[i].core >= 0) {
		int err = lnch_topo_bind_self(job->topo, (unsigned)job->ranks[i].core);
		if (err < 0)
			fprintf(stderr, "mpirun-shm: warning: rank %u not bound to core %d: %s\n",
				i, job->ranks[i].core, strerror(-err));
	}

	execvp(job->opt->prog_argv[0], job->opt->prog_argv);
	fprintf(stderr, "mpirun-shm: cannot execute '%s': %s\n",
		job->opt->prog_argv[0], strerror(errno));
	_exit(127);
}

int lnch_spawn_rank(struct lnch_job *job, uint32_t i, bool forward_stdin)
{
	struct lnch_rank *r = &job->ranks[i];
	int in[2] = { -1, -1 }, out[2], err[2];
	pid_t launcher = getpid();
	int e;

	if (pipe2(out, O_CLOEXEC) < 0)
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
	if (lnch_stream_init(&r->out, out[0], 1, i, job->opt->tag_output) < 0 ||
	    lnch_stream_init(&r->err, err[0], 2, i, job->opt->tag_output) < 0) {
		e = -ENOMEM;
		goto fail_streams;
	}

	pid_t pid = fork();
	if (pid < 0) {
		e = -errno;
		goto fail_streams;
	}
	if (pid == 0)
		child(job, i, launcher, in[0], out[1], err[1]);

	/* Both sides call setpgid: whichever runs first wins the race with a
	 * kill of the group. */
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
	r->out.buf = r->err.buf = NULL;
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
