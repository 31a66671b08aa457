/*
 * Description: the job's segment is not handed on and not trusted blindly.
 * The descriptor is owner-only (mode 0600) and close-on-exec in every
 * rank, so a program a rank starts cannot reach the job's memory; with
 * the argument "hostile-parent" or "hostile-init" the last rank rewrites
 * its pid in the segment (to the launcher's, or to init's) before a large
 * send to rank 0, and rank 0 must refuse the single copy and end the job
 * with a message naming that rank (run with 3 ranks: ranks 0 and 1
 * verify each other's pids in MPI_Init, lib/p2p/p2p_calibrate.c, and
 * keep them, so a later rewrite by rank 1 changes nothing); with "scribble-cells" rank 1 overwrites the sequence words
 * of the ring it sends to rank 0 on, with "scribble-cons" the consumer
 * position of the ring rank 0 sends to it on, and rank 0 must end the job
 * naming rank 1 instead of waiting forever; with "forge-fin" rank 1 writes
 * a well-formed FIN into that ring naming a send request rank 0 never
 * gave it, and rank 0 must end the job naming rank 1 instead of
 * dereferencing the address (checked by tests/launcher/seg-trust.sh).
 * np: 2
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "mpitest.h"
#include "lib/p2p/p2p_proto.h"
#include "shm/ring.h"
#include "shm/segment.h"

#define BIG (4 << 20)

/* The job's segment, mapped once more in this process. */
static const struct shm_seg_header *map_segment(int fd)
{
	struct stat st;
	TEST_CHECK(fstat(fd, &st) == 0);
	void *base = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TEST_CHECK(base != MAP_FAILED);
	return base;
}

/* Rank r's control block, found through the header like the library does. */
static struct shm_member *member_of(int fd, int r)
{
	const struct shm_seg_header *h = map_segment(fd);
	return (struct shm_member *)((char *)h + h->cons_off + (size_t)r * h->cons_stride);
}

/* The cells of the ring that carries messages from src to dst, as
 * shm/segment.h lays them out (by producer). */
static char *ring_of(int fd, int dst, int src, uint32_t *ncells, uint32_t *cell_size)
{
	const struct shm_seg_header *h = map_segment(fd);
	*ncells = h->ring_cells;
	*cell_size = h->cell_size;
	return (char *)h + h->ring_off + ((size_t)src * h->nmembers + dst) * h->ring_stride;
}

/* The consumer line of that ring (by consumer). */
static char *cons_of(int fd, int dst, int src)
{
	const struct shm_seg_header *h = map_segment(fd);
	return (char *)h + h->cons_off + (size_t)dst * h->cons_stride + sizeof(struct shm_member) +
	       (size_t)src * SHM_CACHELINE;
}

static void scribble(int fd, const char *mode)
{
	uint32_t ncells, cell_size;
	if (strcmp(mode, "scribble-cells") == 0) {
		char *ring = ring_of(fd, 0, 1, &ncells, &cell_size);
		for (uint32_t i = 0; i < ncells; i++)
			*(volatile uint32_t *)(ring + (size_t)i * cell_size) = 0xdeadbeef;
	} else if (strcmp(mode, "scribble-cons") == 0) {
		*(volatile uint32_t *)cons_of(fd, 1, 0) = 0x7fffffff;
	} else if (strcmp(mode, "forge-fin") == 0) {
		/* The next cell of the first lap: the first whose seq is not 1
		 * (few messages went this way yet). */
		char *ring = ring_of(fd, 0, 1, &ncells, &cell_size);
		uint32_t k = 0;
		while (k < ncells &&
		       shm_load_acquire(&((struct shm_cell *)(ring + (size_t)k * cell_size))->seq) == 1)
			k++;
		TEST_CHECK(k < ncells);
		struct shm_cell *c = (struct shm_cell *)(ring + (size_t)k * cell_size);
		struct mpii_msg_hdr h = { .type = MPII_MSG_FIN, .sreq = 0x1000 };
		memcpy(c->payload, &h, sizeof(h));
		shm_store_release(&c->seq, 1);
	}
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *fd_s = getenv("SHMPI_SEG_FD");
	TEST_CHECK(fd_s != NULL);
	int fd = atoi(fd_s);
	int flags = fcntl(fd, F_GETFD);
	TEST_CHECK(flags >= 0 && (flags & FD_CLOEXEC));
	struct stat st;
	TEST_CHECK(fstat(fd, &st) == 0);
	TEST_CHECK((st.st_mode & 0777) == 0600);
	/* A child program does not see the descriptor. */
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "exec test ! -e /proc/self/fd/%d", fd);
	TEST_CHECK(system(cmd) == 0);

	const char *mode = argc > 1 ? argv[1] : "";
	char *buf = calloc(BIG, 1);
	TEST_CHECK(buf != NULL);
	int hostile = strncmp(mode, "hostile", 7) == 0;
	int sender = hostile ? size - 1 : 1;
	if (hostile && rank == sender) {
		struct shm_member *me = member_of(fd, sender);
		me->pid = strcmp(mode, "hostile-init") == 0 ? 1 : (int32_t)getppid();
	}
	if (strncmp(mode, "scribble", 8) == 0 || strcmp(mode, "forge-fin") == 0) {
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 1) {
			scribble(fd, mode);
			sleep(10); /* rank 0 must end the job long before */
		} else if (strcmp(mode, "scribble-cells") == 0 || strcmp(mode, "forge-fin") == 0) {
			MPI_Recv(buf, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else {
			for (int i = 0; i < 100000; i++)
				MPI_Send(buf, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
		}
		TEST_CHECK(!"the job survived a scribbled ring");
	}
	MPI_Barrier(MPI_COMM_WORLD);
	/* A large message: the receiver copies it from the sender's memory. */
	if (rank == sender)
		MPI_Send(buf, BIG, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
	else if (rank == 0)
		MPI_Recv(buf, BIG, MPI_CHAR, sender, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	free(buf);
	MPI_Finalize();
	return 0;
}
