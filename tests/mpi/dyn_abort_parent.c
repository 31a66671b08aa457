/*
 * Description: a parent's MPI_Abort takes its spawned children down with
 * the job (they wait in a receive from it): the job ends with the abort's
 * code, 4, instead of hanging or leaving the children running.
 * np: 1
 * expect-exit: 4
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
	int v = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	if (parent != MPI_COMM_NULL) {
		/* Tell the parent we are up, then wait for what never comes. */
		MPI_Send(&v, 1, MPI_INT, 0, 1, parent);
		MPI_Recv(&v, 1, MPI_INT, 0, 0, parent, MPI_STATUS_IGNORE);
	} else {
		MPI_Comm_spawn(self_exe(), MPI_ARGV_NULL, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter,
			       MPI_ERRCODES_IGNORE);
		MPI_Recv(&v, 1, MPI_INT, 0, 1, inter, MPI_STATUS_IGNORE);
		MPI_Recv(&v, 1, MPI_INT, 1, 1, inter, MPI_STATUS_IGNORE);
		MPI_Abort(MPI_COMM_WORLD, 4);
	}
	MPI_Finalize();
	return 1;
}
