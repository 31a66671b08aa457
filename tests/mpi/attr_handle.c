/*
 * Description: seed 002 6.7: caching on every kind of handle.
 * MPI_Handle_keyval_create keyvals and MPI-1 keyvals work on
 * communicators, datatypes, groups and persistent requests; typed keyvals
 * only on their own kind; MPI_Attr_get sees what MPI_Handle_attr_put put
 * on a communicator; callbacks get the address of the handle and its
 * type; MPI_HANDLE_PREQUEST rejects non-persistent requests and
 * MPI_HANDLE_FILE is reserved; a keyval freed while in use stays valid for
 * its attributes until they are deleted.
 * np: 1 2
 */
#include "mpitest.h"

static int ndel;
static MPI_Handletype last_type;
static void *last_handle;

static int hdel(MPI_Handle *h, MPI_Handletype t, int keyval, void *val, void *extra)
{
	ndel++;
	last_type = t;
	last_handle = *(void **)h;
	return MPI_SUCCESS;
}

/* put, get (standard convention), delete on one handle with keyval k */
static void round_trip(MPI_Handle *h, MPI_Handletype t, int k, void *obj)
{
	int flag, x;
	void *v = NULL;
	TEST_MPI(MPI_Handle_attr_get(h, t, k, &v, &flag));
	TEST_CHECK(!flag);
	TEST_MPI(MPI_Handle_attr_put(h, t, k, &x));
	TEST_MPI(MPI_Handle_attr_get(h, t, k, &v, &flag));
	TEST_CHECK(flag && v == &x);
	ndel = 0;
	TEST_MPI(MPI_Handle_attr_delete(h, t, k));
	TEST_CHECK(ndel == 1 && last_type == t && last_handle == obj);
	TEST_MPI(MPI_Handle_attr_get(h, t, k, &v, &flag));
	TEST_CHECK(!flag);
}

int main(int argc, char **argv)
{
	int k, k1, kc, kt, kin, flag, buf = 0, x;
	void *v;
	MPI_Comm comm = MPI_COMM_WORLD;
	MPI_Datatype type = MPI_INT;
	MPI_Group group = MPI_GROUP_EMPTY;
	MPI_Request preq, req;
	MPI_File file = MPI_FILE_NULL;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	TEST_MPI(MPI_Handle_keyval_create(MPI_HANDLE_NULL_COPY_FN, hdel, &k, NULL));
	TEST_MPI(MPI_Send_init(&buf, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &preq));

	round_trip(&comm, MPI_HANDLE_COMM, k, comm);
	round_trip(&type, MPI_HANDLE_DATATYPE, k, type);
	round_trip(&group, MPI_HANDLE_GROUP, k, group);
	round_trip(&preq, MPI_HANDLE_PREQUEST, k, preq);

	/* the old calls see attributes put with the new ones on communicators */
	TEST_MPI(MPI_Handle_attr_put(&comm, MPI_HANDLE_COMM, k, &x));
	TEST_MPI(MPI_Attr_get(MPI_COMM_WORLD, k, &v, &flag));
	TEST_CHECK(flag && v == &x);
	TEST_MPI(MPI_Attr_delete(MPI_COMM_WORLD, k));
	TEST_CHECK(last_type == MPI_HANDLE_COMM);

	/* predefined attributes through the new call */
	TEST_MPI(MPI_Handle_attr_get(&comm, MPI_HANDLE_COMM, MPI_TAG_UB, &v, &flag));
	TEST_CHECK(flag && *(int *)v == 0x7fffffff);

	/* an MPI-1 keyval (seed example: MPI_Keyval_create with the
	 * MPI_HANDLE_* predefined functions) on a datatype */
	TEST_MPI(MPI_Keyval_create((MPI_Copy_function *)(void (*)(void))MPI_HANDLE_NULL_COPY_FN,
				   (MPI_Delete_function *)(void (*)(void))MPI_HANDLE_NULL_DEL_FN, &k1, NULL));
	TEST_MPI(MPI_Handle_attr_put(&type, MPI_HANDLE_DATATYPE, k1, &x));
	TEST_MPI(MPI_Handle_attr_get(&type, MPI_HANDLE_DATATYPE, k1, &v, &flag));
	TEST_CHECK(flag && v == &x);
	TEST_MPI(MPI_Handle_attr_delete(&type, MPI_HANDLE_DATATYPE, k1));
	TEST_MPI(MPI_Keyval_free(&k1));

	/* typed keyvals work on their own kind only */
	TEST_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &kc, NULL));
	TEST_MPI(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &kt, NULL));
	TEST_MPI(MPI_Handle_attr_put(&comm, MPI_HANDLE_COMM, kc, &x));
	TEST_MPI(MPI_Comm_get_attr(comm, kc, &v, &flag));
	TEST_CHECK(flag && v == &x);
	TEST_MPI(MPI_Handle_attr_delete(&comm, MPI_HANDLE_COMM, kc));
	TEST_MPI(MPI_Handle_attr_put(&type, MPI_HANDLE_DATATYPE, kt, &x));
	TEST_MPI(MPI_Type_delete_attr(type, kt));
	TEST_CHECK(MPI_Handle_attr_put(&type, MPI_HANDLE_DATATYPE, kc, &x) == MPI_ERR_KEYVAL);
	TEST_CHECK(MPI_Handle_attr_put(&group, MPI_HANDLE_GROUP, kt, &x) == MPI_ERR_KEYVAL);
	TEST_CHECK(MPI_Handle_attr_put(&preq, MPI_HANDLE_PREQUEST, kc, &x) == MPI_ERR_KEYVAL);
	TEST_MPI(MPI_Comm_free_keyval(&kc));
	TEST_MPI(MPI_Type_free_keyval(&kt));

	/* wrong handles */
	TEST_MPI(MPI_Irecv(&buf, 1, MPI_INT, MPI_ANY_SOURCE, 99, MPI_COMM_SELF, &req));
	TEST_CHECK(MPI_Handle_attr_put(&req, MPI_HANDLE_PREQUEST, k, &x) == MPI_ERR_REQUEST);
	TEST_CHECK(MPI_Handle_attr_put(&file, MPI_HANDLE_FILE, k, &x) == MPI_ERR_FILE);
	TEST_CHECK(MPI_Handle_attr_put(&comm, 77, k, &x) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Handle_attr_put(NULL, MPI_HANDLE_COMM, k, &x) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Handle_attr_delete(&comm, MPI_HANDLE_COMM, k) == MPI_ERR_KEYVAL);
	MPI_Send(&buf, 1, MPI_INT, 0, 99, MPI_COMM_SELF);
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));

	/* keyval freed while in use */
	TEST_MPI(MPI_Handle_keyval_create(MPI_HANDLE_NULL_COPY_FN, hdel, &kin, NULL));
	TEST_MPI(MPI_Handle_attr_put(&group, MPI_HANDLE_GROUP, kin, &x));
	int kin_copy = kin;
	TEST_MPI(MPI_Keyval_free(&kin));
	TEST_CHECK(kin == MPI_KEYVAL_INVALID);
	TEST_MPI(MPI_Handle_attr_get(&group, MPI_HANDLE_GROUP, kin_copy, &v, &flag));
	TEST_CHECK(flag && v == &x);
	ndel = 0;
	TEST_MPI(MPI_Handle_attr_delete(&group, MPI_HANDLE_GROUP, kin_copy));
	TEST_CHECK(ndel == 1);

	TEST_MPI(MPI_Request_free(&preq));
	TEST_MPI(MPI_Keyval_free(&k));
	MPI_Finalize();
	return 0;
}
