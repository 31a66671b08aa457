/*
 * Description: MPI_Comm_disconnect on an intercommunicator waits for the
 * pending communication on it (MPI-4.1 11.10.4: it is collective and
 * completes pending communication internally): rank 0 MPI_Bsends 8 MiB to
 * rank 1 over an accept/connect intercommunicator, disconnects and then
 * computes for 3 s without calling MPI; rank 1 receives it and
 * disconnects.  The buffered data must reach rank 1 while rank 0 is in
 * its disconnect, not after its 3 s: rank 1's receive takes well under
 * 3 s.
 * np: 2
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mpitest.h"

#define BYTES (8 << 20)

int main(int argc, char **argv)
{
	int n, w;
	char port[MPI_MAX_PORT_NAME];
	MPI_Comm ic;

	mpitest_init(&argc, &argv, 2, &n, &w);
	if (w == 0) {
		TEST_MPI(MPI_Open_port(MPI_INFO_NULL, port));
		TEST_MPI(MPI_Send(port, MPI_MAX_PORT_NAME, MPI_CHAR, 1, 0, MPI_COMM_WORLD));
		TEST_MPI(MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic));
		TEST_MPI(MPI_Close_port(port));
	} else if (w == 1) {
		TEST_MPI(MPI_Recv(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 0, MPI_COMM_WORLD,
				  MPI_STATUS_IGNORE));
		TEST_MPI(MPI_Comm_connect(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic));
	}
	if (w == 0) {
		int size = BYTES + MPI_BSEND_OVERHEAD;
		char *buf = malloc((size_t)size), *data = malloc(BYTES);
		TEST_CHECK(buf && data);
		memset(data, 7, BYTES);
		TEST_MPI(MPI_Buffer_attach(buf, size));
		TEST_MPI(MPI_Bsend(data, BYTES, MPI_CHAR, 0, 1, ic));
		TEST_MPI(MPI_Comm_disconnect(&ic));
		/* No MPI call for 3 s. */
		double t0 = mpitest_now();
		volatile unsigned long x = 0;
		while (mpitest_now() - t0 < 3.0)
			x++;
		void *b;
		TEST_MPI(MPI_Buffer_detach(&b, &size));
		free(buf);
		free(data);
	} else if (w == 1) {
		char *data = malloc(BYTES);
		TEST_CHECK(data);
		double t0 = mpitest_now();
		TEST_MPI(MPI_Recv(data, BYTES, MPI_CHAR, 0, 1, ic, MPI_STATUS_IGNORE));
		double t = mpitest_now() - t0;
		TEST_CHECK(data[0] == 7 && data[BYTES - 1] == 7);
		TEST_MPI(MPI_Comm_disconnect(&ic));
		if (t > 2.0) {
			fprintf(stderr, "the receive took %.2f s: the sender's disconnect did not "
				"wait for it\n", t);
			TEST_CHECK(t <= 2.0);
		}
		free(data);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0)
		printf("PASS\n");
	MPI_Finalize();
	return 0;
}
