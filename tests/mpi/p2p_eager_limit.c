/*
 * Description: the eager limit is the same on every rank and a whole
 * range of sizes: a standard send that completes while its receiver is
 * still away (for 100 ms) went eagerly.  With SHMPI_EAGER_MAX unset, the
 * limit ranks 0 and 1 measured in MPI_Init (lib/p2p/p2p_calibrate.c):
 * at least 8 KiB, at most 32 KiB, eager below it and not above, and every
 * rank adopts the same one (rank 2, when there is one, sends too); with
 * more ranks than online CPUs nothing is measured and the limit is 256
 * KiB (np=3 on a machine of 2), so every size probed here, up to 128 KiB
 * (half a ring of 64 cells of 4 KiB: a message that does not fit the
 * ring cannot finish before its receiver comes back even when eager),
 * went eagerly.  With SHMPI_EAGER_MAX set, exactly that limit.  The data
 * arrive intact.
 * np: 2 3
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_EAGER_MAX=20000
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define AWAY 0.1      /* seconds the receiver stays out of MPI */
#define EAGER_IF 0.05 /* a send that took less went eagerly */

static const int sizes[] = { 8192, 12288, 16384, 24576, 32768, 49152, 65536, 131072 };
#define NSIZES (int)(sizeof(sizes) / sizeof(sizes[0]))

/* 1 when sender's standard send of n bytes to receiver went eagerly (on
 * the sender; -1 elsewhere). */
static int probe(int sender, int receiver, int n, char *buf, int rank)
{
	int eager = -1;
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == sender) {
		for (int i = 0; i < n; i++)
			buf[i] = (char)(i * 7 + n);
		double t = mpitest_now();
		TEST_MPI(MPI_Send(buf, n, MPI_CHAR, receiver, n, MPI_COMM_WORLD));
		eager = mpitest_now() - t < EAGER_IF;
	} else if (rank == receiver) {
		double until = mpitest_now() + AWAY;
		while (mpitest_now() < until)
			usleep(1000);
		memset(buf, 0, (size_t)n);
		TEST_MPI(MPI_Recv(buf, n, MPI_CHAR, sender, n, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		for (int i = 0; i < n; i++)
			TEST_CHECK(buf[i] == (char)(i * 7 + n));
	}
	return eager;
}

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	char *buf = malloc(131072);
	TEST_CHECK(buf != NULL);
	const char *set = getenv("SHMPI_EAGER_MAX");
	/* senders 0 -> 1, 1 -> 0, and 2 -> 0 when there is a rank 2 */
	int nsend = size > 2 ? 3 : 2;
	int eager[3][NSIZES];
	for (int s = 0; s < nsend; s++) {
		int sender = s, receiver = s == 0 ? 1 : 0;
		for (int k = 0; k < NSIZES; k++)
			eager[s][k] = probe(sender, receiver, sizes[k], buf, rank);
	}
	/* each sender's limit: the sizes it sent eagerly form a prefix */
	int limit = -1;
	if (rank < nsend) {
		int *e = eager[rank];
		int k = 0;
		while (k < NSIZES && e[k])
			k++;
		for (int j = k; j < NSIZES; j++)
			TEST_CHECK(!e[j]);
		limit = k ? sizes[k - 1] : 0;
		if (set) {
			TEST_CHECK(limit == 16384); /* 20000: 16 KiB eager, 24 KiB not */
		} else if (size > sysconf(_SC_NPROCESSORS_ONLN)) {
			TEST_CHECK(limit == 131072); /* MPII_EAGER_OVERSUBSCRIBED is more */
		} else {
			TEST_CHECK(limit >= 8192 && limit <= 32768);
		}
	}
	/* every sender found the same limit */
	int limits[3] = { -1, -1, -1 };
	TEST_MPI(MPI_Gather(&limit, 1, MPI_INT, limits, 1, MPI_INT, 0, MPI_COMM_WORLD));
	if (rank == 0)
		for (int s = 1; s < nsend; s++)
			TEST_CHECK(limits[s] == limits[0]);
	free(buf);
	MPI_Finalize();
	return 0;
}
