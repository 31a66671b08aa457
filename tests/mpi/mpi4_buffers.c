/*
 * Description: MPI-4.1's buffered-send buffers of a communicator and of a
 * session (MPI_Comm/Session_attach_buffer, detach_buffer, flush_buffer,
 * iflush_buffer) and MPI_BUFFER_AUTOMATIC (for the process's buffer too):
 * a buffered send uses its communicator's buffer, else the buffer of the
 * session it derives from (through MPI_Group_from_session_pset, group
 * constructors and MPI_Comm_dup), else the process's; shown by a buffer
 * too small for the message, which fails with MPI_ERR_BUFFER while a
 * larger one is attached at the next level.  detach returns what was
 * attached (MPI_BUFFER_AUTOMATIC and 0 for it); detaching nothing and
 * attaching twice are MPI_ERR_BUFFER through the communicator's or the
 * session's handler.
 * np: 2
 */
#include "mpitest.h"

#define N 10

static void check_class(int rc, int cls)
{
	int c = -1;
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
}

/* Rank 0 buffered-sends N ints to rank 1, which checks them. */
static void bsend_round(MPI_Comm comm)
{
	int rank, buf[N];
	TEST_MPI(MPI_Comm_rank(comm, &rank));
	if (rank == 0) {
		for (int i = 0; i < N; i++)
			buf[i] = i;
		TEST_MPI(MPI_Bsend(buf, N, MPI_INT, 1, 9, comm));
	} else {
		TEST_MPI(MPI_Recv(buf, N, MPI_INT, 0, 9, comm, MPI_STATUS_IGNORE));
		for (int i = 0; i < N; i++)
			TEST_CHECK(buf[i] == i);
	}
	TEST_MPI(MPI_Barrier(comm));
}

/* On rank 0, a buffered send on comm that does not fit: MPI_ERR_BUFFER. */
static void bsend_too_big(MPI_Comm comm)
{
	int rank, buf[N] = { 0 };
	TEST_MPI(MPI_Comm_rank(comm, &rank));
	if (rank == 0)
		check_class(MPI_Bsend(buf, N, MPI_INT, 1, 9, comm), MPI_ERR_BUFFER);
	TEST_MPI(MPI_Barrier(comm));
}

int main(void)
{
	static char pbuf[4096], sbuf[4096], cbuf[4096], tiny[MPI_BSEND_OVERHEAD + 8];
	MPI_Session s;
	MPI_Group wg, g2;
	MPI_Comm comm, dup;
	MPI_Request req;
	void *addr;
	int size;

	TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s));
	TEST_MPI(MPI_Group_from_session_pset(s, "mpi://WORLD", &wg));
	int all[2] = { 0, 1 };
	TEST_MPI(MPI_Group_incl(wg, 2, all, &g2));   /* derived: still the session's */
	TEST_MPI(MPI_Comm_create_from_group(g2, "buffers", MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm));
	TEST_MPI(MPI_Comm_dup(comm, &dup));

	/* the process's buffer, and the process's automatic one */
	TEST_MPI(MPI_Buffer_attach(pbuf, sizeof(pbuf)));
	bsend_round(comm);
	TEST_MPI(MPI_Buffer_flush());
	TEST_MPI(MPI_Buffer_detach(&addr, &size));
	TEST_CHECK(addr == pbuf && size == (int)sizeof(pbuf));
	TEST_MPI(MPI_Buffer_attach(MPI_BUFFER_AUTOMATIC, 0));
	bsend_round(comm);
	TEST_MPI(MPI_Buffer_detach(&addr, &size));
	TEST_CHECK(addr == MPI_BUFFER_AUTOMATIC && size == 0);

	/* the session's comes before the process's, for comm and its dup */
	TEST_MPI(MPI_Buffer_attach(pbuf, sizeof(pbuf)));
	TEST_MPI(MPI_Session_attach_buffer(s, tiny, sizeof(tiny)));
	bsend_too_big(comm);
	bsend_too_big(dup);
	check_class(MPI_Session_attach_buffer(s, sbuf, sizeof(sbuf)), MPI_ERR_BUFFER);
	TEST_MPI(MPI_Session_detach_buffer(s, &addr, &size));
	TEST_CHECK(addr == tiny && size == (int)sizeof(tiny));
	check_class(MPI_Session_detach_buffer(s, &addr, &size), MPI_ERR_BUFFER);
	TEST_MPI(MPI_Session_attach_buffer(s, sbuf, sizeof(sbuf)));
	bsend_round(comm);
	TEST_MPI(MPI_Session_flush_buffer(s));
	TEST_MPI(MPI_Session_iflush_buffer(s, &req));
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
	TEST_MPI(MPI_Session_detach_buffer(s, &addr, &size));
	TEST_CHECK(addr == sbuf);
	TEST_MPI(MPI_Session_attach_buffer(s, MPI_BUFFER_AUTOMATIC, 0));
	bsend_round(dup);
	TEST_MPI(MPI_Session_detach_buffer(s, &addr, &size));
	TEST_CHECK(addr == MPI_BUFFER_AUTOMATIC && size == 0);

	/* the communicator's comes first of all, and only for it */
	TEST_MPI(MPI_Session_attach_buffer(s, sbuf, sizeof(sbuf)));
	TEST_MPI(MPI_Comm_attach_buffer(comm, tiny, sizeof(tiny)));
	bsend_too_big(comm);
	bsend_round(dup);
	check_class(MPI_Comm_attach_buffer(comm, cbuf, sizeof(cbuf)), MPI_ERR_BUFFER);
	TEST_MPI(MPI_Comm_detach_buffer(comm, &addr, &size));
	TEST_CHECK(addr == tiny && size == (int)sizeof(tiny));
	check_class(MPI_Comm_detach_buffer(comm, &addr, &size), MPI_ERR_BUFFER);
	TEST_MPI(MPI_Comm_attach_buffer(comm, cbuf, sizeof(cbuf)));
	bsend_round(comm);
	TEST_MPI(MPI_Comm_flush_buffer(comm));
	TEST_MPI(MPI_Comm_iflush_buffer(comm, &req));
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
	TEST_MPI(MPI_Comm_detach_buffer(comm, &addr, &size));
	TEST_CHECK(addr == cbuf && size == (int)sizeof(cbuf));
	TEST_MPI(MPI_Comm_attach_buffer(comm, MPI_BUFFER_AUTOMATIC, 0));
	bsend_round(comm);
	TEST_MPI(MPI_Comm_detach_buffer(comm, &addr, &size));
	TEST_CHECK(addr == MPI_BUFFER_AUTOMATIC && size == 0);

	TEST_MPI(MPI_Session_detach_buffer(s, &addr, &size));
	TEST_MPI(MPI_Buffer_detach(&addr, &size));
	TEST_MPI(MPI_Comm_free(&dup));
	TEST_MPI(MPI_Comm_free(&comm));
	TEST_MPI(MPI_Group_free(&g2));
	TEST_MPI(MPI_Group_free(&wg));
	TEST_MPI(MPI_Session_finalize(&s));
	return 0;
}
