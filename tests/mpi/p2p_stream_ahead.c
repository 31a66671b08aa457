/*
 * Description: a sender that runs ahead of its receiver.  Rank 0 sends
 * 4000 eager messages of 16 KiB with MPI_Send while rank 1 receives them
 * one by one with MPI_Recv: a drain of rank 1's ring stops after one lap
 * (lib/p2p/p2p_recv.c), so its unexpected records stay few; it once
 * moved the whole stream into them, the heap growing by 54 MB,
 * at 40 us a message.  Resident memory of rank 1 may grow by 16 MB at
 * most.  Then cells left in the ring by a stopped drain must still be
 * found: rank 0 sends many laps of messages on one tag and a last one on
 * another, and rank 1 waits (unhinted: MPI_ANY_SOURCE) for the last
 * before it receives the others, in order, checking every message.
 * The messages must go eagerly (the second part is unsafe otherwise:
 * rank 0's MPI_Send of a rendezvous message waits for a receive that
 * rank 1 posts only after the last message), so the test sets the eager
 * limit to 16 KiB; unset, it is 8 KiB where ranks have cores.
 * np: 2
 * env: SHMPI_EAGER_MAX=16k
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define LEN 16384
#define NSTREAM 4000
#define NLAPS 600 /* about 120 laps of the default ring (64 cells, 5 a message) */

static void fill(unsigned char *b, int i)
{
	for (int k = 0; k < LEN; k += 512)
		b[k] = (unsigned char)(i + k / 512);
}

static int check(const unsigned char *b, int i)
{
	for (int k = 0; k < LEN; k += 512)
		if (b[k] != (unsigned char)(i + k / 512))
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_init(&argc, &argv, 2, &size, &rank);
	unsigned char *b = calloc(1, LEN);
	TEST_CHECK(b != NULL);
	if (rank == 0) {
		for (int i = 0; i < NSTREAM; i++) {
			fill(b, i);
			TEST_MPI(MPI_Send(b, LEN, MPI_BYTE, 1, 1, MPI_COMM_WORLD));
		}
		for (int i = 0; i < NLAPS; i++) {
			fill(b, i);
			TEST_MPI(MPI_Send(b, LEN, MPI_BYTE, 1, 2, MPI_COMM_WORLD));
		}
		TEST_MPI(MPI_Send(b, 1, MPI_BYTE, 1, 3, MPI_COMM_WORLD));
	} else if (rank == 1) {
		long before = mpitest_rss_bytes();
		for (int i = 0; i < NSTREAM; i++) {
			TEST_MPI(MPI_Recv(b, LEN, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			TEST_CHECK(check(b, i));
		}
		long grown = mpitest_rss_bytes() - before;
		printf("%d messages of %d bytes received as they came: resident memory +%.1f MB\n",
		       NSTREAM, LEN, grown / 1e6);
		TEST_CHECK(!MPITEST_MEMORY_BOUNDS || grown < 16L * 1000 * 1000);
		MPI_Status st;
		TEST_MPI(MPI_Recv(b, 1, MPI_BYTE, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, &st));
		TEST_CHECK(st.MPI_SOURCE == 0);
		for (int i = 0; i < NLAPS; i++) {
			TEST_MPI(MPI_Recv(b, LEN, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			TEST_CHECK(check(b, i));
		}
	}
	free(b);
	MPI_Finalize();
	return 0;
}
