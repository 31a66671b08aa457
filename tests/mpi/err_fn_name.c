/*
 * Description: helper of tests/mpi/err_fn_name.sh (not a test by itself).
 * Makes one erroneous call under MPI_ERRORS_ARE_FATAL, named by argv[1]:
 *   mrecv       MPI_Mrecv on an invalid message handle
 *   imrecv      MPI_Imrecv on an invalid message handle
 *   disconnect  MPI_Comm_disconnect of MPI_COMM_WORLD
 * The fatal handler's message must name the call the user made, not the
 * one it is implemented with.  Exits 0 only if the call returned (a bug).
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	char buf[8];
	MPI_Message msg = MPI_MESSAGE_NULL;
	MPI_Request req;
	MPI_Comm world = MPI_COMM_WORLD;
	MPI_Init(&argc, &argv);
	if (argc < 2)
		return 2;
	if (!strcmp(argv[1], "mrecv"))
		MPI_Mrecv(buf, 1, MPI_CHAR, &msg, MPI_STATUS_IGNORE);
	else if (!strcmp(argv[1], "imrecv"))
		MPI_Imrecv(buf, 1, MPI_CHAR, &msg, &req);
	else if (!strcmp(argv[1], "disconnect"))
		MPI_Comm_disconnect(&world);
	else
		return 2;
	MPI_Finalize();
	return 0;
}
