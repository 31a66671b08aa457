/*
 * Description: a spawned rank's MPI_Abort takes the whole job down, its
 * parents included (they wait in a receive from it that would never be
 * satisfied): the job ends with the abort's code, 3, instead of hanging.
 * np: 2
 * expect-exit: 3
 */
#include "mpitest.h"

/* This program's own file: spawned by its path, since "/proc/self/exe"
 * would name the launcher in the process that runs it. */
static char *self_exe(void)
{
	static char *me;
	if (!me)
		me = realpath("/proc/self/exe", NULL);
	return me;
}

int main(int argc, char **argv)
{
	MPI_Comm parent, inter;
	int v;

	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	if (parent != MPI_COMM_NULL) {
		int r;
		MPI_Comm_rank(MPI_COMM_WORLD, &r);
		if (r == 1)
			MPI_Abort(MPI_COMM_WORLD, 3);
		MPI_Recv(&v, 1, MPI_INT, 0, 0, parent, MPI_STATUS_IGNORE);
	} else {
		MPI_Comm_spawn(self_exe(), MPI_ARGV_NULL, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter,
			       MPI_ERRCODES_IGNORE);
		MPI_Recv(&v, 1, MPI_INT, 0, 0, inter, MPI_STATUS_IGNORE);
	}
	MPI_Finalize();
	return 1;
}
