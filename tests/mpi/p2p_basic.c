/*
 * Description: blocking and nonblocking send/receive between every pair,
 * status fields, MPI_PROC_NULL, send to self, zero-byte messages.
 * np: 1 2 4 8
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);

	/* everybody sends its rank to everybody (including itself) */
	MPI_Request *reqs = malloc(sizeof(MPI_Request) * 2 * (size_t)size);
	int *in = malloc(sizeof(int) * (size_t)size), out = rank * 100;
	for (int p = 0; p < size; p++)
		TEST_MPI(MPI_Irecv(&in[p], 1, MPI_INT, p, 7, MPI_COMM_WORLD, &reqs[p]));
	for (int p = 0; p < size; p++)
		TEST_MPI(MPI_Isend(&out, 1, MPI_INT, p, 7, MPI_COMM_WORLD, &reqs[size + p]));
	MPI_Status *st = malloc(sizeof(MPI_Status) * 2 * (size_t)size);
	TEST_MPI(MPI_Waitall(2 * size, reqs, st));
	for (int p = 0; p < size; p++) {
		TEST_CHECK(in[p] == p * 100);
		TEST_CHECK(st[p].MPI_SOURCE == p);
		TEST_CHECK(st[p].MPI_TAG == 7);
		int n;
		MPI_Get_count(&st[p], MPI_INT, &n);
		TEST_CHECK(n == 1);
		TEST_CHECK(reqs[p] == MPI_REQUEST_NULL);
	}

	/* blocking ring with a few sizes, including 0 and multi-cell eager */
	int sizes[] = { 0, 1, 40, 4000, 4100, 20000, 32768 };
	for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		int n = sizes[s];
		char *sb = malloc((size_t)n + 1), *rb = malloc((size_t)n + 1);
		for (int i = 0; i < n; i++)
			sb[i] = (char)(rank * 7 + i);
		int next = (rank + 1) % size, prev = (rank + size - 1) % size;
		MPI_Status status;
		TEST_MPI(MPI_Sendrecv(sb, n, MPI_CHAR, next, s, rb, n, MPI_CHAR, prev, s, MPI_COMM_WORLD,
				      &status));
		for (int i = 0; i < n; i++)
			TEST_CHECK(rb[i] == (char)(prev * 7 + i));
		int cnt;
		MPI_Get_count(&status, MPI_CHAR, &cnt);
		TEST_CHECK(cnt == n);
		free(sb);
		free(rb);
	}

	/* MPI_PROC_NULL */
	MPI_Status status;
	TEST_MPI(MPI_Send(&out, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD));
	TEST_MPI(MPI_Recv(&out, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &status));
	TEST_CHECK(status.MPI_SOURCE == MPI_PROC_NULL);
	TEST_CHECK(status.MPI_TAG == MPI_ANY_TAG);
	int cnt = -1;
	MPI_Get_count(&status, MPI_INT, &cnt);
	TEST_CHECK(cnt == 0);

	free(reqs);
	free(in);
	free(st);
	MPI_Finalize();
	return 0;
}
