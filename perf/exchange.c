/*
 * perf/exchange.c - neighbour exchanges on a ring of all ranks, as
 * stencil codes do them.  -k ring (default): MPI_Sendrecv to the right
 * while receiving from the left, then the other way; -k nbx: MPI_Irecv
 * from both neighbours, MPI_Isend to both, MPI_Waitall.  Each rank sends
 * 2 x size bytes an iteration; prints MB/s sent per rank, 1 B to 4 MiB by
 * default.  Any number of ranks from 2 (with 2, both neighbours are the
 * other rank).
 */
#include "bench.h"

#include <mpi.h>

static char *sbuf, *rbuf;
static int left, right;

static void ring(size_t n)
{
	MPI_Sendrecv(sbuf, (int)n, MPI_CHAR, right, 1, rbuf, (int)n, MPI_CHAR, left, 1, MPI_COMM_WORLD,
		     MPI_STATUS_IGNORE);
	MPI_Sendrecv(sbuf, (int)n, MPI_CHAR, left, 2, rbuf + n, (int)n, MPI_CHAR, right, 2, MPI_COMM_WORLD,
		     MPI_STATUS_IGNORE);
}

static void nbx(size_t n)
{
	MPI_Request r[4];
	MPI_Irecv(rbuf, (int)n, MPI_CHAR, left, 1, MPI_COMM_WORLD, &r[0]);
	MPI_Irecv(rbuf + n, (int)n, MPI_CHAR, right, 2, MPI_COMM_WORLD, &r[1]);
	MPI_Isend(sbuf, (int)n, MPI_CHAR, right, 1, MPI_COMM_WORLD, &r[2]);
	MPI_Isend(sbuf, (int)n, MPI_CHAR, left, 2, MPI_COMM_WORLD, &r[3]);
	MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv)
{
	struct bench b;
	static const struct bench_kind kinds[] = { { "ring", ring }, { "nbx", nbx } };
	bench_body *body;

	bench_init(&b, &argc, &argv, "ring", "MB/s", 1, 4 << 20);
	body = bench_pick(&b, kinds, 2, "unknown exchange (-k ring|nbx)");
	if (b.nprocs < 2)
		bench_die(&b, "needs at least 2 ranks");
	right = (b.rank + 1) % b.nprocs;
	left = (b.rank + b.nprocs - 1) % b.nprocs;
	sbuf = bench_alloc(b.max_size, 'a');
	rbuf = bench_alloc(2 * b.max_size, 0);

	bench_rates(&b, body, 2, 0);
	MPI_Finalize();
	return 0;
}
