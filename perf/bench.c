/*
 * perf/bench.c - the helpers declared in bench.h.
 *
 * The timed loop follows the OSU micro-benchmarks (warm-up, then a fixed
 * number of iterations timed with MPI_Wtime, the average reported) with one
 * difference: the iteration counts are capped by time, measured during the
 * warm-up and agreed on by all ranks, because one implementation's
 * oversubscribed barrier can be a thousand times slower than another's.
 */
#include "bench.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [-m MIN:MAX] [-i ITERS] [-w WARMUP] [-t SECONDS]\n"
		"          [-W WINDOW] [-k KIND] [-T]\n"
		"  -m  message sizes in bytes, powers of two (K, M suffixes)\n"
		"  -i  at most ITERS timed iterations per size (default 10000)\n"
		"  -w  at most WARMUP warm-up iterations per size (default 100)\n"
		"  -t  time budget per size in seconds (default 0.2)\n"
		"  -W  window of nonblocking operations (default 64)\n"
		"  -k  variant of the benchmark (see the program's top comment)\n"
		"  -T  MPI_Init_thread(MPI_THREAD_MULTIPLE)\n", prog);
	exit(2);
}

/* PERF_MPIT_SESSION=1: a tool watching the run through MPI_T (a session
 * with a handle of every performance variable; the continuous ones count
 * from there), left open until the process ends; 2: the startable ones
 * (timers) started too. */
static void start_mpit_session(struct bench *b, int start)
{
	int provided, n, i, count;
	MPI_T_pvar_session ses;
	MPI_T_pvar_handle h;

	if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS ||
	    MPI_T_pvar_session_create(&ses) != MPI_SUCCESS || MPI_T_pvar_get_num(&n) != MPI_SUCCESS)
		bench_die(b, "PERF_MPIT_SESSION: no MPI_T performance-variable session");
	for (i = 0; i < n; i++) {
		int bind, cont;
		if (MPI_T_pvar_get_info(i, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, &bind,
					NULL, &cont, NULL) != MPI_SUCCESS || bind != MPI_T_BIND_NO_OBJECT)
			continue;
		if (MPI_T_pvar_handle_alloc(ses, i, NULL, &h, &count) == MPI_SUCCESS && !cont && start)
			MPI_T_pvar_start(ses, h);
	}
}

/* "64", "4K", "1M" -> bytes; -1 on garbage. */
static long long parse_size(const char *s, char **end)
{
	long long v = strtoll(s, end, 10);

	if (*end == s || v < 0)
		return -1;
	if (**end == 'K' || **end == 'k') {
		v <<= 10;
		(*end)++;
	} else if (**end == 'M' || **end == 'm') {
		v <<= 20;
		(*end)++;
	}
	return v;
}

static int parse_range(const char *s, size_t *min, size_t *max)
{
	char *end;
	long long lo = parse_size(s, &end), hi;

	if (lo < 0)
		return -1;
	if (*end == '\0') {
		*min = *max = (size_t)lo;
		return 0;
	}
	if (*end != ':')
		return -1;
	hi = parse_size(end + 1, &end);
	if (hi < lo || *end != '\0')
		return -1;
	*min = (size_t)lo;
	*max = (size_t)hi;
	return 0;
}

void bench_init(struct bench *b, int *argc, char ***argv, const char *name,
		const char *unit, size_t min_size, size_t max_size)
{
	int c, provided;

	memset(b, 0, sizeof(*b));
	b->name = name;
	b->unit = unit;
	b->min_size = min_size;
	b->max_size = max_size;
	b->iters = 10000;
	b->warmup = 100;
	b->budget = 0.2;
	b->window = 64;

	while ((c = getopt(*argc, *argv, "m:i:w:t:W:k:Th")) != -1) {
		switch (c) {
		case 'm':
			if (parse_range(optarg, &b->min_size, &b->max_size))
				usage((*argv)[0]);
			break;
		case 'i':
			b->iters = atol(optarg);
			break;
		case 'w':
			b->warmup = atol(optarg);
			break;
		case 't':
			b->budget = atof(optarg);
			break;
		case 'W':
			b->window = atoi(optarg);
			break;
		case 'k':
			b->kind = optarg;
			break;
		case 'T':
			b->thread_multiple = 1;
			break;
		default:
			usage((*argv)[0]);
		}
	}
	if (b->iters < 1 || b->warmup < 0 || b->budget <= 0 || b->window < 1)
		usage((*argv)[0]);

	if (b->thread_multiple) {
		MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided);
	} else {
		MPI_Init(argc, argv);
		provided = MPI_THREAD_MULTIPLE;
	}
	MPI_Comm_rank(MPI_COMM_WORLD, &b->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &b->nprocs);
	if (provided < MPI_THREAD_MULTIPLE)
		bench_die(b, "MPI_THREAD_MULTIPLE not provided");
	const char *mpit = getenv("PERF_MPIT_SESSION");
	if (mpit && (!strcmp(mpit, "1") || !strcmp(mpit, "2")))
		start_mpit_session(b, !strcmp(mpit, "2"));
}

void bench_header(const struct bench *b)
{
	if (b->rank == 0) {
		printf("# %s %s\n", b->name, b->unit);
		fflush(stdout);
	}
}

size_t bench_next(size_t size)
{
	return size ? 2 * size : 1;
}

void *bench_alloc(size_t n, int c)
{
	void *p = NULL;
	long page = sysconf(_SC_PAGESIZE);

	if (n == 0)
		n = 1;
	if (posix_memalign(&p, page > 0 ? (size_t)page : 4096, n)) {
		fprintf(stderr, "bench: cannot allocate %zu bytes\n", n);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	memset(p, c, n);
	return p;
}

/* Runs n iterations; returns the slowest rank's seconds. */
static double run_max(bench_body *body, size_t size, long n)
{
	double t = MPI_Wtime(), tmax;

	for (long i = 0; i < n; i++)
		body(size);
	t = MPI_Wtime() - t;
	MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	return tmax;
}

double bench_time(const struct bench *b, bench_body *body, size_t size)
{
	long done = 0, chunk = 1, iters;
	double spent = 0, per_iter = 0, t, sum;

	/* Warm-up in doubling chunks until the cap on iterations or on time. */
	while (done < b->warmup && spent < b->budget / 2) {
		if (chunk > b->warmup - done)
			chunk = b->warmup - done;
		spent += run_max(body, size, chunk);
		done += chunk;
		chunk *= 2;
	}
	if (done == 0) {	/* -w 0: one untimed probe to size the loop */
		spent = run_max(body, size, 1);
		done = 1;
	}
	per_iter = spent / done;

	/* Every rank computes the same count from the same reduced times. */
	iters = per_iter > 0 ? (long)(b->budget / per_iter) : b->iters;
	if (iters > b->iters)
		iters = b->iters;
	if (iters < 1)
		iters = 1;

	/*
	 * The timed loop, in a few chunks: if the machine gets slower than the
	 * warm-up said (other load), the ranks agree between chunks to stop at
	 * four times the budget instead of running for minutes.  Only the
	 * chunks are timed, not the agreement.
	 */
	chunk = iters >= 4 ? iters / 4 : 1;
	done = 0;
	spent = 0;
	MPI_Barrier(MPI_COMM_WORLD);
	while (done < iters) {
		int late, any_late;

		if (chunk > iters - done)
			chunk = iters - done;
		t = MPI_Wtime();
		for (long i = 0; i < chunk; i++)
			body(size);
		spent += MPI_Wtime() - t;
		done += chunk;
		late = spent > 4 * b->budget;
		MPI_Allreduce(&late, &any_late, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
		if (any_late)
			break;
	}
	t = spent / done;
	MPI_Allreduce(&t, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	return sum / b->nprocs;
}

void bench_print(const struct bench *b, size_t size, double value)
{
	if (b->rank == 0) {
		printf("%zu %.3f\n", size, value);
		fflush(stdout);
	}
}

void bench_die(const struct bench *b, const char *msg)
{
	if (b->rank == 0)
		fprintf(stderr, "%s: %s\n", b->name, msg);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

bench_body *bench_pick(struct bench *b, const struct bench_kind *kinds, size_t n,
		       const char *msg)
{
	if (b->kind)
		b->name = b->kind;
	for (size_t i = 0; i < n; i++)
		if (strcmp(b->name, kinds[i].name) == 0)
			return kinds[i].body;
	bench_die(b, msg);
	return NULL;
}

void bench_rates(const struct bench *b, bench_body *body, double per_byte, double per_iter)
{
	bench_header(b);
	for (size_t s = b->min_size; s <= b->max_size; s = bench_next(s)) {
		double t = bench_time(b, body, s);

		bench_print(b, s, (per_byte * (double)s + per_iter) / t / 1e6);
	}
}

int bench_halves(const struct bench *b, int *peer)
{
	int half = b->nprocs / 2, sender = b->rank < half;

	if (b->nprocs % 2)
		bench_die(b, "needs an even number of ranks");
	*peer = sender ? b->rank + half : b->rank - half;
	return sender;
}

void bench_window(int sender, int peer, const void *sbuf, void *rbuf, size_t n, int window,
		  MPI_Request *reqs)
{
	int ack = 0;

	if (sender) {
		for (int w = 0; w < window; w++)
			MPI_Isend(sbuf, (int)n, MPI_CHAR, peer, 1, MPI_COMM_WORLD, &reqs[w]);
		MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
		MPI_Recv(&ack, 1, MPI_INT, peer, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	} else {
		for (int w = 0; w < window; w++)
			MPI_Irecv(rbuf, (int)n, MPI_CHAR, peer, 1, MPI_COMM_WORLD, &reqs[w]);
		MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
		MPI_Send(&ack, 1, MPI_INT, peer, 2, MPI_COMM_WORLD);
	}
}
