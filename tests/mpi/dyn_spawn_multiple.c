/*
 * Description: MPI_Comm_spawn_multiple of two commands (this program with
 * argument "a", 1 copy; with "b" and info wdir /tmp, 2 copies): one world
 * of 3 children, MPI_APPNUM 0 for the first command's rank and 1 for the
 * others, the arguments and working folder each asked for; the parents
 * gather a report from each over the intercommunicator.  Then a second
 * spawn from the same parents, to check that slots and context ids of
 * several spawns do not collide (both children worlds alive at once).
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

int main(int argc, char **argv)
{
	MPI_Comm parent, inter[2];
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	if (parent != MPI_COMM_NULL) {
		int *app, ok, me, n, rep[4];
		char cwd[256] = "";
		MPI_Comm_rank(MPI_COMM_WORLD, &me);
		MPI_Comm_size(MPI_COMM_WORLD, &n);
		MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &app, &ok);
		TEST_CHECK(ok);
		TEST_CHECK(getcwd(cwd, sizeof(cwd)) != NULL);
		rep[0] = me;
		rep[1] = n;
		rep[2] = *app;
		rep[3] = argc == 2 ? argv[1][0] : 0;
		if (*app == 1)
			TEST_CHECK(strcmp(cwd, "/tmp") == 0);
		MPI_Barrier(MPI_COMM_WORLD);
		MPI_Send(rep, 4, MPI_INT, 0, 3, parent);
		MPI_Comm_disconnect(&parent);
		MPI_Finalize();
		return 0;
	}
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	char *cmds[2] = { self_exe(), self_exe() };
	char *a1[] = { "a", NULL }, *a2[] = { "b", NULL };
	char **argvs[2] = { a1, a2 };
	int np[2] = { 1, 2 }, codes[3];
	MPI_Info infos[2];
	MPI_Info_create(&infos[0]);
	MPI_Info_create(&infos[1]);
	MPI_Info_set(infos[1], "wdir", "/tmp");
	for (int round = 0; round < 2; round++) {
		MPI_Comm_spawn_multiple(2, cmds, argvs, np, infos, 0, MPI_COMM_WORLD, &inter[round],
					codes);
		for (int i = 0; i < 3; i++)
			TEST_CHECK(codes[i] == MPI_SUCCESS);
		int rs;
		MPI_Comm_remote_size(inter[round], &rs);
		TEST_CHECK(rs == 3);
	}
	for (int round = 0; round < 2 && rank == 0; round++)
		for (int i = 0; i < 3; i++) {
			int rep[4];
			MPI_Status st;
			MPI_Recv(rep, 4, MPI_INT, MPI_ANY_SOURCE, 3, inter[round], &st);
			TEST_CHECK(rep[0] == st.MPI_SOURCE && rep[1] == 3);
			TEST_CHECK(rep[2] == (rep[0] == 0 ? 0 : 1));
			TEST_CHECK(rep[3] == (rep[0] == 0 ? 'a' : 'b'));
		}
	MPI_Info_free(&infos[0]);
	MPI_Info_free(&infos[1]);
	MPI_Comm_disconnect(&inter[0]);
	MPI_Comm_disconnect(&inter[1]);
	if (rank == 0)
		printf("PASS\n");
	MPI_Finalize();
	return 0;
}
