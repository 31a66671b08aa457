/*
 * perf/bw.c - unidirectional bandwidth: rank 0 posts a window of MPI_Isend,
 * rank 1 a window of MPI_Irecv, both wait, then rank 1 acknowledges with a
 * 4-byte message (as osu_bw does).  Prints MB/s (10^6 bytes per second),
 * 1 B to 4 MiB by default.  Exactly 2 ranks.
 */
#include "bench.h"

#include <mpi.h>
#include <stdlib.h>

static char *sbuf, *rbuf;
static int rank, window;
static MPI_Request *reqs;

static void bw(size_t n)
{
	bench_window(rank == 0, !rank, sbuf, rbuf, n, window, reqs);
}

int main(int argc, char **argv)
{
	struct bench b;

	bench_init(&b, &argc, &argv, "bw", "MB/s", 1, 4 << 20);
	if (b.nprocs != 2)
		bench_die(&b, "needs exactly 2 ranks");
	rank = b.rank;
	window = b.window;
	sbuf = bench_alloc(b.max_size, 'a');
	rbuf = bench_alloc(b.max_size, 0);
	reqs = malloc(window * sizeof(*reqs));

	bench_rates(&b, bw, window, 0);
	free(reqs);
	MPI_Finalize();
	return 0;
}
