/*
 * perf/coll.c - collective latency: -k names the collective (barrier, bcast,
 * reduce, allreduce, allgather, alltoall, gather, scatter, reduce_scatter
 * (MPI_Reduce_scatter_block); default
 * allreduce).  Prints microseconds per call averaged over the ranks, as
 * osu_<collective> does, 4 B to 1 MiB by default (barrier: one line, size 0).
 * The size is the bytes each rank contributes or receives: the message of
 * bcast, the vector of MPI_FLOATs summed by reduce and allreduce (and the
 * block of MPI_FLOATs each rank gets from reduce_scatter), one rank's
 * block in allgather, alltoall, gather and scatter.  The root is rank 0.
 */
#include "bench.h"

#include <mpi.h>

static char *sbuf, *rbuf;

static void barrier(size_t n)
{
	MPI_Barrier(MPI_COMM_WORLD);
}

static void bcast(size_t n)
{
	MPI_Bcast(sbuf, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
}

static void reduce(size_t n)
{
	MPI_Reduce(sbuf, rbuf, (int)(n / sizeof(float)), MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
}

static void allreduce(size_t n)
{
	MPI_Allreduce(sbuf, rbuf, (int)(n / sizeof(float)), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
}

static void allgather(size_t n)
{
	MPI_Allgather(sbuf, (int)n, MPI_CHAR, rbuf, (int)n, MPI_CHAR, MPI_COMM_WORLD);
}

static void alltoall(size_t n)
{
	MPI_Alltoall(sbuf, (int)n, MPI_CHAR, rbuf, (int)n, MPI_CHAR, MPI_COMM_WORLD);
}

static void gather(size_t n)
{
	MPI_Gather(sbuf, (int)n, MPI_CHAR, rbuf, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
}

static void scatter(size_t n)
{
	MPI_Scatter(sbuf, (int)n, MPI_CHAR, rbuf, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
}

static int nprocs;

static void reduce_scatter(size_t n)
{
	(void)nprocs;
	MPI_Reduce_scatter_block(sbuf, rbuf, (int)(n / sizeof(float)), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
}

static const struct bench_kind colls[] = {
	{ "barrier", barrier },
	{ "bcast", bcast },
	{ "reduce", reduce },
	{ "allreduce", allreduce },
	{ "allgather", allgather },
	{ "alltoall", alltoall },
	{ "gather", gather },
	{ "scatter", scatter },
	{ "reduce_scatter", reduce_scatter },
};

int main(int argc, char **argv)
{
	struct bench b;
	bench_body *body;

	bench_init(&b, &argc, &argv, "allreduce", "us", 4, 1 << 20);
	body = bench_pick(&b, colls, sizeof(colls) / sizeof(colls[0]), "unknown collective (-k)");
	nprocs = b.nprocs;
	if (body == barrier)
		b.min_size = b.max_size = 0;
	/* Zero-filled floats: the sums stay finite at any size. */
	sbuf = bench_alloc(b.max_size * b.nprocs, 0);
	rbuf = bench_alloc(b.max_size * b.nprocs, 0);

	bench_header(&b);
	for (size_t s = b.min_size; s <= b.max_size; s = bench_next(s))
		bench_print(&b, s, bench_time(&b, body, s) * 1e6);
	MPI_Finalize();
	return 0;
}
