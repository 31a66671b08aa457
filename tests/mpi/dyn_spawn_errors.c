/*
 * Description: the failures of MPI_Comm_spawn return error classes, fill
 * array_of_errcodes and never hang: a command that cannot be executed
 * (MPI_ERR_SPAWN, every code MPI_ERR_SPAWN, MPI_COMM_NULL), info host of
 * another node and info wdir that does not exist (MPI_ERR_SPAWN), more
 * processes than the job has room for (MPI_ERR_SPAWN), and info soft
 * "1,3" with maxprocs 5 (starts 3, the largest count soft allows:
 * MPI_SUCCESS, the codes of the 2 not started MPI_ERR_SPAWN); a bad root
 * is MPI_ERR_ROOT.
 * The job goes on after each; the soft children check in by a message.
 * np: 2
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

static void expect_fail(const char *cmd, int n, MPI_Info info, const char *what)
{
	static int codes[4096];
	MPI_Comm inter = (MPI_Comm)0x1;
	int rc, cls;
	for (int i = 0; i < n; i++)
		codes[i] = -1;
	rc = MPI_Comm_spawn(cmd, MPI_ARGV_NULL, n, info, 0, MPI_COMM_WORLD, &inter, codes);
	MPI_Error_class(rc, &cls);
	if (cls != MPI_ERR_SPAWN || inter != MPI_COMM_NULL) {
		fprintf(stderr, "%s: class %d, intercomm %s\n", what, cls,
			inter == MPI_COMM_NULL ? "null" : "set");
		TEST_CHECK(0);
	}
	for (int i = 0; i < n; i++)
		TEST_CHECK(codes[i] == MPI_ERR_SPAWN);
}

int main(int argc, char **argv)
{
	MPI_Comm parent, inter;
	MPI_Info info;
	int rank, rc, cls;

	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	if (parent != MPI_COMM_NULL) {
		int me, n;
		MPI_Comm_rank(parent, &me);
		MPI_Comm_size(MPI_COMM_WORLD, &n);
		MPI_Send(&n, 1, MPI_INT, 0, 1, parent);
		MPI_Comm_free(&parent);
		MPI_Finalize();
		return 0;
	}
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	expect_fail("./no-such-program-here", 2, MPI_INFO_NULL, "missing program");
	expect_fail("no-such-command-on-path", 3, MPI_INFO_NULL, "missing command");

	MPI_Info_create(&info);
	MPI_Info_set(info, "host", "another-node.invalid");
	expect_fail(self_exe(), 1, info, "host");
	MPI_Info_delete(info, "host");
	MPI_Info_set(info, "host", "localhost");
	MPI_Info_set(info, "wdir", "/no/such/folder");
	expect_fail(self_exe(), 1, info, "wdir");
	MPI_Info_free(&info);

	expect_fail(self_exe(), 4096, MPI_INFO_NULL, "no room");

	rc = MPI_Comm_spawn(self_exe(), MPI_ARGV_NULL, 1, MPI_INFO_NULL, 5, MPI_COMM_WORLD,
			    &inter, MPI_ERRCODES_IGNORE);
	MPI_Error_class(rc, &cls);
	TEST_CHECK(cls == MPI_ERR_ROOT);

	/* Soft: 1 or 3 of 5. */
	int codes[5];
	MPI_Info_create(&info);
	MPI_Info_set(info, "soft", "1,3");
	rc = MPI_Comm_spawn(self_exe(), MPI_ARGV_NULL, 5, info, 0, MPI_COMM_WORLD, &inter,
			    codes);
	MPI_Info_free(&info);
	TEST_CHECK(rc == MPI_SUCCESS);
	int started;
	MPI_Comm_remote_size(inter, &started);
	TEST_CHECK(started == 3);
	for (int i = 0; i < 5; i++)
		TEST_CHECK(codes[i] == (i < 3 ? MPI_SUCCESS : MPI_ERR_SPAWN));
	if (rank == 0)
		for (int i = 0; i < started; i++) {
			int n = -1;
			MPI_Recv(&n, 1, MPI_INT, i, 1, inter, MPI_STATUS_IGNORE);
			TEST_CHECK(n == started);
		}
	MPI_Comm_free(&inter);
	if (rank == 0)
		printf("PASS (soft started %d)\n", started);
	MPI_Finalize();
	return 0;
}
