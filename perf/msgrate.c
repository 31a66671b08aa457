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

int main(int argc, char **argv)
{
	struct bench b;
	int pairs;

	bench_init(&b, &argc, &argv, "msgrate", "Mmsg/s", 1, 64 << 10);
	if (b.nprocs % 2)
		bench_die(&b, "needs an even number of ranks");
	pairs = b.nprocs / 2;
	sender = b.rank < pairs;
	peer = sender ? b.rank + pairs : b.rank - pairs;
	window = b.window;
	sbuf = bench_alloc(b.max_size, 'a');
	rbuf = bench_alloc(b.max_size, 0);
	reqs = malloc(window * sizeof(*reqs));

	bench_header(&b);
	for (size_t s = b.min_size; s <= b.max_size; s = bench_next(s)) {
		double t = bench_time(&b, msgrate, s);

		bench_print(&b, s, (double)pairs * window / t / 1e6);
	}
	free(reqs);
	MPI_Finalize();
	return 0;
}
