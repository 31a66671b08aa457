/*
 * tests/soak/soak.c - mixed traffic for a long time, checked.
 *
 *   mpirun-shm -n 32 tests/soak/soak SECONDS
 *
 * Every round, all ranks draw the same pseudo-random choices (one seed)
 * and do one of: a ring exchange with nonblocking sends and receives of a
 * random size (0 B to 1 MiB, so eager, rendezvous and single copies mix),
 * a burst of small messages sent before their receives are posted
 * (unexpected), allreduce, bcast, alltoall, a communicator dup that is
 * used and freed, or a split.  Every payload is a function of (round,
 * sender, index) and every receiver checks it, so nothing lost, duplicated
 * or misplaced goes unseen.  Rank 0 prints the rounds, the rate and each
 * rank's resident memory at the start and the end of the second half;
 * the program fails when a check fails or when any rank's resident memory
 * grew by more than 16 MiB over the second half (it must stay flat).
 * Run by `make soak` (docs/reliability.md), not by make check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <mpi.h>

static int rank, size;

static void fail(const char *what, long round)
{
	fprintf(stderr, "soak: rank %d round %ld: %s\n", rank, round, what);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

static uint64_t rng_next(uint64_t *s)
{
	/* xorshift64*: the same sequence on every rank. */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

static unsigned char byte_of(long round, int src, size_t i)
{
	return (unsigned char)(round * 131 + src * 31 + i * 7 + (i >> 8));
}

static void fill(unsigned char *b, size_t n, long round, int src)
{
	for (size_t i = 0; i < n; i++)
		b[i] = byte_of(round, src, i);
}

static void check(const unsigned char *b, size_t n, long round, int src)
{
	for (size_t i = 0; i < n; i++)
		if (b[i] != byte_of(round, src, i))
			fail("payload mismatch", round);
}

static long rss_kib(void)
{
	long pages_total, pages_rss;
	FILE *f = fopen("/proc/self/statm", "r");
	if (!f || fscanf(f, "%ld %ld", &pages_total, &pages_rss) != 2)
		return -1;
	fclose(f);
	return pages_rss * (sysconf(_SC_PAGESIZE) / 1024);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void ring_exchange(MPI_Comm comm, long round, size_t n, unsigned char *sbuf, unsigned char *rbuf)
{
	int me, np;
	MPI_Comm_rank(comm, &me);
	MPI_Comm_size(comm, &np);
	int right = (me + 1) % np, left = (me + np - 1) % np;
	MPI_Request rq[2];
	fill(sbuf, n, round, me);
	MPI_Irecv(rbuf, (int)n, MPI_BYTE, left, (int)(round & 0xffff), comm, &rq[0]);
	MPI_Isend(sbuf, (int)n, MPI_BYTE, right, (int)(round & 0xffff), comm, &rq[1]);
	MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
	MPI_Wait(&rq[1], MPI_STATUS_IGNORE);
	check(rbuf, n, round, left);
}

static void unexpected_burst(long round, int k)
{
	/* Everyone sends k small messages to its right first, then receives. */
	int right = (rank + 1) % size, left = (rank + size - 1) % size;
	unsigned char b[64];
	for (int i = 0; i < k; i++) {
		fill(b, sizeof(b), round + i, rank);
		MPI_Send(b, sizeof(b), MPI_BYTE, right, 7, MPI_COMM_WORLD);
	}
	for (int i = 0; i < k; i++) {
		MPI_Recv(b, sizeof(b), MPI_BYTE, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		check(b, sizeof(b), round + i, left);
	}
}

static void collectives(long round, uint64_t r, unsigned char *buf, unsigned char *buf2)
{
	long v = rank + round, sum;
	MPI_Allreduce(&v, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
	if (sum != (long)size * (size - 1) / 2 + (long)size * round)
		fail("allreduce", round);
	size_t n = 1 + r % 65536;
	int root = (int)(r % (uint64_t)size);
	if (rank == root)
		fill(buf, n, round, root);
	MPI_Bcast(buf, (int)n, MPI_BYTE, root, MPI_COMM_WORLD);
	check(buf, n, round, root);
	int per = 1 + (int)(r % 256);
	for (int p = 0; p < size; p++)
		fill(buf + (size_t)p * per, per, round + p, rank);
	MPI_Alltoall(buf, per, MPI_BYTE, buf2, per, MPI_BYTE, MPI_COMM_WORLD);
	for (int p = 0; p < size; p++)
		check(buf2 + (size_t)p * per, per, round + rank, p);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	double seconds = argc > 1 ? atof(argv[1]) : 60;
	size_t max = 1 << 20;
	unsigned char *sbuf = malloc(max), *rbuf = malloc(max);
	unsigned char *cbuf = malloc((size_t)size * 256 + 65536), *cbuf2 = malloc((size_t)size * 256);
	if (!sbuf || !rbuf || !cbuf || !cbuf2)
		fail("out of memory", 0);
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	double t0 = now(), half_at = t0 + seconds / 2;
	long rss_half = -1, round = 0;
	for (;; round++) {
		/* Rank 0 decides when to stop; everyone learns it in the same round. */
		int go = 1;
		if (rank == 0)
			go = now() - t0 < seconds;
		MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
		if (!go)
			break;
		if (rss_half < 0) {
			int past = rank == 0 ? now() >= half_at : 0;
			MPI_Bcast(&past, 1, MPI_INT, 0, MPI_COMM_WORLD);
			if (past)
				rss_half = rss_kib();
		}
		uint64_t r = rng_next(&seed);
		switch (r % 6) {
		case 0:
		case 1: {
			/* Sizes spread over 0 B .. 1 MiB on a log scale. */
			size_t n = (size_t)((r >> 8) % ((size_t)1 << (1 + (r >> 40) % 20)));
			ring_exchange(MPI_COMM_WORLD, round, n, sbuf, rbuf);
			break;
		}
		case 2:
			unexpected_burst(round, 1 + (int)((r >> 16) % 32));
			break;
		case 3:
			collectives(round, r >> 8, cbuf, cbuf2);
			break;
		case 4: {
			MPI_Comm dup;
			MPI_Comm_dup(MPI_COMM_WORLD, &dup);
			ring_exchange(dup, round, (r >> 8) % 4096, sbuf, rbuf);
			MPI_Comm_free(&dup);
			break;
		}
		default: {
			MPI_Comm half;
			MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
			ring_exchange(half, round, (r >> 8) % 100000, sbuf, rbuf);
			MPI_Comm_free(&half);
			break;
		}
		}
	}
	long rss_end = rss_kib(), grown = rss_half >= 0 ? rss_end - rss_half : 0, worst;
	MPI_Reduce(&grown, &worst, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		double t = now() - t0;
		printf("soak: %d ranks, %.0f s, %ld rounds (%.0f/s), resident growth over the second half: "
		       "at most %ld KiB on any rank\n", size, t, round, round / t, worst);
		if (worst > 16 * 1024)
			fail("resident memory grew", round);
	}
	free(sbuf);
	free(rbuf);
	free(cbuf);
	free(cbuf2);
	MPI_Finalize();
	return 0;
}
