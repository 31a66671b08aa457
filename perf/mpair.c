/*
 * perf/mpair.c - multi-pair latency: rank r < N/2 ping-pongs with rank
 * r + N/2, all pairs at once (as osu_multi_lat does).  Prints half the round
 * trip in microseconds averaged over the ranks, 0 B to 1 MiB by default.
 * An even number of ranks.
 */
#include "bench.h"

#include <mpi.h>

static char *sbuf, *rbuf;
static int peer, sender;

static void mpair(size_t n)
{
	if (sender) {
		MPI_Send(sbuf, (int)n, MPI_CHAR, peer, 1, MPI_COMM_WORLD);
		MPI_Recv(rbuf, (int)n, MPI_CHAR, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	} else {
		MPI_Recv(rbuf, (int)n, MPI_CHAR, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Send(sbuf, (int)n, MPI_CHAR, peer, 1, MPI_COMM_WORLD);
	}
}

int main(int argc, char **argv)
{
	struct bench b;

	bench_init(&b, &argc, &argv, "mpair", "us", 0, 1 << 20);
	sender = bench_halves(&b, &peer);
	sbuf = bench_alloc(b.max_size, 'a');
	rbuf = bench_alloc(b.max_size, 0);

	bench_header(&b);
	for (size_t s = b.min_size; s <= b.max_size; s = bench_next(s))
		bench_print(&b, s, bench_time(&b, mpair, s) / 2 * 1e6);
	MPI_Finalize();
	return 0;
}
