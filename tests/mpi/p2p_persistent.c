/*
 * Description: persistent send and receive requests restarted many times
 * with MPI_Start/MPI_Startall, in all send modes, data verified each round;
 * waiting on an inactive persistent request returns at once.
 * np: 2 4
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	int next = (rank + 1) % size, prev = (rank + size - 1) % size;
	int out[64], in[64];
	MPI_Request r[2];
	int bsz = 64 * (int)sizeof(int) + MPI_BSEND_OVERHEAD;
	void *bbuf = malloc((size_t)bsz);
	MPI_Buffer_attach(bbuf, bsz);
	for (int mode = 0; mode < 4; mode++) {
		TEST_MPI(MPI_Recv_init(in, 64, MPI_INT, prev, mode, MPI_COMM_WORLD, &r[0]));
		switch (mode) {
		case 0: TEST_MPI(MPI_Send_init(out, 64, MPI_INT, next, mode, MPI_COMM_WORLD, &r[1])); break;
		case 1: TEST_MPI(MPI_Bsend_init(out, 64, MPI_INT, next, mode, MPI_COMM_WORLD, &r[1])); break;
		case 2: TEST_MPI(MPI_Ssend_init(out, 64, MPI_INT, next, mode, MPI_COMM_WORLD, &r[1])); break;
		case 3: TEST_MPI(MPI_Rsend_init(out, 64, MPI_INT, next, mode, MPI_COMM_WORLD, &r[1])); break;
		}
		MPI_Status st;
		TEST_MPI(MPI_Wait(&r[0], &st)); /* inactive: returns at once */
		TEST_CHECK(r[0] != MPI_REQUEST_NULL);
		for (int round = 0; round < 500; round++) {
			for (int i = 0; i < 64; i++)
				out[i] = rank * 100000 + round * 64 + i;
			TEST_MPI(MPI_Start(&r[0]));
			if (mode == 3) /* ready mode: next has posted once its token is here */
				TEST_MPI(MPI_Sendrecv(NULL, 0, MPI_INT, prev, 9, NULL, 0, MPI_INT, next, 9,
						      MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			TEST_MPI(MPI_Startall(1, &r[1]));
			TEST_MPI(MPI_Waitall(2, r, MPI_STATUSES_IGNORE));
			for (int i = 0; i < 64; i++)
				TEST_CHECK(in[i] == prev * 100000 + round * 64 + i);
		}
		TEST_MPI(MPI_Request_free(&r[0]));
		TEST_MPI(MPI_Request_free(&r[1]));
		TEST_CHECK(r[0] == MPI_REQUEST_NULL);
	}
	void *b;
	int s;
	MPI_Buffer_detach(&b, &s);
	free(bbuf);
	MPI_Finalize();
	return 0;
}
