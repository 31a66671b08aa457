/*
 * lib/coll/op_predefined.c - the predefined reduction operations: the exported
 * objects MPI_MAX ... MPI_NO_OP and their kernels on every basic kind of
 * enum mpii_basic the standard allows (MPI-3.1 5.9.2):
 *
 *   MAX, MIN             C and Fortran integers, floating point
 *   SUM, PROD            integers, floating point, complex
 *   LAND, LOR, LXOR      C integers, logical (C_BOOL, LOGICAL)
 *   BAND, BOR, BXOR      integers, MPI_BYTE
 *   MAXLOC, MINLOC       the pair types (value, int index; Fortran's 2REAL,
 *                        2DOUBLE_PRECISION, 2INTEGER)
 *   REPLACE, NO_OP       any type (one-sided accumulate)
 *
 * MPI_CHAR and MPI_WCHAR are accepted as integers, as MPICH does.  The
 * loops are written once per type class with a statement macro expanded
 * inside a switch: no functions are generated, every kernel is findable by
 * the basic kind it handles.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>
#include "lib/coll/op.h"

#define OPOBJ(obj, k) MPII_API struct mpii_op obj = { .magic = MPII_MAGIC_OP, .refcount = 1, \
						       .kind = k, .commute = 1 }
OPOBJ(mpii_obj_op_max, MPII_OP_MAX);
OPOBJ(mpii_obj_op_min, MPII_OP_MIN);
OPOBJ(mpii_obj_op_sum, MPII_OP_SUM);
OPOBJ(mpii_obj_op_prod, MPII_OP_PROD);
OPOBJ(mpii_obj_op_land, MPII_OP_LAND);
OPOBJ(mpii_obj_op_band, MPII_OP_BAND);
OPOBJ(mpii_obj_op_lor, MPII_OP_LOR);
OPOBJ(mpii_obj_op_bor, MPII_OP_BOR);
OPOBJ(mpii_obj_op_lxor, MPII_OP_LXOR);
OPOBJ(mpii_obj_op_bxor, MPII_OP_BXOR);
OPOBJ(mpii_obj_op_maxloc, MPII_OP_MAXLOC);
OPOBJ(mpii_obj_op_minloc, MPII_OP_MINLOC);
OPOBJ(mpii_obj_op_replace, MPII_OP_REPLACE);
OPOBJ(mpii_obj_op_no_op, MPII_OP_NO_OP);

/* Loops over n elements of type T: o[i] = a[i] OP o[i].  The buffers
 * never overlap (MPI forbids it), and saying so with restrict lets the
 * compiler vectorise the loop at -O2 (no run-time alias check needed):
 * 1 MiB of MPI_FLOAT sums went from 125 us to the memory-bound speed. */
#define LOOP(T, EXPR)                                                         \
	do {                                                                  \
		const T *restrict a = in;                                     \
		T *restrict o = inout;                                        \
		for (MPI_Count i = 0; i < n; i++)                             \
			o[i] = (EXPR);                                        \
	} while (0)

/* Integer types: every op but MAXLOC/MINLOC. */
#define INT_OPS(T)                                                            \
	switch (kind) {                                                       \
	case MPII_OP_MAX: LOOP(T, a[i] > o[i] ? a[i] : o[i]); return 0;       \
	case MPII_OP_MIN: LOOP(T, a[i] < o[i] ? a[i] : o[i]); return 0;       \
	case MPII_OP_SUM: LOOP(T, (T)(a[i] + o[i])); return 0;                \
	case MPII_OP_PROD: LOOP(T, (T)(a[i] * o[i])); return 0;               \
	case MPII_OP_LAND: LOOP(T, (T)(a[i] && o[i])); return 0;              \
	case MPII_OP_LOR: LOOP(T, (T)(a[i] || o[i])); return 0;               \
	case MPII_OP_LXOR: LOOP(T, (T)(!a[i] != !o[i])); return 0;            \
	case MPII_OP_BAND: LOOP(T, (T)(a[i] & o[i])); return 0;               \
	case MPII_OP_BOR: LOOP(T, (T)(a[i] | o[i])); return 0;                \
	case MPII_OP_BXOR: LOOP(T, (T)(a[i] ^ o[i])); return 0;               \
	default: return MPI_ERR_OP;                                           \
	}

/* Floating point: MAX, MIN, SUM, PROD. */
#define FLOAT_OPS(T)                                                          \
	switch (kind) {                                                       \
	case MPII_OP_MAX: LOOP(T, a[i] > o[i] ? a[i] : o[i]); return 0;       \
	case MPII_OP_MIN: LOOP(T, a[i] < o[i] ? a[i] : o[i]); return 0;       \
	case MPII_OP_SUM: LOOP(T, a[i] + o[i]); return 0;                     \
	case MPII_OP_PROD: LOOP(T, a[i] * o[i]); return 0;                    \
	default: return MPI_ERR_OP;                                           \
	}

/* Complex: SUM, PROD. */
#define COMPLEX_OPS(T)                                                        \
	switch (kind) {                                                       \
	case MPII_OP_SUM: LOOP(T, a[i] + o[i]); return 0;                     \
	case MPII_OP_PROD: LOOP(T, a[i] * o[i]); return 0;                    \
	default: return MPI_ERR_OP;                                           \
	}

/* Logical types: LAND, LOR, LXOR. */
#define LOGICAL_OPS(T)                                                        \
	switch (kind) {                                                       \
	case MPII_OP_LAND: LOOP(T, (T)(a[i] && o[i])); return 0;              \
	case MPII_OP_LOR: LOOP(T, (T)(a[i] || o[i])); return 0;               \
	case MPII_OP_LXOR: LOOP(T, (T)(!a[i] != !o[i])); return 0;            \
	default: return MPI_ERR_OP;                                           \
	}

/* Bytes: bitwise ops only. */
#define BYTE_OPS(T)                                                           \
	switch (kind) {                                                       \
	case MPII_OP_BAND: LOOP(T, (T)(a[i] & o[i])); return 0;               \
	case MPII_OP_BOR: LOOP(T, (T)(a[i] | o[i])); return 0;                \
	case MPII_OP_BXOR: LOOP(T, (T)(a[i] ^ o[i])); return 0;               \
	default: return MPI_ERR_OP;                                           \
	}

/* Pairs (value, index) as laid out by the C struct: MAXLOC keeps the
 * larger value, MINLOC the smaller, and on a tie the smaller index (so the
 * op is commutative and associative, MPI-3.1 5.9.4).  The winner is copied
 * field by field: the struct's padding is not part of the typemap, and in
 * a derived type it may hold another element (lib/coll/op_derived.c). */
#define PAIR_OPS(S)                                                           \
	do {                                                                  \
		const S *a = in;                                              \
		S *o = inout;                                                 \
		if (kind != MPII_OP_MAXLOC && kind != MPII_OP_MINLOC)         \
			return MPI_ERR_OP;                                    \
		for (MPI_Count i = 0; i < n; i++) {                           \
			int better = kind == MPII_OP_MAXLOC ? a[i].v > o[i].v \
							    : a[i].v < o[i].v; \
			if (better || (a[i].v == o[i].v && a[i].i < o[i].i)) { \
				o[i].v = a[i].v;                              \
				o[i].i = a[i].i;                              \
			}                                                     \
		}                                                             \
		return 0;                                                     \
	} while (0)

struct float_int { float v; int i; };
struct double_int { double v; int i; };
struct long_int { long v; int i; };
struct int_int { int v; int i; };
struct short_int { short v; int i; };
struct ldouble_int { long double v; int i; };
/* Fortran's pairs keep the index in the value's type (MPI_2REAL,
 * MPI_2DOUBLE_PRECISION; MPI_2INTEGER is int_int). */
struct float_float { float v; float i; };
struct double_double { double v; double i; };

/* MPI_REAL16 and MPI_COMPLEX32 are gfortran's REAL(16) and COMPLEX(16),
 * IEEE binary128: _Float128 (arithmetic in libgcc, no libquadmath), which
 * is long double where long double is binary128 (aarch64) and not x86's
 * 80-bit long double.  Without _Float128, long double is the best left. */
#ifdef __FLT128_MANT_DIG__
typedef _Float128 real16;
typedef _Complex _Float128 complex32;
#else
typedef long double real16;
typedef long double _Complex complex32;
#endif

static int apply_aligned(int kind, int basic, const void *in, void *inout, MPI_Count n)
{
	switch (basic) {
	case MPII_B_CHAR: INT_OPS(char);
	case MPII_B_SCHAR: INT_OPS(signed char);
	case MPII_B_UCHAR: INT_OPS(unsigned char);
	case MPII_B_SHORT: INT_OPS(short);
	case MPII_B_USHORT: INT_OPS(unsigned short);
	case MPII_B_INT: INT_OPS(int);
	case MPII_B_UINT: INT_OPS(unsigned);
	case MPII_B_LONG: INT_OPS(long);
	case MPII_B_ULONG: INT_OPS(unsigned long);
	case MPII_B_LLONG: INT_OPS(long long);
	case MPII_B_ULLONG: INT_OPS(unsigned long long);
	case MPII_B_INT8: INT_OPS(int8_t);
	case MPII_B_INT16: INT_OPS(int16_t);
	case MPII_B_INT32: INT_OPS(int32_t);
	case MPII_B_INT64: INT_OPS(int64_t);
	case MPII_B_UINT8: INT_OPS(uint8_t);
	case MPII_B_UINT16: INT_OPS(uint16_t);
	case MPII_B_UINT32: INT_OPS(uint32_t);
	case MPII_B_UINT64: INT_OPS(uint64_t);
	case MPII_B_WCHAR: INT_OPS(wchar_t);
	case MPII_B_AINT: INT_OPS(MPI_Aint);
	case MPII_B_OFFSET: INT_OPS(MPI_Offset);
	case MPII_B_COUNT: INT_OPS(MPI_Count);
	case MPII_B_FLOAT: FLOAT_OPS(float);
	case MPII_B_DOUBLE: FLOAT_OPS(double);
	case MPII_B_LDOUBLE: FLOAT_OPS(long double);
	case MPII_B_CFLOAT: COMPLEX_OPS(float _Complex);
	case MPII_B_CDOUBLE: COMPLEX_OPS(double _Complex);
	case MPII_B_CLDOUBLE: COMPLEX_OPS(long double _Complex);
	case MPII_B_REAL16: FLOAT_OPS(real16);
	case MPII_B_COMPLEX32: COMPLEX_OPS(complex32);
	case MPII_B_BOOL: LOGICAL_OPS(_Bool);
	case MPII_B_LOGICAL: LOGICAL_OPS(int);
	case MPII_B_LOGICAL1: LOGICAL_OPS(int8_t);
	case MPII_B_LOGICAL2: LOGICAL_OPS(int16_t);
	case MPII_B_LOGICAL8: LOGICAL_OPS(int64_t);
	case MPII_B_BYTE: BYTE_OPS(unsigned char);
	case MPII_B_FLOAT_INT: PAIR_OPS(struct float_int);
	case MPII_B_DOUBLE_INT: PAIR_OPS(struct double_int);
	case MPII_B_LONG_INT: PAIR_OPS(struct long_int);
	case MPII_B_2INT: PAIR_OPS(struct int_int);
	case MPII_B_SHORT_INT: PAIR_OPS(struct short_int);
	case MPII_B_LDOUBLE_INT: PAIR_OPS(struct ldouble_int);
	case MPII_B_2FLOAT: PAIR_OPS(struct float_float);
	case MPII_B_2DOUBLE: PAIR_OPS(struct double_double);
	default:
		return MPI_ERR_OP;
	}
}

/* Bytes of one element of the long double and binary128 types, which need
 * 16-byte alignment; 0 for the others (8 bytes or less suffices, and
 * buffers in the segment are 8-byte aligned). */
static size_t wide_elem(int basic)
{
	switch (basic) {
	case MPII_B_LDOUBLE: return sizeof(long double);
	case MPII_B_CLDOUBLE: return sizeof(long double _Complex);
	case MPII_B_LDOUBLE_INT: return sizeof(struct ldouble_int);
	case MPII_B_REAL16: return sizeof(real16);
	case MPII_B_COMPLEX32: return sizeof(complex32);
	default: return 0;
	}
}

int mpii_op_predefined_apply(int kind, int basic, const void *in, void *inout, MPI_Count n)
{
	if (kind == MPII_OP_NO_OP)
		return 0;
	size_t esz = wide_elem(basic);
	if (!esz || !(((uintptr_t)in | (uintptr_t)inout) % _Alignof(long double)))
		return apply_aligned(kind, basic, in, inout, n);
	/* A long double vector at an 8-byte boundary (a slot of the segment,
	 * a user's packed buffer): loading it in place is undefined (UBSan),
	 * so go through aligned copies, a chunk at a time. */
	_Alignas(16) char a[2048], b[2048];
	MPI_Count per = (MPI_Count)(sizeof(a) / esz);
	for (MPI_Count done = 0; done < n; done += per) {
		MPI_Count k = n - done < per ? n - done : per;
		memcpy(a, (const char *)in + done * esz, (size_t)k * esz);
		memcpy(b, (char *)inout + done * esz, (size_t)k * esz);
		int rc = apply_aligned(kind, basic, a, b, k);
		if (rc)
			return rc;
		memcpy((char *)inout + done * esz, b, (size_t)k * esz);
	}
	return 0;
}
