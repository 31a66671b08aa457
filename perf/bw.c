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
	int ack = 0;

	if (rank == 0) {
		for (int w = 0; w < window; w++)
			MPI_Isend(sbuf, (int)n, MPI_CHAR, 1, 1, MPI_COMM_WORLD, &reqs[w]);
		MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
		MPI_Recv(&ack, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	} else {
		for (int w = 0; w < window; w++)
			MPI_Irecv(rbuf, (int)n, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &reqs[w]);
		MPI_Waitall(window, reqs, MPI_STATUSES_IGNORE);
		MPI_Send(&ack, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
	}
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

	bench_header(&b);
	for (size_t s = b.min_size; s <= b.max_size; s = bench_next(s)) {
		double t = bench_time(&b, bw, s);

		bench_print(&b, s, (double)s * window / t / 1e6);
	}
	free(reqs);
	MPI_Finalize();
	return 0;
}
