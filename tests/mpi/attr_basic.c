/*
 * Description: standard caching on communicators and datatypes: keyval
 * create/free, set/get/delete, replacement, the MPI-1 calls, predefined
 * attributes of MPI_COMM_WORLD (MPI_TAG_UB = 0x7fffffff ... MPI_THREADS,
 * MPI_COMM_ID_IS_UNIQUE), and the errors: predefined or wrong-kind or
 * freed keyvals, deleting an absent attribute, windows (no windows yet).
 * np: 1 2
 */
#include <string.h>
#include "mpitest.h"

static int ndel;
static int del_count(MPI_Comm c, int k, void *v, void *extra)
{
	ndel++;
	TEST_CHECK(extra == (void *)&ndel);
	return MPI_SUCCESS;
}

static int tdel_count(MPI_Datatype t, int k, void *v, void *extra)
{
	ndel++;
	TEST_CHECK(t == MPI_INT);
	return MPI_SUCCESS;
}

static void predefined(void)
{
	int *p, flag, size;
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &p, &flag));
	TEST_CHECK(flag && *p == 0x7fffffff);
	TEST_MPI(MPI_Attr_get(MPI_COMM_WORLD, MPI_HOST, &p, &flag));
	TEST_CHECK(flag && *p == MPI_PROC_NULL);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_IO, &p, &flag));
	TEST_CHECK(flag && (*p == MPI_ANY_SOURCE || (*p >= 0 && *p < size)));
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &p, &flag));
	TEST_CHECK(flag && (*p == 0 || *p == 1));
	/* the CPUs the job may use, at least the job's size (docs/dynamic.md) */
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &p, &flag));
	TEST_CHECK(flag && *p >= size);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &p, &flag));
	TEST_CHECK(flag && *p == 0);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &p, &flag));
	TEST_CHECK(flag && *p >= MPI_ERR_LASTCODE);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_COMM_ID_IS_UNIQUE, &p, &flag));
	TEST_CHECK(flag && *p == MPI_COMM_ID_UNIQUE);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_THREADS, &p, &flag));
	TEST_CHECK(flag);
	/* predefined keys cannot be set, deleted or freed */
	int k = MPI_TAG_UB;
	TEST_CHECK(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, &flag) == MPI_ERR_KEYVAL);
	TEST_CHECK(MPI_Comm_delete_attr(MPI_COMM_WORLD, MPI_TAG_UB) == MPI_ERR_KEYVAL);
	TEST_CHECK(MPI_Comm_free_keyval(&k) == MPI_ERR_KEYVAL);
	TEST_CHECK(k == MPI_TAG_UB);
}

int main(int argc, char **argv)
{
	int k, k1, tk, flag, val = 42, v2 = 43, *p, wk;
	void *vp;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	predefined();

	/* communicator keyval */
	TEST_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del_count, &k, &ndel));
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, k, &p, &flag));
	TEST_CHECK(!flag);
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_WORLD, k, &val));
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, k, &p, &flag));
	TEST_CHECK(flag && p == &val);
	/* replacing calls the delete callback on the old value */
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_WORLD, k, &v2));
	TEST_CHECK(ndel == 1);
	TEST_MPI(MPI_Attr_get(MPI_COMM_WORLD, k, &p, &flag));
	TEST_CHECK(flag && p == &v2);
	/* the same keyval on another communicator is independent */
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_SELF, k, &p, &flag));
	TEST_CHECK(!flag);
	TEST_MPI(MPI_Comm_delete_attr(MPI_COMM_WORLD, k));
	TEST_CHECK(ndel == 2);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, k, &p, &flag));
	TEST_CHECK(!flag);
	TEST_CHECK(MPI_Comm_delete_attr(MPI_COMM_WORLD, k) == MPI_ERR_KEYVAL);
	/* a communicator keyval is not a datatype keyval */
	TEST_CHECK(MPI_Type_set_attr(MPI_INT, k, &val) == MPI_ERR_KEYVAL);
	k1 = k;
	TEST_MPI(MPI_Comm_free_keyval(&k));
	TEST_CHECK(k == MPI_KEYVAL_INVALID);
	TEST_CHECK(MPI_Comm_free_keyval(&k1) == MPI_ERR_KEYVAL);   /* double free */
	TEST_CHECK(MPI_Comm_set_attr(MPI_COMM_WORLD, k1, &val) == MPI_ERR_KEYVAL);

	/* MPI-1 */
	TEST_MPI(MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &k, NULL));
	TEST_MPI(MPI_Attr_put(MPI_COMM_SELF, k, (void *)(MPI_Aint)7));
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_SELF, k, &vp, &flag));
	TEST_CHECK(flag && vp == (void *)(MPI_Aint)7);
	/* an MPI-1 keyval works on datatypes too (seed 002 6.7) */
	TEST_MPI(MPI_Type_set_attr(MPI_INT, k, (void *)(MPI_Aint)8));
	TEST_MPI(MPI_Type_get_attr(MPI_INT, k, &vp, &flag));
	TEST_CHECK(flag && vp == (void *)(MPI_Aint)8);
	TEST_MPI(MPI_Type_delete_attr(MPI_INT, k));
	TEST_MPI(MPI_Attr_delete(MPI_COMM_SELF, k));
	TEST_MPI(MPI_Keyval_free(&k));
	TEST_CHECK(k == MPI_KEYVAL_INVALID);

	/* datatype keyval */
	ndel = 0;
	TEST_MPI(MPI_Type_create_keyval(MPI_TYPE_DUP_FN, tdel_count, &tk, NULL));
	TEST_MPI(MPI_Type_set_attr(MPI_INT, tk, &val));
	TEST_MPI(MPI_Type_get_attr(MPI_INT, tk, &p, &flag));
	TEST_CHECK(flag && p == &val);
	TEST_MPI(MPI_Type_get_attr(MPI_DOUBLE, tk, &p, &flag));
	TEST_CHECK(!flag);
	TEST_CHECK(MPI_Comm_set_attr(MPI_COMM_WORLD, tk, &val) == MPI_ERR_KEYVAL);
	TEST_CHECK(MPI_Comm_free_keyval(&tk) == MPI_ERR_KEYVAL);   /* wrong kind */
	TEST_MPI(MPI_Type_delete_attr(MPI_INT, tk));
	TEST_CHECK(ndel == 1);
	TEST_MPI(MPI_Type_free_keyval(&tk));
	TEST_CHECK(MPI_Type_set_attr(MPI_DATATYPE_NULL, 33, &val) == MPI_ERR_TYPE);
	TEST_CHECK(MPI_Comm_set_attr(MPI_COMM_NULL, 33, &val) == MPI_ERR_COMM);

	/* windows: keyvals exist, windows do not */
	TEST_MPI(MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, &wk, NULL));
	TEST_CHECK(MPI_Win_set_attr(MPI_WIN_NULL, wk, &val) == MPI_ERR_WIN);
	TEST_CHECK(MPI_Win_get_attr(MPI_WIN_NULL, wk, &p, &flag) == MPI_ERR_WIN);
	TEST_CHECK(MPI_Win_delete_attr(MPI_WIN_NULL, wk) == MPI_ERR_WIN);
	TEST_CHECK(MPI_Comm_set_attr(MPI_COMM_WORLD, wk, &val) == MPI_ERR_KEYVAL);
	TEST_MPI(MPI_Win_free_keyval(&wk));

	MPI_Finalize();
	return 0;
}
