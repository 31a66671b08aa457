/*
 * Description: SHMPI_EAGER_MAX takes effect in every spelling the
 * configuration parser accepts (8k, 16K, 0x4000, 4KiB, ...), and a
 * malformed value falls back to the table's default 16384
 * (tests/config-warn.sh checks the warning); unset, the limit is measured
 * in MPI_Init with 8 KiB cells and no more ranks than cores (8, 16 or 32
 * KiB: lib/p2p/p2p_calibrate.c), else 16 KiB.
 * Rank 0 starts sends of 8192, 12000, 20000 and 50000 bytes before
 * rank 1 posts any receive: an eager send completes on its own, a
 * rendezvous send cannot.  CONFIG_EXPECT gives the expected kinds, E
 * (eager) or R (rendezvous), one letter per size, or "unset": ERRR, EERR
 * or EEER when this machine has a core for each rank (? below: either,
 * as long as no eager size follows a rendezvous one), else EERR.
 * np: 2
 * env: CONFIG_EXPECT=unset
 * env: CONFIG_EXPECT=EERR SHMPI_CELL_SIZE=4096
 * env: CONFIG_EXPECT=ERRR SHMPI_EAGER_MAX=8k
 * env: CONFIG_EXPECT=EERR SHMPI_EAGER_MAX=16k
 * env: CONFIG_EXPECT=EERR SHMPI_EAGER_MAX=16KiB
 * env: CONFIG_EXPECT=EERR SHMPI_EAGER_MAX=0x4000
 * env: CONFIG_EXPECT=EEER SHMPI_EAGER_MAX=32k
 * env: CONFIG_EXPECT=EEEE SHMPI_EAGER_MAX=64k
 * env: CONFIG_EXPECT=RRRR SHMPI_EAGER_MAX=4K
 * env: CONFIG_EXPECT=RRRR SHMPI_EAGER_MAX=8191
 * env: CONFIG_EXPECT=EERR SHMPI_EAGER_MAX=banana
 */
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

#define NMSG 4
static const int sizes[NMSG] = { 8192, 12000, 20000, 50000 };

/* Poll req for up to `seconds`; 1 when it completed. */
static int completes_within(MPI_Request *req, double seconds)
{
	double end = mpitest_now() + seconds;
	int done = 0;
	while (!done && mpitest_now() < end) {
		TEST_MPI(MPI_Test(req, &done, MPI_STATUS_IGNORE));
		if (!done)
			usleep(1000);
	}
	return done;
}

int main(int argc, char **argv)
{
	int n, w;
	static char buf[NMSG][50000];
	char go = 1;
	const char *expect = getenv("CONFIG_EXPECT");

	mpitest_init(&argc, &argv, 2, &n, &w);
	if (expect && strcmp(expect, "unset") == 0)
		expect = sysconf(_SC_NPROCESSORS_ONLN) >= n ? "E??R" : "EERR";
	TEST_CHECK(expect && strlen(expect) == NMSG);
	if (w == 0) {
		MPI_Request req[NMSG + 1];
		char got[NMSG + 1] = "";
		for (int i = 0; i < NMSG; i++) {
			memset(buf[i], 'a' + i, sizeof(buf[i]));
			TEST_MPI(MPI_Isend(buf[i], sizes[i], MPI_BYTE, 1, i, MPI_COMM_WORLD, &req[i]));
			/* Eager: done within seconds even on a loaded machine.
			 * Rendezvous: never done before rank 1 receives, so a
			 * short look is enough. */
			double wait = expect[i] == 'E' ? 10.0 : expect[i] == '?' ? 2.0 : 0.2;
			got[i] = completes_within(&req[i], wait) ? 'E' : 'R';
			if (got[i] == 'E')
				req[i] = MPI_REQUEST_NULL;
		}
		TEST_MPI(MPI_Isend(&go, 1, MPI_BYTE, 1, 9, MPI_COMM_WORLD, &req[NMSG]));
		for (int i = 0; i <= NMSG; i++)
			TEST_MPI(MPI_Wait(&req[i], MPI_STATUS_IGNORE));
		int fits = 1;
		for (int i = 0; i < NMSG; i++)
			fits = fits && (expect[i] == '?' ? i == 0 || got[i] == 'R' || got[i - 1] == 'E'
					 : got[i] == expect[i]);
		if (!fits) {
			fprintf(stderr, "eager/rendezvous: got %s, expected %s (SHMPI_EAGER_MAX=%s)\n",
				got, expect, getenv("SHMPI_EAGER_MAX") ? getenv("SHMPI_EAGER_MAX") : "");
			TEST_CHECK(!"sends took the expected protocol");
		}
	} else if (w == 1) {
		TEST_MPI(MPI_Recv(&go, 1, MPI_BYTE, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		for (int i = 0; i < NMSG; i++) {
			TEST_MPI(MPI_Recv(buf[i], sizes[i], MPI_BYTE, 0, i, MPI_COMM_WORLD,
					  MPI_STATUS_IGNORE));
			TEST_CHECK(buf[i][0] == 'a' + i && buf[i][sizes[i] - 1] == 'a' + i);
		}
	}
	MPI_Finalize();
	return 0;
}
