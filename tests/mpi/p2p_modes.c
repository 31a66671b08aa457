/*
 * Description: all four send modes, blocking and nonblocking, including
 * buffered sends with MPI_Buffer_attach/detach and MPI_ERR_BUFFER when the
 * buffer is too small, and synchronous sends that complete only once matched.
 * np: 2 4
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	int peer = rank ^ 1;
	if (peer >= size) {
		MPI_Finalize();
		return 0;
	}
	int bufsize = 4 * (1000 * (int)sizeof(int) + MPI_BSEND_OVERHEAD);
	void *bbuf = malloc((size_t)bufsize);
	TEST_MPI(MPI_Buffer_attach(bbuf, bufsize));
	int data[1000], got[1000];
	for (int i = 0; i < 1000; i++)
		data[i] = rank * 1000 + i;
	for (int mode = 0; mode < 4; mode++) {
		if (rank < peer) {
			MPI_Request r;
			switch (mode) {
			case 0: TEST_MPI(MPI_Send(data, 1000, MPI_INT, peer, mode, MPI_COMM_WORLD)); break;
			case 1: TEST_MPI(MPI_Bsend(data, 1000, MPI_INT, peer, mode, MPI_COMM_WORLD)); break;
			case 2: TEST_MPI(MPI_Issend(data, 1000, MPI_INT, peer, mode, MPI_COMM_WORLD, &r));
				{
					/* not matched yet: the peer waits for our go */
					int flag = 1;
					for (int k = 0; k < 100; k++)
						MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
					TEST_CHECK(!flag);
					int go = 1;
					TEST_MPI(MPI_Send(&go, 1, MPI_INT, peer, 99, MPI_COMM_WORLD));
					TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
				}
				break;
			case 3: TEST_MPI(MPI_Rsend(data, 1000, MPI_INT, peer, mode, MPI_COMM_WORLD)); break;
			}
		} else {
			if (mode == 2) {
				int go;
				TEST_MPI(MPI_Recv(&go, 1, MPI_INT, peer, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			}
			TEST_MPI(MPI_Recv(got, 1000, MPI_INT, peer, mode, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			for (int i = 0; i < 1000; i++)
				TEST_CHECK(got[i] == peer * 1000 + i);
		}
	}
	/* Ibsend of several messages, then detach waits for them */
	if (rank < peer) {
		MPI_Request r[3];
		for (int k = 0; k < 3; k++)
			TEST_MPI(MPI_Ibsend(data, 1000, MPI_INT, peer, 50 + k, MPI_COMM_WORLD, &r[k]));
		TEST_MPI(MPI_Waitall(3, r, MPI_STATUSES_IGNORE));
		/* too big for the remaining buffer */
		MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
		static int big[100000];
		int rc = MPI_Bsend(big, 100000, MPI_INT, peer, 60, MPI_COMM_WORLD);
		TEST_CHECK(rc == MPI_ERR_BUFFER);
	} else {
		for (int k = 0; k < 3; k++)
			TEST_MPI(MPI_Recv(got, 1000, MPI_INT, peer, 50 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
	}
	void *b;
	int bs;
	TEST_MPI(MPI_Buffer_detach(&b, &bs));
	TEST_CHECK(b == bbuf && bs == bufsize);
	free(bbuf);
	MPI_Finalize();
	return 0;
}
