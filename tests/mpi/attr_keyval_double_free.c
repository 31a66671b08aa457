/*
 * Description: freeing a keyval again while an attribute still uses it
 * (an erroneous program the MPICH suite checks) succeeds as a no-op; the
 * attribute keeps working and its delete callback still runs; once the
 * keyval is gone, a further free is MPI_ERR_KEYVAL (issue 14, suite
 * attr/keyval_double_free).
 * np: 1
 */
#include "mpitest.h"

static int ndel;

static int del_fn(MPI_Comm c, int key, void *val, void *extra)
{
	(void)c;
	(void)val;
	(void)extra;
	ndel++;
	MPI_Keyval_free(&key); /* a free from the callback, as the suite does */
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int n, w, k, copy, id, flag;
	void *v;
	MPI_Comm dup;
	mpitest_init(&argc, &argv, 1, &n, &w);
	TEST_MPI(MPI_Comm_dup(MPI_COMM_SELF, &dup));
	TEST_MPI(MPI_Keyval_create(MPI_NULL_COPY_FN, del_fn, &k, NULL));
	copy = id = k;
	TEST_MPI(MPI_Attr_put(MPI_COMM_SELF, k, &ndel));
	TEST_MPI(MPI_Attr_put(dup, k, &ndel));
	TEST_MPI(MPI_Comm_free(&dup)); /* del_fn frees the keyval once */
	TEST_CHECK(ndel == 1);
	TEST_MPI(MPI_Keyval_free(&k)); /* again: a no-op */
	TEST_CHECK(k == MPI_KEYVAL_INVALID);
	TEST_MPI(MPI_Keyval_free(&copy));
	TEST_CHECK(copy == MPI_KEYVAL_INVALID);
	TEST_MPI(MPI_Attr_get(MPI_COMM_SELF, id, &v, &flag));
	TEST_CHECK(flag && v == &ndel);
	TEST_MPI(MPI_Attr_delete(MPI_COMM_SELF, id)); /* the last user */
	TEST_CHECK(ndel == 2);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	TEST_CHECK(MPI_Keyval_free(&id) == MPI_ERR_KEYVAL);
	MPI_Finalize();
	return 0;
}
