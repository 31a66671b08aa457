/*
 * lib/datatype/typestr.c - the seed's character representation of a datatype
 * (002 6.4.2, table 6.1 and its BNF): producing it, and the entry points
 * MPI_Type_to_string / MPI_Type_from_string (parser: lib/datatype/typestr_parse.c).
 *
 * A derived type is written "U<n>(<typeDesc>)" where it is first used and
 * "U<n>" after that (n counts from 1 in order of first use), so a type
 * shared by several parents is described once.  Constructors map onto the
 * seed's forms:
 *     contiguous(n, t)        "<n><t>"
 *     vector / hvector        "V:<t>:count:blocklength:stride", "HV:..."
 *     indexed(_block)         "X:<t>:count:bl/disp,..."   (displacements in elements)
 *     hindexed(_block)        "HX:<t>:count:bl/disp,..."  (bytes)
 *     struct                  "S:count:<t>/bl/disp,..."
 *     resized(t, lb, extent)  "S:3:LB/1/lb,<t>/1/0,UB/1/lb+extent"
 *     dup, subarray, darray   "<t>" of the original, resp. equivalent, type
 * Blocks of length 0 are left out (they change nothing), and a type with no
 * block left is "S:2:LB/1/lb,UB/1/ub".  A struct with MPI_LB/MPI_UB
 * entries is written with its data entries and its final bounds as LB/UB
 * (the parser turns LB/UB into a resize, SPEC 5).  Predefined types use
 * table 6.1's codes; those the table lacks use the code of a type with the
 * same representation (MPI_INT32_T is "i", MPI_INT64_T, MPI_AINT, MPI_COUNT
 * and MPI_OFFSET are "ll", MPI_C_BOOL "uc") or a user type of such codes
 * (MPI_DOUBLE_INT is "U<n>(S:2:d/1/0,i/1/8)").  So the parsed type has the
 * same size, extent, true extent and packed bytes, in native and in
 * external32 representation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

struct out {
	char *p;
	size_t n, cap;
	int nomem;
	struct { MPI_Datatype t; int id; } *seen;
	int nseen, capseen;
};

static void put(struct out *o, const char *s, size_t n)
{
	if (o->nomem)
		return;
	if (o->n + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 64;
		while (cap < o->n + n + 1)
			cap *= 2;
		char *p = realloc(o->p, cap);
		if (!p) {
			o->nomem = 1;
			return;
		}
		o->p = p;
		o->cap = cap;
	}
	memcpy(o->p + o->n, s, n);
	o->n += n;
	o->p[o->n] = 0;
}

static void putf(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(struct out *o, const char *fmt, ...)
{
	char buf[64];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	put(o, buf, (size_t)n);
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* Table 6.1's code of a predefined type, or the code of one with the same
 * native and external32 representation; NULL when there is none. */
static const char *code_of(MPI_Datatype t)
{
	static const struct { MPI_Datatype t; const char *code; } map[] = {
		{ MPI_BYTE, "b" }, { MPI_PACKED, "p" }, { MPI_CHAR, "c" }, { MPI_UNSIGNED_CHAR, "uc" },
		{ MPI_SHORT, "s" }, { MPI_UNSIGNED_SHORT, "us" }, { MPI_INT, "i" }, { MPI_UNSIGNED, "ui" },
		{ MPI_LONG, "l" }, { MPI_UNSIGNED_LONG, "ul" }, { MPI_LONG_LONG_INT, "ll" },
		{ MPI_UNSIGNED_LONG_LONG, "ull" }, { MPI_FLOAT, "f" }, { MPI_DOUBLE, "d" },
		{ MPI_LONG_DOUBLE, "ld" }, { MPI_INTEGER, "I" }, { MPI_INTEGER2, "I2" },
		{ MPI_INTEGER4, "I4" }, { MPI_INTEGER8, "I8" }, { MPI_LOGICAL, "L" }, { MPI_REAL, "R" },
		{ MPI_REAL4, "R4" }, { MPI_REAL8, "R8" }, { MPI_DOUBLE_PRECISION, "D" },
		{ MPI_COMPLEX, "C" }, { MPI_DOUBLE_COMPLEX, "DC" }, { MPI_CHARACTER, "Char" },
		/* same representation */
		{ MPI_SIGNED_CHAR, "c" }, { MPI_INT8_T, "c" }, { MPI_INTEGER1, "c" },
		{ MPI_UINT8_T, "uc" }, { MPI_C_BOOL, "uc" }, { MPI_CXX_BOOL, "uc" },
		{ MPI_INT16_T, "s" }, { MPI_UINT16_T, "us" }, { MPI_REAL2, "us" },
		{ MPI_INT32_T, "i" }, { MPI_WCHAR, "i" }, { MPI_UINT32_T, "ui" },
		{ MPI_INT64_T, "ll" }, { MPI_AINT, "ll" }, { MPI_OFFSET, "ll" }, { MPI_COUNT, "ll" },
		{ MPI_UINT64_T, "ull" }, { MPI_REAL16, "ld" },
		{ MPI_LOGICAL1, "c" }, { MPI_LOGICAL2, "s" }, { MPI_LOGICAL4, "L" },
		{ MPI_LOGICAL8, "ll" },
		{ MPI_C_FLOAT_COMPLEX, "C" }, { MPI_C_COMPLEX, "C" },
		{ MPI_CXX_FLOAT_COMPLEX, "C" }, { MPI_COMPLEX8, "C" },
		{ MPI_C_DOUBLE_COMPLEX, "DC" }, { MPI_CXX_DOUBLE_COMPLEX, "DC" },
		{ MPI_COMPLEX16, "DC" },
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i].t == t)
			return map[i].code;
	return NULL;
}

/* Body of a predefined type without a code (pairs, long double complex,
 * markers): written as a user type. */
static void predef_body(struct out *o, MPI_Datatype t)
{
	long second = (long)(t->true_extent - (MPI_Aint)sizeof(int));
	switch (t->basic) {
	case MPII_B_FLOAT_INT: putf(o, "S:2:f/1/0,i/1/%ld", second); return;
	case MPII_B_DOUBLE_INT: putf(o, "S:2:d/1/0,i/1/%ld", second); return;
	case MPII_B_LONG_INT: putf(o, "S:2:l/1/0,i/1/%ld", second); return;
	case MPII_B_SHORT_INT: putf(o, "S:2:s/1/0,i/1/%ld", second); return;
	case MPII_B_LDOUBLE_INT: putf(o, "S:2:ld/1/0,i/1/%ld", second); return;
	case MPII_B_2INT: puts_(o, "2i"); return;
	case MPII_B_2FLOAT: puts_(o, "2R"); return;
	case MPII_B_2DOUBLE: puts_(o, "2D"); return;
	case MPII_B_CLDOUBLE:
	case MPII_B_COMPLEX32: puts_(o, "2ld"); return;
	case MPII_B_INT128: puts_(o, "2ull"); return;
	case MPII_B_COMPLEX4: puts_(o, "2us"); return;
	default: putf(o, "S:2:LB/1/%ld,UB/1/%ld", (long)t->lb, (long)(t->lb + t->extent)); return;
	}
}

static void body(struct out *o, MPI_Datatype t);

/* <typeDescBasic>: a code, or a user type defined at its first use. */
static void basic(struct out *o, MPI_Datatype t)
{
	const char *code = mpii_type_is_predef(t) ? code_of(t) : NULL;
	if (code) {
		puts_(o, code);
		return;
	}
	for (int i = 0; i < o->nseen; i++)
		if (o->seen[i].t == t) {
			putf(o, "U%d", o->seen[i].id);
			return;
		}
	if (o->nseen == o->capseen) {
		int cap = o->capseen ? 2 * o->capseen : 16;
		void *p = realloc(o->seen, sizeof(*o->seen) * (size_t)cap);
		if (!p) {
			o->nomem = 1;
			return;
		}
		o->seen = p;
		o->capseen = cap;
	}
	int id = o->nseen + 1;
	o->seen[o->nseen].t = t;
	o->seen[o->nseen++].id = id;
	putf(o, "U%d(", id);
	if (mpii_type_is_predef(t))
		predef_body(o, t);
	else
		body(o, t);
	puts_(o, ")");
}

static void empty(struct out *o, MPI_Datatype t)
{
	putf(o, "S:2:LB/1/%ld,UB/1/%ld", (long)t->lb, (long)(t->lb + t->extent));
}

/* Indexed forms: "X:<t>:m:bl/d,..." with the non-empty blocks. */
static void indexed(struct out *o, MPI_Datatype t, const char *tag, int n, const int *bl, int bl1,
		    const int *idisp, const MPI_Aint *adisp)
{
	int m = 0;
	for (int i = 0; i < n; i++)
		m += (bl ? bl[i] : bl1) > 0;
	if (m == 0) {
		empty(o, t);
		return;
	}
	puts_(o, tag);
	basic(o, t->desc->types[0]);
	putf(o, ":%d:", m);
	for (int i = 0, k = 0; i < n; i++) {
		int b = bl ? bl[i] : bl1;
		if (b <= 0)
			continue;
		putf(o, "%s%d/%ld", k++ ? "," : "", b, idisp ? (long)idisp[i] : (long)adisp[i]);
	}
}

static void structure(struct out *o, MPI_Datatype t)
{
	const struct mpii_typedesc *d = t->desc;
	int n = d->ints[0], m = 0, markers = 0;
	for (int i = 0; i < n; i++) {
		int mk = d->types[i]->basic == MPII_B_LB || d->types[i]->basic == MPII_B_UB;
		markers |= mk;
		m += !mk && d->ints[1 + i] > 0;
	}
	if (m == 0) {
		empty(o, t);
		return;
	}
	putf(o, "S:%d:", m + (markers ? 2 : 0));
	for (int i = 0, k = 0; i < n; i++) {
		MPI_Datatype c = d->types[i];
		if (c->basic == MPII_B_LB || c->basic == MPII_B_UB || d->ints[1 + i] <= 0)
			continue;
		if (k++)
			puts_(o, ",");
		basic(o, c);
		putf(o, "/%d/%ld", d->ints[1 + i], (long)d->aints[i]);
	}
	if (markers)
		putf(o, ",LB/1/%ld,UB/1/%ld", (long)t->lb, (long)(t->lb + t->extent));
}

/* <typeDesc> of a derived type. */
static void body(struct out *o, MPI_Datatype t)
{
	const struct mpii_typedesc *d = t->desc;
	const int *ints = d->ints;

	if (d->inner) {
		basic(o, d->inner);
		return;
	}
	switch (t->combiner) {
	case MPI_COMBINER_DUP:
		basic(o, d->types[0]);
		return;
	case MPI_COMBINER_CONTIGUOUS:
		if (ints[0] <= 0)
			break;
		putf(o, "%d", ints[0]);
		basic(o, d->types[0]);
		return;
	case MPI_COMBINER_VECTOR:
	case MPI_COMBINER_HVECTOR:
		if (ints[0] <= 0 || ints[1] <= 0)
			break;
		puts_(o, t->combiner == MPI_COMBINER_VECTOR ? "V:" : "HV:");
		basic(o, d->types[0]);
		if (t->combiner == MPI_COMBINER_VECTOR)
			putf(o, ":%d:%d:%d", ints[0], ints[1], ints[2]);
		else
			putf(o, ":%d:%d:%ld", ints[0], ints[1], (long)d->aints[0]);
		return;
	case MPI_COMBINER_INDEXED:
		indexed(o, t, "X:", ints[0], ints + 1, 0, ints + 1 + ints[0], NULL);
		return;
	case MPI_COMBINER_INDEXED_BLOCK:
		indexed(o, t, "X:", ints[0], NULL, ints[1], ints + 2, NULL);
		return;
	case MPI_COMBINER_HINDEXED:
		indexed(o, t, "HX:", ints[0], ints + 1, 0, NULL, d->aints);
		return;
	case MPI_COMBINER_HINDEXED_BLOCK:
		indexed(o, t, "HX:", ints[0], NULL, ints[1], NULL, d->aints);
		return;
	case MPI_COMBINER_STRUCT:
		structure(o, t);
		return;
	case MPI_COMBINER_RESIZED:
		putf(o, "S:3:LB/1/%ld,", (long)d->aints[0]);
		basic(o, d->types[0]);
		putf(o, "/1/0,UB/1/%ld", (long)(d->aints[0] + d->aints[1]));
		return;
	}
	empty(o, t);
}

int mpii_typestr_format(MPI_Datatype dt, char **str, size_t *len)
{
	struct out o = { 0 };
	basic(&o, dt);
	free(o.seen);
	if (o.nomem) {
		free(o.p);
		return MPI_ERR_NO_MEM;
	}
	*str = o.p;
	*len = o.n;
	return MPI_SUCCESS;
}

/* ------------------------------------------------------------ entry points */

#pragma weak MPI_Type_to_string = PMPI_Type_to_string
int PMPI_Type_to_string(MPI_Datatype datatype, char *buf, int buflen, int *resultlen)
{
	static const char fn[] = "MPI_Type_to_string";
	char *s;
	size_t n;

	MPII_CHECK_INIT(fn);
	if (!mpii_type_valid(datatype) || datatype->basic == MPII_B_DATATYPE)
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (buflen < 0 || (buflen > 0 && !buf) || !resultlen)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "bad buf, buflen %d or resultlen", buflen);
	if (mpii_typestr_format(datatype, &s, &n))
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	*resultlen = (int)n;
	if ((size_t)buflen < n + 1) {
		if (buflen > 0) {
			memcpy(buf, s, (size_t)buflen - 1);
			buf[buflen - 1] = 0;
		}
		free(s);
		return mpii_err(NULL, MPI_ERR_TRUNCATE, fn, "representation needs %zu bytes, buflen is %d",
				n + 1, buflen);
	}
	memcpy(buf, s, n + 1);
	free(s);
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_from_string = PMPI_Type_from_string
int PMPI_Type_from_string(const char *str, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_from_string";
	size_t pos;
	const char *why;

	MPII_CHECK_INIT(fn);
	if (!str || !newtype)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "str or newtype is NULL");
	int rc = mpii_typestr_parse(str, strlen(str), newtype, &pos, &why);
	if (rc == MPI_ERR_TYPE_STRING)
		return mpii_err(NULL, rc, fn, "malformed type string at position %zu: %s", pos, why);
	if (rc)
		return mpii_err(NULL, rc, fn, "out of memory");
	return MPI_SUCCESS;
}
