/*
 * Description: handle conversion: c2f gives a stable non-zero integer for
 * every kind of handle, f2c gives the handle back, the null handles map to
 * 0, and an integer of the wrong kind gives the null handle (windows
 * included); unimplemented functions (MPI_Comm_spawn) return
 * MPI_ERR_UNSUPPORTED_OPERATION.
 * np: 1 2
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Fint cw = MPI_Comm_c2f(MPI_COMM_WORLD), cs = MPI_Comm_c2f(MPI_COMM_SELF);
	TEST_CHECK(cw != 0 && cs != 0 && cw != cs);
	TEST_CHECK(MPI_Comm_c2f(MPI_COMM_WORLD) == cw);
	TEST_CHECK(MPI_Comm_f2c(cw) == MPI_COMM_WORLD);
	TEST_CHECK(MPI_Comm_c2f(MPI_COMM_NULL) == 0);
	TEST_CHECK(MPI_Comm_f2c(0) == MPI_COMM_NULL);
	MPI_Fint ti = MPI_Type_c2f(MPI_INT);
	TEST_CHECK(MPI_Type_f2c(ti) == MPI_INT);
	TEST_CHECK(MPI_Comm_f2c(ti) == MPI_COMM_NULL); /* wrong kind */
	TEST_CHECK(MPI_Op_f2c(MPI_Op_c2f(MPI_SUM)) == MPI_SUM);
	TEST_CHECK(MPI_Errhandler_f2c(MPI_Errhandler_c2f(MPI_ERRORS_RETURN)) == MPI_ERRORS_RETURN);
	MPI_Group g;
	MPI_Comm_group(MPI_COMM_WORLD, &g);
	TEST_CHECK(MPI_Group_f2c(MPI_Group_c2f(g)) == g);
	MPI_Group_free(&g);
	MPI_Info info;
	MPI_Info_create(&info);
	TEST_CHECK(MPI_Info_f2c(MPI_Info_c2f(info)) == info);
	MPI_Info_free(&info);
	int x;
	MPI_Request r;
	MPI_Irecv(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
	TEST_CHECK(MPI_Request_f2c(MPI_Request_c2f(r)) == r);
	MPI_Wait(&r, MPI_STATUS_IGNORE);
	TEST_CHECK(MPI_Comm_f2c(123456) == MPI_COMM_NULL);
	MPI_Win win;
	TEST_MPI(MPI_Win_create(&x, sizeof(x), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win));
	TEST_CHECK(MPI_Win_c2f(win) != 0 && MPI_Win_f2c(MPI_Win_c2f(win)) == win);
	TEST_CHECK(MPI_Win_c2f(MPI_WIN_NULL) == 0 && MPI_Win_f2c(0) == MPI_WIN_NULL);
	TEST_CHECK(MPI_Win_f2c(MPI_Comm_c2f(MPI_COMM_WORLD)) == MPI_WIN_NULL);
	MPI_Win_free(&win);
	/* a bad argument is an error class through the handler (this used
	 * to check that the then-unimplemented MPI_Op_create_c said so; it
	 * exists since issue 41) */
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Op op;
	int rc = MPI_Op_create_c(NULL, 1, &op);
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Comm parent;
	TEST_MPI(MPI_Comm_get_parent(&parent));
	TEST_CHECK(parent == MPI_COMM_NULL);
	MPI_Finalize();
	return 0;
}
