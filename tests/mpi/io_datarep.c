/*
 * Description: MPI-IO data representations (issue 39, step 5): external32
 * written through a view and checked byte by byte against the big-endian
 * encoding (int, short, double, a struct of them, a pair type), read back
 * through external32 and through "internal"; MPI_File_get_type_extent;
 * MPI_LONG (4 bytes in external32) refused with MPI_ERR_UNSUPPORTED_DATAREP;
 * MPI_Register_datarep with user conversion functions (called with the
 * access's position) and with MPI_CONVERSION_FN_NULL; registering a name
 * twice or a predefined one: MPI_ERR_DUP_DATAREP.
 * np: 1 2
 */
#include <stddef.h>   /* offsetof */
#include <stdint.h>
#include "iotest.h"

static int conv_calls;
static MPI_Offset last_pos;

/* File form: each int XOR 0x5A5A5A5A. */
static int xor_write(void *ubuf, MPI_Datatype dt, int count, void *fbuf, MPI_Offset pos, void *extra)
{
	TEST_CHECK(dt == MPI_INT && extra == &conv_calls);
	for (int i = 0; i < count; i++)
		((uint32_t *)fbuf)[i] = ((uint32_t *)ubuf)[i] ^ 0x5A5A5A5Au;
	conv_calls++;
	last_pos = pos;
	return MPI_SUCCESS;
}

static int xor_read(void *ubuf, MPI_Datatype dt, int count, void *fbuf, MPI_Offset pos, void *extra)
{
	(void)dt;
	(void)extra;
	for (int i = 0; i < count; i++)
		((uint32_t *)ubuf)[i] = ((uint32_t *)fbuf)[i] ^ 0x5A5A5A5Au;
	conv_calls++;
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
	int n, r, cnt;
	char p[512], name[32];
	MPI_File fh;
	MPI_Status st;
	mpitest_init(&argc, &argv, 1, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	snprintf(name, sizeof(name), "rep%d", r);
	iotest_path(p, sizeof(p), name);
	TEST_MPI(MPI_File_open(MPI_COMM_SELF, p, MPI_MODE_CREATE | MPI_MODE_RDWR |
			       MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh));

	/* 1. external32: ints, a struct {short, double}, a pair. */
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "external32", MPI_INFO_NULL));
	int iv[3] = { 0x01020304, -2, 7 + r };
	TEST_MPI(MPI_File_write(fh, iv, 3, MPI_INT, &st));
	struct { short s; double d; } sd = { 0x0a0b, 1.0 };
	int bl[2] = { 1, 1 };
	MPI_Aint dp[2] = { offsetof(__typeof__(sd), s), offsetof(__typeof__(sd), d) };
	MPI_Datatype ty[2] = { MPI_SHORT, MPI_DOUBLE }, sdt;
	MPI_Type_create_struct(2, bl, dp, ty, &sdt);
	MPI_Type_commit(&sdt);
	TEST_MPI(MPI_File_write(fh, &sd, 1, sdt, &st));
	struct { float f; int i; } fi = { 2.0f, 0x11223344 };
	TEST_MPI(MPI_File_write(fh, &fi, 1, MPI_FLOAT_INT, &st));
	MPI_Aint ext;
	TEST_MPI(MPI_File_get_type_extent(fh, MPI_INT, &ext));
	TEST_CHECK(ext == 4);
	/* MPI_LONG is 4 bytes in external32: refused. */
	long lv = 1;
	TEST_CHECK(iotest_class(MPI_File_write(fh, &lv, 1, MPI_LONG, &st)) ==
		   MPI_ERR_UNSUPPORTED_DATAREP);

	/* The bytes: big-endian. */
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
	unsigned char raw[64];
	TEST_MPI(MPI_File_read_at(fh, 0, raw, sizeof(raw), MPI_BYTE, &st));
	MPI_Get_count(&st, MPI_BYTE, &cnt);
	TEST_CHECK(cnt == 12 + 10 + 8);
	static const unsigned char want0[] = { 1, 2, 3, 4, 0xff, 0xff, 0xff, 0xfe };
	TEST_CHECK(memcmp(raw, want0, 8) == 0);
	TEST_CHECK(raw[8] == 0 && raw[9] == 0 && raw[10] == 0 && raw[11] == 7 + r);
	static const unsigned char want1[] = { 0x0a, 0x0b, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0,
					       0x40, 0, 0, 0, 0x11, 0x22, 0x33, 0x44 };
	TEST_CHECK(memcmp(raw + 12, want1, sizeof(want1)) == 0);

	/* Back through external32 (and "internal" is native here). */
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "external32", MPI_INFO_NULL));
	int ib[3];
	TEST_MPI(MPI_File_read(fh, ib, 3, MPI_INT, &st));
	TEST_CHECK(ib[0] == iv[0] && ib[1] == iv[1] && ib[2] == iv[2]);
	__typeof__(sd) sb;
	TEST_MPI(MPI_File_read(fh, &sb, 1, sdt, &st));
	TEST_CHECK(sb.s == sd.s && sb.d == sd.d);
	__typeof__(fi) fb;
	TEST_MPI(MPI_File_read(fh, &fb, 1, MPI_FLOAT_INT, &st));
	TEST_CHECK(fb.f == fi.f && fb.i == fi.i);
	TEST_MPI(MPI_File_read(fh, &fb, 1, MPI_FLOAT_INT, &st));
	MPI_Get_count(&st, MPI_FLOAT_INT, &cnt);
	TEST_CHECK(cnt == 0);
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "internal", MPI_INFO_NULL));
	TEST_MPI(MPI_File_read_at(fh, 0, ib, 1, MPI_INT, &st));
	TEST_CHECK(ib[0] == 0x04030201);
	MPI_Type_free(&sdt);

	/* 2. User representations (registered on every rank alike). */
	TEST_MPI(MPI_Register_datarep("xor", xor_read, xor_write, native_extent, &conv_calls));
	TEST_CHECK(iotest_class(MPI_Register_datarep("xor", xor_read, xor_write, native_extent,
						     NULL)) == MPI_ERR_DUP_DATAREP);
	TEST_CHECK(iotest_class(MPI_Register_datarep("external32", xor_read, xor_write,
						     native_extent, NULL)) == MPI_ERR_DUP_DATAREP);
	TEST_MPI(MPI_Register_datarep("asis", MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL,
				      native_extent, NULL));
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "xor", MPI_INFO_NULL));
	int xv[4] = { 0, 1, 2, 3 }, xb[4];
	TEST_MPI(MPI_File_write_at(fh, 4, xv, 4, MPI_INT, &st));
	TEST_CHECK(conv_calls == 1 && last_pos == 4);
	TEST_MPI(MPI_File_read_at(fh, 4, xb, 4, MPI_INT, &st));
	TEST_CHECK(conv_calls == 2 && memcmp(xv, xb, sizeof(xv)) == 0);
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "asis", MPI_INFO_NULL));
	TEST_MPI(MPI_File_read_at(fh, 4, xb, 4, MPI_INT, &st));
	for (int i = 0; i < 4; i++)
		TEST_CHECK((uint32_t)xb[i] == ((uint32_t)xv[i] ^ 0x5A5A5A5Au));
	TEST_MPI(MPI_File_close(&fh));
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
