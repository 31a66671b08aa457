/*
 * Description: communicators created until the segment arena that holds
 * the shared-memory collective areas is exhausted (each dup takes flags,
 * parity buffers, queues and the large-message area at its first
 * collectives; the arena only grows): collectives must keep giving right
 * answers when a communicator's setup falls back to point-to-point, and
 * freed and live communicators must not disturb each other.
 * np: 2 3 8
 * env: SHMPI_ARENA_MB=2
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int n, r;
	mpitest_start(&argc, &argv, &r, &n);
	enum { BIG = 100000 };
	int *in = malloc(BIG * sizeof(int)), *out = malloc(BIG * sizeof(int));
	MPI_Comm keep[4];
	for (int it = 0; it < 60; it++) {
		MPI_Comm c;
		TEST_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &c));
		int b = r == it % n ? it : -1;
		TEST_MPI(MPI_Bcast(&b, 1, MPI_INT, it % n, c));
		TEST_CHECK(b == it);
		long x = r + it, s = 0;
		TEST_MPI(MPI_Reduce(&x, &s, 1, MPI_LONG, MPI_SUM, 0, c));
		if (r == 0)
			TEST_CHECK(s == (long)n * (n - 1) / 2 + (long)n * it);
		for (int i = 0; i < BIG; i++)
			in[i] = r * 3 + i;
		TEST_MPI(MPI_Allreduce(in, out, BIG, MPI_INT, MPI_SUM, c));
		for (int i = 0; i < BIG; i++)
			TEST_CHECK(out[i] == 3 * n * (n - 1) / 2 + n * i);
		TEST_MPI(MPI_Bcast(out, BIG, MPI_INT, (it + 1) % n, c));
		for (int i = 0; i < BIG; i++)
			TEST_CHECK(out[i] == 3 * n * (n - 1) / 2 + n * i);
		TEST_MPI(MPI_Barrier(c));
		if (it % 15 == 0)
			keep[it / 15] = c;  /* some stay alive to the end */
		else
			TEST_MPI(MPI_Comm_free(&c));
	}
	for (int k = 0; k < 4; k++) {
		long x = r, s;
		TEST_MPI(MPI_Allreduce(&x, &s, 1, MPI_LONG, MPI_SUM, keep[k]));
		TEST_CHECK(s == (long)n * (n - 1) / 2);
		TEST_MPI(MPI_Comm_free(&keep[k]));
	}
	free(in), free(out);
	MPI_Finalize();
	return 0;
}
