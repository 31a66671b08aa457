/*
 * Description: windows of rendezvous messages from one sender, whose single
 * copies are read several at a time (lib/p2p/p2p_cma_batch.c): more
 * messages than one batch holds, sizes on both sides of the batch limits,
 * eager messages between them, a truncated one in the middle, both
 * directions at once and receives posted late (unexpected RTS); every
 * byte, count and error checked.
 * np: 2 3
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_EAGER_MAX=4096
 */
#include <string.h>
#include "mpitest.h"

#define WINDOW 40
#define SHORT_BY 1000 /* the truncated message's buffer is this much short */

static const int sizes[] = { 70000, 65536, 100, 131072, 131073, 300000, 5000, 1048576, 1048577, 40000 };
#define NSIZES ((int)(sizeof(sizes) / sizeof(sizes[0])))
#define MAXLEN 1048577

static int len_of(int i)
{
	return sizes[i % NSIZES];
}

static unsigned char byte_of(int from, int msg, int round, long i)
{
	return (unsigned char)(i * 7 + msg * 13 + round * 5 + from * 101);
}

/* Rank `from` sends WINDOW messages to `to` while `to` receives them;
 * message `cut` lands in a buffer SHORT_BY bytes short (cut < 0: none).
 * late: the receives are posted after the sends arrived. */
static void window(int rank, int from, int to, int round, int cut, int late, int both)
{
	static unsigned char *sb[WINDOW], *rb[WINDOW];
	MPI_Request r[2 * WINDOW];
	int nr = 0;
	int sending = rank == from || (both && rank == to);
	int receiving = rank == to || (both && rank == from);
	int peer = rank == from ? to : from;
	for (int m = 0; m < WINDOW; m++) {
		size_t len = (size_t)len_of(m);
		if (!sb[m]) {
			sb[m] = malloc(MAXLEN + 16);
			rb[m] = malloc(MAXLEN + 16);
			TEST_CHECK(sb[m] && rb[m]);
		}
		for (size_t i = 0; i < len; i++)
			sb[m][i] = byte_of(rank, m, round, (long)i);
		memset(rb[m], 0xee, len + 16);
	}
	if (receiving && !late)
		for (int m = 0; m < WINDOW; m++) {
			int room = m == cut ? len_of(m) - SHORT_BY : len_of(m);
			TEST_MPI(MPI_Irecv(rb[m], room, MPI_BYTE, peer, m, MPI_COMM_WORLD, &r[nr++]));
		}
	if (sending)
		for (int m = 0; m < WINDOW; m++)
			TEST_MPI(MPI_Isend(sb[m], len_of(m), MPI_BYTE, peer, m, MPI_COMM_WORLD, &r[nr++]));
	if (receiving && late) {
		/* Let the RTS arrive first: the receives then meet them as
		 * unexpected messages. */
		double t = MPI_Wtime();
		while (MPI_Wtime() - t < 0.02)
			;
		for (int m = 0; m < WINDOW; m++) {
			int room = m == cut ? len_of(m) - SHORT_BY : len_of(m);
			TEST_MPI(MPI_Irecv(rb[m], room, MPI_BYTE, peer, m, MPI_COMM_WORLD, &r[nr++]));
		}
	}
	MPI_Status st[2 * WINDOW];
	int rc = MPI_Waitall(nr, r, st);
	TEST_CHECK(rc == (receiving && cut >= 0 ? MPI_ERR_IN_STATUS : MPI_SUCCESS));
	if (!receiving)
		return;
	/* The receives are the first WINDOW requests, or the last when late. */
	int first = late && sending ? WINDOW : 0;
	for (int m = 0; m < WINDOW; m++) {
		MPI_Status *s = &st[first + m];
		int len = len_of(m), want = m == cut ? len - SHORT_BY : len, count;
		if (cut >= 0)
			TEST_CHECK(s->MPI_ERROR == (m == cut ? MPI_ERR_TRUNCATE : MPI_SUCCESS));
		TEST_CHECK(s->MPI_SOURCE == peer && s->MPI_TAG == m);
		MPI_Get_count(s, MPI_BYTE, &count);
		TEST_CHECK(count == want);
		for (int i = 0; i < want; i++)
			if (rb[m][i] != byte_of(peer, m, round, i)) {
				fprintf(stderr, "message %d (%d bytes) from %d, round %d: byte %d is %d, not %d\n",
					m, len, peer, round, i, rb[m][i], byte_of(peer, m, round, i));
				TEST_CHECK(!"batched message corrupted");
			}
		for (int i = want; i < want + 16; i++)
			TEST_CHECK(rb[m][i] == 0xee); /* nothing written past the buffer */
	}
}

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	int last = size - 1;
	int round = 0;
	for (int rep = 0; rep < 3; rep++) {
		window(rank, 0, last, round++, -1, 0, 0);
		window(rank, last, 0, round++, -1, 0, 0);
		window(rank, 0, last, round++, -1, 0, 1);      /* both ways */
		window(rank, 0, last, round++, -1, 1, 0);      /* unexpected */
		MPI_Barrier(MPI_COMM_WORLD);
	}
	window(rank, 0, last, round++, 17, 0, 0);              /* one truncated */
	MPI_Barrier(MPI_COMM_WORLD);
	window(rank, last, 0, round++, 3, 0, 1);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
