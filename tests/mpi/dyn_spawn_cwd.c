/*
 * Description: MPI_Comm_spawn resolves a relative command, and starts the
 * children, in the spawning root's working folder (as Open MPI and MPICH
 * do), not the launcher's: the parent enters its binary's folder and
 * spawns "./dyn_spawn_cwd"; the children report that folder as theirs.
 * The MPICH suite's spawn tests spawn "./spawn1" that way, and all failed
 * with "cannot execute" when the launcher's folder was used.
 * np: 1
 */
#include <libgen.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Comm parent, inter;
	char cwd[4096];

	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	TEST_CHECK(getcwd(cwd, sizeof(cwd)) != NULL);
	if (parent != MPI_COMM_NULL) {
		int len = (int)strlen(cwd) + 1;
		MPI_Send(&len, 1, MPI_INT, 0, 0, parent);
		MPI_Send(cwd, len, MPI_CHAR, 0, 1, parent);
		MPI_Comm_disconnect(&parent);
		MPI_Finalize();
		return 0;
	}
	char *self = realpath("/proc/self/exe", NULL);
	TEST_CHECK(self != NULL);
	char *dir = dirname(strdup(self));
	TEST_CHECK(chdir(dir) == 0);
	TEST_CHECK(getcwd(cwd, sizeof(cwd)) != NULL);
	MPI_Comm_spawn("./dyn_spawn_cwd", MPI_ARGV_NULL, 2, MPI_INFO_NULL, 0, MPI_COMM_SELF, &inter,
		       MPI_ERRCODES_IGNORE);
	for (int k = 0; k < 2; k++) {
		int len;
		char theirs[4096];
		MPI_Recv(&len, 1, MPI_INT, k, 0, inter, MPI_STATUS_IGNORE);
		TEST_CHECK(len > 0 && len <= (int)sizeof(theirs));
		MPI_Recv(theirs, len, MPI_CHAR, k, 1, inter, MPI_STATUS_IGNORE);
		TEST_CHECK(strcmp(theirs, cwd) == 0);
	}
	MPI_Comm_disconnect(&inter);
	printf("PASS\n");
	MPI_Finalize();
	return 0;
}
