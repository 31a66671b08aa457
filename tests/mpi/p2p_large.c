/*
 * Description: large messages (rendezvous) on both copy paths, single copy
 * (process_vm_readv) and pipelined through the ring (SHMPI_CMA=off), data
 * verified, including truncation of a large message.
 * np: 2 4
 * env: SHMPI_CMA=on
 * env: SHMPI_CMA=off
 * env: SHMPI_CMA_SPLIT_MIN=4096
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	int n = 4 << 20; /* 4 MiB */
	unsigned char *sb = malloc((size_t)n), *rb = malloc((size_t)n);
	for (int i = 0; i < n; i++)
		sb[i] = (unsigned char)(i * 31 + rank);
	int next = (rank + 1) % size, prev = (rank + size - 1) % size;
	for (int len = 50000; len <= n; len *= 4) {
		memset(rb, 0, (size_t)len);
		MPI_Request r[2];
		TEST_MPI(MPI_Irecv(rb, len, MPI_BYTE, prev, 1, MPI_COMM_WORLD, &r[0]));
		TEST_MPI(MPI_Isend(sb, len, MPI_BYTE, next, 1, MPI_COMM_WORLD, &r[1]));
		TEST_MPI(MPI_Waitall(2, r, MPI_STATUSES_IGNORE));
		for (int i = 0; i < len; i++)
			if (rb[i] != (unsigned char)(i * 31 + prev))
				TEST_CHECK(!"large message data corrupted");
	}
	/* truncation: the receiver has room for half */
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	if (size >= 2 && rank < 2) {
		if (rank == 0) {
			TEST_MPI(MPI_Send(sb, 200000, MPI_BYTE, 1, 2, MPI_COMM_WORLD));
		} else {
			MPI_Status st;
			int rc = MPI_Recv(rb, 100000, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &st);
			TEST_CHECK(rc == MPI_ERR_TRUNCATE);
			for (int i = 0; i < 100000; i++)
				if (rb[i] != (unsigned char)(i * 31))
					TEST_CHECK(!"truncated data corrupted");
		}
	}
	free(sb);
	free(rb);
	MPI_Finalize();
	return 0;
}
