/*
 * Description: libmpi_abi.so.1's own functions and the layer's mappings,
 * seen from a program compiled against the standard ABI's header only
 * (tests/abi.mk builds it as tests/abi/abi_layer; it is not built against
 * our mpi.h): MPI_Abi_get_version and get_info, the Fortran info and
 * booleans, MPI_X_toint / MPI_X_fromint for predefined and user handles,
 * MPI_Get_version, and the values that differ between the two headers
 * coming back as the ABI's: a receive from MPI_PROC_NULL (source, tag),
 * MPI_Comm_compare, MPI_Topo_test, MPI_Comm_get_errhandler (a predefined
 * handler), the combiner of a named type, the class of an invalid rank,
 * a predefined attribute keyval and a user keyval copied by MPI_COMM_DUP_FN,
 * statuses of Waitall with MPI_PROC_NULL, and a window's flavor attribute.
 * np: 2
 */
#include <stdio.h>
#include <string.h>
#include "mpitest.h"

#ifndef MPI_ABI_VERSION
#error "abi_layer is built against include/abi/mpi.h (tests/abi.mk)"
#endif

static int info_int(MPI_Info info, const char *key)
{
	char v[64];
	int len = (int)sizeof(v), flag = 0;
	TEST_MPI(MPI_Info_get_string(info, key, &len, v, &flag));
	return flag ? (int)strtol(v, NULL, 10) : -1;
}

int main(int argc, char **argv)
{
	int n, r;
	mpitest_init(&argc, &argv, 2, &n, &r);

	/* the ABI chapter */
	int maj = -1, min = -1;
	TEST_MPI(MPI_Abi_get_version(&maj, &min));
	TEST_CHECK(maj == MPI_ABI_VERSION && min == MPI_ABI_SUBVERSION);
	MPI_Info info;
	TEST_MPI(MPI_Abi_get_info(&info));
	TEST_CHECK(info_int(info, "mpi_aint_size") == (int)sizeof(MPI_Aint));
	TEST_CHECK(info_int(info, "mpi_count_size") == (int)sizeof(MPI_Count));
	TEST_CHECK(info_int(info, "mpi_offset_size") == (int)sizeof(MPI_Offset));
	TEST_MPI(MPI_Info_free(&info));
	TEST_CHECK(info == MPI_INFO_NULL);
	int t = 1, f = 0, tt = -1, ff = -1, set = -1;
	TEST_MPI(MPI_Abi_get_fortran_booleans(4, &tt, &ff, &set));
	TEST_CHECK(set == 0);
	TEST_MPI(MPI_Abi_set_fortran_booleans(4, &t, &f));
	TEST_MPI(MPI_Abi_get_fortran_booleans(4, &tt, &ff, &set));
	TEST_CHECK(set == 1 && tt == 1 && ff == 0);
	MPI_Info fi;
	TEST_MPI(MPI_Info_create(&fi));
	TEST_MPI(MPI_Info_set(fi, "mpi_logical_size", "4"));
	TEST_MPI(MPI_Abi_set_fortran_info(fi));
	TEST_MPI(MPI_Info_free(&fi));
	TEST_MPI(MPI_Abi_get_fortran_info(&fi));
	TEST_CHECK(info_int(fi, "mpi_logical_size") == 4);
	TEST_MPI(MPI_Info_free(&fi));
	int v = 0, sv = 0;
	TEST_MPI(MPI_Get_version(&v, &sv));
	TEST_CHECK(v >= 3);   /* what the library implements, not the header's 5.0 */

	/* handle conversions */
	TEST_CHECK(MPI_Comm_toint(MPI_COMM_WORLD) == 0x101);
	TEST_CHECK(MPI_Comm_fromint(MPI_Comm_toint(MPI_COMM_SELF)) == MPI_COMM_SELF);
	TEST_CHECK(MPI_Type_fromint(MPI_Type_toint(MPI_DOUBLE)) == MPI_DOUBLE);
	TEST_CHECK(MPI_Request_fromint(MPI_Request_toint(MPI_REQUEST_NULL)) == MPI_REQUEST_NULL);
	MPI_Comm dup;
	TEST_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
	int di = MPI_Comm_toint(dup);
	TEST_CHECK(di >= 0x1000 && MPI_Comm_fromint(di) == dup);
	MPI_Group g;
	TEST_MPI(MPI_Comm_group(dup, &g));
	TEST_CHECK(MPI_Group_fromint(MPI_Group_toint(g)) == g);
	TEST_MPI(MPI_Group_free(&g));
	TEST_CHECK(g == MPI_GROUP_NULL);

	/* constants that differ between the headers come back as the ABI's */
	int res = -1;
	TEST_MPI(MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_WORLD, &res));
	TEST_CHECK(res == MPI_IDENT);
	TEST_MPI(MPI_Comm_compare(MPI_COMM_WORLD, dup, &res));
	TEST_CHECK(res == MPI_CONGRUENT);
	TEST_MPI(MPI_Topo_test(MPI_COMM_WORLD, &res));
	TEST_CHECK(res == MPI_UNDEFINED);
	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_get_errhandler(MPI_COMM_SELF, &eh));
	TEST_CHECK(eh == MPI_ERRORS_ARE_FATAL);
	TEST_MPI(MPI_Errhandler_free(&eh));
	int ni, na, nd, comb = -1;
	TEST_MPI(MPI_Type_get_envelope(MPI_INT, &ni, &na, &nd, &comb));
	TEST_CHECK(comb == MPI_COMBINER_NAMED);
	MPI_Datatype vec;
	TEST_MPI(MPI_Type_vector(2, 1, 2, MPI_INT, &vec));
	TEST_MPI(MPI_Type_get_envelope(vec, &ni, &na, &nd, &comb));
	TEST_CHECK(comb == MPI_COMBINER_VECTOR && ni == 3 && nd == 1);
	int ints[3];
	MPI_Aint addrs[1];
	MPI_Datatype types[1];
	TEST_MPI(MPI_Type_get_contents(vec, 3, 0, 1, ints, addrs, types));
	TEST_CHECK(types[0] == MPI_INT);
	TEST_MPI(MPI_Type_free(&vec));
	/* a subarray's and a darray's integers: order, distributions, dargs */
	int gs[2] = { 4, 4 }, ss[2] = { 2, 2 }, st0[2] = { 1, 1 }, cints[16];
	MPI_Datatype sub, dar, ctypes[2];
	TEST_MPI(MPI_Type_create_subarray(2, gs, ss, st0, MPI_ORDER_FORTRAN, MPI_INT, &sub));
	TEST_MPI(MPI_Type_get_contents(sub, 16, 0, 2, cints, addrs, ctypes));
	TEST_CHECK(cints[0] == 2 && cints[7] == MPI_ORDER_FORTRAN && ctypes[0] == MPI_INT);
	TEST_MPI(MPI_Type_free(&sub));
	int dist[2] = { MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_NONE };
	int dargs[2] = { MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG }, ps[2] = { 1, 1 };
	TEST_MPI(MPI_Type_create_darray(1, 0, 2, gs, dist, dargs, ps, MPI_ORDER_C, MPI_INT, &dar));
	TEST_MPI(MPI_Type_get_contents(dar, 16, 0, 2, cints, addrs, ctypes));
	TEST_CHECK(cints[5] == MPI_DISTRIBUTE_BLOCK && cints[6] == MPI_DISTRIBUTE_NONE &&
		   cints[7] == MPI_DISTRIBUTE_DFLT_DARG && cints[11] == MPI_ORDER_C);
	TEST_MPI(MPI_Type_free(&dar));

	TEST_MPI(MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN));
	int x = 0, cls = -1;
	int rc = MPI_Send(&x, 1, MPI_INT, n + 5, 0, dup);
	TEST_MPI(MPI_Error_class(rc, &cls));
	TEST_CHECK(cls == MPI_ERR_RANK);
	char msg[MPI_MAX_ERROR_STRING];
	int len = 0;
	TEST_MPI(MPI_Error_string(MPI_ERR_RANK, msg, &len));
	TEST_CHECK(len > 0 && strstr(msg, "RANK") != NULL);

	/* a receive from MPI_PROC_NULL: the ABI's source and tag */
	MPI_Status st;
	st.MPI_ERROR = 4242;
	TEST_MPI(MPI_Recv(&x, 1, MPI_INT, MPI_PROC_NULL, MPI_ANY_TAG, dup, &st));
	TEST_CHECK(st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG);
	TEST_CHECK(st.MPI_ERROR == 4242);   /* untouched by a successful call */
	int cnt = -1;
	TEST_MPI(MPI_Get_count(&st, MPI_INT, &cnt));
	TEST_CHECK(cnt == 0);

	/* Waitall: a real message and MPI_PROC_NULL, statuses 32 bytes apart */
	MPI_Request rq[3];
	MPI_Status sts[3];
	int in = -1, out = 7 + r, peer = 1 - r;
	TEST_MPI(MPI_Irecv(&in, 1, MPI_INT, peer, 3, dup, &rq[0]));
	TEST_MPI(MPI_Irecv(&x, 1, MPI_INT, MPI_PROC_NULL, 3, dup, &rq[1]));
	TEST_MPI(MPI_Isend(&out, 1, MPI_INT, peer, 3, dup, &rq[2]));
	for (int i = 0; i < 3; i++)
		sts[i].MPI_ERROR = 99;
	TEST_MPI(MPI_Waitall(3, rq, sts));
	TEST_CHECK(rq[0] == MPI_REQUEST_NULL && rq[1] == MPI_REQUEST_NULL &&
		   rq[2] == MPI_REQUEST_NULL);
	TEST_CHECK(in == 7 + peer && sts[0].MPI_SOURCE == peer && sts[0].MPI_TAG == 3);
	TEST_CHECK(sts[1].MPI_SOURCE == MPI_PROC_NULL && sts[1].MPI_TAG == MPI_ANY_TAG);
	TEST_CHECK(sts[0].MPI_ERROR == 99 && sts[1].MPI_ERROR == 99);
	TEST_MPI(MPI_Get_count(&sts[0], MPI_INT, &cnt));
	TEST_CHECK(cnt == 1);

	/* attributes: a predefined keyval, and a user one copied by MPI_COMM_DUP_FN */
	int *ub = NULL, flag = 0;
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag));
	TEST_CHECK(flag && *ub >= 32767);
	int kv = MPI_KEYVAL_INVALID;
	static int val = 17;
	TEST_MPI(MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &kv, NULL));
	TEST_CHECK(kv != MPI_KEYVAL_INVALID);
	TEST_MPI(MPI_Comm_set_attr(dup, kv, &val));
	MPI_Comm dup2;
	TEST_MPI(MPI_Comm_dup(dup, &dup2));
	int *got = NULL;
	TEST_MPI(MPI_Comm_get_attr(dup2, kv, &got, &flag));
	TEST_CHECK(flag && got == &val);
	TEST_MPI(MPI_Comm_free(&dup2));
	TEST_MPI(MPI_Comm_free_keyval(&kv));
	TEST_CHECK(kv == MPI_KEYVAL_INVALID);

	/* a window's flavor, an attribute whose value is a constant */
	MPI_Win win;
	int *base = NULL, *flavor = NULL;
	TEST_MPI(MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, dup, &base, &win));
	TEST_MPI(MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &flag));
	TEST_CHECK(flag && *flavor == MPI_WIN_FLAVOR_ALLOCATE);
	TEST_MPI(MPI_Win_fence(MPI_MODE_NOPRECEDE, win));
	TEST_MPI(MPI_Win_fence(MPI_MODE_NOSUCCEED, win));
	TEST_MPI(MPI_Win_free(&win));
	TEST_CHECK(win == MPI_WIN_NULL);

	TEST_MPI(MPI_Comm_free(&dup));
	TEST_CHECK(dup == MPI_COMM_NULL);
	MPI_Finalize();
	return 0;
}
