/*
 * Description: a rank that scribbles the collective area cannot make the
 * others compute a wrong result silently (issue 40, item 4).  Three ranks;
 * after a warm-up that sets up MPI_COMM_WORLD's large-message area, rank 2
 * writes over it through its own mapping, by the mode in argv[1]:
 *   bcast-flag       forges root 0's flag ahead before a large MPI_Bcast,
 *   allreduce-flag   or before a large MPI_Allreduce, so that the readers
 *                    go in before rank 0 wrote (the readers used to copy
 *                    the last operation's bytes and return MPI_SUCCESS);
 *                    the piece's stamp catches it, always.  The flag is
 *                    in rank 0's part of the area, read-only in the
 *                    others since segment version 10: rank 2 writes it
 *                    through a second mapping of its own, as a hostile
 *                    rank could;
 *   wild-flag        writes rank 0's flag through the library's mapping,
 *                    as a stray pointer would: rank 2 faults, and the
 *                    launcher names the flag's owner (single writer);
 *   bcast-data       overwrites the piece root 0 wrote, once rank 0 has
 *   allreduce-data   announced it, then reads it: under
 *                    SHMPI_COLL_CHECKSUM=1 the job must end with a message
 *                    naming the collective, the communicator, the
 *                    contributing rank and the reader; without it the
 *                    result is wrong and the program says so (exit 1).
 *   slot-data        the same for the small paths through each member's
 *   stamped-data     part of the area (segment version 10), rank 0's
 *   sbcast-data      contribution overwritten through a second mapping:
 *                    a 1 KiB MPI_Allreduce (its parity slot), a 256-byte
 *                    one (its stamped lines), a 1 KiB MPI_Bcast under
 *                    SHMPI_COLL_BCAST=shm (the root's slot); caught under
 *                    SHMPI_COLL_CHECKSUM=1 since that mode covers them.
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
#include <inttypes.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "lib/coll/coll.h"
#include "lib/comm/comm.h"
#include "shm/atomic.h"

#define COUNT 2048  /* doubles: 16 KiB, one piece of the area */

/* Member r's flag line (the start of its part of the area), through the
 * library's own mapping. */
static _Atomic uint64_t *flag_of(struct mpii_coll_state *cs, int r)
{
	return (_Atomic uint64_t *)(cs->parts + cs->part * (size_t)r);
}

/* The start of the library's mapping of the segment (the memfd the
 * launcher names "shmpi-segment", file offset 0), as wild_write finds it. */
static char *library_mapping(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	uintptr_t lo = UINTPTR_MAX;
	TEST_CHECK(f != NULL);
	while (fgets(line, sizeof(line), f)) {
		uintptr_t a, b;
		unsigned long long off;
		if (strstr(line, "shmpi-segment") &&
		    sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %*s %llx", &a, &b, &off) == 3 && off == 0 && a < lo)
			lo = a;
	}
	fclose(f);
	TEST_CHECK(lo != UINTPTR_MAX);
	return (char *)lo;
}

/* The same address in a second, writable mapping of the segment (the
 * descriptor the launcher passed). */
static void *alias(void *p)
{
	static char *again, *base;
	if (!again) {
		const char *fd_s = getenv("SHMPI_SEG_FD");
		struct stat st;
		base = library_mapping(); /* before ours, which is one too */
		TEST_CHECK(fd_s != NULL && fstat(atoi(fd_s), &st) == 0);
		again = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, atoi(fd_s), 0);
		TEST_CHECK(again != MAP_FAILED);
	}
	return again + ((char *)p - base);
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
	int bcast = !strncmp(mode, "bcast", 5) || !strcmp(mode, "sbcast-data");
	int data = strstr(mode, "-data") != NULL;
	int slot = !strcmp(mode, "slot-data") || !strcmp(mode, "sbcast-data");
	int stamped = !strcmp(mode, "stamped-data");
	int count = slot ? 128 : stamped ? 32 : COUNT;
	/* Warm-up: sets up the area, and each kind's first use. */
	for (int i = 0; i < count; i++)
		buf[i] = 1;
	MPI_Bcast(buf, count, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	MPI_Allreduce(MPI_IN_PLACE, buf, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	struct mpii_coll_state *cs = MPI_COMM_WORLD->coll;
	if (!cs || (!cs->big && !slot && !stamped)) {
		printf("%d: ok (no large-message area)\n", rank);
		MPI_Finalize();
		return 77;
	}
	/* The next operation's first flag sequence number. */
	uint64_t s = cs->seq + 1;
	for (int i = 0; i < count; i++)
		buf[i] = rank == 0 ? 7 : bcast ? 0 : rank + 1;
	if (rank == 2 && *mode) {
		if (data) {
			/* Wait until rank 0 has written and announced. */
			while (shm_load_acquire(flag_of(cs, 0)) < s)
				pause_ms(1);
			if (slot)
				memset(alias(cs->parts + MPII_SHM_SLOTS_OFF + (s & 1) * cs->slot), 0x5a,
				       (size_t)count * sizeof(double));
			else if (stamped)
				memset(alias(cs->parts + MPII_SHM_STAMPED_OFF +
					     (s & 1) * MPII_STAMPED_LINES * SHM_CACHELINE + 8), 0x5a, 56);
			else
				memset(cs->big, 0x5a, 4096);
		} else {
			_Atomic uint64_t *f = flag_of(cs, 0);
			if (strcmp(mode, "wild-flag") != 0)
				f = (_Atomic uint64_t *)alias(f);
			shm_store_seq_cst(f, s + 100);
			if (strcmp(mode, "wild-flag") == 0) {
				printf("%d: FAIL: the write into rank 0's flag went through\n", rank);
				fflush(stdout);
			}
		}
	}
	if (rank == 0 && *mode && !data)
		pause_ms(500); /* the readers go first, through the forged flag */
	double want;
	if (bcast) {
		MPI_Bcast(buf, count, MPI_DOUBLE, 0, MPI_COMM_WORLD);
		want = 7;
	} else {
		MPI_Allreduce(MPI_IN_PLACE, buf, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		want = 7 + 2 + 3;
	}
	int bad = 0;
	for (int i = 0; i < count; i++)
		bad |= buf[i] != want;
	printf("%d: %s\n", rank, bad ? "wrong result" : "ok");
	fflush(stdout);
	MPI_Finalize();
	return bad;
}
