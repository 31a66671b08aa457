/*
 * perf/persist.c - MPI-4.0 persistent and partitioned operations against
 * their ordinary forms, at 2 ranks (-k picks one; times in microseconds
 * per operation):
 *
 *   allreduce       MPI_Allreduce of size bytes (ints, MPI_SUM)
 *   allreduce_init  MPI_Start + MPI_Wait of an MPI_Allreduce_init request
 *   pingpong        MPI_Send/MPI_Recv round trip / 2
 *   pingpong_init   the same with MPI_Send_init/MPI_Recv_init, Start, Wait
 *   part_send       4 threads fill 16 partitions of size / 16 bytes, then
 *                   one MPI_Send of size bytes (the receiver: MPI_Recv)
 *   part            4 threads fill the partitions and MPI_Pready each one
 *                   as it is written (MPI_Psend_init / MPI_Precv_init)
 *
 * part and part_send need -T (MPI_THREAD_MULTIPLE).  A persistent request
 * is made at the first iteration of each size and freed at the next size.
 * Builds with any MPI-4 mpicc (ours, mpicc.mpich 4.x).
 */
#include "bench.h"

#include <mpi.h>
#include <pthread.h>
#include <string.h>

#define PARTS 16
#define FILLERS 4

static char *sbuf, *rbuf;
static int rank;
static size_t cur = (size_t)-1;    /* the size of the requests below */
static MPI_Request preq[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };

/* Free the requests of the previous size. */
static int fresh(size_t n)
{
	if (cur == n)
		return 0;
	for (int i = 0; i < 2; i++)
		if (preq[i] != MPI_REQUEST_NULL)
			MPI_Request_free(&preq[i]);
	cur = n;
	return 1;
}

static void allreduce(size_t n)
{
	MPI_Allreduce(sbuf, rbuf, (int)(n / sizeof(int)), MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}

static void allreduce_init(size_t n)
{
	if (fresh(n))
		MPI_Allreduce_init(sbuf, rbuf, (int)(n / sizeof(int)), MPI_INT, MPI_SUM,
				   MPI_COMM_WORLD, MPI_INFO_NULL, &preq[0]);
	MPI_Start(&preq[0]);
	MPI_Wait(&preq[0], MPI_STATUS_IGNORE);
}

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

static void pingpong_init(size_t n)
{
	if (fresh(n)) {
		MPI_Send_init(sbuf, (int)n, MPI_CHAR, !rank, 1, MPI_COMM_WORLD, &preq[0]);
		MPI_Recv_init(rbuf, (int)n, MPI_CHAR, !rank, 1, MPI_COMM_WORLD, &preq[1]);
	}
	if (rank == 0) {
		MPI_Start(&preq[0]);
		MPI_Wait(&preq[0], MPI_STATUS_IGNORE);
		MPI_Start(&preq[1]);
		MPI_Wait(&preq[1], MPI_STATUS_IGNORE);
	} else {
		MPI_Start(&preq[1]);
		MPI_Wait(&preq[1], MPI_STATUS_IGNORE);
		MPI_Start(&preq[0]);
		MPI_Wait(&preq[0], MPI_STATUS_IGNORE);
	}
}

/* The fillers: FILLERS threads, each writing every FILLERS-th partition
 * (and marking it ready when partitioned), between two barriers. */
static pthread_barrier_t go, gone;
static size_t fill_size;
static int fill_part, fill_quit;

static void *filler(void *arg)
{
	int me = (int)(long)arg;
	for (;;) {
		pthread_barrier_wait(&go);
		if (fill_quit)
			return NULL;
		size_t part = fill_size / PARTS;
		for (int p = me; p < PARTS; p += FILLERS) {
			memset(sbuf + (size_t)p * part, 'a' + p, part);
			if (fill_part)
				MPI_Pready(p, preq[0]);
		}
		pthread_barrier_wait(&gone);
	}
}

static void fill(size_t n, int partitioned)
{
	fill_size = n;
	fill_part = partitioned;
	pthread_barrier_wait(&go);
	pthread_barrier_wait(&gone);
}

static void part_send(size_t n)
{
	if (rank == 0) {
		fill(n, 0);
		MPI_Send(sbuf, (int)n, MPI_CHAR, 1, 2, MPI_COMM_WORLD);
	} else {
		MPI_Recv(rbuf, (int)n, MPI_CHAR, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	}
}

static void part(size_t n)
{
	if (fresh(n)) {
		if (rank == 0)
			MPI_Psend_init(sbuf, PARTS, (MPI_Count)(n / PARTS), MPI_CHAR, 1, 3,
				       MPI_COMM_WORLD, MPI_INFO_NULL, &preq[0]);
		else
			MPI_Precv_init(rbuf, PARTS, (MPI_Count)(n / PARTS), MPI_CHAR, 0, 3,
				       MPI_COMM_WORLD, MPI_INFO_NULL, &preq[0]);
	}
	MPI_Start(&preq[0]);
	if (rank == 0)
		fill(n, 1);
	MPI_Wait(&preq[0], MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
	struct bench b;
	static const struct bench_kind kinds[] = {
		{ "allreduce", allreduce },   { "allreduce_init", allreduce_init },
		{ "pingpong", pingpong },     { "pingpong_init", pingpong_init },
		{ "part_send", part_send },   { "part", part },
	};
	bench_init(&b, &argc, &argv, "allreduce", "us", 8, 8);
	bench_body *body = bench_pick(&b, kinds, sizeof(kinds) / sizeof(kinds[0]),
				      "kinds: allreduce allreduce_init pingpong pingpong_init "
				      "part_send part");
	if (b.nprocs != 2)
		bench_die(&b, "needs exactly 2 ranks");
	rank = b.rank;
	int threads = body == part || body == part_send;
	if (threads && !b.thread_multiple)
		bench_die(&b, "part and part_send need -T");
	sbuf = bench_alloc(b.max_size, 'a' + rank);
	rbuf = bench_alloc(b.max_size, 0);
	pthread_t t[FILLERS];
	if (threads && rank == 0) {
		pthread_barrier_init(&go, NULL, FILLERS + 1);
		pthread_barrier_init(&gone, NULL, FILLERS + 1);
		for (long i = 0; i < FILLERS; i++)
			pthread_create(&t[i], NULL, filler, (void *)i);
	}
	bench_header(&b);
	for (size_t s = b.min_size; s <= b.max_size; s = bench_next(s)) {
		double v = bench_time(&b, body, s);
		if (body == pingpong || body == pingpong_init)
			v /= 2;
		bench_print(&b, s, v * 1e6);
	}
	fresh((size_t)-2);
	if (threads && rank == 0) {
		fill_quit = 1;
		pthread_barrier_wait(&go);
		for (int i = 0; i < FILLERS; i++)
			pthread_join(t[i], NULL);
	}
	MPI_Finalize();
	return 0;
}
