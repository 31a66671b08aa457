/*
 * perf/ddt.c - derived datatype cost: ping-pong (MPI_Send/MPI_Recv) of the
 * same bytes described as -k vector (blocks of one MPI_DOUBLE at a stride of
 * two, so the data has twice its size in extent; the default), -k vector:N
 * (blocks of N doubles at a stride of 2N: the same extent, but from N = 8 on
 * the gaps are whole cache lines the copy never touches) or as -k contig
 * (a contiguous run of MPI_DOUBLEs).  Prints half the round trip in
 * microseconds, 1 MiB of data by default.  Exactly 2 ranks.
 */
#include "bench.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static double *sbuf, *rbuf;
static int rank;
static MPI_Datatype type;

static void ddt(size_t n)
{
	if (rank == 0) {
		MPI_Send(sbuf, 1, type, 1, 1, MPI_COMM_WORLD);
		MPI_Recv(rbuf, 1, type, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	} else {
		MPI_Recv(rbuf, 1, type, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Send(sbuf, 1, type, 0, 1, MPI_COMM_WORLD);
	}
}

int main(int argc, char **argv)
{
	struct bench b;
	int vector, block = 1;

	bench_init(&b, &argc, &argv, "ddt", "us", 1 << 20, 1 << 20);
	vector = !b.kind || strncmp(b.kind, "vector", 6) == 0;
	if (vector && b.kind && b.kind[6] == ':')
		block = atoi(b.kind + 7);
	if ((!vector && strcmp(b.kind, "contig") != 0) || block < 1 || (vector && b.kind && b.kind[6] && b.kind[6] != ':'))
		bench_die(&b, "-k is vector, vector:N or contig");
	b.name = !vector ? "ddt_contig" : block == 1 ? "ddt_vector" : "ddt_vector_blocks";
	if (b.nprocs != 2)
		bench_die(&b, "needs exactly 2 ranks");
	if (b.min_size < block * sizeof(double))
		b.min_size = block * sizeof(double);
	rank = b.rank;
	sbuf = bench_alloc(2 * b.max_size, 0);
	rbuf = bench_alloc(2 * b.max_size, 0);

	bench_header(&b);
	for (size_t s = b.min_size; s <= b.max_size; s = bench_next(s)) {
		int count = (int)(s / sizeof(double));

		if (vector)
			MPI_Type_vector(count / block, block, 2 * block, MPI_DOUBLE, &type);
		else
			MPI_Type_contiguous(count, MPI_DOUBLE, &type);
		MPI_Type_commit(&type);
		bench_print(&b, s, bench_time(&b, ddt, s) / 2 * 1e6);
		MPI_Type_free(&type);
	}
	MPI_Finalize();
	return 0;
}
