/*
 * Description: the large-count forms of MPI-4.1's communicator and
 * session buffers (MPI_Comm/Session_attach_buffer_c, detach_buffer_c):
 * a buffer attached with an MPI_Count size carries a buffered send, and
 * detach_buffer_c returns its address and size as an MPI_Count; a size
 * above INT_MAX (what the buffers hold, as MPI_Buffer_attach_c) is
 * MPI_ERR_COUNT.
 * np: 1 2
 */
#include <stdlib.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int n, r;
	mpitest_init(&argc, &argv, 1, &n, &r);
	MPI_Count sz = 1 << 16, osz = 0;
	char *b = malloc(sz);
	void *ob = NULL;
	TEST_CHECK(b != NULL);

	/* a communicator's buffer: a buffered send to oneself */
	TEST_MPI(MPI_Comm_attach_buffer_c(MPI_COMM_WORLD, b, sz));
	int x = 5, y = 0;
	MPI_Request q;
	TEST_MPI(MPI_Irecv(&y, 1, MPI_INT, r, 1, MPI_COMM_WORLD, &q));
	TEST_MPI(MPI_Bsend(&x, 1, MPI_INT, r, 1, MPI_COMM_WORLD));
	TEST_MPI(MPI_Wait(&q, MPI_STATUS_IGNORE));
	TEST_CHECK(y == 5);
	TEST_MPI(MPI_Comm_detach_buffer_c(MPI_COMM_WORLD, &ob, &osz));
	TEST_CHECK(ob == b && osz == sz);

	/* too large for the buffers */
	int rc = MPI_Comm_attach_buffer_c(MPI_COMM_WORLD, b, (MPI_Count)1 << 33);
	int cls = -1;
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &cls);
	TEST_CHECK(cls == MPI_ERR_COUNT);

	/* a session's buffer */
	MPI_Session s;
	TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s));
	TEST_MPI(MPI_Session_attach_buffer_c(s, b, sz));
	ob = NULL;
	osz = 0;
	TEST_MPI(MPI_Session_detach_buffer_c(s, &ob, &osz));
	TEST_CHECK(ob == b && osz == sz);
	TEST_MPI(MPI_Session_finalize(&s));

	free(b);
	MPI_Finalize();
	return 0;
}
