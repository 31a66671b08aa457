/*
 * Description: MPI_Group_free runs the delete callbacks of the attributes
 * cached on that group handle (seed 002 6.7), also when the group is the
 * one of a communicator (MPI_Comm_group) or a communicator was made from
 * it; a failing delete callback fails the free and leaves the handle;
 * attributes on one MPI_Comm_group handle are not seen through another
 * (issue 14.11).
 * np: 1 2
 */
#include "mpitest.h"

static int ndel, fail_del;

static int hdel(MPI_Handle *h, MPI_Handletype t, int key, void *val, void *extra)
{
	(void)h;
	(void)key;
	(void)val;
	(void)extra;
	TEST_CHECK(t == MPI_HANDLE_GROUP);
	ndel++;
	return fail_del ? MPI_ERR_OTHER : MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int n, w, k, x = 7, flag;
	void *v;
	MPI_Group g, g2, sub;
	MPI_Comm c;
	mpitest_init(&argc, &argv, 1, &n, &w);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	TEST_MPI(MPI_Handle_keyval_create(MPI_HANDLE_NULL_COPY_FN, hdel, &k, NULL));

	/* the group of a communicator */
	TEST_MPI(MPI_Comm_group(MPI_COMM_WORLD, &g));
	TEST_MPI(MPI_Handle_attr_put(&g, MPI_HANDLE_GROUP, k, &x));
	TEST_MPI(MPI_Comm_group(MPI_COMM_WORLD, &g2));
	TEST_MPI(MPI_Handle_attr_get(&g2, MPI_HANDLE_GROUP, k, &v, &flag));
	TEST_CHECK(!flag);
	TEST_MPI(MPI_Group_free(&g2));
	TEST_CHECK(ndel == 0);
	TEST_MPI(MPI_Group_free(&g));
	TEST_CHECK(ndel == 1 && g == MPI_GROUP_NULL);

	/* a group a communicator was created from */
	TEST_MPI(MPI_Comm_group(MPI_COMM_WORLD, &g));
	TEST_MPI(MPI_Group_incl(g, 1, &w, &sub));
	TEST_MPI(MPI_Group_free(&g));
	TEST_MPI(MPI_Comm_create_group(MPI_COMM_WORLD, sub, 0, &c));
	TEST_MPI(MPI_Handle_attr_put(&sub, MPI_HANDLE_GROUP, k, &x));
	ndel = 0;
	TEST_MPI(MPI_Group_free(&sub));
	TEST_CHECK(ndel == 1);
	TEST_MPI(MPI_Comm_free(&c));
	TEST_CHECK(ndel == 1);

	/* a failing delete callback fails the free and keeps the handle */
	TEST_MPI(MPI_Comm_group(MPI_COMM_WORLD, &g));
	TEST_MPI(MPI_Handle_attr_put(&g, MPI_HANDLE_GROUP, k, &x));
	fail_del = 1;
	ndel = 0;
	TEST_CHECK(MPI_Group_free(&g) != MPI_SUCCESS);
	TEST_CHECK(ndel == 1 && g != MPI_GROUP_NULL);
	fail_del = 0;
	TEST_MPI(MPI_Group_free(&g));
	TEST_CHECK(ndel == 2);

	TEST_MPI(MPI_Keyval_free(&k));
	MPI_Finalize();
	return 0;
}
