/* Description: a handler that returns an error raises MPI_ERR_HANDLER on
 * its request's communicator; with MPI_ERRORS_ARE_FATAL (the default) the
 * job goes down with that code.
 * np: 1
 * expect-exit: 60
 */
#include "mpitest.h"

static int h_fail(MPI_Request *req, void *extra)
{
	(void)req;
	(void)extra;
	return MPI_ERR_OTHER;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	TEST_CHECK(MPI_ERR_HANDLER == 60);
	MPI_Request r;
	TEST_MPI(MPI_Grequest_start(NULL, NULL, NULL, NULL, &r));
	TEST_MPI(MPI_Post_handler(r, MPI_INFO_NULL, h_fail, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Grequest_complete(r));
	MPI_Wait(&r, MPI_STATUS_IGNORE);
	MPI_Finalize();
	return 0; /* not reached: the handler's error is fatal */
}
