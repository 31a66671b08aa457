/*
 * Description: the MPI-4.0 large-count callbacks: MPI_Op_create_c (a user
 * function whose len is an MPI_Count *, called with the whole count at
 * once) through MPI_Reduce_local, MPI_Allreduce, MPI_Allreduce_c and
 * MPI_Reduce_c (non-commutative, MPI_Op_commutative answering 0), freed
 * with MPI_Op_free; MPI_Register_datarep_c (conversion functions taking an
 * MPI_Count count, called with the access's position) writing and reading
 * through a view, and MPI_CONVERSION_FN_NULL_C moving the bytes as they
 * are.  Bad arguments: a NULL user function (MPI_ERR_ARG), a name
 * registered twice or a predefined one (MPI_ERR_DUP_DATAREP), a NULL
 * extent function (MPI_ERR_ARG).
 * np: 1 2 3
 */
#include <stdint.h>
#include "iotest.h"

static MPI_Count last_len;
static int op_calls;

/* inout = in - inout on ints (not commutative), len of MPI_Count. */
static void sub_c(void *in, void *inout, MPI_Count *len, MPI_Datatype *dt)
{
	TEST_CHECK(*dt == MPI_INT);
	last_len = *len;
	op_calls++;
	for (MPI_Count i = 0; i < *len; i++)
		((int *)inout)[i] = ((int *)in)[i] - ((int *)inout)[i];
}

static int conv_calls;
static MPI_Count conv_count;
static MPI_Offset last_pos;

/* File form: each int XOR 0x5A5A5A5A. */
static int xor_write_c(void *ubuf, MPI_Datatype dt, MPI_Count count, void *fbuf, MPI_Offset pos,
		       void *extra)
{
	TEST_CHECK(dt == MPI_INT && extra == &conv_calls);
	for (MPI_Count i = 0; i < count; i++)
		((uint32_t *)fbuf)[i] = ((uint32_t *)ubuf)[i] ^ 0x5A5A5A5Au;
	conv_calls++;
	conv_count = count;
	last_pos = pos;
	return MPI_SUCCESS;
}

static int xor_read_c(void *ubuf, MPI_Datatype dt, MPI_Count count, void *fbuf, MPI_Offset pos,
		      void *extra)
{
	(void)dt;
	(void)extra;
	for (MPI_Count i = 0; i < count; i++)
		((uint32_t *)ubuf)[i] = ((uint32_t *)fbuf)[i] ^ 0x5A5A5A5Au;
	conv_calls++;
	conv_count = count;
	last_pos = pos;
	return MPI_SUCCESS;
}

static int native_extent(MPI_Datatype dt, MPI_Aint *ext, void *extra)
{
	(void)extra;
	MPI_Aint lb;
	return MPI_Type_get_extent(dt, &lb, ext);
}

int main(int argc, char **argv)
{
	int n, r;
	mpitest_init(&argc, &argv, 1, &n, &r);

	/* 1. MPI_Op_create_c. */
	MPI_Op op;
	int commute = -1;
	TEST_MPI(MPI_Op_create_c(sub_c, 0, &op));
	TEST_MPI(MPI_Op_commutative(op, &commute));
	TEST_CHECK(commute == 0);
	int a[5] = { 10, 20, 30, 40, 50 }, b[5] = { 1, 2, 3, 4, 5 };
	TEST_MPI(MPI_Reduce_local(a, b, 5, MPI_INT, op));
	TEST_CHECK(op_calls == 1 && last_len == 5);
	for (int i = 0; i < 5; i++)
		TEST_CHECK(b[i] == a[i] - (i + 1));
	/* Across ranks: x0 - (x1 - (x2 ...)) with x_k = k + 1 + i. */
	int v[3], out[3], want[3];
	for (int i = 0; i < 3; i++) {
		v[i] = r + 1 + i;
		want[i] = n - 1 + 1 + i;
		for (int k = n - 2; k >= 0; k--)
			want[i] = (k + 1 + i) - want[i];
	}
	TEST_MPI(MPI_Allreduce(v, out, 3, MPI_INT, op, MPI_COMM_WORLD));
	for (int i = 0; i < 3; i++)
		TEST_CHECK(out[i] == want[i]);
	memset(out, 0, sizeof(out));
	TEST_MPI(MPI_Allreduce_c(v, out, 3, MPI_INT, op, MPI_COMM_WORLD));
	for (int i = 0; i < 3; i++)
		TEST_CHECK(out[i] == want[i]);
	memset(out, 0, sizeof(out));
	TEST_MPI(MPI_Reduce_c(v, out, 3, MPI_INT, op, 0, MPI_COMM_WORLD));
	if (r == 0)
		for (int i = 0; i < 3; i++)
			TEST_CHECK(out[i] == want[i]);
	if (n > 1)
		TEST_CHECK(last_len == 3);
	TEST_MPI(MPI_Op_free(&op));
	TEST_CHECK(op == MPI_OP_NULL);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	TEST_CHECK(iotest_class(MPI_Op_create_c(NULL, 1, &op)) == MPI_ERR_ARG);

	/* 2. MPI_Register_datarep_c (every rank registers alike). */
	char p[512], name[32];
	MPI_File fh;
	MPI_Status st;
	iotest_dir_make(MPI_COMM_WORLD);
	snprintf(name, sizeof(name), "repc%d", r);
	iotest_path(p, sizeof(p), name);
	TEST_MPI(MPI_File_open(MPI_COMM_SELF, p, MPI_MODE_CREATE | MPI_MODE_RDWR |
			       MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh));
	TEST_MPI(MPI_Register_datarep_c("xorc", xor_read_c, xor_write_c, native_extent,
					&conv_calls));
	TEST_CHECK(iotest_class(MPI_Register_datarep_c("xorc", xor_read_c, xor_write_c,
						       native_extent, NULL)) == MPI_ERR_DUP_DATAREP);
	TEST_CHECK(iotest_class(MPI_Register_datarep_c("native", xor_read_c, xor_write_c,
						       native_extent, NULL)) == MPI_ERR_DUP_DATAREP);
	TEST_CHECK(iotest_class(MPI_Register_datarep_c("noext", xor_read_c, xor_write_c, NULL,
						       NULL)) == MPI_ERR_ARG);
	TEST_MPI(MPI_Register_datarep_c("asisc", MPI_CONVERSION_FN_NULL_C, MPI_CONVERSION_FN_NULL_C,
					native_extent, NULL));
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "xorc", MPI_INFO_NULL));
	int xv[4] = { 0, 1, 2, 3 + r }, xb[4];
	TEST_MPI(MPI_File_write_at(fh, 4, xv, 4, MPI_INT, &st));
	TEST_CHECK(conv_calls == 1 && conv_count == 4 && last_pos == 4);
	TEST_MPI(MPI_File_read_at_c(fh, 4, xb, 4, MPI_INT, &st));
	TEST_CHECK(conv_calls == 2 && conv_count == 4 && memcmp(xv, xb, sizeof(xv)) == 0);
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "asisc", MPI_INFO_NULL));
	TEST_MPI(MPI_File_read_at(fh, 4, xb, 4, MPI_INT, &st));
	TEST_CHECK(conv_calls == 2);
	for (int i = 0; i < 4; i++)
		TEST_CHECK((uint32_t)xb[i] == ((uint32_t)xv[i] ^ 0x5A5A5A5Au));
	TEST_MPI(MPI_File_close(&fh));
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
