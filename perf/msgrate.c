/*
 * perf/msgrate.c - message rate: rank r < N/2 sends windows of MPI_Isend to
 * rank r + N/2, which posts windows of MPI_Irecv and acknowledges each
 * window (as osu_mbw_mr does).  Prints the messages per second of all pairs
 * together, in millions, 1 B to 64 KiB by default.  An even number of ranks.
 */
#include "bench.h"

#include <mpi.h>
#include <stdlib.h>

static char *sbuf, *rbuf;
static int peer, sender, window;
static MPI_Request *reqs;

static void msgrate(size_t n)
{
	bench_window(sender, peer, sbuf, rbuf, n, window, reqs);
}

int main(int argc, char **argv)
{
	struct bench b;

	bench_init(&b, &argc, &argv, "msgrate", "Mmsg/s", 1, 64 << 10);
	sender = bench_halves(&b, &peer);
	window = b.window;
	sbuf = bench_alloc(b.max_size, 'a');
	rbuf = bench_alloc(b.max_size, 0);
	reqs = malloc(window * sizeof(*reqs));

	bench_rates(&b, msgrate, 0, (double)(b.nprocs / 2) * window);
	free(reqs);
	MPI_Finalize();
	return 0;
}
