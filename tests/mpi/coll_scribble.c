/*
 * Description: a rank that scribbles the collective area cannot make the
 * others compute a wrong result silently (issue 40, item 4).  Three ranks;
 * after a warm-up that sets up MPI_COMM_WORLD's large-message area, rank 2
 * writes over it through its own mapping, by the mode in argv[1]:
 *   bcast-flag       forges root 0's flag ahead before a large MPI_Bcast,
 *   allreduce-flag   or before a large MPI_Allreduce, so that the readers
 *                    go in before rank 0 wrote (the readers used to copy
 *                    the last operation's bytes and return MPI_SUCCESS);
 *                    the piece's stamp catches it, always;
 *   bcast-data       overwrites the piece root 0 wrote, once rank 0 has
 *   allreduce-data   announced it, then reads it: under
 *                    SHMPI_COLL_CHECKSUM=1 the job must end with a message
 *                    naming the collective, the communicator, the
 *                    contributing rank and the reader; without it the
 *                    result is wrong and the program says so (exit 1).
 * Every rank checks its result: "R: ok" or "R: wrong result" (exit 1).
 * tests/launcher/coll-scribble.sh runs the modes and checks the outcome.
 * np: 3
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "mpitest.h"
#include "lib/coll/coll.h"
#include "lib/comm/comm.h"
#include "shm/atomic.h"

#define COUNT 2048  /* doubles: 16 KiB, one piece of the area */

static _Atomic uint64_t *flag_of(struct mpii_coll_state *cs, int r)
{
	return (_Atomic uint64_t *)((char *)cs->flags + 64 * (size_t)r);
}

static void pause_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

int main(int argc, char **argv)
{
	static double buf[COUNT];
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *mode = argc > 1 ? argv[1] : "";
	if (size != 3) {
		printf("%d: ok (needs 3 ranks)\n", rank);
		MPI_Finalize();
		return 0;
	}
	int bcast = !strncmp(mode, "bcast", 5), data = strstr(mode, "-data") != NULL;
	/* Warm-up: sets up the area, and each kind's first use. */
	for (int i = 0; i < COUNT; i++)
		buf[i] = 1;
	MPI_Bcast(buf, COUNT, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	MPI_Allreduce(MPI_IN_PLACE, buf, COUNT, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	struct mpii_coll_state *cs = MPI_COMM_WORLD->coll;
	if (!cs || !cs->big) {
		printf("%d: ok (no large-message area)\n", rank);
		MPI_Finalize();
		return 77;
	}
	/* The next operation's first flag sequence number. */
	uint64_t s = cs->seq + 1;
	for (int i = 0; i < COUNT; i++)
		buf[i] = rank == 0 ? 7 : bcast ? 0 : rank + 1;
	if (rank == 2 && *mode) {
		if (data) {
			/* Wait until rank 0 has written and announced. */
			while (shm_load_acquire(flag_of(cs, 0)) < s)
				pause_ms(1);
			memset(cs->big, 0x5a, 4096);
		} else {
			shm_store_seq_cst(flag_of(cs, 0), s + 100);
		}
	}
	if (rank == 0 && *mode && !data)
		pause_ms(500); /* the readers go first, through the forged flag */
	double want;
	if (bcast) {
		MPI_Bcast(buf, COUNT, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		want = 7;
	} else {
		MPI_Allreduce(MPI_IN_PLACE, buf, COUNT, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		want = 7 + 2 + 3;
	}
	int bad = 0;
	for (int i = 0; i < COUNT; i++)
		bad |= buf[i] != want;
	printf("%d: %s\n", rank, bad ? "wrong result" : "ok");
	fflush(stdout);
	MPI_Finalize();
	return bad;
}
