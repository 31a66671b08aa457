/*
 * perf/bench.h - what every benchmark in perf/ shares: option parsing, the
 * message sizes, buffers, the timed loop and the output format.
 *
 * The benchmarks are plain MPI programs (they build with our mpicc, with
 * mpicc.openmpi and with mpicc.mpich).  Each one prints, on rank 0,
 *
 *     # <name> <unit>
 *     <size> <value>
 *     ...
 *
 * where value is the average over the timed iterations after warm-up (and,
 * for times, over the ranks), as the OSU micro-benchmarks report it.
 * perf/compare parses exactly this format.
 *
 * Common options (bench_init parses them before MPI_Init):
 *   -m MIN:MAX  message sizes in bytes, powers of two (K and M suffixes)
 *   -i N        at most N timed iterations per size
 *   -w N        at most N warm-up iterations per size
 *   -t SEC      time budget per size; caps the iterations, so a slow
 *               operation (an oversubscribed barrier) still ends quickly
 *   -W N        window of nonblocking operations (bw, bibw, msgrate)
 *   -k KIND     variant of the benchmark (coll: the collective; ddt: the
 *               datatype)
 *   -T          MPI_Init_thread(MPI_THREAD_MULTIPLE) instead of MPI_Init
 *               (one thread still does all the work)
 *
 * With PERF_MPIT_SESSION=1 in the environment, bench_init also opens an
 * MPI_T performance-variable session with a handle of every variable (a
 * tool watching the run; the counters are continuous, active from there);
 * with PERF_MPIT_SESSION=2 the startable ones (the wait timer) are started
 * too.  `perf/ab.sh -e "" PERF_MPIT_SESSION=1 pingpong` measures what that
 * costs (docs/mpit.md, "Cost").
 */
#ifndef PERF_BENCH_H
#define PERF_BENCH_H

#include <mpi.h>
#include <stddef.h>

struct bench {
	const char *name;	/* header name; the program may refine it */
	const char *unit;	/* us, MB/s, Mmsg/s */
	size_t min_size, max_size;
	long iters;		/* cap on timed iterations */
	long warmup;		/* cap on warm-up iterations */
	double budget;		/* seconds per size for the timed loop */
	int window;
	const char *kind;	/* -k, NULL if not given */
	int thread_multiple;	/* -T */
	int rank, nprocs;
};

/* The body of one iteration at one message size; every rank calls it. */
typedef void bench_body(size_t size);

/*
 * Parses the common options (defaults: the given sizes, the rest as in
 * bench.c), then calls MPI_Init or MPI_Init_thread and fills rank and
 * nprocs.  Exits with status 2 after a usage message on a bad option, and
 * with status 1 if -T was asked but MPI_THREAD_MULTIPLE is not provided.
 */
void bench_init(struct bench *b, int *argc, char ***argv, const char *name,
		const char *unit, size_t min_size, size_t max_size);

/* Rank 0 prints the "# name unit" header. */
void bench_header(const struct bench *b);

/* The sizes: for (s = b->min_size; s <= b->max_size; s = bench_next(s)). */
size_t bench_next(size_t size);

/*
 * A page-aligned buffer of n bytes (at least one byte), filled with c so that
 * its pages are mapped before timing.  Exits on allocation failure.
 */
void *bench_alloc(size_t n, int c);

/*
 * Runs body(size) on every rank: a warm-up of at most b->warmup iterations
 * (capped at half the budget), then a timed loop of at most b->iters
 * iterations sized to fit b->budget, cut short at four times the budget if
 * the machine slows down.  The iteration counts are agreed on by all ranks.
 * Returns the seconds per iteration, averaged over the ranks.  Collective
 * over MPI_COMM_WORLD.
 */
double bench_time(const struct bench *b, bench_body *body, size_t size);

/* Rank 0 prints one "size value" line and flushes. */
void bench_print(const struct bench *b, size_t size, double value);

/* Rank 0 prints the message to stderr, then MPI_Abort. */
void bench_die(const struct bench *b, const char *msg);

/* A variant of a benchmark, chosen with -k. */
struct bench_kind {
	const char *name;
	bench_body *body;
};

/*
 * The body of the variant named by -k (by default b->name) among the n
 * kinds; b->name becomes that name.  An unknown name ends the program with
 * msg.
 */
bench_body *bench_pick(struct bench *b, const struct bench_kind *kinds, size_t n,
		       const char *msg);

/*
 * The sweep of the rate benchmarks: rank 0 prints the header, then for
 * every size s one line of the rate in millions per second of the units
 * (bytes or messages) an iteration of body moves, per_byte * s + per_iter.
 */
void bench_rates(const struct bench *b, bench_body *body, double per_byte, double per_iter);

/*
 * Pairs the ranks for the benchmarks of pairs: rank r of the first half
 * with rank r + nprocs / 2 (an odd nprocs ends the program with a
 * message).  Returns 1 on the first half (the senders), 0 on the second;
 * *peer is the partner.
 */
int bench_halves(const struct bench *b, int *peer);

/*
 * One window as osu_bw and osu_mbw_mr time it: the sender posts window
 * MPI_Isend of n bytes of sbuf to peer, the receiver window MPI_Irecv into
 * rbuf, both wait for all (reqs holds window requests), then the receiver
 * acknowledges with a 4-byte message.
 */
void bench_window(int sender, int peer, const void *sbuf, void *rbuf, size_t n, int window,
		  MPI_Request *reqs);

#endif
