/* perf/lineping.c - the hardware floor under small-message latency: what
 * one cache line costs to move between two cores, with no MPI at all.
 *
 *     perf/lineping [-n ITERS] [-r ROUNDS] [CPU_A CPU_B]
 *
 * Two threads pinned to CPU_A and CPU_B (default 0 and 1) pass a counter
 * back and forth in one 64-byte line: each waits for the other's value and
 * writes the next, so every step is one line moving from one core's cache
 * to the other's (the read miss; the write then hits the now shared line
 * and invalidates the other copy).  Prints the median over rounds of the
 * time per step, which is the least a half round trip of any
 * shared-memory pingpong can take (perf/RESULTS.md, "what limits the
 * misses"): a one-line message costs at least this, plus the software of
 * both sides.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static _Alignas(64) _Atomic unsigned long line;
static long iters = 1000000;

static void pin(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set))
		fprintf(stderr, "lineping: cannot pin to CPU %d (running unpinned)\n", cpu);
}

/* Take the odd (first = 1) or even steps.  Acquire/release: the counter
 * is the only datum, so relaxed would do; acquire/release is what a
 * message flag needs, and costs nothing extra on x86. */
static void bounce(unsigned long first)
{
	for (unsigned long v = first; v < 2 * (unsigned long)iters; v += 2) {
		while (atomic_load_explicit(&line, memory_order_acquire) != v - 1)
			;
		atomic_store_explicit(&line, v, memory_order_release);
	}
}

static int cpu_b = 1;

static void *partner(void *arg)
{
	(void)arg;
	pin(cpu_b);
	bounce(2);
	return NULL;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int rounds = 9, cpu_a = 0, opt;
	while ((opt = getopt(argc, argv, "n:r:")) != -1) {
		if (opt == 'n')
			iters = atol(optarg);
		else if (opt == 'r')
			rounds = atoi(optarg);
		else {
			fprintf(stderr, "usage: %s [-n ITERS] [-r ROUNDS] [CPU_A CPU_B]\n", argv[0]);
			return 2;
		}
	}
	if (optind + 2 <= argc) {
		cpu_a = atoi(argv[optind]);
		cpu_b = atoi(argv[optind + 1]);
	}
	if (iters < 1 || rounds < 1 || rounds > 1000) {
		fprintf(stderr, "lineping: ITERS and ROUNDS (1-1000) must be positive\n");
		return 2;
	}
	double *ns = malloc(rounds * sizeof(*ns));
	if (!ns)
		return 1;
	pin(cpu_a);
	for (int r = 0; r < rounds; r++) {
		pthread_t t;
		atomic_store_explicit(&line, 0, memory_order_relaxed);
		double t0 = now();
		if (pthread_create(&t, NULL, partner, NULL))
			return 1;
		bounce(1);
		pthread_join(t, NULL);
		/* 2 * iters - 1 steps; thread start is amortised over them. */
		ns[r] = (now() - t0) * 1e9 / (2.0 * iters - 1);
	}
	qsort(ns, rounds, sizeof(*ns), cmp);
	printf("one cache line between CPU %d and CPU %d: %.1f ns a step (median of %d; %.1f-%.1f)\n",
	       cpu_a, cpu_b, ns[rounds / 2], rounds, ns[0], ns[rounds - 1]);
	free(ns);
	return 0;
}
