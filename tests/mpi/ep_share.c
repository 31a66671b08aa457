/*
 * tests/mpi/ep_share.c - Description: joined endpoint threads that wait in
 * MPI share the copying of large messages (seed 004): rank 1's main thread
 * receives multi-MiB messages while a second joined thread waits in
 * MPI_Endpoint_leave, so the single copies are cut into chunks that both
 * threads take.  Every byte and every status is checked, on each way a
 * shared copy can end: a blocking receive, a message cut short
 * (MPI_ERR_TRUNCATE), an odd tail chunk, more large receives in one
 * MPI_Waitall than there are job slots, receives completed by an
 * MPI_Test loop (the testing thread copies what is left with the lock
 * held), a message to itself, and - with the default split threshold -
 * the sender writing its half meanwhile (its WDONE may come before or
 * after the chunks are done).
 * np: 2
 * mpirun: --bind-to none
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_CMA_SPLIT_MIN=1073741824
 */
#include <stdlib.h>
#include <string.h>
#include "thr_common.h"

#define MiB (1 << 20)
#define NBUF 6               /* receives in one MPI_Waitall (> job slots) */
#define TAG_READY 1
#define TAG_DATA 2

static int rank;
static unsigned char *bufs[NBUF];
static pthread_barrier_t joined;

/* Byte i of message id: different in every message and every position. */
static unsigned char pattern(int id, size_t i)
{
	return (unsigned char)(i * 7 + i / 4093 + (size_t)id * 13);
}

static void fill(unsigned char *b, int id, size_t n)
{
	for (size_t i = 0; i < n; i++)
		b[i] = pattern(id, i);
}

static void check(const unsigned char *b, int id, size_t n, size_t room)
{
	for (size_t i = 0; i < n; i++)
		if (b[i] != pattern(id, i)) {
			fprintf(stderr, "message %d: byte %zu is %u, not %u\n", id, i, b[i],
				pattern(id, i));
			TEST_CHECK(!"every byte of a shared copy lands");
		}
	/* Nothing beyond what the buffer was told to hold. */
	for (size_t i = n; i < room; i++)
		TEST_CHECK(b[i] == 0xee);
}

/* The messages: sizes straddle chunk boundaries and the sharing limit. */
static const size_t sizes[] = { 2 * MiB, 3 * MiB + 123, 8 * MiB, 5 * MiB + 4096, 2 * MiB - 1 };
#define NSIZES (int)(sizeof(sizes) / sizeof(sizes[0]))

/* The helper of rank 1: joins, meets the main thread, waits in leave. */
static void *helper(void *arg)
{
	(void)arg;
	TEST_MPI(MPI_Endpoint_join());
	pthread_barrier_wait(&joined);
	TEST_MPI(MPI_Endpoint_leave());
	return NULL;
}

static void start_phase(pthread_t *th)
{
	TEST_CHECK(pthread_create(th, NULL, helper, NULL) == 0);
	TEST_MPI(MPI_Endpoint_join());
	pthread_barrier_wait(&joined);
	usleep(20000);   /* the helper reaches MPI_Endpoint_leave */
	char b = 0;
	TEST_MPI(MPI_Send(&b, 1, MPI_CHAR, 0, TAG_READY, MPI_COMM_WORLD));
}

static void end_phase(pthread_t th)
{
	TEST_MPI(MPI_Endpoint_leave());
	TEST_CHECK(pthread_join(th, NULL) == 0);
}

/* Rank 0: waits for rank 1's helper, then sends ids first..first+n-1,
 * one at a time, or all at once (their headers arrive together, and rank
 * 1 starts as many copies as it has receives posted). */
static void send_msgs(int first, int n, int at_once)
{
	char b;
	MPI_Request r[NBUF];
	for (int i = 0; at_once && i < n; i++)
		fill(bufs[i], first + i, sizes[(first + i) % NSIZES]);
	TEST_MPI(MPI_Recv(&b, 1, MPI_CHAR, 1, TAG_READY, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
	for (int i = 0; i < n; i++) {
		int id = first + i;
		size_t len = sizes[id % NSIZES];
		unsigned char *sb = bufs[at_once ? i : 0];
		if (!at_once)
			fill(sb, id, len);
		if (at_once)
			TEST_MPI(MPI_Isend(sb, (int)len, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, &r[i]));
		else
			TEST_MPI(MPI_Send(sb, (int)len, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD));
	}
	if (at_once)
		TEST_MPI(MPI_Waitall(n, r, MPI_STATUSES_IGNORE));
}

static void expect(int id, const unsigned char *b, const MPI_Status *st, size_t room)
{
	size_t len = sizes[id % NSIZES], got = len < room ? len : room;
	int count = -1;
	MPI_Get_count(st, MPI_BYTE, &count);
	TEST_CHECK(st->MPI_SOURCE == 0 && st->MPI_TAG == TAG_DATA && (size_t)count == got);
	TEST_CHECK(st->MPI_ERROR == (len > room ? MPI_ERR_TRUNCATE : MPI_SUCCESS));
	check(b, id, got, room);
}

/* Blocking receives, one of them cut short by a buffer of 4 MiB. */
static void blocking(void)
{
	pthread_t th;
	start_phase(&th);
	for (int id = 0; id < NSIZES; id++) {
		size_t room = id == 3 ? 4 * MiB : 8 * MiB;
		MPI_Status st;
		memset(bufs[0], 0xee, 8 * MiB);
		int rc = MPI_Recv(bufs[0], (int)room, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, &st);
		TEST_CHECK(rc == (id == 3 ? MPI_ERR_TRUNCATE : MPI_SUCCESS));
		st.MPI_ERROR = rc;
		expect(id, bufs[0], &st, room);
	}
	end_phase(th);
}

/* NBUF receives in flight together, their messages sent at once: the job
 * slots run out and the last ones are copied unshared. */
static void waitall(void)
{
	pthread_t th;
	MPI_Request r[NBUF];
	MPI_Status st[NBUF];
	for (int i = 0; i < NBUF; i++) {
		memset(bufs[i], 0xee, 8 * MiB);
		TEST_MPI(MPI_Irecv(bufs[i], 8 * MiB, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, &r[i]));
	}
	/* A successful MPI_Waitall leaves MPI_ERROR as it was (MPI-3.1
	 * 3.2.5): say what expect() looks for. */
	for (int i = 0; i < NBUF; i++)
		st[i].MPI_ERROR = MPI_SUCCESS;
	start_phase(&th);
	TEST_MPI(MPI_Waitall(NBUF, r, st));
	for (int i = 0; i < NBUF; i++)
		expect(100 + i, bufs[i], &st[i], 8 * MiB);
	end_phase(th);
}

/* Receives that the main thread completes by testing: it copies what the
 * helper has not taken, with the library lock held. */
static void testing(void)
{
	pthread_t th;
	start_phase(&th);
	for (int id = 200; id < 200 + NSIZES; id++) {
		MPI_Request r;
		MPI_Status st;
		int flag = 0;
		memset(bufs[0], 0xee, 8 * MiB);
		TEST_MPI(MPI_Irecv(bufs[0], 8 * MiB, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, &r));
		while (!flag)
			TEST_MPI(MPI_Test(&r, &flag, &st));
		/* MPI_Test leaves MPI_ERROR as it was (MPI-3.1 3.2.5): say what
		 * the call returned, as blocking() does. */
		st.MPI_ERROR = MPI_SUCCESS;
		expect(id, bufs[0], &st, 8 * MiB);
	}
	end_phase(th);
}

/* A message to itself: the process reads its own memory in chunks. */
static void to_self(void)
{
	pthread_t th;
	start_phase(&th);
	MPI_Request s;
	MPI_Status st;
	fill(bufs[1], 300, 6 * MiB);
	memset(bufs[0], 0xee, 8 * MiB);
	TEST_MPI(MPI_Isend(bufs[1], 6 * MiB, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, &s));
	TEST_MPI(MPI_Recv(bufs[0], 8 * MiB, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, &st));
	TEST_MPI(MPI_Wait(&s, MPI_STATUS_IGNORE));
	check(bufs[0], 300, 6 * MiB, 8 * MiB);
	end_phase(th);
}

int main(int argc, char **argv)
{
	thr_init_multiple(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
	for (int i = 0; i < NBUF; i++)
		TEST_CHECK((bufs[i] = malloc(8 * MiB)) != NULL);
	pthread_barrier_init(&joined, NULL, 2);
	if (rank == 0) {
		send_msgs(0, NSIZES, 0);
		send_msgs(100, NBUF, 1);
		send_msgs(200, NSIZES, 0);
		send_msgs(0, 0, 0);   /* to_self: only the go */
	} else if (rank == 1) {
		blocking();
		waitall();
		testing();
		to_self();
	}
	thr_barrier();
	MPI_Finalize();
	return 0;
}
