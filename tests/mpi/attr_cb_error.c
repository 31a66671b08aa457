/*
 * Description: callbacks that fail: a delete callback's error comes back
 * from MPI_Comm_delete_attr / MPI_Type_delete_attr / MPI_Handle_attr_delete
 * (through the communicator's error handler) and the attribute stays;
 * replacing the value fails the same way and keeps the old value; once the
 * callback agrees, the delete goes through.
 * np: 1 2
 */
#include "mpitest.h"

static int refuse = 1, calls;

static int del(MPI_Comm c, int k, void *v, void *extra)
{
	calls++;
	return refuse ? MPI_ERR_OTHER : MPI_SUCCESS;
}

static int tdel(MPI_Datatype t, int k, void *v, void *extra)
{
	calls++;
	return refuse ? MPI_ERR_ARG : MPI_SUCCESS;
}

static int hdel(MPI_Handle *h, MPI_Handletype t, int k, void *v, void *extra)
{
	calls++;
	return refuse ? MPI_ERR_ARG : MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int k, tk, hk, flag, a = 1, b = 2;
	void *v;
	MPI_Group g = MPI_GROUP_EMPTY;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

	TEST_MPI(MPI_Comm_create_keyval(MPI_COMM_DUP_FN, del, &k, NULL));
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_SELF, k, &a));
	TEST_CHECK(MPI_Comm_delete_attr(MPI_COMM_SELF, k) == MPI_ERR_OTHER);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_SELF, k, &v, &flag));
	TEST_CHECK(flag && v == &a);
	TEST_CHECK(MPI_Comm_set_attr(MPI_COMM_SELF, k, &b) == MPI_ERR_OTHER);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_SELF, k, &v, &flag));
	TEST_CHECK(flag && v == &a);
	refuse = 0;
	TEST_MPI(MPI_Comm_delete_attr(MPI_COMM_SELF, k));
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_SELF, k, &v, &flag));
	TEST_CHECK(!flag);
	TEST_CHECK(calls == 3);

	refuse = 1;
	TEST_MPI(MPI_Type_create_keyval(MPI_TYPE_DUP_FN, tdel, &tk, NULL));
	TEST_MPI(MPI_Type_set_attr(MPI_INT, tk, &a));
	TEST_CHECK(MPI_Type_delete_attr(MPI_INT, tk) == MPI_ERR_ARG);
	refuse = 0;
	TEST_MPI(MPI_Type_delete_attr(MPI_INT, tk));

	refuse = 1;
	TEST_MPI(MPI_Handle_keyval_create(MPI_HANDLE_DUP_FN, hdel, &hk, NULL));
	TEST_MPI(MPI_Handle_attr_put(&g, MPI_HANDLE_GROUP, hk, &a));
	TEST_CHECK(MPI_Handle_attr_delete(&g, MPI_HANDLE_GROUP, hk) == MPI_ERR_ARG);
	refuse = 0;
	TEST_MPI(MPI_Handle_attr_delete(&g, MPI_HANDLE_GROUP, hk));

	TEST_MPI(MPI_Comm_free_keyval(&k));
	TEST_MPI(MPI_Type_free_keyval(&tk));
	TEST_MPI(MPI_Keyval_free(&hk));
	MPI_Finalize();
	return 0;
}
