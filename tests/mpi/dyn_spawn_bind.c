/*
 * Description: spawned children are bound to cores as the first ranks are
 * (--bind-to core, the same --map-by): the parent, bound to one core,
 * spawns 2 children; each sends its CPU affinity.  With more CPUs than
 * the parent's core has, every child is bound to as many CPUs as the
 * parent (one core), the first to CPUs other than the parent's (the next
 * core in the plan); with a single core every child shares the parent's.
 * Before, the children ran unbound, on every CPU of the job.
 * np: 1
 * mpirun: --bind-to core
 */
#define _GNU_SOURCE
#include <sched.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Comm parent, inter;
	cpu_set_t mine;

	MPI_Init(&argc, &argv);
	CPU_ZERO(&mine);
	TEST_CHECK(sched_getaffinity(0, sizeof(mine), &mine) == 0);
	MPI_Comm_get_parent(&parent);
	if (parent != MPI_COMM_NULL) {
		MPI_Send(&mine, (int)sizeof(mine), MPI_BYTE, 0, 0, parent);
		MPI_Comm_disconnect(&parent);
		MPI_Finalize();
		return 0;
	}
	int online = (int)sysconf(_SC_NPROCESSORS_ONLN);
	int own = CPU_COUNT(&mine);
	if (own >= online) {
		/* Not bound (no topology here): nothing to compare with. */
		printf("parent not bound (%d of %d CPUs): skipped\n", own, online);
		MPI_Finalize();
		return 77;
	}
	char *self = realpath("/proc/self/exe", NULL);
	TEST_CHECK(self != NULL);
	MPI_Comm_spawn(self, MPI_ARGV_NULL, 2, MPI_INFO_NULL, 0, MPI_COMM_SELF, &inter,
		       MPI_ERRCODES_IGNORE);
	for (int k = 0; k < 2; k++) {
		cpu_set_t theirs, both;
		MPI_Recv(&theirs, (int)sizeof(theirs), MPI_BYTE, k, 0, inter, MPI_STATUS_IGNORE);
		CPU_AND(&both, &theirs, &mine);
		printf("child %d: %d CPUs (parent %d of %d), %d shared with the parent\n", k,
		       CPU_COUNT(&theirs), own, online, CPU_COUNT(&both));
		TEST_CHECK(CPU_COUNT(&theirs) == own);
		if (k == 0)
			TEST_CHECK(CPU_COUNT(&both) == 0);
	}
	MPI_Comm_disconnect(&inter);
	MPI_Finalize();
	return 0;
}
