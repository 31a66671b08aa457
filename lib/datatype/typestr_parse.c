/*
 * lib/datatype/typestr_parse.c - parser of the seed's character representation
 * (002 6.4.2) into a new committed datatype.
 *
 * Recursive descent over the BNF, exactly (no blanks, no leading zeros in
 * <posInt>, no extra characters after <start>):
 *   <typeDesc>       ::= <posInt> <typeDescSimple> | <typeDescSimple>
 *   <typeDescSimple> ::= V:... | HV:... | X:... | HX:... | S:... | <typeDescBasic>
 *   <typeDescBasic>  ::= table 6.1 code | U<n> | U<n>(<typeDesc>)
 *   <typeDescAdv>    ::= UB | LB | <typeDescBasic>     (struct entries only)
 * Settled points (SPEC 5): a declared count must equal the number of
 * entries that follow; UB/LB entries of a struct become a resize of the
 * struct of its other entries (lb = least LB, ub = greatest UB, the other
 * bound kept).  U<n> is defined once, at first use, and refers to that
 * definition afterwards; using it before (or inside) its definition is an
 * error.  Displacements of V and X are in elements and must fit an int;
 * those of HV, HX and S are bytes.
 *
 * Every error is MPI_ERR_TYPE_STRING with the offset of the offending
 * character and a static reason (or MPI_ERR_NO_MEM); a type that would
 * overflow the address space counts as malformed.  Nesting is limited to
 * MAX_DEPTH levels so that hostile strings cannot exhaust the stack.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/datatype/type_impl.h"

#define MAX_DEPTH 256

struct parser {
	const char *s;
	size_t len, pos;
	int depth;
	int rc;              /* first error */
	size_t errpos;
	const char *why;
	struct { long id; MPI_Datatype t; } *defs;
	int ndefs, capdefs;
};

static void fail(struct parser *p, size_t pos, const char *why)
{
	if (p->rc)
		return;
	p->rc = MPI_ERR_TYPE_STRING;
	p->errpos = pos;
	p->why = why;
}

static void fail_rc(struct parser *p, size_t pos, int rc)
{
	if (rc == MPI_ERR_NO_MEM) {
		if (!p->rc) {
			p->rc = rc;
			p->errpos = pos;
			p->why = "out of memory";
		}
		return;
	}
	fail(p, pos, "type too large");
}

static int peek(struct parser *p)
{
	return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int accept(struct parser *p, const char *tok)
{
	size_t n = strlen(tok);
	if (p->len - p->pos >= n && memcmp(p->s + p->pos, tok, n) == 0) {
		p->pos += n;
		return 1;
	}
	return 0;
}

static void expect(struct parser *p, char c)
{
	if (p->rc)
		return;
	if (peek(p) != c) {
		static const char *msg[] = { "expected ':'", "expected '/'", "expected ')'", "expected ','" };
		fail(p, p->pos, msg[c == ':' ? 0 : c == '/' ? 1 : c == ')' ? 2 : 3]);
		return;
	}
	p->pos++;
}

/* Digits into *v (at least one); 0 on overflow past limit. */
static void digits(struct parser *p, int64_t limit, int64_t *v)
{
	size_t start = p->pos;
	*v = 0;
	while (is_digit(peek(p))) {
		int d = peek(p) - '0';
		if (*v > (limit - d) / 10) {
			fail(p, start, "number out of range");
			return;
		}
		*v = *v * 10 + d;
		p->pos++;
	}
	if (p->pos == start)
		fail(p, start, "expected a digit");
}

/* <posInt> fitting an int. */
static int pos_int(struct parser *p)
{
	int64_t v = 0;
	if (p->rc)
		return 0;
	int c = peek(p);
	if (c < '1' || c > '9') {
		fail(p, p->pos, "expected a positive integer");
		return 0;
	}
	digits(p, INT_MAX, &v);
	return (int)v;
}

/* <Int> within [-limit, limit]. */
static int64_t any_int(struct parser *p, int64_t limit)
{
	int64_t v = 0;
	int neg = 0;
	if (p->rc)
		return 0;
	if (peek(p) == '-') {
		neg = 1;
		p->pos++;
	}
	digits(p, limit, &v);
	return neg ? -v : v;
}

static MPI_Datatype type_desc(struct parser *p);
static MPI_Datatype type_basic(struct parser *p);

static void drop(MPI_Datatype t)
{
	mpii_type_release(&t);
}

static MPI_Datatype lookup(struct parser *p, long id)
{
	for (int i = 0; i < p->ndefs; i++)
		if (p->defs[i].id == id)
			return p->defs[i].t;
	return NULL;
}

/* U<n> or U<n>(<typeDesc>); the 'U' is consumed. */
static MPI_Datatype type_user(struct parser *p, size_t at)
{
	int64_t id;
	digits(p, INT_MAX, &id);
	if (p->rc)
		return NULL;
	if (peek(p) != '(') {
		MPI_Datatype t = lookup(p, (long)id);
		if (!t) {
			fail(p, at, "reference to an undefined user type");
			return NULL;
		}
		mpii_type_ref(t);
		return t;
	}
	if (lookup(p, (long)id)) {
		fail(p, at, "user type defined twice");
		return NULL;
	}
	p->pos++;
	MPI_Datatype t = type_desc(p);
	expect(p, ')');
	if (p->rc) {
		if (t)
			drop(t);
		return NULL;
	}
	if (lookup(p, (long)id)) { /* defined inside its own definition */
		drop(t);
		fail(p, at, "user type defined twice");
		return NULL;
	}
	if (p->ndefs == p->capdefs) {
		int cap = p->capdefs ? 2 * p->capdefs : 8;
		void *v = realloc(p->defs, sizeof(*p->defs) * (size_t)cap);
		if (!v) {
			drop(t);
			fail_rc(p, at, MPI_ERR_NO_MEM);
			return NULL;
		}
		p->defs = v;
		p->capdefs = cap;
	}
	p->defs[p->ndefs].id = (long)id;
	p->defs[p->ndefs++].t = t;
	mpii_type_ref(t);
	return t;
}

/* <typeDescBasic>; codes are matched longest first. */
static MPI_Datatype type_basic(struct parser *p)
{
	static const struct { const char *code; MPI_Datatype t; } codes[] = {
		{ "ull", MPI_UNSIGNED_LONG_LONG }, { "uc", MPI_UNSIGNED_CHAR }, { "us", MPI_UNSIGNED_SHORT },
		{ "ui", MPI_UNSIGNED }, { "ul", MPI_UNSIGNED_LONG }, { "ll", MPI_LONG_LONG_INT },
		{ "ld", MPI_LONG_DOUBLE }, { "b", MPI_BYTE }, { "p", MPI_PACKED }, { "c", MPI_CHAR },
		{ "s", MPI_SHORT }, { "i", MPI_INT }, { "l", MPI_LONG }, { "f", MPI_FLOAT },
		{ "d", MPI_DOUBLE }, { "Char", MPI_CHARACTER }, { "DC", MPI_DOUBLE_COMPLEX },
		{ "I2", MPI_INTEGER2 }, { "I4", MPI_INTEGER4 }, { "I8", MPI_INTEGER8 },
		{ "R4", MPI_REAL4 }, { "R8", MPI_REAL8 }, { "I", MPI_INTEGER }, { "L", MPI_LOGICAL },
		{ "R", MPI_REAL }, { "D", MPI_DOUBLE_PRECISION }, { "C", MPI_COMPLEX },
	};
	size_t at = p->pos;
	if (p->rc)
		return NULL;
	if (peek(p) == 'U' && p->pos + 1 < p->len && is_digit((unsigned char)p->s[p->pos + 1])) {
		p->pos++;
		return type_user(p, at);
	}
	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
		if (accept(p, codes[i].code))
			return codes[i].t;
	fail(p, at, "expected a type");
	return NULL;
}

/* V:<t>:<posInt>:<posInt>:<Int> and HV: (the tag consumed). */
static MPI_Datatype type_vector(struct parser *p, size_t at, int bytes)
{
	MPI_Datatype t = type_basic(p), n = NULL;
	expect(p, ':');
	int count = pos_int(p);
	expect(p, ':');
	int bl = pos_int(p);
	expect(p, ':');
	int64_t stride = any_int(p, bytes ? INTPTR_MAX : INT_MAX);
	if (!p->rc) {
		int rc = bytes ? mpii_type_hvector(count, bl, (MPI_Aint)stride, t, &n)
			       : mpii_type_vector(count, bl, (int)stride, t, &n);
		if (rc)
			fail_rc(p, at, rc);
	}
	if (t)
		drop(t);
	return p->rc ? NULL : n;
}

/* X:<t>:<count>:bl/d,... and HX: (the tag consumed). */
static MPI_Datatype type_indexed(struct parser *p, size_t at, int bytes)
{
	MPI_Datatype t = type_basic(p), n = NULL;
	int *bl = NULL, *id = NULL, k = 0, cap = 0;
	MPI_Aint *ad = NULL;

	expect(p, ':');
	int count = pos_int(p);
	expect(p, ':');
	while (!p->rc) {
		if (k == count) {
			fail(p, p->pos, "more entries than the declared count");
			break;
		}
		if (k == cap) {
			if (cap > INT_MAX / 2) { /* 2^30 entries: over 4 GiB of text */
				fail_rc(p, p->pos, MPI_ERR_NO_MEM);
				break;
			}
			cap = cap ? 2 * cap : 8;
			int *b2 = realloc(bl, sizeof(int) * (size_t)cap);
			if (b2)
				bl = b2;
			void *d2 = bytes ? realloc(ad, sizeof(MPI_Aint) * (size_t)cap)
					 : realloc(id, sizeof(int) * (size_t)cap);
			if (d2) {
				if (bytes)
					ad = d2;
				else
					id = d2;
			}
			if (!b2 || !d2) {
				fail_rc(p, p->pos, MPI_ERR_NO_MEM);
				break;
			}
		}
		bl[k] = pos_int(p);
		expect(p, '/');
		int64_t d = any_int(p, bytes ? INTPTR_MAX : INT_MAX);
		if (bytes)
			ad[k] = (MPI_Aint)d;
		else
			id[k] = (int)d;
		k++;
		if (peek(p) != ',')
			break;
		p->pos++;
	}
	if (!p->rc && k != count)
		fail(p, p->pos, "fewer entries than the declared count");
	if (!p->rc) {
		int rc = bytes ? mpii_type_hindexed(count, bl, ad, t, &n)
			       : mpii_type_indexed(count, bl, id, t, &n);
		if (rc)
			fail_rc(p, at, rc);
	}
	free(bl);
	free(id);
	free(ad);
	if (t)
		drop(t);
	return p->rc ? NULL : n;
}

/* S:<count>:<adv>/bl/d,... (the tag consumed). */
static MPI_Datatype type_struct(struct parser *p, size_t at)
{
	MPI_Datatype *ty = NULL, n = NULL;
	int *bl = NULL, k = 0, cap = 0, seen = 0, any_lb = 0, any_ub = 0;
	MPI_Aint *ad = NULL, lb = 0, ub = 0;

	int count = pos_int(p);
	expect(p, ':');
	while (!p->rc) {
		if (seen == count) {
			fail(p, p->pos, "more entries than the declared count");
			break;
		}
		int marker = accept(p, "LB") ? 1 : accept(p, "UB") ? 2 : 0;
		MPI_Datatype t = marker ? NULL : type_basic(p);
		expect(p, '/');
		int b = pos_int(p);
		expect(p, '/');
		int64_t d = any_int(p, INTPTR_MAX);
		seen++;
		if (p->rc) {
			if (t)
				drop(t);
			break;
		}
		if (marker == 1) {
			lb = any_lb && lb < d ? lb : (MPI_Aint)d;
			any_lb = 1;
		} else if (marker == 2) {
			ub = any_ub && ub > d ? ub : (MPI_Aint)d;
			any_ub = 1;
		} else {
			if (k == cap) {
				if (cap > INT_MAX / 2) { /* 2^30 entries: over 4 GiB of text */
					fail_rc(p, p->pos, MPI_ERR_NO_MEM);
					if (t)
						drop(t);
					break;
				}
				cap = cap ? 2 * cap : 8;
				int *b2 = realloc(bl, sizeof(int) * (size_t)cap);
				if (b2)
					bl = b2;
				MPI_Aint *a2 = realloc(ad, sizeof(MPI_Aint) * (size_t)cap);
				if (a2)
					ad = a2;
				MPI_Datatype *t2 = realloc(ty, sizeof(MPI_Datatype) * (size_t)cap);
				if (t2)
					ty = t2;
				if (!b2 || !a2 || !t2) {
					drop(t);
					fail_rc(p, p->pos, MPI_ERR_NO_MEM);
					break;
				}
			}
			bl[k] = b;
			ad[k] = (MPI_Aint)d;
			ty[k++] = t;
		}
		if (peek(p) != ',')
			break;
		p->pos++;
	}
	if (!p->rc && seen != count)
		fail(p, p->pos, "fewer entries than the declared count");
	if (!p->rc) {
		int rc = mpii_type_struct(k, bl, ad, ty, &n);
		if (!rc && (any_lb || any_ub)) {
			MPI_Datatype s = n;
			MPI_Aint l = any_lb ? lb : s->lb, u = any_ub ? ub : s->lb + s->extent, e;
			if (__builtin_sub_overflow(u, l, &e))
				rc = MPI_ERR_ARG;
			else
				rc = mpii_type_resized(s, l, e, &n);
			drop(s);
		}
		if (rc) {
			n = NULL;
			fail_rc(p, at, rc);
		}
	}
	for (int i = 0; i < k; i++)
		drop(ty[i]);
	free(ty);
	free(bl);
	free(ad);
	return p->rc ? NULL : n;
}

static MPI_Datatype type_simple(struct parser *p)
{
	size_t at = p->pos;
	if (accept(p, "V:"))
		return type_vector(p, at, 0);
	if (accept(p, "HV:"))
		return type_vector(p, at, 1);
	if (accept(p, "X:"))
		return type_indexed(p, at, 0);
	if (accept(p, "HX:"))
		return type_indexed(p, at, 1);
	if (accept(p, "S:"))
		return type_struct(p, at);
	return type_basic(p);
}

static MPI_Datatype type_desc(struct parser *p)
{
	size_t at = p->pos;
	MPI_Datatype t, n = NULL;

	if (p->rc)
		return NULL;
	if (++p->depth > MAX_DEPTH) {
		fail(p, at, "nested too deeply");
		return NULL;
	}
	if (!is_digit(peek(p))) {
		t = type_simple(p);
		p->depth--;
		return t;
	}
	int count = pos_int(p);
	t = type_simple(p);
	p->depth--;
	if (p->rc) {
		if (t)
			drop(t);
		return NULL;
	}
	int rc = mpii_type_contiguous(count, t, &n);
	drop(t);
	if (rc) {
		fail_rc(p, at, rc);
		return NULL;
	}
	return n;
}

int mpii_typestr_parse(const char *str, size_t len, MPI_Datatype *newtype, size_t *errpos, const char **why)
{
	struct parser p = { .s = str, .len = len };
	MPI_Datatype t = type_desc(&p);

	if (!p.rc && p.pos != p.len)
		fail(&p, p.pos, "unexpected characters after the type");
	for (int i = 0; i < p.ndefs; i++)
		drop(p.defs[i].t);
	free(p.defs);
	if (!p.rc && mpii_type_is_predef(t)) { /* always hand out a new type */
		MPI_Datatype d;
		int rc = mpii_type_dup(t, &d);
		if (rc)
			fail_rc(&p, 0, rc);
		t = d;
	}
	if (!p.rc) {
		int rc = mpii_type_commit(t);
		if (rc) {
			drop(t);
			fail_rc(&p, 0, rc);
		}
	} else if (t) {
		drop(t);
	}
	if (p.rc) {
		*errpos = p.errpos;
		*why = p.why;
		return p.rc;
	}
	*newtype = t;
	return MPI_SUCCESS;
}
