/*
 * Description: unit tests of shm/mutex.c and shm/cond.c without MPI:
 * threads of one process on private memory, forked processes on a
 * MAP_SHARED mapping, trylock, the owner word, the health-check callback,
 * and a ping-pong through the condition variable that a lost wake-up
 * would slow to one timeout per round (checked against a time limit).
 */
#define _GNU_SOURCE
#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "shm/cond.h"
#include "shm/mutex.h"
#include "tests/unit/unit.h"

struct shared {
	struct shm_mutex m;
	struct shm_cond c;
	volatile long counter;
	volatile int inside;
	volatile int turn;
};

static struct shared *sh;

static void setup(void)
{
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(sh, MAP_FAILED);
	shm_mutex_init(&sh->m);
	shm_cond_init(&sh->c);
}

static void teardown(void)
{
	munmap(sh, sizeof(*sh));
}

#define ITERS 20000

static void hammer(uint64_t me)
{
	for (int i = 0; i < ITERS; i++) {
		shm_mutex_lock(&sh->m, me, 100000000, NULL, NULL);
		if (sh->inside)
			abort();
		sh->inside = 1;
		sh->counter++;
		sh->inside = 0;
		shm_mutex_unlock(&sh->m);
	}
}

static void *thr(void *arg)
{
	hammer((uint64_t)(uintptr_t)arg);
	return NULL;
}

START_TEST(test_threads)
{
	pthread_t t[4];
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, thr, (void *)(uintptr_t)(i + 1)), 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	ck_assert_int_eq(sh->counter, 4L * ITERS);
	ck_assert_int_eq(sh->m.state, 0);
	ck_assert_uint_eq(shm_mutex_owner(&sh->m), 0);
}
END_TEST

START_TEST(test_processes)
{
	pid_t p[3];
	for (int i = 0; i < 3; i++) {
		p[i] = fork();
		ck_assert_int_ge(p[i], 0);
		if (p[i] == 0) {
			hammer((uint64_t)(i + 10) << 32);
			_exit(0);
		}
	}
	hammer(1);
	for (int i = 0; i < 3; i++) {
		int st;
		waitpid(p[i], &st, 0);
		ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	ck_assert_int_eq(sh->counter, 4L * ITERS);
}
END_TEST

START_TEST(test_trylock_owner)
{
	ck_assert_int_eq(shm_mutex_trylock(&sh->m, 7), 1);
	ck_assert_uint_eq(shm_mutex_owner(&sh->m), 7);
	ck_assert_int_eq(shm_mutex_trylock(&sh->m, 8), 0);
	ck_assert(!shm_mutex_is_free(&sh->m));
	shm_mutex_unlock(&sh->m);
	ck_assert(shm_mutex_is_free(&sh->m));
	ck_assert_uint_eq(shm_mutex_owner(&sh->m), 0);
}
END_TEST

static int checks;
static int give_up(void *arg, uint64_t owner)
{
	(void)arg;
	ck_assert_uint_eq(owner, 5);
	return ++checks == 3 ? 42 : 0;
}

START_TEST(test_check_callback)
{
	ck_assert_int_eq(shm_mutex_trylock(&sh->m, 5), 1);
	/* Held forever: the waiter gives up after three 10 ms sleeps. */
	ck_assert_int_eq(shm_mutex_lock(&sh->m, 6, 10000000, give_up, NULL), 42);
	ck_assert_uint_eq(shm_mutex_owner(&sh->m), 5);
}
END_TEST

#define ROUNDS 2000

/* ROUNDS times, as owner id: wait for turn `mine`, pass it to the other
 * player and wake it. */
static void play(uint64_t id, int mine, void (*wake)(struct shm_cond *))
{
	for (int i = 0; i < ROUNDS; i++) {
		shm_mutex_lock(&sh->m, id, 100000000, NULL, NULL);
		while (sh->turn != mine)
			shm_cond_wait(&sh->c, &sh->m, id, 100000000, NULL, NULL);
		sh->turn = !mine;
		wake(&sh->c);
		shm_mutex_unlock(&sh->m);
	}
}

static void *pong(void *arg)
{
	(void)arg;
	play(2, 1, shm_cond_broadcast);
	return NULL;
}

START_TEST(test_cond_pingpong)
{
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, pong, NULL), 0);
	play(1, 0, shm_cond_signal);
	pthread_join(t, NULL);
	clock_gettime(CLOCK_MONOTONIC, &b);
	double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
	/* A lost wake-up costs 100 ms: 2000 rounds must take far less than
	 * even a few of those per hundred rounds. */
	ck_assert_msg(s < 5.0, "cond ping-pong took %.2f s", s);
	ck_assert_uint_eq(shm_cond_waiters(&sh->c), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mutex");
	const TTest *core_tests[] = {
		test_threads, test_processes, test_trylock_owner, test_check_callback,
		test_cond_pingpong, NULL
	};
	tcase_add_checked_fixture(unit_tcase(s, "core", 20, core_tests), setup, teardown);
	return unit_run(s);
}
