/*
 * tests/unit/check_attr.c - the attribute list internals of lib/attr/attr.c
 * without a running MPI job: keyval life-cycle, attachment order and
 * reverse-order deletion, replacement in place, copy callbacks (dup, null,
 * failing), failing delete callbacks, keyvals freed while in use, and the
 * calling conventions of the callbacks.
 *
 * Description: lib/attr/attr.c unit tests (keyvals and attribute lists).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include "lib/attr/attr.h"
#include "tests/unit/unit.h"

typedef void (*gfn)(void);

static int seq[64], nseq;
static int fail_key = -1;     /* delete callbacks fail for this keyval */

static int del_rec(MPI_Comm c, int keyval, void *val, void *extra)
{
	if (keyval == fail_key)
		return MPI_ERR_OTHER;
	seq[nseq++] = (int)(intptr_t)val;
	return MPI_SUCCESS;
}

static int copy_plus(MPI_Comm c, int keyval, void *extra, void *in, void *out, int *flag)
{
	*(void **)out = (void *)((intptr_t)in + 100);
	*flag = 1;
	return MPI_SUCCESS;
}

static int copy_fail(MPI_Comm c, int keyval, void *extra, void *in, void *out, int *flag)
{
	return MPI_ERR_ARG;
}

static void *seen_handle;
static int seen_hk;
static int hdel(MPI_Handle *h, MPI_Handletype hk, int keyval, void *val, void *extra)
{
	seen_handle = *(void **)h;
	seen_hk = hk;
	seq[nseq++] = (int)(intptr_t)val;
	return MPI_SUCCESS;
}

static int mk(int kind, gfn copy, gfn del, int *kv)
{
	return mpii_keyval_create(kind, copy, MPII_CB_COMM, del, MPII_CB_COMM, NULL, kv);
}

static void setup(void)
{
	nseq = 0;
	fail_key = -1;
}

/* Free the n communicator keyvals k[]. */
static void free_keyvals(int n, const int *k)
{
	for (int i = 0; i < n; i++)
		ck_assert_int_eq(mpii_keyval_free(k[i], MPII_HK_COMM), MPI_SUCCESS);
}

START_TEST(keyval_lifecycle)
{
	int k, k2;
	ck_assert_int_eq(mk(MPII_HK_COMM, NULL, NULL, &k), MPI_SUCCESS);
	ck_assert(!mpii_keyval_is_predefined(k));
	ck_assert(mpii_keyval_is_predefined(MPI_TAG_UB));
	ck_assert_int_eq(mpii_keyval_free(k, MPII_HK_DATATYPE), MPI_ERR_KEYVAL);
	ck_assert_int_eq(mpii_keyval_free(k, MPII_HK_COMM), MPI_SUCCESS);
	ck_assert_int_eq(mpii_keyval_free(k, MPII_HK_COMM), MPI_ERR_KEYVAL);
	ck_assert_int_eq(mpii_keyval_free(MPI_TAG_UB, MPII_HK_COMM), MPI_ERR_KEYVAL);
	ck_assert_int_eq(mpii_keyval_free(-5, MPII_HK_COMM), MPI_ERR_KEYVAL);
	/* the freed id is not handed out again at once */
	ck_assert_int_eq(mk(MPII_HK_COMM, NULL, NULL, &k2), MPI_SUCCESS);
	ck_assert_int_ne(k, k2);
	ck_assert_int_eq(mpii_keyval_free(k2, MPII_HK_ANY), MPI_SUCCESS);
}
END_TEST

START_TEST(reverse_order_and_replace)
{
	struct mpii_attr_list *l = NULL;
	int k[4], dummy, flag;
	void *v;
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(mk(MPII_HK_COMM, NULL, (gfn)del_rec, &k[i]), MPI_SUCCESS);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &dummy, k[i], (void *)(intptr_t)(i + 1)),
				 MPI_SUCCESS);
	/* replacing k[1] runs its delete callback on the old value and keeps
	 * its place */
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &dummy, k[1], (void *)(intptr_t)20), MPI_SUCCESS);
	ck_assert_int_eq(nseq, 1);
	ck_assert_int_eq(seq[0], 2);
	ck_assert_int_eq(mpii_attr_get(&l, MPII_HK_COMM, k[1], &v, &flag), MPI_SUCCESS);
	ck_assert(flag && v == (void *)20);
	nseq = 0;
	ck_assert_int_eq(mpii_attr_delete_all(&l, MPII_HK_COMM, &dummy, 0), MPI_SUCCESS);
	ck_assert_ptr_null(l);
	ck_assert_int_eq(nseq, 4);
	ck_assert_int_eq(seq[0], 4);
	ck_assert_int_eq(seq[1], 3);
	ck_assert_int_eq(seq[2], 20);
	ck_assert_int_eq(seq[3], 1);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(mpii_keyval_free(k[i], MPII_HK_COMM), MPI_SUCCESS);
}
END_TEST

START_TEST(get_delete_kinds)
{
	struct mpii_attr_list *l = NULL;
	int kc, kany, flag = 7, dummy;
	void *v;
	ck_assert_int_eq(mk(MPII_HK_COMM, NULL, (gfn)del_rec, &kc), MPI_SUCCESS);
	ck_assert_int_eq(mk(MPII_HK_ANY, NULL, (gfn)del_rec, &kany), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_get(&l, MPII_HK_COMM, kc, &v, &flag), MPI_SUCCESS);
	ck_assert_int_eq(flag, 0);
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_DATATYPE, &dummy, kc, NULL), MPI_ERR_KEYVAL);
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_DATATYPE, &dummy, kany, (void *)5), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_get(&l, MPII_HK_DATATYPE, kany, &v, &flag), MPI_SUCCESS);
	ck_assert(flag && v == (void *)5);
	ck_assert_int_eq(mpii_attr_delete(&l, MPII_HK_DATATYPE, &dummy, kc), MPI_ERR_KEYVAL);
	ck_assert_int_eq(mpii_attr_delete(&l, MPII_HK_DATATYPE, &dummy, kany), MPI_SUCCESS);
	ck_assert_int_eq(nseq, 1);
	ck_assert_ptr_null(l);
	ck_assert_int_eq(mpii_attr_delete(&l, MPII_HK_DATATYPE, &dummy, kany), MPI_ERR_KEYVAL);
	free_keyvals(2, (int[]){ kc, kany });
}
END_TEST

START_TEST(freed_keyval_in_use)
{
	struct mpii_attr_list *l = NULL;
	int k, id, flag, dummy;
	void *v;
	ck_assert_int_eq(mk(MPII_HK_COMM, NULL, (gfn)del_rec, &k), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &dummy, k, (void *)9), MPI_SUCCESS);
	id = k;
	ck_assert_int_eq(mpii_keyval_free(k, MPII_HK_COMM), MPI_SUCCESS);
	/* the attribute is still there; no new attachment with a freed key */
	ck_assert_int_eq(mpii_attr_get(&l, MPII_HK_COMM, id, &v, &flag), MPI_SUCCESS);
	ck_assert(flag && v == (void *)9);
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &dummy, id, (void *)10), MPI_ERR_KEYVAL);
	ck_assert_int_eq(mpii_attr_delete_all(&l, MPII_HK_COMM, &dummy, 0), MPI_SUCCESS);
	ck_assert_int_eq(nseq, 1);
	ck_assert_int_eq(seq[0], 9);
	/* now fully released */
	ck_assert_int_eq(mpii_attr_get(&l, MPII_HK_COMM, id, &v, &flag), MPI_ERR_KEYVAL);
}
END_TEST

START_TEST(copy_callbacks)
{
	struct mpii_attr_list *a = NULL, *b = NULL;
	int kdup, knull, kplus, kfail, flag, oldh, newh;
	void *v;
	ck_assert_int_eq(mk(MPII_HK_COMM, (gfn)mpii_obj_dup_fn, (gfn)del_rec, &kdup), MPI_SUCCESS);
	ck_assert_int_eq(mk(MPII_HK_COMM, (gfn)mpii_obj_null_copy_fn, (gfn)del_rec, &knull), MPI_SUCCESS);
	ck_assert_int_eq(mk(MPII_HK_COMM, (gfn)copy_plus, (gfn)del_rec, &kplus), MPI_SUCCESS);
	ck_assert_int_eq(mk(MPII_HK_COMM, (gfn)copy_fail, (gfn)del_rec, &kfail), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_set(&a, MPII_HK_COMM, &oldh, kdup, (void *)1), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_set(&a, MPII_HK_COMM, &oldh, knull, (void *)2), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_set(&a, MPII_HK_COMM, &oldh, kplus, (void *)3), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_copy(&b, &a, MPII_HK_COMM, &oldh, &newh), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_get(&b, MPII_HK_COMM, kdup, &v, &flag), MPI_SUCCESS);
	ck_assert(flag && v == (void *)1);
	ck_assert_int_eq(mpii_attr_get(&b, MPII_HK_COMM, knull, &v, &flag), MPI_SUCCESS);
	ck_assert(!flag);
	ck_assert_int_eq(mpii_attr_get(&b, MPII_HK_COMM, kplus, &v, &flag), MPI_SUCCESS);
	ck_assert(flag && v == (void *)103);
	/* copies keep the source order: deleting b runs plus then dup */
	ck_assert_int_eq(mpii_attr_delete_all(&b, MPII_HK_COMM, &newh, 0), MPI_SUCCESS);
	ck_assert_int_eq(nseq, 2);
	ck_assert_int_eq(seq[0], 103);
	ck_assert_int_eq(seq[1], 1);
	/* a failing copy undoes the copies made before it */
	nseq = 0;
	ck_assert_int_eq(mpii_attr_set(&a, MPII_HK_COMM, &oldh, kfail, (void *)4), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_copy(&b, &a, MPII_HK_COMM, &oldh, &newh), MPI_ERR_ARG);
	ck_assert_ptr_null(b);
	ck_assert_int_eq(nseq, 2);
	ck_assert_int_eq(seq[0], 103);
	ck_assert_int_eq(seq[1], 1);
	nseq = 0;
	ck_assert_int_eq(mpii_attr_delete_all(&a, MPII_HK_COMM, &oldh, 0), MPI_SUCCESS);
	ck_assert_int_eq(nseq, 4);
	ck_assert_int_eq(seq[0], 4);
	ck_assert_int_eq(seq[3], 1);
	free_keyvals(4, (int[]){ kdup, knull, kplus, kfail });
}
END_TEST

START_TEST(failing_delete)
{
	struct mpii_attr_list *l = NULL;
	int k1, k2, k3, flag, h;
	void *v;
	ck_assert_int_eq(mk(MPII_HK_COMM, NULL, (gfn)del_rec, &k1), MPI_SUCCESS);
	ck_assert_int_eq(mk(MPII_HK_COMM, NULL, (gfn)del_rec, &k2), MPI_SUCCESS);
	ck_assert_int_eq(mk(MPII_HK_COMM, NULL, (gfn)del_rec, &k3), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &h, k1, (void *)1), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &h, k2, (void *)2), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &h, k3, (void *)3), MPI_SUCCESS);
	fail_key = k2;
	/* single delete fails: the attribute stays */
	ck_assert_int_eq(mpii_attr_delete(&l, MPII_HK_COMM, &h, k2), MPI_ERR_OTHER);
	ck_assert_int_eq(mpii_attr_get(&l, MPII_HK_COMM, k2, &v, &flag), MPI_SUCCESS);
	ck_assert(flag);
	/* replacing fails too and keeps the old value */
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &h, k2, (void *)22), MPI_ERR_OTHER);
	ck_assert_int_eq(mpii_attr_get(&l, MPII_HK_COMM, k2, &v, &flag), MPI_SUCCESS);
	ck_assert(flag && v == (void *)2);
	/* delete all stops at k2 */
	ck_assert_int_eq(mpii_attr_delete_all(&l, MPII_HK_COMM, &h, 0), MPI_ERR_OTHER);
	ck_assert_int_eq(nseq, 1);
	ck_assert_int_eq(seq[0], 3);
	ck_assert_int_eq(mpii_attr_get(&l, MPII_HK_COMM, k1, &v, &flag), MPI_SUCCESS);
	ck_assert(flag);
	/* forced: goes on and reports the failure */
	ck_assert_int_eq(mpii_attr_delete_all(&l, MPII_HK_COMM, &h, 1), MPI_ERR_OTHER);
	ck_assert_ptr_null(l);
	ck_assert_int_eq(nseq, 2);
	ck_assert_int_eq(seq[1], 1);
	free_keyvals(3, (int[]){ k1, k2, k3 });
}
END_TEST

START_TEST(handle_convention)
{
	struct mpii_attr_list *l = NULL;
	int k, obj;
	/* MPI_HANDLE_DUP_FN given where a comm-convention one is expected: it
	 * is recognised, never called through the wrong type */
	ck_assert_int_eq(mpii_keyval_create(MPII_HK_ANY, (gfn)mpii_obj_handle_dup_fn, MPII_CB_COMM,
					    (gfn)hdel, MPII_CB_HANDLE, NULL, &k), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_GROUP, &obj, k, (void *)8), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_delete_all(&l, MPII_HK_GROUP, &obj, 0), MPI_SUCCESS);
	ck_assert_ptr_eq(seen_handle, &obj);
	ck_assert_int_eq(seen_hk, MPI_HANDLE_GROUP);
	ck_assert_int_eq(seq[0], 8);
	ck_assert_int_eq(mpii_keyval_free(k, MPII_HK_ANY), MPI_SUCCESS);
}
END_TEST

START_TEST(many_keyvals)
{
	static int k[1000];
	struct mpii_attr_list *l = NULL;
	int h;
	for (int i = 0; i < 1000; i++) {
		ck_assert_int_eq(mk(MPII_HK_COMM, NULL, NULL, &k[i]), MPI_SUCCESS);
		ck_assert_int_eq(mpii_attr_set(&l, MPII_HK_COMM, &h, k[i], NULL), MPI_SUCCESS);
	}
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(mpii_keyval_free(k[i], MPII_HK_COMM), MPI_SUCCESS);
	ck_assert_int_eq(mpii_attr_delete_all(&l, MPII_HK_COMM, &h, 0), MPI_SUCCESS);
	ck_assert_ptr_null(l);
}
END_TEST

static Suite *attr_suite(void)
{
	Suite *s = suite_create("attr");
	const TTest *lists_tests[] = {
		keyval_lifecycle, reverse_order_and_replace, get_delete_kinds,
		freed_keyval_in_use, copy_callbacks, failing_delete, handle_convention,
		many_keyvals, NULL
	};
	tcase_add_checked_fixture(unit_tcase(s, "lists", 30, lists_tests), setup, NULL);
	return s;
}

int main(void)
{
	return unit_run(attr_suite());
}
