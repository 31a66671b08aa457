/*
 * Description: eager messages beyond 32 KiB that arrive before their
 * receive (SHMPI_EAGER_MAX raised): their unexpected records are kept in
 * power-of-two classes (lib/p2p/p2p_recv.c) and reused across sizes and
 * rounds.  Rank 1 sends rounds of messages of 33 KiB to 1 MiB in changing
 * orders while rank 0 only probes another tag, so every message lands in
 * a record; then rank 0 receives them in order and checks every byte (a
 * record reused without its new contents, or one too small for the
 * message, fails here).
 * np: 2
 * env: SHMPI_EAGER_MAX=2M
 * env: SHMPI_EAGER_MAX=2M SHMPI_CMA=off
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define ROUNDS 6
#define NSIZES 6
static const int sizes[NSIZES] = { 33 * 1024 + 5, 64 * 1024 - 48, 64 * 1024, 200000, 512 * 1024 + 3,
				   1 << 20 };

static unsigned char fill(int round, int i, int k)
{
	return (unsigned char)(round * 31 + i * 7 + k * 13 + (k >> 11));
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 2, &n, &w);
	unsigned char *buf = malloc(1 << 20);
	TEST_CHECK(buf != NULL);
	for (int round = 0; round < ROUNDS && w < 2; round++) {
		/* The order of the sizes changes every round. */
		int order[NSIZES];
		for (int i = 0; i < NSIZES; i++)
			order[i] = (i * (round + 1) + round) % NSIZES;
		if (round % 2)
			for (int i = 0; i < NSIZES / 2; i++) {
				int t = order[i];
				order[i] = order[NSIZES - 1 - i];
				order[NSIZES - 1 - i] = t;
			}
		if (w == 1) {
			for (int i = 0; i < NSIZES; i++) {
				int len = sizes[order[i]];
				for (int k = 0; k < len; k++)
					buf[k] = fill(round, i, k);
				TEST_MPI(MPI_Send(buf, len, MPI_BYTE, 0, i, MPI_COMM_WORLD));
			}
			TEST_MPI(MPI_Send(NULL, 0, MPI_BYTE, 0, 99, MPI_COMM_WORLD));
		} else {
			/* Wait for rank 1's "done" while its messages land. */
			int flag = 0;
			while (!flag)
				TEST_MPI(MPI_Iprobe(1, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
			TEST_MPI(MPI_Recv(NULL, 0, MPI_BYTE, 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			for (int i = 0; i < NSIZES; i++) {
				int len = sizes[order[i]], got;
				MPI_Status st;
				memset(buf, 0xee, (size_t)len);
				TEST_MPI(MPI_Recv(buf, len, MPI_BYTE, 1, i, MPI_COMM_WORLD, &st));
				TEST_MPI(MPI_Get_count(&st, MPI_BYTE, &got));
				TEST_CHECK(got == len);
				int bad = 0;
				for (int k = 0; k < len && !bad; k++)
					bad = buf[k] != fill(round, i, k);
				TEST_CHECK(!bad);
			}
		}
		TEST_MPI(MPI_Barrier(MPI_COMM_WORLD));
	}
	free(buf);
	MPI_Finalize();
	return 0;
}
