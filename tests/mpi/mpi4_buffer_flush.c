/*
 * Description: MPI-4.1's MPI_Buffer_flush and MPI_Buffer_iflush wait until
 * the buffered sends made so far are delivered and leave the buffer
 * attached (it can be refilled to its size at once, which would fail with
 * MPI_ERR_BUFFER if the copies were still held); with no buffer attached
 * they return at once.  A NULL request is MPI_ERR_REQUEST through
 * MPI_COMM_WORLD's handler.
 * np: 2
 */
#include "mpitest.h"

#define N 1000

static int handled;
static void count_errs(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	(void)code;
	handled++;
}

int main(int argc, char **argv)
{
	int rank, size;
	static int msg[N], got[N];
	MPI_Request r;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	TEST_MPI(MPI_Buffer_flush());   /* nothing attached */
	TEST_MPI(MPI_Buffer_iflush(&r));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));

	MPI_Pack_size(N, MPI_INT, MPI_COMM_WORLD, &size);
	size += MPI_BSEND_OVERHEAD;
	char *buf = malloc(size);
	TEST_MPI(MPI_Buffer_attach(buf, size));
	for (int round = 0; round < 4; round++) {
		if (rank == 0) {
			for (int i = 0; i < N; i++)
				msg[i] = round * N + i;
			/* the buffer holds exactly one message: a second
			 * Bsend fits only once the first is delivered */
			TEST_MPI(MPI_Bsend(msg, N, MPI_INT, 1, round, MPI_COMM_WORLD));
			if (round % 2)
				TEST_MPI(MPI_Buffer_flush());
			else {
				TEST_MPI(MPI_Buffer_iflush(&r));
				TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
			}
		} else {
			MPI_Recv(got, N, MPI_INT, 0, round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			for (int i = 0; i < N; i++)
				TEST_CHECK(got[i] == round * N + i);
		}
	}
	void *b;
	int bs;
	TEST_MPI(MPI_Buffer_detach(&b, &bs));
	TEST_CHECK(b == buf && bs == size);
	free(buf);

	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errs, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	int rc = MPI_Buffer_iflush(NULL), c = -1;
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == MPI_ERR_REQUEST && handled == 1);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);
	MPI_Finalize();
	return 0;
}
