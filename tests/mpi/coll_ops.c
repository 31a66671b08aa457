/*
 * Description: every predefined op on the types the standard allows for it,
 * MAXLOC/MINLOC on pair types, a non-commutative user op (applied in rank
 * order), MPI_Op_free, MPI_Reduce_local, with allreduce and reduce through
 * each algorithm.
 * np: 1 2 3 4 8
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_COLL_ALLREDUCE=rd SHMPI_COLL_REDUCE=binomial
 * env: SHMPI_COLL_ALLREDUCE=ring SHMPI_COLL_RING_MIN=0
 */
#include <string.h>
#include "mpitest.h"

static int n, r;

static void check_long(MPI_Op op, long expect_fn(int), MPI_Datatype dt, int size)
{
	/* contributions: value r+1 (small, so sums and products fit) */
	unsigned char in[16], out[16];
	long v = r + 1;
	memset(in, 0, sizeof(in));
	memcpy(in, &v, (size_t)size); /* little-endian: low bytes */
	TEST_MPI(MPI_Allreduce(in, out, 1, dt, op, MPI_COMM_WORLD));
	long got = 0;
	memcpy(&got, out, (size_t)size);
	long e = expect_fn(n);
	long mask = size >= 8 ? -1L : (1L << (8 * size)) - 1;
	TEST_CHECK((got & mask) == (e & mask));
}

static long e_sum(int k) { return (long)k * (k + 1) / 2; }
static long e_max(int k) { return k; }
static long e_min(int k) { (void)k; return 1; }
static long e_prod(int k) { long p = 1; for (int i = 1; i <= k; i++) p *= i; return p; }
static long e_band(int k) { long a = 1; for (int i = 2; i <= k; i++) a &= i; return a; }
static long e_bor(int k) { long a = 0; for (int i = 1; i <= k; i++) a |= i; return a; }
static long e_bxor(int k) { long a = 0; for (int i = 1; i <= k; i++) a ^= i; return a; }
static long e_one(int k) { (void)k; return 1; }
static long e_lxor(int k) { return k % 2; }

/* 2x2 matrix product: non-commutative, associative.  Unsigned: products
 * of many matrices wrap, which is defined only for unsigned arithmetic
 * (the ints are reinterpreted; UBSan flagged the signed overflow). */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	unsigned *a = in, *b = inout;
	for (int i = 0; i < *len / 4; i++, a += 4, b += 4) {
		unsigned c[4] = { a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
			     a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3] };
		memcpy(b, c, sizeof(c));
	}
}

int main(int argc, char **argv)
{
	TEST_MPI(MPI_Init(&argc, &argv));
	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	struct { MPI_Datatype dt; int size; } ints[] = {
		{ MPI_INT, 4 }, { MPI_LONG, 8 }, { MPI_SHORT, 2 }, { MPI_UNSIGNED_SHORT, 2 },
		{ MPI_UNSIGNED, 4 }, { MPI_UNSIGNED_LONG, 8 }, { MPI_LONG_LONG, 8 },
		{ MPI_UNSIGNED_LONG_LONG, 8 }, { MPI_SIGNED_CHAR, 1 }, { MPI_UNSIGNED_CHAR, 1 },
		{ MPI_INT8_T, 1 }, { MPI_INT16_T, 2 }, { MPI_INT32_T, 4 }, { MPI_INT64_T, 8 },
		{ MPI_UINT8_T, 1 }, { MPI_UINT16_T, 2 }, { MPI_UINT32_T, 4 }, { MPI_UINT64_T, 8 },
		{ MPI_AINT, 8 }, { MPI_OFFSET, 8 }, { MPI_COUNT, 8 }, { MPI_INTEGER, 4 },
	};
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		check_long(MPI_SUM, e_sum, ints[i].dt, ints[i].size);
		check_long(MPI_MAX, e_max, ints[i].dt, ints[i].size);
		check_long(MPI_MIN, e_min, ints[i].dt, ints[i].size);
		check_long(MPI_PROD, e_prod, ints[i].dt, ints[i].size);
		check_long(MPI_BAND, e_band, ints[i].dt, ints[i].size);
		check_long(MPI_BOR, e_bor, ints[i].dt, ints[i].size);
		check_long(MPI_BXOR, e_bxor, ints[i].dt, ints[i].size);
		check_long(MPI_LAND, e_one, ints[i].dt, ints[i].size);
		check_long(MPI_LOR, e_one, ints[i].dt, ints[i].size);
		check_long(MPI_LXOR, e_lxor, ints[i].dt, ints[i].size);
	}
	check_long(MPI_BOR, e_bor, MPI_BYTE, 1);
	/* floating point and complex */
	double d = r + 1.5, dsum;
	TEST_MPI(MPI_Allreduce(&d, &dsum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
	TEST_CHECK(dsum == e_sum(n) + 0.5 * n);
	float f = (float)(r + 1), fmax;
	TEST_MPI(MPI_Allreduce(&f, &fmax, 1, MPI_FLOAT, MPI_MAX, MPI_COMM_WORLD));
	TEST_CHECK(fmax == (float)n);
	long double ld = r + 1, ldp;
	TEST_MPI(MPI_Allreduce(&ld, &ldp, 1, MPI_LONG_DOUBLE, MPI_PROD, MPI_COMM_WORLD));
	TEST_CHECK(ldp == (long double)e_prod(n));
	double _Complex z = 1.0 + 1.0 * (r + 1) * __builtin_complex(0.0, 1.0), zs;
	TEST_MPI(MPI_Allreduce(&z, &zs, 1, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD));
	TEST_CHECK(__real__ zs == n && __imag__ zs == e_sum(n));
	_Bool b = r == 0, bo;
	TEST_MPI(MPI_Allreduce(&b, &bo, 1, MPI_C_BOOL, MPI_LOR, MPI_COMM_WORLD));
	TEST_CHECK(bo);
	/* disallowed pairs give MPI_ERR_OP */
	int rc = MPI_Allreduce(&z, &zs, 1, MPI_C_DOUBLE_COMPLEX, MPI_MAX, MPI_COMM_WORLD);
	int cls;
	MPI_Error_class(rc, &cls);
	TEST_CHECK(cls == MPI_ERR_OP);
	/* MAXLOC / MINLOC: ties pick the smallest index */
	struct { double v; int i; } p = { (double)(r % 3), r }, pmax, pmin;
	TEST_MPI(MPI_Allreduce(&p, &pmax, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD));
	TEST_MPI(MPI_Allreduce(&p, &pmin, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD));
	int top = n >= 3 ? 2 : n - 1;
	TEST_CHECK(pmax.v == top && pmax.i == top);
	TEST_CHECK(pmin.v == 0 && pmin.i == 0);
	struct { int v, i; } q = { -r, r }, qm;
	TEST_MPI(MPI_Reduce(&q, &qm, 1, MPI_2INT, MPI_MINLOC, n - 1, MPI_COMM_WORLD));
	if (r == n - 1)
		TEST_CHECK(qm.v == -(n - 1) && qm.i == n - 1);
	/* non-commutative user op: product of per-rank matrices in rank order */
	MPI_Op mm;
	/* groups of 4 ints (derived types belong to the type engine's tests) */
	MPI_Datatype m4 = MPI_INT;
	TEST_MPI(MPI_Op_create(matmul, 0, &mm));
	int commute = 1;
	TEST_MPI(MPI_Op_commutative(mm, &commute));
	TEST_CHECK(commute == 0);
	for (int cnt = 1; cnt <= 300; cnt *= 17) {
		int mat[300 * 4], res[300 * 4], expect[4] = { 1, 0, 0, 1 };
		for (int k = 0; k < cnt; k++) {
			int m[4] = { 1, r + k, 0, 1 };
			if (r % 2)
				m[2] = 1;
			memcpy(mat + 4 * k, m, sizeof(m));
		}
		for (int j = 0; j < n; j++) {
			int m[4] = { 1, j, j % 2 ? 1 : 0, 1 }, len = 4;
			/* expect = expect * m_j: inout = in op inout with in = expect */
			int t[4];
			memcpy(t, m, sizeof(t));
			matmul(expect, t, &len, NULL);
			memcpy(expect, t, sizeof(t));
		}
		TEST_MPI(MPI_Allreduce(mat, res, 4 * cnt, m4, mm, MPI_COMM_WORLD));
		TEST_CHECK(memcmp(res, expect, sizeof(expect)) == 0);
		memset(res, 0, sizeof(res));
		TEST_MPI(MPI_Reduce(mat, res, 4 * cnt, m4, mm, 0, MPI_COMM_WORLD));
		if (r == 0)
			TEST_CHECK(memcmp(res, expect, sizeof(expect)) == 0);
		/* scan gives the prefix product */
		TEST_MPI(MPI_Scan(mat, res, 4, m4, mm, MPI_COMM_WORLD));
		int pre[4] = { 1, 0, 0, 1 };
		for (int j = 0; j <= r; j++) {
			int m[4] = { 1, j, j % 2 ? 1 : 0, 1 }, len = 4;
			matmul(pre, m, &len, NULL);
			memcpy(pre, m, sizeof(pre));
		}
		TEST_CHECK(memcmp(res, pre, sizeof(pre)) == 0);
	}
	TEST_MPI(MPI_Op_free(&mm));
	TEST_CHECK(mm == MPI_OP_NULL);
	/* reduce_local */
	int a[3] = { 1, 2, 3 }, c[3] = { 10, 20, 30 };
	TEST_MPI(MPI_Reduce_local(a, c, 3, MPI_INT, MPI_SUM));
	TEST_CHECK(c[0] == 11 && c[2] == 33);
	TEST_MPI(MPI_Finalize());
	return 0;
}
