/*
 * Description: MPI_Open_port, MPI_Comm_accept and MPI_Comm_connect between
 * groups of one job: rank 0 accepts on MPI_COMM_SELF while the other ranks
 * connect as one group (root 0 of their communicator), then the other way
 * (the others accept, rank 0 connects); each time the intercommunicator
 * has the right sizes and ranks, carries point-to-point both ways and a
 * broadcast from MPI_ROOT, and MPI_Intercomm_merge works on it; a second
 * accept on the same port meets a second connect; MPI_Comm_disconnect
 * ends each.  Failures, with MPI_ERRORS_RETURN: a name that is not a
 * port, a port closed before the connect, a port whose cookie is wrong,
 * a port of no job, and closing a closed port are MPI_ERR_PORT, and so
 * is an accept waiting on a port that another rank closes (none hangs).
 * np: 2 3
 */
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

static void check_inter(MPI_Comm ic, int lsize, int lrank, int rsize, int single)
{
	int s, r, rs, flag;
	MPI_Comm_test_inter(ic, &flag);
	TEST_CHECK(flag);
	MPI_Comm_size(ic, &s);
	MPI_Comm_rank(ic, &r);
	MPI_Comm_remote_size(ic, &rs);
	TEST_CHECK(s == lsize && r == lrank && rs == rsize);
	/* The single process sends to each of the group, which answers. */
	if (single) {
		for (int k = 0; k < rsize; k++) {
			int v = 10 + k, back = -1;
			TEST_MPI(MPI_Send(&v, 1, MPI_INT, k, 3, ic));
			TEST_MPI(MPI_Recv(&back, 1, MPI_INT, k, 4, ic, MPI_STATUS_IGNORE));
			TEST_CHECK(back == 20 + k);
		}
	} else {
		int v = -1;
		TEST_MPI(MPI_Recv(&v, 1, MPI_INT, 0, 3, ic, MPI_STATUS_IGNORE));
		TEST_CHECK(v == 10 + lrank);
		v = 20 + lrank;
		TEST_MPI(MPI_Send(&v, 1, MPI_INT, 0, 4, ic));
	}
	int b = single ? 4242 : -1;
	TEST_MPI(MPI_Bcast(&b, 1, MPI_INT, single ? MPI_ROOT : 0, ic));
	TEST_CHECK(single || b == 4242);
	MPI_Comm merged;
	int ms, sum = 0, one = 1;
	TEST_MPI(MPI_Intercomm_merge(ic, single, &merged));
	MPI_Comm_size(merged, &ms);
	TEST_CHECK(ms == lsize + rsize);
	TEST_MPI(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, merged));
	TEST_CHECK(sum == ms);
	MPI_Comm_free(&merged);
}

int main(int argc, char **argv)
{
	int n, w;
	char port[MPI_MAX_PORT_NAME];
	MPI_Comm others, ic;

	mpitest_init(&argc, &argv, 2, &n, &w);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	MPI_Comm_split(MPI_COMM_WORLD, w == 0, w, &others);
	MPI_Comm_set_errhandler(others, MPI_ERRORS_RETURN);

	/* Rank 0 accepts, the others connect; twice on one port. */
	if (w == 0) {
		TEST_MPI(MPI_Open_port(MPI_INFO_NULL, port));
		TEST_CHECK(strncmp(port, "shmpi-port:", 11) == 0);
		TEST_MPI(MPI_Send(port, MPI_MAX_PORT_NAME, MPI_CHAR, 1, 1, MPI_COMM_WORLD));
	} else if (w == 1) {
		TEST_MPI(MPI_Recv(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 1, MPI_COMM_WORLD,
				  MPI_STATUS_IGNORE));
	}
	for (int round = 0; round < 2; round++) {
		if (w == 0) {
			TEST_MPI(MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic));
			check_inter(ic, 1, 0, n - 1, 1);
		} else {
			/* Only the root's port name counts. */
			TEST_MPI(MPI_Comm_connect(w == 1 ? port : "junk", MPI_INFO_NULL, 0, others,
						  &ic));
			check_inter(ic, n - 1, w - 1, 1, 0);
		}
		TEST_MPI(MPI_Comm_disconnect(&ic));
		TEST_CHECK(ic == MPI_COMM_NULL);
	}
	if (w == 0)
		TEST_MPI(MPI_Close_port(port));

	/* The other way: rank 1 opens, the others accept, rank 0 connects. */
	if (w == 1) {
		TEST_MPI(MPI_Open_port(MPI_INFO_NULL, port));
		TEST_MPI(MPI_Send(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 2, MPI_COMM_WORLD));
	} else if (w == 0) {
		TEST_MPI(MPI_Recv(port, MPI_MAX_PORT_NAME, MPI_CHAR, 1, 2, MPI_COMM_WORLD,
				  MPI_STATUS_IGNORE));
	}
	if (w == 0) {
		TEST_MPI(MPI_Comm_connect(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic));
		check_inter(ic, 1, 0, n - 1, 1);
	} else {
		TEST_MPI(MPI_Comm_accept(port, MPI_INFO_NULL, 0, others, &ic));
		check_inter(ic, n - 1, w - 1, 1, 0);
	}
	TEST_MPI(MPI_Comm_disconnect(&ic));

	/* Failures: every one an error class at once, on rank 0. */
	if (w == 1) {
		TEST_MPI(MPI_Close_port(port));
		TEST_MPI(MPI_Send(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 5, MPI_COMM_WORLD));
		int cls, rc = MPI_Close_port(port);
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_PORT);
	} else if (w == 0) {
		char closed[MPI_MAX_PORT_NAME], bad[MPI_MAX_PORT_NAME];
		int rc, cls;
		TEST_MPI(MPI_Recv(closed, MPI_MAX_PORT_NAME, MPI_CHAR, 1, 5, MPI_COMM_WORLD,
				  MPI_STATUS_IGNORE));
		ic = MPI_COMM_WORLD;
		rc = MPI_Comm_connect(closed, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic);
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_PORT && ic == MPI_COMM_NULL);
		rc = MPI_Comm_connect("no port at all", MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic);
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_PORT);
		/* The right launcher and number, a wrong cookie. */
		strcpy(bad, closed);
		char *last = bad + strlen(bad) - 1;
		*last = *last == '0' ? '1' : '0';
		rc = MPI_Comm_connect(bad, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic);
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_PORT);
		/* A launcher that does not exist (a job that is gone). */
		rc = MPI_Comm_connect("shmpi-port:shmpi-1-0000000000000000:0:0123456789abcdef",
				      MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic);
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_PORT);
	}
	/* An accept waiting on a port that another rank closes ends with
	 * MPI_ERR_PORT instead of waiting forever. */
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 1) {
		int rc, cls;
		TEST_MPI(MPI_Open_port(MPI_INFO_NULL, port));
		TEST_MPI(MPI_Send(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 6, MPI_COMM_WORLD));
		rc = MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic);
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_PORT && ic == MPI_COMM_NULL);
	} else if (w == 0) {
		TEST_MPI(MPI_Recv(port, MPI_MAX_PORT_NAME, MPI_CHAR, 1, 6, MPI_COMM_WORLD,
				  MPI_STATUS_IGNORE));
		usleep(300000);  /* most likely after the accept has come */
		TEST_MPI(MPI_Close_port(port));
	}
	MPI_Comm_free(&others);
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0)
		printf("PASS\n");
	MPI_Finalize();
	return 0;
}
