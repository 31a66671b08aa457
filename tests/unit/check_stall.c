#define _GNU_SOURCE
/*
 * Description: unit tests of the launcher's stalled-job tools
 * (launcher/stall.c) on a real segment: the deadlock watch counts only
 * while every live rank is blocked and no heartbeat moves (a rank at work,
 * a wait that ended, a rank that left all restart it); the stuck signal
 * goes only to ranks that joined the job; the launcher's own lines name a
 * cycle of waits and ranks in different collectives from what the ranks
 * publish, and ignore published words no rank writes.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "launcher/stall.h"

#define N 3

static struct shm_seg seg;
static struct lnch_rank ranks[N];
static struct lnch_job job;

static void setup(void)
{
	struct shm_seg_config cfg;

	shm_seg_default_config(N, &cfg);
	ck_assert_int_eq(shm_seg_create(N, &cfg, &seg), 0);
	memset(&job, 0, sizeof(job));
	memset(ranks, 0, sizeof(ranks));
	job.seg = seg;
	job.n = N;
	job.ranks = ranks;
	for (uint32_t i = 0; i < N; i++)
		ranks[i].pidfd = 0;  /* live: the watch only looks at >= 0 */
}

static void teardown(void)
{
	shm_seg_detach(&seg);
}

static void set_blocked(uint32_t i, uint32_t v)
{
	shm_store_relaxed(&shm_seg_member(&seg, i)->blocked, v);
}

/* Every rank is inside a blocking MPI call. */
static void block_all(void)
{
	for (uint32_t i = 0; i < N; i++)
		set_blocked(i, 1);
}

/* A watch that has seen every rank blocked since time t. */
static struct lnch_stall blocked_since(double t)
{
	struct lnch_stall s = { 0 };
	block_all();
	lnch_stall_sample(&s, &job, t);
	return s;
}

static void beat(uint32_t i)
{
	shm_fetch_add_relaxed(&shm_seg_member(&seg, i)->heartbeat, 1);
}

START_TEST(counts_while_all_blocked)
{
	struct lnch_stall s = { 0 };

	ck_assert(lnch_stall_sample(&s, &job, 0) == 0);
	block_all();
	/* The still period starts at the first sample that sees it. */
	ck_assert(lnch_stall_sample(&s, &job, 100) == 0);
	ck_assert(lnch_stall_sample(&s, &job, 200) == 100);
	ck_assert(lnch_stall_sample(&s, &job, 1100) == 1000);
}
END_TEST

START_TEST(a_rank_at_work_restarts)
{
	struct lnch_stall s = blocked_since(0);

	ck_assert(lnch_stall_sample(&s, &job, 500) == 500);
	set_blocked(1, 0);  /* computing, or sleeping outside MPI */
	ck_assert(lnch_stall_sample(&s, &job, 600) == 0);
	set_blocked(1, 1);
	ck_assert(lnch_stall_sample(&s, &job, 700) == 0);
	ck_assert(lnch_stall_sample(&s, &job, 900) == 200);
}
END_TEST

START_TEST(a_heartbeat_restarts)
{
	struct lnch_stall s = blocked_since(0);

	/* Slow but progressing: a wait ended and another began between two
	 * samples, so every rank looks blocked at each one. */
	for (int k = 1; k <= 20; k++) {
		beat((uint32_t)k % N);
		ck_assert(lnch_stall_sample(&s, &job, 100.0 * k) == 0);
	}
	ck_assert(lnch_stall_sample(&s, &job, 2100) == 100);
	/* A heartbeat that wraps still counts as a change. */
	shm_store_relaxed(&shm_seg_member(&seg, 0)->heartbeat, UINT32_MAX);
	ck_assert(lnch_stall_sample(&s, &job, 2200) == 0);
	beat(0);
	ck_assert(lnch_stall_sample(&s, &job, 2300) == 0);
}
END_TEST

START_TEST(only_live_ranks_count)
{
	struct lnch_stall s = { 0 };

	set_blocked(0, 1);
	set_blocked(1, 1);
	ranks[2].pidfd = -1;  /* reaped (it exited: not blocked) */
	lnch_stall_sample(&s, &job, 0);
	ck_assert(lnch_stall_sample(&s, &job, 300) == 300);
	ranks[1].pidfd = -1;  /* a rank leaving is progress */
	ck_assert(lnch_stall_sample(&s, &job, 400) == 0);
	ck_assert(lnch_stall_sample(&s, &job, 500) == 100);
	ranks[0].pidfd = -1;  /* nobody left: nothing to call a deadlock */
	ck_assert(lnch_stall_sample(&s, &job, 600) == 0);
	ck_assert(lnch_stall_sample(&s, &job, 5000) == 0);
}
END_TEST

static int answer_fd;

static void answer(int sig)
{
	(void)sig;
	(void)!write(answer_fd, "!", 1);
}

/* A rank that joins (handler, then RUNNING) when join is set, and waits
 * to be killed. */
static pid_t fake_rank(uint32_t i, int join, int fd)
{
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid > 0)
		return pid;
	if (join) {
		answer_fd = fd;
		signal(SHM_STUCK_SIGNAL, answer);
		shm_store_release(&shm_seg_member(&seg, i)->state, SHM_MEMBER_RUNNING);
	}
	for (;;)
		pause();
}

START_TEST(asks_only_ranks_in_mpi)
{
	int p[2];
	char c;

	ck_assert_int_eq(pipe(p), 0);
	for (uint32_t i = 0; i < N; i++) {
		ranks[i].pid = fake_rank(i, i == 1, p[1]);
		ranks[i].pidfd = (int)syscall(SYS_pidfd_open, ranks[i].pid, 0);
		ck_assert_int_ge(ranks[i].pidfd, 0);
	}
	/* Rank 1 joined; 0 and 2 never will: asking them would kill them. */
	while (shm_load_acquire(&shm_seg_member(&seg, 1)->state) != SHM_MEMBER_RUNNING)
		usleep(1000);
	ck_assert_uint_eq(lnch_stall_ask(&job, NULL), 1);
	ck_assert_int_eq(read(p[0], &c, 1), 1);
	for (uint32_t i = 0; i < N; i++) {
		int st;
		kill(ranks[i].pid, SIGKILL);
		ck_assert_int_eq(waitpid(ranks[i].pid, &st, 0), ranks[i].pid);
		/* Each died of our SIGKILL, none of the stuck signal. */
		ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
		close(ranks[i].pidfd);
	}
	close(p[0]);
	close(p[1]);
}
END_TEST

/* Rank i is blocked waiting (kind) for world rank peer in call. */
static void publish(uint32_t i, uint32_t kind, int32_t peer, uint64_t obj, const char *call)
{
	struct shm_member *m = shm_seg_member(&seg, i);
	char name[8 * SHM_WAIT_CALL_WORDS] = { 0 };
	strncpy(name, call, sizeof(name) - 1);
	for (int w = 0; w < SHM_WAIT_CALL_WORDS; w++) {
		uint64_t v;
		memcpy(&v, name + 8 * w, 8);
		shm_store_relaxed(&m->wait_call[w], v);
	}
	shm_store_relaxed(&m->wait_rank, peer);
	shm_store_relaxed(&m->wait_arg, 5);
	shm_store_relaxed(&m->wait_obj, obj);
	shm_store_relaxed(&m->wait_kind, kind);
	shm_store_relaxed(&m->blocked, 1);
}

/* What lnch_stall_explain writes on stderr (malloc'd). */
static char *explained(void)
{
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	fflush(stderr);
	int saved = dup(2);
	dup2(fileno(f), 2);
	lnch_stall_explain(&job);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	long n = ftell(f);
	char *buf = calloc(1, (size_t)n + 1);
	rewind(f);
	ck_assert_int_eq(fread(buf, 1, (size_t)n, f), n);
	fclose(f);
	return buf;
}

START_TEST(names_a_cycle)
{
	for (uint32_t i = 0; i < N; i++)
		ranks[i].pid = 0; /* nothing to read in /proc */
	publish(0, SHM_WAIT_RECV, 2, 0, "MPI_Recv");
	publish(1, SHM_WAIT_RECV, 0, 0, "MPI_Recv");  /* waits into the cycle */
	publish(2, SHM_WAIT_MUTEX, 0, 4096, "MPI_Mutex_lock");
	char *out = explained();
	ck_assert_str_eq(out, "mpirun-shm: wait-for cycle: rank 0 waits for rank 2 (MPI_Recv, tag 5), which "
			 "waits for rank 0 (MPI_Mutex_lock: the mutex at arena offset 4096)\n");
	free(out);
	/* A published rank that is not one of the job (a scribble) ends the
	 * chain: no cycle, and no read outside the table. */
	publish(2, SHM_WAIT_MUTEX, 999, 4096, "MPI_Mutex_lock");
	out = explained();
	ck_assert_str_eq(out, "");
	free(out);
}
END_TEST

START_TEST(names_different_collectives)
{
	for (uint32_t i = 0; i < N; i++)
		ranks[i].pid = 0;
	publish(0, SHM_WAIT_COLL, -1, 0, "MPI_Bcast");
	publish(1, SHM_WAIT_COLL, -1, 0, "MPI_Allreduce");
	publish(2, SHM_WAIT_COLL, -1, 0, "MPI_Allreduce");
	char *out = explained();
	ck_assert_str_eq(out, "mpirun-shm: ranks in different collectives on one communicator (context 0, "
			 "MPI_COMM_WORLD): rank 0 in MPI_Bcast, ranks 1 2 in MPI_Allreduce\n");
	free(out);
	/* The same collective everywhere, or on different communicators: nothing. */
	publish(0, SHM_WAIT_COLL, -1, 0, "MPI_Allreduce");
	publish(2, SHM_WAIT_COLL, -1, 8, "MPI_Bcast");
	out = explained();
	ck_assert_str_eq(out, "");
	free(out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("stall");
	TCase *tc = tcase_create("deadlock watch");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, counts_while_all_blocked);
	tcase_add_test(tc, a_rank_at_work_restarts);
	tcase_add_test(tc, a_heartbeat_restarts);
	tcase_add_test(tc, only_live_ranks_count);
	tcase_add_test(tc, names_a_cycle);
	tcase_add_test(tc, names_different_collectives);
	suite_add_tcase(s, tc);
	tc = tcase_create("stuck signal");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, asks_only_ranks_in_mpi);
	suite_add_tcase(s, tc);

	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
