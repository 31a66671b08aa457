/*
 * tests/mpi/thr_stress.c - 4 threads per rank, each exchanging many
 * messages of random sizes (0 .. 96 KiB, so eager and rendezvous) and random
 * tags with the same-numbered thread of the neighbouring ranks; every byte
 * is checked.  Messages per thread: THR_STRESS_N (default 10^4, not 10^5,
 * to stay within the 10 s budget of make check on 2 cores).
 * np: 4
 */
#include <stdlib.h>
#include "thr_common.h"

#define NTHREADS 4
#define MAXBIG (96 * 1024)

static int rank, size, nmsg;

static unsigned msg_len(uint64_t *s)
{
	uint64_t r = thr_rand(s);
	/* Mostly small, some large. */
	return (r & 15) == 0 ? (unsigned)(r >> 20) % MAXBIG : (unsigned)(r >> 20) % 512;
}

static void fill(unsigned char *b, unsigned len, uint64_t key)
{
	for (unsigned i = 0; i < len; i++)
		b[i] = (unsigned char)(key * 131 + i * 7 + (i >> 8));
}

static void *worker(void *arg)
{
	int t = (int)(intptr_t)arg;
	int next = (rank + 1) % size, prev = (rank + size - 1) % size;
	/* Both sides draw the same sequence: the sender from its own seed, the
	 * receiver from its predecessor's. */
	uint64_t ss = 0x9e3779b97f4a7c15ULL * (uint64_t)(rank * NTHREADS + t + 1);
	uint64_t rs = 0x9e3779b97f4a7c15ULL * (uint64_t)(prev * NTHREADS + t + 1);
	unsigned char *sb = malloc(MAXBIG), *rb = malloc(MAXBIG), *eb = malloc(MAXBIG);
	TEST_CHECK(sb && rb && eb);
	for (int i = 0; i < nmsg; i++) {
		unsigned slen = msg_len(&ss), rlen = msg_len(&rs);
		int stag = (int)(thr_rand(&ss) % 1000) * NTHREADS + t;
		int rtag = (int)(thr_rand(&rs) % 1000) * NTHREADS + t;
		fill(sb, slen, (uint64_t)i ^ (uint64_t)stag);
		MPI_Request rq[2];
		MPI_Status st;
		TEST_MPI(MPI_Irecv(rb, MAXBIG, MPI_BYTE, prev, rtag, MPI_COMM_WORLD, &rq[0]));
		TEST_MPI(MPI_Isend(sb, (int)slen, MPI_BYTE, next, stag, MPI_COMM_WORLD, &rq[1]));
		TEST_MPI(MPI_Wait(&rq[0], &st));
		TEST_MPI(MPI_Wait(&rq[1], MPI_STATUS_IGNORE));
		/* Bytes received (MPI_Get_count is another area's). */
		TEST_CHECK(st.mpii_count == (MPI_Count)rlen);
		TEST_CHECK(st.MPI_TAG == rtag && st.MPI_SOURCE == prev);
		fill(eb, rlen, (uint64_t)i ^ (uint64_t)rtag);
		TEST_CHECK(memcmp(rb, eb, rlen) == 0);
	}
	free(sb);
	free(rb);
	free(eb);
	return NULL;
}

int main(int argc, char **argv)
{
	thr_init_multiple(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *n = getenv("THR_STRESS_N");
	nmsg = n ? atoi(n) : 10000;
	pthread_t th[NTHREADS];
	for (int t = 0; t < NTHREADS; t++)
		TEST_CHECK(pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t) == 0);
	for (int t = 0; t < NTHREADS; t++)
		TEST_CHECK(pthread_join(th[t], NULL) == 0);
	thr_barrier();
	MPI_Finalize();
	return 0;
}
