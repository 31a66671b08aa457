/*
 * Description: copy callbacks on MPI_Comm_dup and MPI_Type_dup (null copy,
 * MPI_COMM_DUP_FN, a user copy that changes the value, a copy callback
 * that fails: the dup fails with its error and the attributes copied
 * before are deleted again), delete callbacks in reverse order of
 * attachment on MPI_Comm_free / MPI_Type_free, a failing delete callback
 * failing the free, and dup'ed communicators starting unnamed.
 * Needs MPI_Comm_dup/free and MPI_Type_dup/free from other areas: the
 * parts whose calls are not in the library yet are skipped (77 when none).
 * np: 1 2
 */
#include <string.h>
#include "mpitest.h"

#pragma weak MPI_Comm_dup
#pragma weak MPI_Comm_free
#pragma weak MPI_Type_dup
#pragma weak MPI_Type_free

static int seq[32], nseq, fail_copy, fail_delete;

static int copy_plus(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
	if (fail_copy)
		return MPI_ERR_OTHER;
	*(void **)out = (void *)((MPI_Aint)in + 10);
	*flag = 1;
	return MPI_SUCCESS;
}

static int del(MPI_Comm c, int k, void *v, void *extra)
{
	if (fail_delete)
		return MPI_ERR_ARG;
	seq[nseq++] = (int)(MPI_Aint)v;
	return MPI_SUCCESS;
}

static int tcopy_plus(MPI_Datatype t, int k, void *extra, void *in, void *out, int *flag)
{
	*(void **)out = (void *)((MPI_Aint)in + 10);
	*flag = 1;
	return MPI_SUCCESS;
}

static int tdel(MPI_Datatype t, int k, void *v, void *extra)
{
	seq[nseq++] = (int)(MPI_Aint)v;
	return MPI_SUCCESS;
}

static void check_seq(const int *want, int n)
{
	TEST_CHECK(nseq == n);
	for (int i = 0; i < n; i++)
		TEST_CHECK(seq[i] == want[i]);
	nseq = 0;
}

static int comm_part(void)
{
	int kdup, knull, kplus, flag, len;
	void *v;
	MPI_Comm dup, dup2 = MPI_COMM_NULL;
	char name[MPI_MAX_OBJECT_NAME];

	if (!MPI_Comm_dup || !MPI_Comm_free)
		return 0;
	TEST_MPI(MPI_Comm_create_keyval(MPI_COMM_DUP_FN, del, &kdup, NULL));
	TEST_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &knull, NULL));
	TEST_MPI(MPI_Comm_create_keyval(copy_plus, del, &kplus, NULL));
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_WORLD, kdup, (void *)1));
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_WORLD, knull, (void *)2));
	TEST_MPI(MPI_Comm_set_attr(MPI_COMM_WORLD, kplus, (void *)3));
	TEST_MPI(MPI_Comm_set_name(MPI_COMM_WORLD, "world renamed"));
	TEST_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
	TEST_MPI(MPI_Comm_get_name(dup, name, &len));
	TEST_CHECK(len == 0 && name[0] == '\0');
	TEST_MPI(MPI_Comm_get_attr(dup, kdup, &v, &flag));
	TEST_CHECK(flag && v == (void *)1);
	TEST_MPI(MPI_Comm_get_attr(dup, knull, &v, &flag));
	TEST_CHECK(!flag);
	TEST_MPI(MPI_Comm_get_attr(dup, kplus, &v, &flag));
	TEST_CHECK(flag && v == (void *)13);
	/* predefined attributes are there too */
	TEST_MPI(MPI_Comm_get_attr(dup, MPI_TAG_UB, &v, &flag));
	TEST_CHECK(flag && *(int *)v == 0x7fffffff);
	/* replaced value keeps its place */
	TEST_MPI(MPI_Comm_set_attr(dup, kdup, (void *)5));
	check_seq((int[]){ 1 }, 1);
	/* a failing delete fails the free and leaves the communicator usable */
	fail_delete = 1;
	TEST_CHECK(MPI_Comm_free(&dup) != MPI_SUCCESS);
	fail_delete = 0;
	TEST_MPI(MPI_Comm_get_attr(dup, kdup, &v, &flag));
	TEST_CHECK(flag);
	TEST_MPI(MPI_Comm_free(&dup));
	TEST_CHECK(dup == MPI_COMM_NULL);
	check_seq((int[]){ 13, 5 }, 2);
	/* a failing copy fails the dup; what was copied is deleted again */
	fail_copy = 1;
	TEST_CHECK(MPI_Comm_dup(MPI_COMM_WORLD, &dup2) == MPI_ERR_OTHER);
	fail_copy = 0;
	check_seq((int[]){ 1 }, 1);
	TEST_MPI(MPI_Comm_delete_attr(MPI_COMM_WORLD, kdup));
	TEST_MPI(MPI_Comm_delete_attr(MPI_COMM_WORLD, knull));
	TEST_MPI(MPI_Comm_delete_attr(MPI_COMM_WORLD, kplus));
	nseq = 0;
	TEST_MPI(MPI_Comm_free_keyval(&kdup));
	TEST_MPI(MPI_Comm_free_keyval(&knull));
	TEST_MPI(MPI_Comm_free_keyval(&kplus));
	return 1;
}

static int type_part(void)
{
	int k, flag;
	void *v;
	MPI_Datatype t, t2;

	if (!MPI_Type_dup || !MPI_Type_free)
		return 0;
	TEST_MPI(MPI_Type_create_keyval(tcopy_plus, tdel, &k, NULL));
	TEST_MPI(MPI_Type_dup(MPI_INT, &t));
	TEST_MPI(MPI_Type_set_attr(t, k, (void *)4));
	TEST_MPI(MPI_Type_dup(t, &t2));
	TEST_MPI(MPI_Type_get_attr(t2, k, &v, &flag));
	TEST_CHECK(flag && v == (void *)14);
	TEST_MPI(MPI_Type_free(&t2));
	check_seq((int[]){ 14 }, 1);
	TEST_MPI(MPI_Type_free(&t));
	check_seq((int[]){ 4 }, 1);
	TEST_MPI(MPI_Type_free_keyval(&k));
	return 1;
}

int main(int argc, char **argv)
{
	int ran = 0;
	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	ran += comm_part();
	ran += type_part();
	MPI_Finalize();
	return ran ? 0 : 77;
}
