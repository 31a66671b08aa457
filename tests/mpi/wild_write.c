/*
 * Description: a rank's wild write into another rank's part of the shared
 * segment faults in the writer and ends the job with a line naming both
 * ranks (issue 40, single-writer shared memory): each rank maps the
 * others' rings read-only.  Rank 1 finds the library's own mapping of the
 * segment (/proc/self/maps, as a stray pointer would reach it) and, by
 * the mode in argv[1]:
 *   ring   writes into the cells of the ring rank 2 sends to rank 0 on;
 *   cons   writes rank 0's consumer index of the ring from rank 2;
 *   member writes rank 0's control block (its heartbeat), which the
 *          launcher's stall verdict reads (segment version 10);
 *   own    writes a byte of its own unused ring to rank 2 the way a
 *          producer would (allowed: the job exits 0).
 * Before segment version 8 the first two writes went through silently
 * (a forged cell became a message rank 0 received with MPI_SUCCESS, a
 * forged index let rank 2 overwrite unread cells); before version 10
 * the third did.
 * tests/launcher/wild-write.sh runs each mode and checks the outcome; run
 * alone, without a mode, the program only finds the segment.
 * np: 3
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mpitest.h"
#include "shm/segment.h"

/* The start of this process's mapping of the job's segment (the memfd
 * the launcher names "shmpi-segment"), the lowest one. */
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

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	TEST_CHECK(size == 3);
	const char *mode = argc > 1 ? argv[1] : "";
	char *seg = library_mapping();
	const struct shm_seg_header *h = (const struct shm_seg_header *)seg;
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 1 && mode[0]) {
		volatile char *p;
		if (strcmp(mode, "ring") == 0)
			p = seg + h->ring_off + ((size_t)2 * h->nmembers + 0) * h->ring_stride + 100;
		else if (strcmp(mode, "cons") == 0)
			p = seg + h->cons_off + (size_t)0 * h->cons_stride + sizeof(struct shm_member) +
			    (size_t)2 * SHM_CACHELINE;
		else if (strcmp(mode, "member") == 0)
			p = seg + h->cons_off + (size_t)0 * h->cons_stride + offsetof(struct shm_member, heartbeat);
		else if (strcmp(mode, "own") == 0)
			p = seg + h->ring_off + ((size_t)1 * h->nmembers + 2) * h->ring_stride + h->ring_stride - 1;
		else
			TEST_CHECK(!"unknown mode");
		*p = 0x5a;
		if (strcmp(mode, "own") != 0) {
			fprintf(stderr, "FAIL: rank 1's write into another rank's part of the segment went through\n");
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
	}
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
