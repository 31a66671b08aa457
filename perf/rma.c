/*
 * perf/rma.c - one-sided communication at np=2, as the OSU one-sided
 * benchmarks measure it.  Rank 0 is the origin, rank 1 the target of a
 * window from MPI_Win_allocate (-k KIND/create: MPI_Win_create over
 * malloc'd memory; -k KIND/striped: MPI_Win_allocate with the info key
 * mpi_accumulate_granularity, accumulates under stripe locks).  KIND, with what one iteration is:
 *   put       (default) MPI_Put + MPI_Win_flush in a lock_all epoch   us
 *   get       MPI_Get + MPI_Win_flush in a lock_all epoch             us
 *   put_fence MPI_Put between two MPI_Win_fence (both ranks)          us
 *   get_fence MPI_Get between two MPI_Win_fence (both ranks)          us
 *   fence     an empty MPI_Win_fence (both ranks)                     us
 *   put_bw    -W puts then one flush                                  MB/s
 *   get_bw    -W gets then one flush                                  MB/s
 *   acc       MPI_Accumulate (MPI_SUM, doubles) + flush               us
 *   acc_excl  the same in an MPI_Win_lock(MPI_LOCK_EXCLUSIVE) epoch     us
 *   fop       MPI_Fetch_and_op (MPI_SUM, one long) + flush            us
 *   cas       MPI_Compare_and_swap (one long) + flush                 us
 * In the passive kinds rank 1 only waits: the value printed is rank 0's
 * time (bench_time averages over the ranks, the idle one adds nothing, so
 * the average is multiplied back by the number of ranks).  Exactly 2 ranks.
 */
#include "bench.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *obuf, *rbuf;
static MPI_Win win;
static int rank, window = 64;

static void put(size_t n)
{
	if (rank == 0) {
		MPI_Put(obuf, (int)n, MPI_CHAR, 1, 0, (int)n, MPI_CHAR, win);
		MPI_Win_flush(1, win);
	}
}

static void get(size_t n)
{
	if (rank == 0) {
		MPI_Get(rbuf, (int)n, MPI_CHAR, 1, 0, (int)n, MPI_CHAR, win);
		MPI_Win_flush(1, win);
	}
}

static void put_fence(size_t n)
{
	if (rank == 0)
		MPI_Put(obuf, (int)n, MPI_CHAR, 1, 0, (int)n, MPI_CHAR, win);
	MPI_Win_fence(0, win);
}

static void get_fence(size_t n)
{
	if (rank == 0)
		MPI_Get(rbuf, (int)n, MPI_CHAR, 1, 0, (int)n, MPI_CHAR, win);
	MPI_Win_fence(0, win);
}

static void fence(size_t n)
{
	(void)n;
	MPI_Win_fence(0, win);
}

static void put_bw(size_t n)
{
	if (rank == 0) {
		for (int i = 0; i < window; i++)
			MPI_Put(obuf, (int)n, MPI_CHAR, 1, 0, (int)n, MPI_CHAR, win);
		MPI_Win_flush(1, win);
	}
}

static void get_bw(size_t n)
{
	if (rank == 0) {
		for (int i = 0; i < window; i++)
			MPI_Get(rbuf, (int)n, MPI_CHAR, 1, 0, (int)n, MPI_CHAR, win);
		MPI_Win_flush(1, win);
	}
}

static void acc(size_t n)
{
	if (rank == 0) {
		int cnt = (int)(n / sizeof(double));
		MPI_Accumulate(obuf, cnt, MPI_DOUBLE, 1, 0, cnt, MPI_DOUBLE, MPI_SUM, win);
		MPI_Win_flush(1, win);
	}
}

static void fop(size_t n)
{
	(void)n;
	if (rank == 0) {
		long one = 1;
		MPI_Fetch_and_op(&one, rbuf, MPI_LONG, 1, 0, MPI_SUM, win);
		MPI_Win_flush(1, win);
	}
}

static void cas(size_t n)
{
	(void)n;
	if (rank == 0) {
		long cmp = 0, val = 0;
		MPI_Compare_and_swap(&val, &cmp, rbuf, MPI_LONG, 1, 0, win);
		MPI_Win_flush(1, win);
	}
}

int main(int argc, char **argv)
{
	struct bench b;
	/* active: fence epochs; else lock_all, or (excl) an exclusive lock on 1. */
	static const struct { const char *kind; bench_body *body; int active, bw, atom, excl; } kinds[] = {
		{ "put", put, 0, 0, 0 },         { "get", get, 0, 0, 0 },
		{ "put_fence", put_fence, 1, 0, 0 }, { "get_fence", get_fence, 1, 0, 0 },
		{ "fence", fence, 1, 0, 1 },     { "put_bw", put_bw, 0, 1, 0 },
		{ "get_bw", get_bw, 0, 1, 0 },   { "acc", acc, 0, 0, 0 },
		{ "fop", fop, 0, 0, 1 },         { "cas", cas, 0, 0, 1 },
		{ "acc_excl", acc, 0, 0, 0, 1 },
	};
	char kind[32] = "put";
	int create = 0, striped = 0, k;

	bench_init(&b, &argc, &argv, "rma", "us", 8, 4 << 20);
	if (b.nprocs != 2)
		bench_die(&b, "needs exactly 2 ranks");
	rank = b.rank;
	if (b.window > 0)
		window = b.window;
	if (b.kind) {
		snprintf(kind, sizeof(kind), "%s", b.kind);
		char *slash = strchr(kind, '/');
		if (slash) {
			create = !strcmp(slash + 1, "create");
			striped = !strcmp(slash + 1, "striped");
			if (!create && !striped)
				bench_die(&b, "-k KIND/create and KIND/striped are the variants");
			*slash = 0;
		}
	}
	for (k = 0; k < (int)(sizeof(kinds) / sizeof(kinds[0])); k++)
		if (!strcmp(kinds[k].kind, kind))
			break;
	if (k == (int)(sizeof(kinds) / sizeof(kinds[0])))
		bench_die(&b, "unknown -k kind");
	static char name[64];
	snprintf(name, sizeof(name), "rma_%s%s", kind, create ? "_create" : striped ? "_striped" : "");
	b.name = name;
	if (kinds[k].bw)
		b.unit = "MB/s";
	if (kinds[k].atom) {
		b.min_size = 8;
		b.max_size = 8;
	}
	if (!strncmp(kind, "acc", 3) && b.min_size < 8)
		b.min_size = 8;

	size_t wsize = b.max_size > 8 ? b.max_size : 8;
	obuf = bench_alloc(wsize, 1);
	rbuf = bench_alloc(wsize, 0);
	memset(obuf, 0, wsize);
	void *base;
	if (create) {
		base = bench_alloc(wsize, 0);
		MPI_Win_create(base, (MPI_Aint)wsize, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
	} else {
		MPI_Info info = MPI_INFO_NULL;
		if (striped) {
			MPI_Info_create(&info);
			MPI_Info_set(info, "mpi_accumulate_granularity", "4096");
		}
		MPI_Win_allocate((MPI_Aint)wsize, 1, info, MPI_COMM_WORLD, &base, &win);
		if (striped)
			MPI_Info_free(&info);
		memset(base, 0, wsize);
	}

	bench_header(&b);
	if (kinds[k].active)
		MPI_Win_fence(0, win);
	else if (kinds[k].excl && rank == 0)
		MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
	else if (!kinds[k].excl)
		MPI_Win_lock_all(0, win);
	for (size_t s = b.min_size; s <= b.max_size; s = bench_next(s)) {
		double t = bench_time(&b, kinds[k].body, s);
		if (!kinds[k].active)
			t *= b.nprocs;   /* rank 0's time, rank 1 being idle */
		if (kinds[k].bw)
			bench_print(&b, s, (double)s * window / t / 1e6);
		else
			bench_print(&b, s, t * 1e6);
	}
	if (kinds[k].active)
		MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
	else if (kinds[k].excl && rank == 0)
		MPI_Win_unlock(1, win);
	else if (!kinds[k].excl)
		MPI_Win_unlock_all(win);
	MPI_Win_free(&win);
	MPI_Finalize();
	return 0;
}
