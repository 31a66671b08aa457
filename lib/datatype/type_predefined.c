/*
 * lib/datatype/type_predefined.c - the predefined datatype objects (MPI_INT ...).
 *
 * Each is a committed, contiguous type of one basic element whose handle is
 * the address of an exported object (mpi.h).  The pair types used by
 * MAXLOC/MINLOC have the layout of the matching C struct, so their extent
 * includes padding and they are not contiguous in the packed sense when
 * padding exists.  MPI_LB/MPI_UB are zero-size markers; MPI_DATATYPE is the
 * seed's pseudo-type for packing type descriptions (lib/datatype/pack_dtype.c).
 *
 * Every predefined type also has a static compiled form (a RUN node, or
 * two RUNs for a padded pair) so that the engine never special-cases them.
 */
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>
#include "lib/datatype/type_impl.h"

struct mpii_float_int { float v; int i; };
struct mpii_double_int { double v; int i; };
struct mpii_long_int { long v; int i; };
struct mpii_2int { int v; int i; };
struct mpii_short_int { short v; int i; };
struct mpii_ldouble_int { long double v; int i; };
struct mpii_2float { float a, b; };
struct mpii_2double { double a, b; };

/* The static compiled form and description of a predefined type. */
#define DESC(obj, rootp)                                                         \
	static struct mpii_typedesc obj##_desc = { .root = (rootp), .compiled = 1 }
#define RUNNODE(name, d, len)                                                    \
	static struct mpii_tnode name = { .refs = MPII_TNODE_STATIC, .kind = MPII_N_RUN, \
					  .disp = (d), .size = (len) }

/* A basic type: data size equals extent, so it is contiguous. */
#define PREDEF_N(obj, cname, ctype, bk, nb)                                     \
	RUNNODE(obj##_run, 0, sizeof(ctype));                                    \
	DESC(obj, &obj##_run);                                                   \
	MPII_API struct mpii_datatype obj = {                                    \
		.magic = MPII_MAGIC_DATATYPE,                                    \
		.flags = MPII_DT_PREDEFINED | MPII_DT_COMMITTED | MPII_DT_CONTIG, \
		.refcount = 1, .basic = bk, .size = sizeof(ctype),             \
		.lb = 0, .extent = sizeof(ctype), .true_lb = 0,                  \
		.true_extent = sizeof(ctype), .predef_name = cname,              \
		.desc = &obj##_desc, .pieces = 1, .nbasic = (nb),                \
		.align = _Alignof(ctype), .combiner = MPI_COMBINER_NAMED }
#define PREDEF(obj, cname, ctype, bk) PREDEF_N(obj, cname, ctype, bk, 1)

/* A pair type: data is value + int, extent is the C struct's. */
#define PAIR(obj, cname, ctype, vtype, bk)                                     \
	RUNNODE(obj##_r0, 0, sizeof(vtype));                                     \
	RUNNODE(obj##_r1, offsetof(ctype, i), sizeof(int));                      \
	RUNNODE(obj##_run, 0, sizeof(vtype) + sizeof(int));                      \
	static struct mpii_tent obj##_ent[2] = { { &obj##_r0, 0 },                \
						 { &obj##_r1, sizeof(vtype) } }; \
	static struct mpii_tnode obj##_seq = { .refs = MPII_TNODE_STATIC,        \
		.kind = MPII_N_SEQ, .size = sizeof(vtype) + sizeof(int), .n = 2, \
		.ent = obj##_ent };                                              \
	DESC(obj, offsetof(ctype, i) == sizeof(vtype) ? &obj##_run : &obj##_seq); \
	MPII_API struct mpii_datatype obj = {                                    \
		.magic = MPII_MAGIC_DATATYPE,                                    \
		.flags = MPII_DT_PREDEFINED | MPII_DT_COMMITTED |                \
			 (sizeof(vtype) + sizeof(int) == sizeof(ctype) ? MPII_DT_CONTIG : 0), \
		.refcount = 1, .basic = bk, .size = sizeof(vtype) + sizeof(int), \
		.lb = 0, .extent = sizeof(ctype), .true_lb = 0,                  \
		.true_extent = offsetof(ctype, i) + sizeof(int), .predef_name = cname, \
		.desc = &obj##_desc,                                             \
		.pieces = offsetof(ctype, i) == sizeof(vtype) ? 1 : 2,           \
		.nbasic = 2, .align = _Alignof(ctype), .combiner = MPI_COMBINER_NAMED }

/* A zero-size marker (MPI_LB, MPI_UB, MPI_DATATYPE). */
#define MARKER(obj, cname, bk, sticky)                                         \
	DESC(obj, NULL);                                                         \
	MPII_API struct mpii_datatype obj = {                                    \
		.magic = MPII_MAGIC_DATATYPE,                                    \
		.flags = MPII_DT_PREDEFINED | MPII_DT_COMMITTED | MPII_DT_CONTIG | (sticky), \
		.refcount = 1, .basic = bk, .size = 0, .predef_name = cname,   \
		.desc = &obj##_desc, .align = 1, .combiner = MPI_COMBINER_NAMED }

PREDEF(mpii_obj_type_char, "MPI_CHAR", char, MPII_B_CHAR);
PREDEF(mpii_obj_type_short, "MPI_SHORT", short, MPII_B_SHORT);
PREDEF(mpii_obj_type_int, "MPI_INT", int, MPII_B_INT);
PREDEF(mpii_obj_type_long, "MPI_LONG", long, MPII_B_LONG);
PREDEF(mpii_obj_type_long_long_int, "MPI_LONG_LONG_INT", long long, MPII_B_LLONG);
PREDEF(mpii_obj_type_signed_char, "MPI_SIGNED_CHAR", signed char, MPII_B_SCHAR);
PREDEF(mpii_obj_type_unsigned_char, "MPI_UNSIGNED_CHAR", unsigned char, MPII_B_UCHAR);
PREDEF(mpii_obj_type_unsigned_short, "MPI_UNSIGNED_SHORT", unsigned short, MPII_B_USHORT);
PREDEF(mpii_obj_type_unsigned, "MPI_UNSIGNED", unsigned, MPII_B_UINT);
PREDEF(mpii_obj_type_unsigned_long, "MPI_UNSIGNED_LONG", unsigned long, MPII_B_ULONG);
PREDEF(mpii_obj_type_unsigned_long_long, "MPI_UNSIGNED_LONG_LONG", unsigned long long, MPII_B_ULLONG);
PREDEF(mpii_obj_type_float, "MPI_FLOAT", float, MPII_B_FLOAT);
PREDEF(mpii_obj_type_double, "MPI_DOUBLE", double, MPII_B_DOUBLE);
PREDEF(mpii_obj_type_long_double, "MPI_LONG_DOUBLE", long double, MPII_B_LDOUBLE);
PREDEF(mpii_obj_type_wchar, "MPI_WCHAR", wchar_t, MPII_B_WCHAR);
PREDEF(mpii_obj_type_c_bool, "MPI_C_BOOL", _Bool, MPII_B_BOOL);
PREDEF(mpii_obj_type_int8_t, "MPI_INT8_T", int8_t, MPII_B_INT8);
PREDEF(mpii_obj_type_int16_t, "MPI_INT16_T", int16_t, MPII_B_INT16);
PREDEF(mpii_obj_type_int32_t, "MPI_INT32_T", int32_t, MPII_B_INT32);
PREDEF(mpii_obj_type_int64_t, "MPI_INT64_T", int64_t, MPII_B_INT64);
PREDEF(mpii_obj_type_uint8_t, "MPI_UINT8_T", uint8_t, MPII_B_UINT8);
PREDEF(mpii_obj_type_uint16_t, "MPI_UINT16_T", uint16_t, MPII_B_UINT16);
PREDEF(mpii_obj_type_uint32_t, "MPI_UINT32_T", uint32_t, MPII_B_UINT32);
PREDEF(mpii_obj_type_uint64_t, "MPI_UINT64_T", uint64_t, MPII_B_UINT64);
PREDEF(mpii_obj_type_aint, "MPI_AINT", MPI_Aint, MPII_B_AINT);
PREDEF(mpii_obj_type_count, "MPI_COUNT", MPI_Count, MPII_B_COUNT);
PREDEF(mpii_obj_type_offset, "MPI_OFFSET", MPI_Offset, MPII_B_OFFSET);
PREDEF(mpii_obj_type_c_float_complex, "MPI_C_FLOAT_COMPLEX", float _Complex, MPII_B_CFLOAT);
/* MPI_C_COMPLEX is its own handle so that MPI_Type_get_name names it */
PREDEF(mpii_obj_type_c_complex, "MPI_C_COMPLEX", float _Complex, MPII_B_CFLOAT);
PREDEF(mpii_obj_type_c_double_complex, "MPI_C_DOUBLE_COMPLEX", double _Complex, MPII_B_CDOUBLE);
PREDEF(mpii_obj_type_c_long_double_complex, "MPI_C_LONG_DOUBLE_COMPLEX", long double _Complex, MPII_B_CLDOUBLE);
PREDEF(mpii_obj_type_byte, "MPI_BYTE", char, MPII_B_BYTE);
PREDEF(mpii_obj_type_packed, "MPI_PACKED", char, MPII_B_PACKED);
PAIR(mpii_obj_type_float_int, "MPI_FLOAT_INT", struct mpii_float_int, float, MPII_B_FLOAT_INT);
PAIR(mpii_obj_type_double_int, "MPI_DOUBLE_INT", struct mpii_double_int, double, MPII_B_DOUBLE_INT);
PAIR(mpii_obj_type_long_int, "MPI_LONG_INT", struct mpii_long_int, long, MPII_B_LONG_INT);
PAIR(mpii_obj_type_2int, "MPI_2INT", struct mpii_2int, int, MPII_B_2INT);
PAIR(mpii_obj_type_short_int, "MPI_SHORT_INT", struct mpii_short_int, short, MPII_B_SHORT_INT);
PAIR(mpii_obj_type_long_double_int, "MPI_LONG_DOUBLE_INT", struct mpii_ldouble_int, long double, MPII_B_LDOUBLE_INT);
PREDEF(mpii_obj_type_character, "MPI_CHARACTER", char, MPII_B_CHARACTER);
PREDEF(mpii_obj_type_logical, "MPI_LOGICAL", int, MPII_B_LOGICAL);
PREDEF(mpii_obj_type_integer, "MPI_INTEGER", int, MPII_B_INT);
PREDEF(mpii_obj_type_real, "MPI_REAL", float, MPII_B_FLOAT);
PREDEF(mpii_obj_type_double_precision, "MPI_DOUBLE_PRECISION", double, MPII_B_DOUBLE);
PREDEF(mpii_obj_type_complex, "MPI_COMPLEX", float _Complex, MPII_B_CFLOAT);
PREDEF(mpii_obj_type_double_complex, "MPI_DOUBLE_COMPLEX", double _Complex, MPII_B_CDOUBLE);
PREDEF(mpii_obj_type_integer1, "MPI_INTEGER1", int8_t, MPII_B_INT8);
PREDEF(mpii_obj_type_integer2, "MPI_INTEGER2", int16_t, MPII_B_INT16);
PREDEF(mpii_obj_type_integer4, "MPI_INTEGER4", int32_t, MPII_B_INT32);
PREDEF(mpii_obj_type_integer8, "MPI_INTEGER8", int64_t, MPII_B_INT64);
PREDEF(mpii_obj_type_integer16, "MPI_INTEGER16", __int128, MPII_B_INT128);
PREDEF(mpii_obj_type_real2, "MPI_REAL2", uint16_t, MPII_B_REAL2);
PREDEF(mpii_obj_type_real4, "MPI_REAL4", float, MPII_B_FLOAT);
PREDEF(mpii_obj_type_real8, "MPI_REAL8", double, MPII_B_DOUBLE);
PREDEF(mpii_obj_type_real16, "MPI_REAL16", long double, MPII_B_REAL16);
PREDEF(mpii_obj_type_complex8, "MPI_COMPLEX8", float _Complex, MPII_B_CFLOAT);
PREDEF(mpii_obj_type_complex16, "MPI_COMPLEX16", double _Complex, MPII_B_CDOUBLE);
PREDEF(mpii_obj_type_complex32, "MPI_COMPLEX32", long double _Complex, MPII_B_COMPLEX32);
PREDEF(mpii_obj_type_logical1, "MPI_LOGICAL1", int8_t, MPII_B_LOGICAL1);
PREDEF(mpii_obj_type_logical2, "MPI_LOGICAL2", int16_t, MPII_B_LOGICAL2);
PREDEF(mpii_obj_type_logical4, "MPI_LOGICAL4", int32_t, MPII_B_LOGICAL);
PREDEF(mpii_obj_type_logical8, "MPI_LOGICAL8", int64_t, MPII_B_LOGICAL8);
/* Two 2-byte reals, stored like MPI_REAL2 (uint16_t) pairs. */
PREDEF(mpii_obj_type_complex4, "MPI_COMPLEX4", uint32_t, MPII_B_COMPLEX4);
PREDEF_N(mpii_obj_type_2real, "MPI_2REAL", struct mpii_2float, MPII_B_2FLOAT, 2);
PREDEF_N(mpii_obj_type_2double_precision, "MPI_2DOUBLE_PRECISION", struct mpii_2double, MPII_B_2DOUBLE, 2);
PREDEF_N(mpii_obj_type_2integer, "MPI_2INTEGER", struct mpii_2int, MPII_B_2INT, 2);
PREDEF(mpii_obj_type_cxx_bool, "MPI_CXX_BOOL", _Bool, MPII_B_BOOL);
PREDEF(mpii_obj_type_cxx_float_complex, "MPI_CXX_FLOAT_COMPLEX", float _Complex, MPII_B_CFLOAT);
PREDEF(mpii_obj_type_cxx_double_complex, "MPI_CXX_DOUBLE_COMPLEX", double _Complex, MPII_B_CDOUBLE);
PREDEF(mpii_obj_type_cxx_long_double_complex, "MPI_CXX_LONG_DOUBLE_COMPLEX", long double _Complex, MPII_B_CLDOUBLE);
MARKER(mpii_obj_type_lb, "MPI_LB", MPII_B_LB, MPII_DT_STICKY_LB);
MARKER(mpii_obj_type_ub, "MPI_UB", MPII_B_UB, MPII_DT_STICKY_UB);
MARKER(mpii_obj_type_datatype, "MPI_DATATYPE", MPII_B_DATATYPE, 0);

/* Fixed order: the binary description (lib/datatype/pack_dtype.c) stores indexes. */
struct mpii_datatype *const mpii_type_predef_table[] = {
	&mpii_obj_type_char,
	&mpii_obj_type_short,
	&mpii_obj_type_int,
	&mpii_obj_type_long,
	&mpii_obj_type_long_long_int,
	&mpii_obj_type_signed_char,
	&mpii_obj_type_unsigned_char,
	&mpii_obj_type_unsigned_short,
	&mpii_obj_type_unsigned,
	&mpii_obj_type_unsigned_long,
	&mpii_obj_type_unsigned_long_long,
	&mpii_obj_type_float,
	&mpii_obj_type_double,
	&mpii_obj_type_long_double,
	&mpii_obj_type_wchar,
	&mpii_obj_type_c_bool,
	&mpii_obj_type_int8_t,
	&mpii_obj_type_int16_t,
	&mpii_obj_type_int32_t,
	&mpii_obj_type_int64_t,
	&mpii_obj_type_uint8_t,
	&mpii_obj_type_uint16_t,
	&mpii_obj_type_uint32_t,
	&mpii_obj_type_uint64_t,
	&mpii_obj_type_aint,
	&mpii_obj_type_count,
	&mpii_obj_type_offset,
	&mpii_obj_type_c_float_complex,
	&mpii_obj_type_c_complex,
	&mpii_obj_type_c_double_complex,
	&mpii_obj_type_c_long_double_complex,
	&mpii_obj_type_byte,
	&mpii_obj_type_packed,
	&mpii_obj_type_float_int,
	&mpii_obj_type_double_int,
	&mpii_obj_type_long_int,
	&mpii_obj_type_2int,
	&mpii_obj_type_short_int,
	&mpii_obj_type_long_double_int,
	&mpii_obj_type_character,
	&mpii_obj_type_logical,
	&mpii_obj_type_integer,
	&mpii_obj_type_real,
	&mpii_obj_type_double_precision,
	&mpii_obj_type_complex,
	&mpii_obj_type_double_complex,
	&mpii_obj_type_integer1,
	&mpii_obj_type_integer2,
	&mpii_obj_type_integer4,
	&mpii_obj_type_integer8,
	&mpii_obj_type_integer16,
	&mpii_obj_type_real2,
	&mpii_obj_type_real4,
	&mpii_obj_type_real8,
	&mpii_obj_type_real16,
	&mpii_obj_type_complex8,
	&mpii_obj_type_complex16,
	&mpii_obj_type_complex32,
	&mpii_obj_type_2real,
	&mpii_obj_type_2double_precision,
	&mpii_obj_type_2integer,
	&mpii_obj_type_cxx_bool,
	&mpii_obj_type_cxx_float_complex,
	&mpii_obj_type_cxx_double_complex,
	&mpii_obj_type_cxx_long_double_complex,
	&mpii_obj_type_lb,
	&mpii_obj_type_ub,
	&mpii_obj_type_datatype,
	/* appended: the binary description stores these indexes */
	&mpii_obj_type_logical1,
	&mpii_obj_type_logical2,
	&mpii_obj_type_logical4,
	&mpii_obj_type_logical8,
	&mpii_obj_type_complex4,
};
const int mpii_type_predef_count = sizeof(mpii_type_predef_table) / sizeof(mpii_type_predef_table[0]);

int mpii_type_predef_index(MPI_Datatype dt)
{
	for (int i = 0; i < mpii_type_predef_count; i++)
		if (mpii_type_predef_table[i] == dt)
			return i;
	return -1;
}
