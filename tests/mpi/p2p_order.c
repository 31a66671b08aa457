/*
 * Description: pairwise non-overtaking: many messages of mixed sizes (eager,
 * multi-cell, rendezvous) from every rank to rank 0 arrive in send order per
 * sender, received with MPI_ANY_SOURCE; unexpected messages too.
 * np: 2 4 8
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_CMA=off
 * env: SHMPI_EAGER_MAX=65536
 */
#include <string.h>
#include "mpitest.h"

#define N 200

static int msg_len(int i)
{
	static const int lens[] = { 5, 100, 5000, 40000, 5, 70000, 8 };
	return lens[i % 7];
}

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	char *buf = malloc(70000);
	if (rank != 0) {
		for (int i = 0; i < N; i++) {
			int n = msg_len(i);
			memset(buf, 0, (size_t)n);
			memcpy(buf, &i, sizeof(i));
			buf[n - 1] = (char)(rank + i);
			TEST_MPI(MPI_Send(buf, n, MPI_CHAR, 0, 3, MPI_COMM_WORLD));
		}
	} else {
		int *next = calloc((size_t)size, sizeof(int));
		/* let messages pile up as unexpected first */
		double t0 = MPI_Wtime();
		while (MPI_Wtime() - t0 < 0.05)
			;
		for (int k = 0; k < N * (size - 1); k++) {
			MPI_Status st;
			TEST_MPI(MPI_Recv(buf, 70000, MPI_CHAR, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, &st));
			int i, n;
			memcpy(&i, buf, sizeof(i));
			MPI_Get_count(&st, MPI_CHAR, &n);
			TEST_CHECK(i == next[st.MPI_SOURCE]);
			TEST_CHECK(n == msg_len(i));
			TEST_CHECK(buf[n - 1] == (char)(st.MPI_SOURCE + i));
			next[st.MPI_SOURCE]++;
		}
		free(next);
	}
	free(buf);
	MPI_Finalize();
	return 0;
}
