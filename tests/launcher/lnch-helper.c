/*
 * Description: a plain C program (no MPI) that plays the behaviours the
 * launcher tests need.  Usage: lnch-helper MARK MODE [ARGS]
 * MARK is ignored (a unique word for pgrep -f); MODE is one of
 *   sleep                 every rank sleeps (until killed)
 *   exit R CODE           rank R exits CODE after 100 ms, the others sleep
 *   segv R                rank R raises SIGSEGV, the others sleep
 *   stubborn R            rank R exits 1, the others ignore SIGTERM and sleep
 *   lines N               every rank writes N numbered lines to stdout and
 *                         to stderr, then a last line without newline
 *   stdin                 rank 0 copies stdin to stdout; the others report
 *                         whether their stdin is at EOF
 *   env VAR...            every rank prints "R VAR=value" (or "R VAR unset")
 *   noinit R              like MPI_Init without MPI_Finalize on rank R
 *   abort R CODE          like MPI_Abort(CODE) on rank R
 *   finalize              every rank goes RUNNING then DONE and exits 0
 *   tick                  every rank prints "R tick K" (printf, no fflush)
 *                         every 50 ms until killed; "R tty" first when
 *                         its stdout is a terminal
 *   cwd                   every rank prints "R cwd DIR"
 *   session               every rank prints "R session S group G pid P"
 *                         (its session id, process group and pid)
 *   cpus                  every rank prints "R cpus N on LIST": the job's
 *                         CPU count the launcher wrote into the segment and
 *                         the CPUs the rank itself may run on
 * Rank and size come from SHMPI_RANK and SHMPI_SIZE; the states are written
 * into the segment named by SHMPI_SEG_FD, as lib/ would.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "shm/cpus.h"
#include "shm/segment.h"

static int rank;

static void nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static void sleep_forever(void)
{
	for (int k = 0; k < 300; k++)
		nap(100);
	fprintf(stderr, "lnch-helper: rank %d was not killed\n", rank);
	exit(99);
}

static struct shm_seg *segment(void)
{
	static struct shm_seg seg;
	const char *fd = getenv(SHM_SEG_FD_ENV);
	if (!fd || shm_seg_attach(atoi(fd), &seg) < 0) {
		fprintf(stderr, "lnch-helper: no segment\n");
		exit(98);
	}
	return &seg;
}

static struct shm_member *member(void)
{
	return shm_seg_member(segment(), (uint32_t)rank);
}

int main(int argc, char **argv)
{
	const char *r = getenv("SHMPI_RANK");
	if (argc < 3 || !r || !getenv("SHMPI_SIZE")) {
		fprintf(stderr, "usage: lnch-helper MARK MODE [ARGS] (under mpirun-shm)\n");
		return 97;
	}
	rank = atoi(r);
	const char *mode = argv[2];
	int target = argc > 3 ? atoi(argv[3]) : -1;

	if (strcmp(mode, "sleep") == 0) {
		sleep_forever();
	} else if (strcmp(mode, "exit") == 0 && argc == 5) {
		if (rank != target)
			sleep_forever();
		nap(100);
		return atoi(argv[4]);
	} else if (strcmp(mode, "segv") == 0) {
		if (rank != target)
			sleep_forever();
		nap(100);
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
		return 96;
	} else if (strcmp(mode, "stubborn") == 0) {
		if (rank != target) {
			signal(SIGTERM, SIG_IGN);
			sleep_forever();
		}
		nap(200);
		return 1;
	} else if (strcmp(mode, "lines") == 0) {
		int n = target;
		char pad[200];
		memset(pad, 'a' + rank % 26, sizeof(pad) - 1);
		pad[sizeof(pad) - 1] = '\0';
		/* Unbuffered-ish on purpose: many small writes interleave best. */
		setvbuf(stdout, NULL, _IOLBF, 0);
		for (int k = 0; k < n; k++) {
			printf("out %d %d %s\n", rank, k, pad);
			fprintf(stderr, "err %d %d %s\n", rank, k, pad);
		}
		printf("out %d end", rank);
		fprintf(stderr, "err %d end", rank);
		return 0;
	} else if (strcmp(mode, "stdin") == 0) {
		char buf[4096];
		ssize_t n;
		if (rank != 0) {
			n = read(0, buf, sizeof(buf));
			printf("%d stdin %s\n", rank, n == 0 ? "eof" : "data");
			return 0;
		}
		while ((n = read(0, buf, sizeof(buf))) > 0)
			if (write(1, buf, (size_t)n) != n)
				return 1;
		return n < 0;
	} else if (strcmp(mode, "env") == 0) {
		for (int k = 3; k < argc; k++) {
			const char *v = getenv(argv[k]);
			if (v)
				printf("%d %s=%s\n", rank, argv[k], v);
			else
				printf("%d %s unset\n", rank, argv[k]);
		}
		return 0;
	} else if (strcmp(mode, "noinit") == 0) {
		struct shm_member *m = member();
		shm_store_release(&m->state, SHM_MEMBER_RUNNING);
		if (rank != target)
			sleep_forever();
		nap(100);
		return 0;
	} else if (strcmp(mode, "abort") == 0 && argc == 5) {
		struct shm_member *m = member();
		shm_store_release(&m->state, SHM_MEMBER_RUNNING);
		if (rank != target)
			sleep_forever();
		nap(100);
		shm_store_relaxed(&m->exit_code, atoi(argv[4]));
		shm_store_release(&m->state, SHM_MEMBER_ABORTED);
		return atoi(argv[4]);
	} else if (strcmp(mode, "tick") == 0) {
		if (isatty(1))
			printf("%d tty\n", rank);
		for (int k = 0; k < 600; k++) {
			printf("%d tick %d\n", rank, k);
			nap(50);
		}
		return 99;
	} else if (strcmp(mode, "cwd") == 0) {
		char dir[4096];
		printf("%d cwd %s\n", rank, getcwd(dir, sizeof(dir)) ? dir : "?");
		return 0;
	} else if (strcmp(mode, "session") == 0) {
		printf("%d session %d group %d pid %d\n", rank, (int)getsid(0), (int)getpgrp(),
		       (int)getpid());
		return 0;
	} else if (strcmp(mode, "cpus") == 0) {
		char list[256];
		printf("%d cpus %u on %s\n", rank, shm_seg_cpus(segment()),
		       shm_cpus_allowed_list(list, sizeof(list)));
		return 0;
	} else if (strcmp(mode, "finalize") == 0) {
		struct shm_member *m = member();
		shm_store_release(&m->state, SHM_MEMBER_RUNNING);
		nap(50);
		shm_store_release(&m->state, SHM_MEMBER_DONE);
		return 0;
	}
	fprintf(stderr, "lnch-helper: bad mode '%s'\n", mode);
	return 97;
}
