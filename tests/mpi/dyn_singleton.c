/*
 * Description: a singleton (started without mpirun-shm, as python3 starts
 * mpi4py.futures) spawns 4 copies of itself: it starts a launcher for
 * itself (mpirun-shm --singleton-of; this build's, named by
 * SHMPI_LAUNCHER_PROGRAM), the children get a world of 4 and the
 * singleton as parent, a message goes each way, and every process
 * finalizes.  Run directly (no np line: not under mpirun-shm).
 */
#include <libgen.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Comm parent, inter;
	char *self = realpath("/proc/self/exe", NULL);

	if (!getenv("SHMPI_SEG_FD") && !getenv("SHMPI_LAUNCHER_PROGRAM") && self) {
		/* tests/mpi/dyn_singleton -> launcher/mpirun-shm of this build */
		char *copy = strdup(self), prog[4096];
		snprintf(prog, sizeof(prog), "%s/../../launcher/mpirun-shm", dirname(copy));
		setenv("SHMPI_LAUNCHER_PROGRAM", prog, 1);
		free(copy);
	}
	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	if (parent != MPI_COMM_NULL) {
		int r, n, v;
		MPI_Comm_rank(MPI_COMM_WORLD, &r);
		MPI_Comm_size(MPI_COMM_WORLD, &n);
		TEST_CHECK(n == 4);
		MPI_Recv(&v, 1, MPI_INT, 0, 0, parent, MPI_STATUS_IGNORE);
		v += r;
		MPI_Send(&v, 1, MPI_INT, 0, 1, parent);
		MPI_Comm_disconnect(&parent);
		MPI_Finalize();
		return 0;
	}
	int size, codes[4];
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	TEST_CHECK(size == 1);
	TEST_CHECK(self != NULL);
	MPI_Comm_spawn(self, MPI_ARGV_NULL, 4, MPI_INFO_NULL, 0, MPI_COMM_SELF, &inter, codes);
	for (int k = 0; k < 4; k++) {
		int v = 10;
		TEST_CHECK(codes[k] == MPI_SUCCESS);
		MPI_Send(&v, 1, MPI_INT, k, 0, inter);
	}
	for (int k = 0; k < 4; k++) {
		int v;
		MPI_Recv(&v, 1, MPI_INT, k, 1, inter, MPI_STATUS_IGNORE);
		TEST_CHECK(v == 10 + k);
	}
	MPI_Comm_disconnect(&inter);
	printf("PASS\n");
	MPI_Finalize();
	return 0;
}
