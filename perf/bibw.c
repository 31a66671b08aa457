/*
 * perf/bibw.c - bidirectional bandwidth: both ranks post a window of
 * MPI_Irecv and a window of MPI_Isend to each other and wait for all (as
 * osu_bibw does).  Prints the total MB/s of both directions, 1 B to 4 MiB by
 * default.  Exactly 2 ranks.
 */
#include "bench.h"

#include <mpi.h>
#include <stdlib.h>

static char *sbuf, *rbuf;
static int peer, window;
static MPI_Request *reqs;

static void bibw(size_t n)
{
	for (int w = 0; w < window; w++)
		MPI_Irecv(rbuf, (int)n, MPI_CHAR, peer, 1, MPI_COMM_WORLD, &reqs[w]);
	for (int w = 0; w < window; w++)
		MPI_Isend(sbuf, (int)n, MPI_CHAR, peer, 1, MPI_COMM_WORLD, &reqs[window + w]);
	MPI_Waitall(2 * window, reqs, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv)
{
	struct bench b;

	bench_init(&b, &argc, &argv, "bibw", "MB/s", 1, 4 << 20);
	if (b.nprocs != 2)
		bench_die(&b, "needs exactly 2 ranks");
	peer = !b.rank;
	window = b.window;
	sbuf = bench_alloc(b.max_size, 'a');
	rbuf = bench_alloc(b.max_size, 0);
	reqs = malloc(2 * window * sizeof(*reqs));

	bench_rates(&b, bibw, 2.0 * window, 0);
	free(reqs);
	MPI_Finalize();
	return 0;
}
