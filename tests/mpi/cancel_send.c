/*
 * Description: MPI_Cancel of a send whose message has reached the receiver
 * but is not matched there (it waits in the unexpected queue) takes it
 * back: MPI_Test_cancelled is true and the receiver never gets it, for
 * every send kind (Isend, Issend, Irsend, Ibsend, persistent Send_init,
 * Ssend_init and Bsend_init after MPI_Start), for a one-cell, a several-cell
 * eager and a rendezvous (single-copy) size, to another rank and to
 * itself; a send whose message was already matched is not cancelled and
 * is received once.  An Ibsend's cancelled copy gives its room back to the
 * attached buffer (a second Ibsend of the same size fits).  Before the
 * CANCEL protocol (issue 38) every case but the last failed: the sends in
 * the ring could not be taken back.
 * np: 1 2
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

enum kind { ISEND, ISSEND, IRSEND, IBSEND, SEND_INIT, SSEND_INIT, BSEND_INIT, NKINDS };
static const char *kind_name[] = { "Isend", "Issend", "Irsend", "Ibsend", "Send_init",
				   "Ssend_init", "Bsend_init" };
static const int sizes[] = { 4, 3000, 1 << 20 };
#define NSIZES 3

static char *bsend_buf;
static int bsend_size;

/* Start a send of n bytes of buf of this kind; persistent ones are
 * started with MPI_Start (*preq keeps the persistent request). */
static void start_send(enum kind k, char *buf, int n, int dest, int tag, MPI_Request *r)
{
	MPI_Comm c = MPI_COMM_WORLD;
	switch (k) {
	case ISEND: TEST_MPI(MPI_Isend(buf, n, MPI_CHAR, dest, tag, c, r)); break;
	case ISSEND: TEST_MPI(MPI_Issend(buf, n, MPI_CHAR, dest, tag, c, r)); break;
	/* Erroneous without a posted receive in the standard's terms, but
	 * a ready send is a standard send here, and MPICH's scancel does it. */
	case IRSEND: TEST_MPI(MPI_Irsend(buf, n, MPI_CHAR, dest, tag, c, r)); break;
	case IBSEND: TEST_MPI(MPI_Ibsend(buf, n, MPI_CHAR, dest, tag, c, r)); break;
	case SEND_INIT: TEST_MPI(MPI_Send_init(buf, n, MPI_CHAR, dest, tag, c, r)); break;
	case SSEND_INIT: TEST_MPI(MPI_Ssend_init(buf, n, MPI_CHAR, dest, tag, c, r)); break;
	case BSEND_INIT: TEST_MPI(MPI_Bsend_init(buf, n, MPI_CHAR, dest, tag, c, r)); break;
	default: TEST_CHECK(0);
	}
	if (k >= SEND_INIT)
		TEST_MPI(MPI_Start(r));
}

static void finish(enum kind k, MPI_Request *r)
{
	if (k >= SEND_INIT)
		TEST_MPI(MPI_Request_free(r));
}

/* The sender's part of one case: the message is sent, reaches the
 * receiver's unexpected queue (the receiver says so after MPI_Probe), is
 * cancelled; the receiver is then told whether to expect it. */
static void one_case(int rank, int size, enum kind k, int n, int tag, char *buf, char *rbuf)
{
	int dest = size - 1, src = 0;
	MPI_Request r;
	MPI_Status st;
	int flag, probed = 0;
	if (rank == src) {
		memset(buf, (char)tag, (size_t)n);
		start_send(k, buf, n, dest, tag, &r);
		if (dest != rank) /* wait until it is unexpected there */
			TEST_MPI(MPI_Recv(&probed, 1, MPI_INT, dest, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		else
			TEST_MPI(MPI_Probe(src, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		TEST_MPI(MPI_Cancel(&r));
		TEST_MPI(MPI_Wait(&r, &st));
		TEST_MPI(MPI_Test_cancelled(&st, &flag));
		if (!flag)
			fprintf(stderr, "%s of %d bytes to %d: not cancelled\n", kind_name[k], n, dest);
		TEST_CHECK(flag);
		finish(k, &r);
		if (k == IBSEND || k == BSEND_INIT) {
			/* The copy's room is back: the same again fits, and it is
			 * received normally. */
			TEST_MPI(MPI_Ibsend(buf, n, MPI_CHAR, dest, tag + 1, MPI_COMM_WORLD, &r));
			TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		}
	}
	if (rank == dest) {
		if (dest != src) {
			TEST_MPI(MPI_Probe(src, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			TEST_MPI(MPI_Send(&probed, 1, MPI_INT, src, 1, MPI_COMM_WORLD));
		}
		if (k == IBSEND || k == BSEND_INIT) {
			TEST_MPI(MPI_Recv(rbuf, n, MPI_CHAR, src, tag + 1, MPI_COMM_WORLD, &st));
			TEST_CHECK(rbuf[n - 1] == (char)tag);
		}
	}
	/* Nothing of the cancelled message is left to receive. */
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == dest) {
		TEST_MPI(MPI_Iprobe(src, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
		TEST_CHECK(!flag);
	}
	MPI_Barrier(MPI_COMM_WORLD);
}

/* A matched send: the receive is complete before MPI_Cancel; the send
 * is not cancelled (an Issend, a large Isend: both still waiting for the
 * receiver's answer when the receive was posted, or done). */
static void matched_case(int rank, int size, enum kind k, int n, int tag, char *buf, char *rbuf)
{
	int dest = size - 1, src = 0, flag;
	MPI_Request r, rr;
	MPI_Status st;
	if (rank == dest)
		TEST_MPI(MPI_Irecv(rbuf, n, MPI_CHAR, src, tag, MPI_COMM_WORLD, &rr));
	if (rank == src) {
		memset(buf, (char)tag, (size_t)n);
		if (dest != src)
			TEST_MPI(MPI_Recv(&flag, 1, MPI_INT, dest, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		start_send(k, buf, n, dest, tag, &r);
		if (dest != src)
			TEST_MPI(MPI_Recv(&flag, 1, MPI_INT, dest, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		else
			TEST_MPI(MPI_Wait(&rr, MPI_STATUS_IGNORE));
		TEST_MPI(MPI_Cancel(&r));
		TEST_MPI(MPI_Wait(&r, &st));
		TEST_MPI(MPI_Test_cancelled(&st, &flag));
		TEST_CHECK(!flag);
		finish(k, &r);
	}
	if (rank == dest) {
		if (dest != src) {
			TEST_MPI(MPI_Send(&flag, 1, MPI_INT, src, 2, MPI_COMM_WORLD));
			TEST_MPI(MPI_Wait(&rr, MPI_STATUS_IGNORE));
			TEST_MPI(MPI_Send(&flag, 1, MPI_INT, src, 3, MPI_COMM_WORLD));
		}
		TEST_CHECK(rbuf[0] == (char)tag && rbuf[n - 1] == (char)tag);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == dest) {
		TEST_MPI(MPI_Iprobe(src, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
		TEST_CHECK(!flag);
	}
	MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	char *buf = malloc(sizes[NSIZES - 1]), *rbuf = malloc(sizes[NSIZES - 1]);
	TEST_CHECK(buf && rbuf);
	/* Room for one copy of the largest message only (and its second
	 * send after the cancel). */
	bsend_size = sizes[NSIZES - 1] + MPI_BSEND_OVERHEAD;
	bsend_buf = malloc((size_t)bsend_size);
	TEST_MPI(MPI_Buffer_attach(bsend_buf, bsend_size));
	int tag = 10;
	for (int s = 0; s < NSIZES; s++)
		for (int k = 0; k < NKINDS; k++, tag += 4)
			one_case(rank, size, (enum kind)k, sizes[s], tag, buf, rbuf);
	for (int s = 0; s < NSIZES; s++)
		for (int k = 0; k < NKINDS; k++, tag += 4)
			matched_case(rank, size, (enum kind)k, sizes[s], tag, buf, rbuf);
	int bs;
	void *b;
	TEST_MPI(MPI_Buffer_detach(&b, &bs));
	free(bsend_buf);
	free(buf);
	free(rbuf);
	MPI_Finalize();
	return 0;
}
