/*
 * Description: MPI_Comm_accept/MPI_Comm_connect between a parent and the
 * children it spawned (their own world, not the parent intercommunicator):
 * the parent opens a port and passes its name in the children's argv,
 * the two children connect as one group while the parent accepts on
 * MPI_COMM_SELF; the new intercommunicator carries a message each way
 * and a barrier, and its context ids differ from the parent one's (a
 * message on one is not received on the other).  Then the children open
 * a port and the parent connects to it (the name sent over the parent
 * intercommunicator).
 * np: 1
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

static char *self_exe(void)
{
	static char *me;
	if (!me)
		me = realpath("/proc/self/exe", NULL);
	return me;
}

int main(int argc, char **argv)
{
	MPI_Comm parent, inter, ic;
	char port[MPI_MAX_PORT_NAME];
	int rank, v;

	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (parent == MPI_COMM_NULL) {
		TEST_MPI(MPI_Open_port(MPI_INFO_NULL, port));
		char *args[] = { port, NULL };
		TEST_MPI(MPI_Comm_spawn(self_exe(), args, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD,
					&inter, MPI_ERRCODES_IGNORE));
		TEST_MPI(MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic));
		TEST_MPI(MPI_Close_port(port));
		/* A message on the parent intercommunicator first, with the
		 * same tag: it must not be taken on ic. */
		v = 1;
		TEST_MPI(MPI_Send(&v, 1, MPI_INT, 0, 7, inter));
		v = 2;
		TEST_MPI(MPI_Send(&v, 1, MPI_INT, 0, 7, ic));
		for (int k = 0; k < 2; k++) {
			TEST_MPI(MPI_Recv(&v, 1, MPI_INT, k, 8, ic, MPI_STATUS_IGNORE));
			TEST_CHECK(v == 30 + k);
		}
		TEST_MPI(MPI_Barrier(ic));
		TEST_MPI(MPI_Comm_disconnect(&ic));
		/* The other way. */
		TEST_MPI(MPI_Recv(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 9, inter, MPI_STATUS_IGNORE));
		TEST_MPI(MPI_Comm_connect(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic));
		int rs;
		MPI_Comm_remote_size(ic, &rs);
		TEST_CHECK(rs == 2);
		TEST_MPI(MPI_Barrier(ic));
		TEST_MPI(MPI_Comm_disconnect(&ic));
		TEST_MPI(MPI_Comm_disconnect(&inter));
		printf("PASS\n");
	} else {
		TEST_CHECK(argc == 2);
		TEST_MPI(MPI_Comm_connect(argv[1], MPI_INFO_NULL, 0, MPI_COMM_WORLD, &ic));
		if (rank == 0) {
			TEST_MPI(MPI_Recv(&v, 1, MPI_INT, 0, 7, ic, MPI_STATUS_IGNORE));
			TEST_CHECK(v == 2);
			TEST_MPI(MPI_Recv(&v, 1, MPI_INT, 0, 7, parent, MPI_STATUS_IGNORE));
			TEST_CHECK(v == 1);
		}
		v = 30 + rank;
		TEST_MPI(MPI_Send(&v, 1, MPI_INT, 0, 8, ic));
		TEST_MPI(MPI_Barrier(ic));
		TEST_MPI(MPI_Comm_disconnect(&ic));
		if (rank == 0) {
			TEST_MPI(MPI_Open_port(MPI_INFO_NULL, port));
			TEST_MPI(MPI_Send(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 9, parent));
		}
		TEST_MPI(MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &ic));
		TEST_MPI(MPI_Barrier(ic));
		TEST_MPI(MPI_Comm_disconnect(&ic));
		if (rank == 0)
			TEST_MPI(MPI_Close_port(port));
		TEST_MPI(MPI_Comm_disconnect(&parent));
	}
	MPI_Finalize();
	return 0;
}
