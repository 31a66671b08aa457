/*
 * tests/mpi/mpitest.h - tiny helpers for MPI behaviour tests.
 *
 * TEST_CHECK(cond) prints the failing condition with rank, file and line,
 * and takes the job down with exit status 1 (through MPI_Abort when MPI is
 * initialized), so a failure on any rank fails the test.
 */
#ifndef MPITEST_H
#define MPITEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <mpi.h>

/* Seconds on the monotonic clock, without calling MPI (tests that check
 * what happens while the program stays out of MPI). */
static inline double mpitest_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline void mpitest_fail(const char *what, const char *file, int line)
{
	int init = 0, fin = 0, rank = -1;
	MPI_Initialized(&init);
	MPI_Finalized(&fin);
	if (init && !fin)
		MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	fprintf(stderr, "FAIL rank %d %s:%d: %s\n", rank, file, line, what);
	fflush(stderr);
	if (init && !fin)
		MPI_Abort(MPI_COMM_WORLD, 1);
	exit(1);
}

#define TEST_CHECK(cond)                                                  \
	do {                                                              \
		if (!(cond))                                              \
			mpitest_fail(#cond, __FILE__, __LINE__);          \
	} while (0)

#define TEST_MPI(call)                                                    \
	do {                                                              \
		int mpitest_rc_ = (call);                                 \
		if (mpitest_rc_ != MPI_SUCCESS)                           \
			mpitest_fail(#call " != MPI_SUCCESS", __FILE__, __LINE__); \
	} while (0)

/* Resident memory of this process in bytes (/proc/self/statm), for the
 * tests that bound memory growth. */
static inline long mpitest_rss_bytes(void)
{
	long pages_total, pages_rss;
	FILE *f = fopen("/proc/self/statm", "r");
	TEST_CHECK(f != NULL);
	TEST_CHECK(fscanf(f, "%ld %ld", &pages_total, &pages_rss) == 2);
	fclose(f);
	return pages_rss * sysconf(_SC_PAGESIZE);
}

/* AddressSanitizer holds freed memory in quarantine: resident memory is
 * not the library's then, so memory bounds are checked only without it. */
#ifdef __SANITIZE_ADDRESS__
#define MPITEST_MEMORY_BOUNDS 0
#else
#define MPITEST_MEMORY_BOUNDS 1
#endif

/* Call run(win, base, n, w) on a window of MPI_Win_allocate, on one of
 * MPI_Win_allocate whose accumulates take stripe locks (the info key
 * mpi_accumulate_granularity), then on one of MPI_Win_create over zeroed
 * malloc'd memory: each of bytes bytes with displacement unit unit over
 * MPI_COMM_WORLD (n ranks, this one w). */
static inline void mpitest_windows(MPI_Aint bytes, int unit,
				   void (*run)(MPI_Win win, void *base, int n, int w), int n, int w)
{
	MPI_Win win;
	void *mem;
	TEST_MPI(MPI_Win_allocate(bytes, unit, MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win));
	run(win, mem, n, w);
	TEST_MPI(MPI_Win_free(&win));
	MPI_Info striped;
	TEST_MPI(MPI_Info_create(&striped));
	TEST_MPI(MPI_Info_set(striped, "mpi_accumulate_granularity", "4096"));
	TEST_MPI(MPI_Win_allocate(bytes, unit, striped, MPI_COMM_WORLD, &mem, &win));
	TEST_MPI(MPI_Info_free(&striped));
	memset(mem, 0, (size_t)bytes);
	run(win, mem, n, w);
	TEST_MPI(MPI_Win_free(&win));
	mem = calloc(1, (size_t)bytes);
	TEST_CHECK(mem != NULL);
	TEST_MPI(MPI_Win_create(mem, bytes, unit, MPI_INFO_NULL, MPI_COMM_WORLD, &win));
	run(win, mem, n, w);
	TEST_MPI(MPI_Win_free(&win));
	free(mem);
}

/* MPI_Init, then this rank of MPI_COMM_WORLD in *rank and its size in
 * *size: how most tests begin. */
static inline void mpitest_start(int *argc, char ***argv, int *rank, int *size)
{
	MPI_Init(argc, argv);
	MPI_Comm_rank(MPI_COMM_WORLD, rank);
	MPI_Comm_size(MPI_COMM_WORLD, size);
}

/* MPI_Init, MPI_ERRORS_RETURN on MPI_COMM_WORLD, its size in *n and this
 * rank in *w; a job of fewer than min_np processes ends here as skipped
 * (exit 77). */
static inline void mpitest_init(int *argc, char ***argv, int min_np, int *n, int *w)
{
	MPI_Init(argc, argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_size(MPI_COMM_WORLD, n);
	MPI_Comm_rank(MPI_COMM_WORLD, w);
	if (*n < min_np) {
		MPI_Finalize();
		exit(77);
	}
}

/* A non-commutative user operation for the reduction tests: pairs of ints
 * (a, b) standing for x -> a*x + b (mod MPITEST_MOD); inout = in o inout,
 * in coming from lower ranks.  mpitest_affine gives rank r's pair for
 * element i of iteration it. */
#define MPITEST_MOD 65521
static inline void mpitest_affine_compose(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	int *x = in, *y = inout;
	(void)dt;
	for (int i = 0; i < *len; i++) {
		int a = (int)((long)x[2 * i] * y[2 * i] % MPITEST_MOD);
		int b = (int)(((long)x[2 * i + 1] * y[2 * i] + y[2 * i + 1]) % MPITEST_MOD);
		y[2 * i] = a;
		y[2 * i + 1] = b;
	}
}

static inline void mpitest_affine(int it, int r, long i, int f[2])
{
	f[0] = (int)(2 + (it + r * 7 + i) % 13);
	f[1] = (int)((it * 3 + r * 31 + i) % 17);
}

/* The reduction of element i over ranks 0..n-1 in rank order: what a
 * correct MPI_Reduce of mpitest_affine's pairs gives. */
static inline void mpitest_affine_expect(int it, int n, long i, int f[2])
{
	int g[2], one = 1;
	mpitest_affine(it, n - 1, i, f);
	for (int k = n - 2; k >= 0; k--) {
		mpitest_affine(it, k, i, g);
		mpitest_affine_compose(g, f, &one, NULL);
	}
}

#endif
