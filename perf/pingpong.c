/*
 * perf/pingpong.c - point-to-point latency: rank 0 sends, rank 1 sends back
 * (MPI_Send/MPI_Recv); prints half the round trip in microseconds, for 0 B to
 * 4 MiB by default.  -T runs it under MPI_THREAD_MULTIPLE (one thread), to
 * show what the thread-safe path costs.  Exactly 2 ranks.
 */
#include "bench.h"

#include <mpi.h>

static char *sbuf, *rbuf;
static int rank;

static void pingpong(size_t n)
{
	if (rank == 0) {
		MPI_Send(sbuf, (int)n, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
		MPI_Recv(rbuf, (int)n, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	} else {
		MPI_Recv(rbuf, (int)n, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Send(sbuf, (int)n, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
	}
}

int main(int argc, char **argv)
{
	struct bench b;

	bench_init(&b, &argc, &argv, "pingpong", "us", 0, 4 << 20);
	if (b.thread_multiple)
		b.name = "pingpong_mt";
	if (b.nprocs != 2)
		bench_die(&b, "needs exactly 2 ranks");
	rank = b.rank;
	sbuf = bench_alloc(b.max_size, 'a' + rank);
	rbuf = bench_alloc(b.max_size, 0);

	bench_header(&b);
	for (size_t s = b.min_size; s <= b.max_size; s = bench_next(s)) {
		double t = bench_time(&b, pingpong, s);

		/* The data arrived: the peer's fill byte, at both ends. */
		if (s > 0 && (rbuf[0] != 'a' + !rank || rbuf[s - 1] != 'a' + !rank))
			bench_die(&b, "received wrong data");
		bench_print(&b, s, t / 2 * 1e6);
	}
	MPI_Finalize();
	return 0;
}
