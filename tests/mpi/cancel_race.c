/*
 * Description: MPI_Cancel of a send races the receiver's matching receive,
 * many times, for plain eager, multi-cell eager, synchronous and
 * rendezvous messages: each message is either cancelled (MPI_Test_cancelled
 * true, and the receive posted for it never gets it: the receiver can
 * cancel that receive) or received exactly once with its contents, never
 * lost, duplicated or both.  The receiver posts its receive at a varying
 * moment, before, during or after the sender's cancel.
 * np: 2
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define ITERS 600

static void spin(unsigned n)
{
	volatile unsigned x = 0;
	for (unsigned i = 0; i < n; i++)
		x += i;
}

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	if (size != 2) {
		MPI_Finalize();
		return 77;
	}
	static const int sizes[] = { 8, 2000, 200000 };
	char *buf = malloc(200000), *rbuf = malloc(200000);
	TEST_CHECK(buf && rbuf);
	unsigned seed = 12345u + (unsigned)rank;
	int ncancelled[2] = { 0, 0 };
	for (int it = 0; it < ITERS; it++) {
		int n = sizes[it % 3], sync = (it / 3) % 2;
		int tag = it % 30000 + 1;
		int cancelled;
		MPI_Status st;
		unsigned delay = (unsigned)rand_r(&seed) % 20000;
		if (rank == 0) {
			MPI_Request r;
			memset(buf, (char)it, (size_t)n);
			if (sync)
				TEST_MPI(MPI_Issend(buf, n, MPI_CHAR, 1, tag, MPI_COMM_WORLD, &r));
			else
				TEST_MPI(MPI_Isend(buf, n, MPI_CHAR, 1, tag, MPI_COMM_WORLD, &r));
			spin(delay);
			TEST_MPI(MPI_Cancel(&r));
			TEST_MPI(MPI_Wait(&r, &st));
			TEST_MPI(MPI_Test_cancelled(&st, &cancelled));
			TEST_MPI(MPI_Send(&cancelled, 1, MPI_INT, 1, 0, MPI_COMM_WORLD));
		} else {
			MPI_Request rr;
			spin(delay);
			rbuf[0] = rbuf[n - 1] = (char)(it + 1);
			TEST_MPI(MPI_Irecv(rbuf, n, MPI_CHAR, 0, tag, MPI_COMM_WORLD, &rr));
			TEST_MPI(MPI_Recv(&cancelled, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			if (cancelled)
				TEST_MPI(MPI_Cancel(&rr)); /* nothing can match it now */
			TEST_MPI(MPI_Wait(&rr, &st));
			int rc;
			TEST_MPI(MPI_Test_cancelled(&st, &rc));
			if (rc != cancelled)
				fprintf(stderr, "iteration %d (%d bytes, %s): send cancelled %d, receive cancelled %d\n",
					it, n, sync ? "Issend" : "Isend", cancelled, rc);
			TEST_CHECK(rc == cancelled);
			if (!cancelled)
				TEST_CHECK(rbuf[0] == (char)it && rbuf[n - 1] == (char)it);
		}
		ncancelled[cancelled != 0]++;
	}
	/* Nothing left over: no message of any iteration is still there. */
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 1) {
		int flag;
		TEST_MPI(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
		TEST_CHECK(!flag);
	}
	if (rank == 0 && getenv("CANCEL_RACE_VERBOSE"))
		printf("cancelled %d, delivered %d\n", ncancelled[1], ncancelled[0]);
	free(buf);
	free(rbuf);
	MPI_Finalize();
	return 0;
}
