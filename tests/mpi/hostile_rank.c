/*
 * Description: a rank that writes forged words into the shared segment, as
 * a buggy or hostile rank can (issue 40), cannot crash, hang or fool
 * another.  Rank 1 maps the job's segment once more (SHMPI_SEG_FD) and,
 * by the mode in argv[1]:
 *   summary-bit   sets rank 0's message summary bit of the last member
 *                 its scanned summary words can name, beyond the job's
 *                 member slots: rank 0 must ignore it with one line on
 *                 stderr and go on (the job exits 0);
 *   forge-src=N   writes a well-formed eager header claiming source N
 *                 (7, -5, or 0: rank 0 itself) on MPI_COMM_WORLD into the
 *                 ring it sends to rank 0 on, while rank 0 waits in
 *                 MPI_Recv(MPI_ANY_SOURCE): the job must end with a message
 *                 naming the ring with rank 1 (it used to complete the
 *                 receive with MPI_SUCCESS and MPI_SOURCE N);
 *   mutex-state2  sets an MPI_Mutex's word to "locked, waiters" with no
 *   mutex-owner999  owner, or names rank 999 as its owner, or a state
 *   mutex-state7  that is none, before rank 0 calls MPI_Mutex_lock: the
 *                 job must end with a message naming the mutex (it used
 *                 to hang forever);
 *   winlock-w     sets the writer bit of rank 0's lock word of a window
 *   winlock-ff    (no writer recorded), or every bit, before rank 0 calls
 *                 MPI_Win_lock(MPI_LOCK_EXCLUSIVE) on itself: the job must
 *                 end naming the window (it used to hang forever);
 *   cycle-mutex   (not hostile) two mutexes taken in opposite order, and
 *   wait-winlock  MPI_Win_lock waiting on a holder blocked in MPI_Recv:
 *                 under --deadlock-timeout the job must be declared
 *                 deadlocked and each rank's line must name the object
 *                 and its holder (they used to be missed: "not waiting in
 *                 MPI").
 * tests/launcher/hostile-rank.sh runs each mode and checks the outcome;
 * run alone, without a mode, the program only checks that the segment can
 * be reached.
 * np: 2
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "mpitest.h"
#include "lib/ext/sync.h"
#include "lib/p2p/p2p_proto.h"
#include "lib/rma/rma_impl.h"
#include "shm/atomic.h"
#include "shm/ring.h"
#include "shm/segment.h"

static char *seg;
static const struct shm_seg_header *hdr;

static void map_segment(void)
{
	const char *fd_s = getenv("SHMPI_SEG_FD");
	TEST_CHECK(fd_s != NULL);
	int fd = atoi(fd_s);
	struct stat st;
	TEST_CHECK(fstat(fd, &st) == 0);
	seg = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TEST_CHECK(seg != MAP_FAILED);
	hdr = (const struct shm_seg_header *)seg;
}

/* Set dst's summary bit of src, as a sender's notify does (dst finds it
 * at its next poll, or after its sleep's safety net, SHMPI_SLEEP_US). */
static void notify(int dst, int src)
{
	_Atomic uint64_t *sum = (_Atomic uint64_t *)(seg + hdr->summary_off) + (size_t)dst * hdr->summary_words;
	shm_fetch_or_seq_cst(&sum[src / 64], 1ull << (src % 64));
}

/* An eager message of 4 bytes claiming source `src`, tag 5, on
 * MPI_COMM_WORLD (context 0), in the next free cell of the ring rank 1
 * sends to rank 0 on (first lap: few messages went that way yet). */
static void forge_eager(int src)
{
	/* Cells by producer (shm/segment.h): rank 1's block, its ring to 0. */
	char *ring = seg + hdr->ring_off + ((size_t)1 * hdr->nmembers + 0) * hdr->ring_stride;
	uint32_t k = 0;
	while (k < hdr->ring_cells &&
	       shm_load_acquire(&((struct shm_cell *)(ring + (size_t)k * hdr->cell_size))->seq) == 1)
		k++;
	TEST_CHECK(k < hdr->ring_cells);
	struct shm_cell *c = (struct shm_cell *)(ring + (size_t)k * hdr->cell_size);
	struct mpii_msg_hdr h = { .type = MPII_MSG_EAGER, .ctx = 0, .src = src, .tag = 5, .len = 4 };
	memcpy(c->payload, &h, MPII_HDR_SHORT);
	memcpy(c->payload + MPII_HDR_SHORT, "evil", 4);
	shm_store_release(&c->seq, 1);
	notify(0, 1);
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	TEST_CHECK(size == 2);
	map_segment();
	const char *mode = argc > 1 ? argv[1] : "";
	char buf[16] = "";
	MPI_Status st;

	if (strcmp(mode, "summary-bit") == 0) {
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 1) {
			/* the last bit of the summary words rank 0 scans: past
			 * the member slots (2 ranks + the spare ones for spawn)
			 * unless they fill the word */
			int stray = (int)((hdr->nmembers + 63) / 64 * 64 - 1);
			TEST_CHECK(stray >= (int)hdr->nmembers);
			notify(0, stray);
			usleep(200000);
			MPI_Send("ok", 3, MPI_CHAR, 0, 5, MPI_COMM_WORLD);
		} else {
			MPI_Recv(buf, sizeof(buf), MPI_CHAR, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &st);
			TEST_CHECK(st.MPI_SOURCE == 1 && strcmp(buf, "ok") == 0);
		}
	} else if (strncmp(mode, "forge-src=", 10) == 0) {
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 1) {
			usleep(100000); /* rank 0 is waiting */
			forge_eager(atoi(mode + 10));
			sleep(10); /* rank 0 must end the job long before */
		} else {
			int rc = MPI_Recv(buf, sizeof(buf), MPI_CHAR, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &st);
			fprintf(stderr, "FAIL: MPI_Recv of a forged header returned %d with MPI_SOURCE %d\n", rc,
				st.MPI_SOURCE);
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
	} else if (strncmp(mode, "mutex-", 6) == 0) {
		MPI_Mutex mx;
		TEST_CHECK(MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &mx) == MPI_SUCCESS);
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 1) {
			/* The library's own mapping of the word (the arena). */
			struct shm_mutex *m = mx->s.obj;
			if (strcmp(mode, "mutex-state2") == 0) {
				shm_store_relaxed(&m->owner, 0);
				shm_store_release(&m->state, 2);
			} else if (strcmp(mode, "mutex-owner999") == 0) {
				shm_store_relaxed(&m->owner, (1000ull << 32) | 1);
				shm_store_release(&m->state, 1);
			} else {
				shm_store_release(&m->state, 7);
			}
		}
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 1) {
			sleep(15); /* rank 0 must end the job long before */
		} else {
			MPI_Mutex_lock(mx);
			fprintf(stderr, "FAIL: MPI_Mutex_lock of a forged mutex returned\n");
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
	} else if (strncmp(mode, "winlock-", 8) == 0) {
		MPI_Win win;
		int *base;
		TEST_CHECK(MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win) == MPI_SUCCESS);
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 1)
			shm_store_release(&win->st->tgt[0].lock.word,
					  strcmp(mode, "winlock-w") == 0 ? SHM_RWLOCK_WRITER : 0xffffffffu);
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 1) {
			sleep(15);
		} else {
			MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
			fprintf(stderr, "FAIL: MPI_Win_lock on a scribbled lock word returned\n");
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
	} else if (strcmp(mode, "cycle-mutex") == 0) {
		/* Not hostile: two mutexes taken in opposite order, for the
		 * stall report (run with --deadlock-timeout). */
		MPI_Mutex a, b;
		MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &a);
		MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &b);
		MPI_Mutex_lock(rank == 0 ? a : b);
		MPI_Barrier(MPI_COMM_WORLD);
		MPI_Mutex_lock(rank == 0 ? b : a);
		TEST_CHECK(!"a mutex cycle completed");
	} else if (strcmp(mode, "wait-winlock") == 0) {
		/* Rank 1 holds rank 0's window lock while it waits in MPI_Recv
		 * for rank 0, which waits in MPI_Win_lock for it. */
		MPI_Win win;
		int *base;
		MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
		if (rank == 1)
			MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 1)
			MPI_Recv(buf, 1, MPI_CHAR, 0, 9, MPI_COMM_WORLD, &st);
		else
			MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
		TEST_CHECK(!"a lock wait completed");
	} else if (mode[0]) {
		TEST_CHECK(!"unknown mode");
	}
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
