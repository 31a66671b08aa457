/*
 * Description: MPI-4.1's MPI_Request_get_status_any/all/some report
 * completion like MPI_Testany/all/some but leave the requests allocated
 * (the handles unchanged, a later MPI_Wait still collects them); null and
 * inactive persistent requests count as complete with an empty status;
 * the MPI_ERROR fields stay untouched on success.  Bad arguments are
 * error classes through MPI_COMM_WORLD's handler.
 * np: 2
 */
#include "mpitest.h"

static int handled;
static void count_errs(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	(void)code;
	handled++;
}

static void check_class(int rc, int cls)
{
	int c = -1;
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
}

int main(int argc, char **argv)
{
	int rank, peer, x = 3, y = -1, idx, flag, n, ind[3];
	MPI_Request r[3];
	MPI_Status st[3];

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	peer = 1 - rank;

	/* nothing active: flag true, index MPI_UNDEFINED */
	r[0] = r[1] = MPI_REQUEST_NULL;
	TEST_MPI(MPI_Request_get_status_any(2, r, &idx, &flag, &st[0]));
	TEST_CHECK(flag && idx == MPI_UNDEFINED && st[0].MPI_SOURCE == MPI_ANY_SOURCE);
	TEST_MPI(MPI_Request_get_status_some(2, r, &n, ind, st));
	TEST_CHECK(n == MPI_UNDEFINED);
	TEST_MPI(MPI_Request_get_status_all(2, r, &flag, st));
	TEST_CHECK(flag);

	/* the receive waits for a message rank `peer` sends after a barrier */
	MPI_Irecv(&y, 1, MPI_INT, peer, 5, MPI_COMM_WORLD, &r[0]);
	r[1] = MPI_REQUEST_NULL;
	TEST_MPI(MPI_Request_get_status_any(2, r, &idx, &flag, &st[0]));
	TEST_CHECK(!flag && idx == MPI_UNDEFINED);
	TEST_MPI(MPI_Request_get_status_all(2, r, &flag, st));
	TEST_CHECK(!flag);
	TEST_MPI(MPI_Request_get_status_some(2, r, &n, ind, st));
	TEST_CHECK(n == 0);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Send(&x, 1, MPI_INT, peer, 5, MPI_COMM_WORLD);
	do
		TEST_MPI(MPI_Request_get_status_any(2, r, &idx, &flag, &st[0]));
	while (!flag);
	TEST_CHECK(idx == 0 && st[0].MPI_SOURCE == peer && st[0].MPI_TAG == 5);
	TEST_CHECK(r[0] != MPI_REQUEST_NULL);   /* not freed */
	st[0].MPI_ERROR = st[1].MPI_ERROR = 999;
	TEST_MPI(MPI_Request_get_status_all(2, r, &flag, st));
	TEST_CHECK(flag && st[0].MPI_SOURCE == peer && st[1].MPI_SOURCE == MPI_ANY_SOURCE);
	TEST_CHECK(st[0].MPI_ERROR == 999 && st[1].MPI_ERROR == 999);
	TEST_MPI(MPI_Request_get_status_some(2, r, &n, ind, st));
	TEST_CHECK(n == 1 && ind[0] == 0 && st[0].MPI_TAG == 5);
	TEST_CHECK(r[0] != MPI_REQUEST_NULL);
	/* still there to be collected */
	TEST_MPI(MPI_Wait(&r[0], &st[0]));
	TEST_CHECK(r[0] == MPI_REQUEST_NULL && y == 3 && st[0].MPI_SOURCE == peer);

	/* an inactive persistent request counts as complete, stays allocated */
	MPI_Recv_init(&y, 1, MPI_INT, peer, 6, MPI_COMM_WORLD, &r[2]);
	TEST_MPI(MPI_Request_get_status_all(1, &r[2], &flag, st));
	TEST_CHECK(flag && r[2] != MPI_REQUEST_NULL);
	MPI_Request_free(&r[2]);

	/* bad arguments */
	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errs, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	MPI_Request bad[1] = { (MPI_Request)&x };
	check_class(MPI_Request_get_status_any(1, bad, &idx, &flag, st), MPI_ERR_REQUEST);
	check_class(MPI_Request_get_status_any(-1, r, &idx, &flag, st), MPI_ERR_ARG);
	check_class(MPI_Request_get_status_any(1, r, NULL, &flag, st), MPI_ERR_ARG);
	check_class(MPI_Request_get_status_all(1, bad, &flag, st), MPI_ERR_REQUEST);
	check_class(MPI_Request_get_status_all(1, r, NULL, st), MPI_ERR_ARG);
	check_class(MPI_Request_get_status_some(1, bad, &n, ind, st), MPI_ERR_REQUEST);
	check_class(MPI_Request_get_status_some(1, r, &n, NULL, st), MPI_ERR_ARG);
	TEST_CHECK(handled == 7);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);

	MPI_Finalize();
	return 0;
}
