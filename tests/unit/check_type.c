/*
 * tests/unit/check_type.c - unit tests of the type engine (lib/type_*.c,
 * lib/pack*.c) without MPI_Init (core services stubbed: type_stubs.c).
 *
 * Typemaps of nested constructors are checked against hand-computed
 * displacements; the compiled form is checked against the typemap walk by
 * packing and unpacking random byte ranges; bounds, decoding, element
 * counts, MPI_Pack on ordinary and universal communicators, external32
 * bytes, datatype descriptions and error classes have their own cases.
 * The pack speed case prints MB/s against memcpy.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/uio.h>
#include <unistd.h>
#include "lib/datatype/type_impl.h"
#include "tests/unit/unit.h"

extern int type_stub_last_class;
extern char type_stub_last_msg[];

/* ---------------------------------------------------------- helpers */

struct map {
	MPI_Aint disp[4096];
	int kind[4096];
	int n;
};

static int collect(void *ctx, int basic, MPI_Aint disp)
{
	struct map *m = ctx;
	if (m->n < 4096) {
		m->disp[m->n] = disp;
		m->kind[m->n] = basic;
	}
	m->n++;
	return 0;
}

static void check_map(MPI_Datatype t, int count, const MPI_Aint *want, int n)
{
	static struct map m;
	m.n = 0;
	mpii_type_walk(t, count, 0, collect, &m);
	ck_assert_int_eq(m.n, n);
	for (int i = 0; i < n; i++)
		ck_assert_msg(m.disp[i] == want[i], "element %d at %ld, want %ld", i, (long)m.disp[i],
			      (long)want[i]);
}

/* Reference packing through the typemap walk. */
struct ref {
	const char *mem;
	char *out;
	size_t pos;
};

static int ref_step(void *ctx, int basic, MPI_Aint disp)
{
	struct ref *r = ctx;
	int n = mpii_basic_size(basic);
	memcpy(r->out + r->pos, r->mem + disp, (size_t)n);
	r->pos += (size_t)n;
	return 0;
}

/* Does the typemap touch a byte twice?  (Unpacking such a type is
 * erroneous in MPI, so its unpack cannot be compared.) */
struct cover {
	char *hit;
	int twice;
};

static int cover_step(void *ctx, int basic, MPI_Aint disp)
{
	struct cover *c = ctx;
	for (int i = 0; i < mpii_basic_size(basic); i++)
		c->twice |= c->hit[disp + i]++;
	return 0;
}

/* Pack (count, t) from a patterned buffer in random ranges and compare
 * with the walk; unpack them into a zeroed buffer and compare with a
 * reference unpack. */
struct span {
	MPI_Aint lo, hi;
};

static int span_step(void *ctx, int basic, MPI_Aint disp)
{
	struct span *sp = ctx;
	if (disp < sp->lo)
		sp->lo = disp;
	if (disp + mpii_basic_size(basic) > sp->hi)
		sp->hi = disp + mpii_basic_size(basic);
	return 0;
}

/* The length of the next piece of a transfer of bytes by random pieces,
 * at offset off. */
static size_t random_piece(size_t off, size_t bytes)
{
	size_t len = 1 + (size_t)rand() % (bytes / 3 + 8);
	return len > bytes - off ? bytes - off : len;
}

static void check_ranges(MPI_Datatype t, int count)
{
	struct span sp = { 0, 0 };
	mpii_type_walk(t, count, 0, span_step, &sp);
	MPI_Aint span = sp.hi - sp.lo + 64;
	char *mem = malloc((size_t)span), *base = mem + 32 - sp.lo;
	size_t bytes = (size_t)(count * t->size);
	char *want = malloc(bytes + 1), *got = malloc(bytes + 1);
	for (MPI_Aint i = 0; i < span; i++)
		mem[i] = (char)(i * 7 + 3);
	struct ref r = { base, want, 0 };
	mpii_type_walk(t, count, 0, ref_step, &r);
	ck_assert_int_eq(r.pos, bytes);
	mpii_type_pack(t, count, base, 0, got, (MPI_Count)bytes);
	ck_assert(memcmp(want, got, bytes) == 0);
	memset(got, 0, bytes);
	for (size_t off = 0, len; off < bytes; off += len) {
		len = random_piece(off, bytes);
		mpii_type_pack(t, count, base, (MPI_Count)off, got + off, (MPI_Count)len);
	}
	ck_assert(memcmp(want, got, bytes) == 0);
	/* unpack by ranges into zeroed memory; every typemap byte must come back */
	char *mem2 = calloc((size_t)span, 1), *base2 = mem2 + 32 - sp.lo;
	struct cover cv = { base2, 0 };
	mpii_type_walk(t, count, 0, cover_step, &cv);
	memset(mem2, 0, (size_t)span);
	for (size_t off = 0, len; off < bytes; off += len) {
		len = random_piece(off, bytes);
		mpii_type_unpack(t, count, base2, (MPI_Count)off, want + off, (MPI_Count)len);
	}
	struct ref r2 = { base2, got, 0 };
	mpii_type_walk(t, count, 0, ref_step, &r2);
	ck_assert(cv.twice || memcmp(want, got, bytes) == 0);
	free(mem);
	free(mem2);
	free(want);
	free(got);
}

static MPI_Datatype committed(MPI_Datatype t)
{
	ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
	return t;
}

/* ---------------------------------------------------------- cases */

START_TEST(test_predefined)
{
	ck_assert_int_eq(MPI_INT->size, sizeof(int));
	ck_assert(MPI_INT->flags & MPII_DT_CONTIG);
	ck_assert_int_eq(MPI_DOUBLE_INT->size, 12);
	ck_assert_int_eq(MPI_DOUBLE_INT->extent, 16);
	ck_assert(!(MPI_DOUBLE_INT->flags & MPII_DT_CONTIG));
	ck_assert_int_eq(MPI_SHORT_INT->size, 6);
	ck_assert_int_eq(MPI_SHORT_INT->extent, 8);
	ck_assert_int_eq(MPI_LB->size, 0);
	ck_assert_int_eq(MPI_2REAL->nbasic, 2);
	ck_assert_int_eq(MPI_C_LONG_DOUBLE_COMPLEX->size, 2 * sizeof(long double));
	ck_assert_int_eq(mpii_type_predef_count, 73);
	for (int i = 0; i < mpii_type_predef_count; i++) {
		MPI_Datatype t = mpii_type_predef_table[i];
		ck_assert(t->predef_name != NULL);
		ck_assert_int_eq(mpii_type_predef_index(t), i);
		if (t->size > 0 && t->basic != MPII_B_DATATYPE)
			check_ranges(t, 3);
	}
	ck_assert_str_eq(MPI_INT->predef_name, "MPI_INT");
}
END_TEST

START_TEST(test_vector_nested)
{
	MPI_Datatype v, h;
	ck_assert_int_eq(MPI_Type_vector(3, 2, 4, MPI_INT, &v), MPI_SUCCESS);
	MPI_Aint w1[] = { 0, 4, 16, 20, 32, 36 };
	check_map(v, 1, w1, 6);
	ck_assert_int_eq(v->size, 24);
	ck_assert_int_eq(v->lb, 0);
	ck_assert_int_eq(v->extent, 40);
	ck_assert_int_eq(MPI_Type_create_hvector(2, 1, 100, v, &h), MPI_SUCCESS);
	MPI_Aint w2[] = { 0, 4, 16, 20, 32, 36, 100, 104, 116, 120, 132, 136 };
	check_map(h, 1, w2, 12);
	ck_assert_int_eq(h->extent, 140);
	check_ranges(committed(h), 5);
	check_ranges(committed(v), 7);
	MPI_Type_free(&v);
	MPI_Type_free(&h);
	ck_assert(v == MPI_DATATYPE_NULL);
}
END_TEST

START_TEST(test_indexed_struct)
{
	MPI_Datatype x, s, m;
	int bl[] = { 2, 0, 1 }, d[] = { 5, 0, 1 };
	ck_assert_int_eq(MPI_Type_indexed(3, bl, d, MPI_DOUBLE, &x), MPI_SUCCESS);
	MPI_Aint w1[] = { 40, 48, 8 };
	check_map(x, 1, w1, 3);
	ck_assert_int_eq(x->lb, 8);
	ck_assert_int_eq(x->extent, 48);
	check_ranges(committed(x), 4);

	int sbl[] = { 1, 2, 3 };
	MPI_Aint sd[] = { 0, 8, 32 };
	MPI_Datatype st[] = { MPI_INT, MPI_DOUBLE, MPI_CHAR };
	ck_assert_int_eq(MPI_Type_create_struct(3, sbl, sd, st, &s), MPI_SUCCESS);
	ck_assert_int_eq(s->size, 4 + 16 + 3);
	ck_assert_int_eq(s->extent, 40); /* 35 rounded to double alignment */
	MPI_Aint w2[] = { 0, 8, 16, 32, 33, 34, 40, 48, 56, 72, 73, 74 };
	check_map(s, 2, w2, 12);
	check_ranges(committed(s), 9);

	/* MPI-1 markers */
	int mbl[] = { 1, 1, 1 };
	MPI_Aint md[] = { -8, 0, 16 };
	MPI_Datatype mt[] = { MPI_LB, MPI_INT, MPI_UB };
	ck_assert_int_eq(MPI_Type_struct(3, mbl, md, mt, &m), MPI_SUCCESS);
	ck_assert_int_eq(m->lb, -8);
	ck_assert_int_eq(m->extent, 24);
	ck_assert_int_eq(m->true_lb, 0);
	ck_assert_int_eq(m->true_extent, 4);
	MPI_Aint w3[] = { 0, 24, 48 };
	check_map(m, 3, w3, 3);
	check_ranges(committed(m), 3);
	MPI_Type_free(&x);
	MPI_Type_free(&s);
	MPI_Type_free(&m);
}
END_TEST

START_TEST(test_resized_blocks)
{
	MPI_Datatype r, c, ib, hb, d;
	ck_assert_int_eq(MPI_Type_create_resized(MPI_INT, -4, 12, &r), MPI_SUCCESS);
	ck_assert_int_eq(MPI_Type_contiguous(3, r, &c), MPI_SUCCESS);
	MPI_Aint w1[] = { 0, 12, 24 };
	check_map(c, 1, w1, 3);
	ck_assert_int_eq(c->lb, -4);
	ck_assert_int_eq(c->extent, 36);
	check_ranges(committed(c), 3);
	int disp[] = { 3, 0 };
	ck_assert_int_eq(MPI_Type_create_indexed_block(2, 2, disp, MPI_SHORT, &ib), MPI_SUCCESS);
	MPI_Aint w2[] = { 6, 8, 0, 2 };
	check_map(ib, 1, w2, 4);
	check_ranges(committed(ib), 5);
	MPI_Aint hd[] = { 100, 10 };
	ck_assert_int_eq(MPI_Type_create_hindexed_block(2, 1, hd, ib, &hb), MPI_SUCCESS);
	ck_assert_int_eq(hb->size, 16);
	check_ranges(committed(hb), 2);
	ck_assert_int_eq(MPI_Type_dup(hb, &d), MPI_SUCCESS);
	ck_assert(d->flags & MPII_DT_COMMITTED);
	ck_assert_int_eq(d->extent, hb->extent);
	check_ranges(d, 3);
	MPI_Type_free(&r);
	MPI_Type_free(&c);
	MPI_Type_free(&ib);
	MPI_Type_free(&hb);
	MPI_Type_free(&d);
}
END_TEST

START_TEST(test_subarray_darray)
{
	MPI_Datatype s, f, d;
	int sz[] = { 4, 5 }, sub[] = { 2, 3 }, st[] = { 1, 2 };
	ck_assert_int_eq(MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, MPI_INT, &s), MPI_SUCCESS);
	MPI_Aint w1[] = { 28, 32, 36, 48, 52, 56 };
	check_map(s, 1, w1, 6);
	ck_assert_int_eq(s->lb, 0);
	ck_assert_int_eq(s->extent, 80);
	check_ranges(committed(s), 3);
	ck_assert_int_eq(MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_FORTRAN, MPI_INT, &f), MPI_SUCCESS);
	MPI_Aint w2[] = { 36, 40, 52, 56, 68, 72 };
	check_map(f, 1, w2, 6);
	check_ranges(committed(f), 2);

	int g1[] = { 10 }, blk[] = { MPI_DISTRIBUTE_BLOCK }, cyc[] = { MPI_DISTRIBUTE_CYCLIC };
	int dflt[] = { MPI_DISTRIBUTE_DFLT_DARG }, two[] = { 2 }, p3[] = { 3 };
	ck_assert_int_eq(MPI_Type_create_darray(3, 1, 1, g1, blk, dflt, p3, MPI_ORDER_C, MPI_INT, &d),
			 MPI_SUCCESS);
	MPI_Aint w3[] = { 16, 20, 24, 28 };
	check_map(d, 1, w3, 4);
	ck_assert_int_eq(d->extent, 40);
	MPI_Type_free(&d);
	ck_assert_int_eq(MPI_Type_create_darray(3, 1, 1, g1, cyc, two, p3, MPI_ORDER_C, MPI_INT, &d),
			 MPI_SUCCESS);
	MPI_Aint w4[] = { 8, 12, 32, 36 };
	check_map(d, 1, w4, 4);
	check_ranges(committed(d), 2);
	MPI_Type_free(&d);
	ck_assert_int_eq(MPI_Type_create_darray(3, 2, 1, g1, cyc, two, p3, MPI_ORDER_C, MPI_INT, &d),
			 MPI_SUCCESS);
	MPI_Aint w5[] = { 16, 20 };
	check_map(d, 1, w5, 2);
	MPI_Type_free(&d);
	int g2[] = { 4, 6 }, ds[] = { MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC };
	int da[] = { MPI_DISTRIBUTE_DFLT_DARG, 1 }, ps[] = { 2, 2 };
	ck_assert_int_eq(MPI_Type_create_darray(4, 3, 2, g2, ds, da, ps, MPI_ORDER_C, MPI_CHAR, &d), MPI_SUCCESS);
	MPI_Aint w6[] = { 13, 15, 17, 19, 21, 23 };
	check_map(d, 1, w6, 6);
	ck_assert_int_eq(d->extent, 24);
	check_ranges(committed(d), 3);
	/* the same in Fortran order: element (r, c) at r + 4c */
	MPI_Type_free(&d);
	ck_assert_int_eq(MPI_Type_create_darray(4, 3, 2, g2, ds, da, ps, MPI_ORDER_FORTRAN, MPI_CHAR, &d),
			 MPI_SUCCESS);
	MPI_Aint w7[] = { 6, 7, 14, 15, 22, 23 };
	check_map(d, 1, w7, 6);
	MPI_Type_free(&d);
	MPI_Type_free(&s);
	MPI_Type_free(&f);
}
END_TEST

START_TEST(test_compiled_compact)
{
	MPI_Datatype v, c, x, s;
	ck_assert_int_eq(MPI_Type_vector(1000, 1, 2, MPI_DOUBLE, &v), MPI_SUCCESS);
	v = committed(v);
	ck_assert_int_eq(v->desc->root->kind, MPII_N_VEC);
	ck_assert_int_eq(v->desc->root->child->kind, MPII_N_RUN);
	ck_assert(!(v->flags & MPII_DT_CONTIG));
	ck_assert_int_eq(MPI_Type_vector(4, 2, 2, MPI_INT, &c), MPI_SUCCESS);
	c = committed(c);
	ck_assert(c->flags & MPII_DT_CONTIG);
	int bl[64], d[64];
	for (int i = 0; i < 64; i++) {
		bl[i] = 3;
		d[i] = 5 * i;
	}
	ck_assert_int_eq(MPI_Type_indexed(64, bl, d, MPI_FLOAT, &x), MPI_SUCCESS);
	x = committed(x);
	ck_assert_int_eq(x->desc->root->kind, MPII_N_VEC); /* folded */
	ck_assert_int_eq(x->desc->root->count, 64);
	int sb[] = { 1, 1 };
	MPI_Aint sd[] = { 0, 4 };
	MPI_Datatype stt[] = { MPI_INT, MPI_FLOAT };
	ck_assert_int_eq(MPI_Type_create_struct(2, sb, sd, stt, &s), MPI_SUCCESS);
	s = committed(s);
	ck_assert(s->flags & MPII_DT_CONTIG);
	check_ranges(x, 3);
	MPI_Type_free(&v);
	MPI_Type_free(&c);
	MPI_Type_free(&x);
	MPI_Type_free(&s);
}
END_TEST

/* Random nested types: compiled ranges against the walk. */
static MPI_Datatype random_type(int depth)
{
	static MPI_Datatype basics[6];
	basics[0] = MPI_CHAR; basics[1] = MPI_INT; basics[2] = MPI_DOUBLE;
	basics[3] = MPI_SHORT; basics[4] = MPI_DOUBLE_INT; basics[5] = MPI_FLOAT;
	MPI_Datatype old = depth == 0 ? basics[rand() % 6] : random_type(depth - 1), t = NULL;
	int bl[4], d[4];
	MPI_Aint ad[4];
	MPI_Datatype ty[4] = { old, MPI_INT, old, MPI_CHAR };
	for (int i = 0; i < 4; i++) {
		bl[i] = rand() % 3;
		d[i] = rand() % 9 - 2;
		ad[i] = (MPI_Aint)(rand() % 200) - 20;
	}
	switch (rand() % 8) {
	case 0: MPI_Type_contiguous(1 + rand() % 4, old, &t); break;
	case 1: MPI_Type_vector(1 + rand() % 4, 1 + rand() % 3, rand() % 7 - 2, old, &t); break;
	case 2: MPI_Type_create_hvector(1 + rand() % 4, 1 + rand() % 3, rand() % 100 - 10, old, &t); break;
	case 3: MPI_Type_indexed(4, bl, d, old, &t); break;
	case 4: MPI_Type_create_hindexed(4, bl, ad, old, &t); break;
	case 5: MPI_Type_create_struct(4, bl, ad, ty, &t); break;
	case 6: MPI_Type_create_resized(old, rand() % 16 - 8, rand() % 64 + 1, &t); break;
	default: MPI_Type_create_indexed_block(3, 1 + rand() % 2, d, old, &t); break;
	}
	ck_assert(t != NULL);
	mpii_type_release(&old);
	return t;
}

START_TEST(test_random_ranges)
{
	srand(12345);
	for (int i = 0; i < 300; i++) {
		MPI_Datatype t = committed(random_type(rand() % 4));
		if (t->size > 0 && t->size < 20000)
			check_ranges(t, 1 + rand() % 4);
		MPI_Type_free(&t);
	}
}
END_TEST

START_TEST(test_counts)
{
	MPI_Datatype s;
	int bl[] = { 1, 1 }, n;
	MPI_Aint d[] = { 0, 8 };
	MPI_Datatype ty[] = { MPI_INT, MPI_DOUBLE };
	MPI_Status st = { 0 };
	MPI_Count nx;
	ck_assert_int_eq(MPI_Type_create_struct(2, bl, d, ty, &s), MPI_SUCCESS);
	st.mpii_count = 12 + 4;
	MPI_Get_count(&st, s, &n);
	ck_assert_int_eq(n, MPI_UNDEFINED);
	MPI_Get_elements(&st, s, &n);
	ck_assert_int_eq(n, 3);
	st.mpii_count = 14;
	MPI_Get_elements(&st, s, &n);
	ck_assert_int_eq(n, MPI_UNDEFINED);
	st.mpii_count = 24;
	MPI_Get_count(&st, s, &n);
	ck_assert_int_eq(n, 2);
	MPI_Get_elements_x(&st, s, &nx);
	ck_assert_int_eq(nx, 4);
	ck_assert_int_eq(MPI_Status_set_elements(&st, s, 3), MPI_SUCCESS);
	ck_assert_int_eq(st.mpii_count, 16);
	MPI_Get_count(&st, MPI_INT, &n);
	ck_assert_int_eq(n, 4);
	MPI_Type_free(&s);
	MPI_Datatype m;
	ck_assert_int_eq(MPI_Type_match_size(MPI_TYPECLASS_REAL, 8, &m), MPI_SUCCESS);
	ck_assert(m == MPI_REAL8);
	ck_assert_int_eq(MPI_Type_match_size(MPI_TYPECLASS_INTEGER, 3, &m), MPI_ERR_ARG);
	MPI_Aint a1, a2;
	int arr[4];
	MPI_Get_address(&arr[0], &a1);
	MPI_Get_address(&arr[3], &a2);
	ck_assert_int_eq(MPI_Aint_diff(a2, a1), 12);
	ck_assert_int_eq(MPI_Aint_add(a1, 12), a2);
}
END_TEST

/* The one element kind of each constructor (predefined reductions on
 * derived types), and the walk that keeps pairs whole. */
START_TEST(test_elem_kind)
{
	MPI_Datatype c, v, mixed, one, mk, empty, d, sub, rs;
	ck_assert_int_eq(mpii_type_elem_basic(MPI_2INT), MPII_B_2INT);
	ck_assert_int_eq(MPI_Type_contiguous(3, MPI_DOUBLE_INT, &c), MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(c), MPII_B_DOUBLE_INT);
	static struct map m;
	m.n = 0;
	mpii_type_walk_whole(c, 2, collect, &m);
	ck_assert_int_eq(m.n, 6);
	for (int i = 0; i < 6; i++) {
		ck_assert_int_eq(m.kind[i], MPII_B_DOUBLE_INT);
		ck_assert_int_eq(m.disp[i], 16 * i);
	}
	ck_assert_int_eq(MPI_Type_vector(2, 1, 3, MPI_DOUBLE, &v), MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(v), MPII_B_DOUBLE);
	int bl[] = { 1, 1 }, bl0[] = { 1, 0 };
	MPI_Aint sd[] = { 0, 8 };
	MPI_Datatype st[] = { MPI_INT, MPI_DOUBLE };
	ck_assert_int_eq(MPI_Type_create_struct(2, bl, sd, st, &mixed), MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(mixed), -1);
	/* an empty block does not count */
	ck_assert_int_eq(MPI_Type_create_struct(2, bl0, sd, st, &one), MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(one), MPII_B_INT);
	/* neither do MPI-1 markers */
	int mbl[] = { 1, 1, 1 };
	MPI_Aint md[] = { -8, 0, 16 };
	MPI_Datatype mt[] = { MPI_LB, MPI_INT, MPI_UB };
	ck_assert_int_eq(MPI_Type_struct(3, mbl, md, mt, &mk), MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(mk), MPII_B_INT);
	ck_assert_int_eq(MPI_Type_contiguous(0, MPI_INT, &empty), MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(empty), MPII_B_NONE);
	ck_assert_int_eq(MPI_Type_dup(v, &d), MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(d), MPII_B_DOUBLE);
	int sz[] = { 4 }, ssz[] = { 2 }, sst[] = { 1 };
	ck_assert_int_eq(MPI_Type_create_subarray(1, sz, ssz, sst, MPI_ORDER_C, MPI_FLOAT, &sub),
			 MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(sub), MPII_B_FLOAT);
	ck_assert_int_eq(MPI_Type_create_resized(mixed, 0, 32, &rs), MPI_SUCCESS);
	ck_assert_int_eq(mpii_type_elem_basic(rs), -1);
	MPI_Type_free(&c);
	MPI_Type_free(&v);
	MPI_Type_free(&mixed);
	MPI_Type_free(&one);
	MPI_Type_free(&mk);
	MPI_Type_free(&empty);
	MPI_Type_free(&d);
	MPI_Type_free(&sub);
	MPI_Type_free(&rs);
}
END_TEST

START_TEST(test_decode)
{
	MPI_Datatype v, x, r, s, out[4];
	int ni, na, nd, comb, ints[16], count;
	MPI_Aint ad[8];
	ck_assert_int_eq(MPI_Type_vector(3, 2, 5, MPI_INT, &v), MPI_SUCCESS);
	MPI_Type_get_envelope(v, &ni, &na, &nd, &comb);
	ck_assert_int_eq(comb, MPI_COMBINER_VECTOR);
	ck_assert_int_eq(ni, 3);
	ck_assert_int_eq(MPI_Type_get_contents(v, 16, 8, 4, ints, ad, out), MPI_SUCCESS);
	ck_assert(ints[0] == 3 && ints[1] == 2 && ints[2] == 5 && out[0] == MPI_INT);
	MPI_Type_get_envelope(MPI_INT, &ni, &na, &nd, &comb);
	ck_assert_int_eq(comb, MPI_COMBINER_NAMED);
	ck_assert_int_eq(MPI_Type_get_contents(MPI_INT, 1, 1, 1, ints, ad, out), MPI_ERR_TYPE);

	int bl[] = { 1, 2, 3 }, d[] = { 0, 10, 20 };
	ck_assert_int_eq(MPI_Type_indexed(3, bl, d, v, &x), MPI_SUCCESS);
	ck_assert_int_eq(MPI_Type_get_contents(x, 7, 0, 1, ints, ad, out), MPI_SUCCESS);
	ck_assert(out[0] == v);
	ck_assert_int_eq(v->refcount, 3); /* user, x, and the decoded handle */
	MPI_Type_free(&out[0]);

	/* the seed's interface, with paging */
	MPI_Type_envelope(x, &count, &comb);
	ck_assert_int_eq(comb, MPI_INDEXED);
	ck_assert_int_eq(count, 3);
	int sbl[4] = { -1, -1, -1, -1 }, sd[4] = { -1, -1, -1, -1 };
	ck_assert_int_eq(MPI_Type_contents(x, 1, 2, sbl, sd, ad, out), MPI_SUCCESS);
	ck_assert(sbl[0] == 2 && sd[0] == 10 && sbl[1] == 3 && sd[1] == 20 && out[0] == v);
	ck_assert_int_eq(MPI_Type_contents(x, 2, 2, sbl, sd, ad, out), MPI_SUCCESS);
	ck_assert(sbl[0] == 3 && sd[0] == 20 && sbl[1] == 3);
	MPI_Type_envelope(MPI_INT, &count, &comb);
	ck_assert(comb == MPI_BASIC && count == 1);
	MPI_Type_contents(MPI_INT, 0, 1, NULL, NULL, NULL, out);
	ck_assert(out[0] == MPI_INT);
	MPI_Type_envelope(v, &count, &comb);
	ck_assert(comb == MPI_VECTOR && count == 3);
	MPI_Type_contents(v, 0, 1, sbl, sd, ad, out);
	ck_assert(sbl[0] == 2 && sd[0] == 5 && out[0] == MPI_INT);
	ck_assert_int_eq(MPI_Type_create_resized(v, -8, 100, &r), MPI_SUCCESS);
	MPI_Type_envelope(r, &count, &comb);
	ck_assert(comb == MPI_STRUCT && count == 3);
	MPI_Type_contents(r, 0, 3, sbl, sd, ad, out);
	ck_assert(out[0] == MPI_LB && ad[0] == -8 && out[1] == v && ad[1] == 0 && out[2] == MPI_UB && ad[2] == 92);
	/* rebuild it with MPI_Type_struct: same bounds */
	int b3[] = { 1, 1, 1 };
	ck_assert_int_eq(MPI_Type_struct(3, b3, ad, out, &s), MPI_SUCCESS);
	ck_assert_int_eq(s->lb, r->lb);
	ck_assert_int_eq(s->extent, r->extent);
	MPI_Datatype dup;
	MPI_Type_dup(x, &dup);
	MPI_Type_envelope(dup, &count, &comb);
	ck_assert(comb == MPI_CONTIG && count == 1);
	MPI_Type_free(&dup);
	MPI_Type_free(&v);
	MPI_Type_free(&x);
	MPI_Type_free(&r);
	MPI_Type_free(&s);
}
END_TEST

START_TEST(test_pack_api)
{
	MPI_Datatype v;
	double src[20], dst[20] = { 0 };
	char buf[512];
	int pos = 0, size;
	for (int i = 0; i < 20; i++)
		src[i] = i;
	MPI_Type_vector(5, 1, 4, MPI_DOUBLE, &v);
	ck_assert_int_eq(MPI_Pack(src, 1, v, buf, sizeof(buf), &pos, MPI_COMM_WORLD), MPI_ERR_TYPE);
	MPI_Type_commit(&v);
	ck_assert_int_eq(MPI_Pack(src, 1, v, buf, sizeof(buf), &pos, MPI_COMM_WORLD), MPI_SUCCESS);
	ck_assert_int_eq(pos, 40);
	ck_assert(((double *)buf)[3] == 12.0);
	ck_assert_int_eq(MPI_Pack(src, 20, v, buf, 100, &pos, MPI_COMM_WORLD), MPI_ERR_TRUNCATE);
	pos = 0;
	ck_assert_int_eq(MPI_Unpack(buf, 40, &pos, dst, 1, v, MPI_COMM_WORLD), MPI_SUCCESS);
	ck_assert(dst[8] == 8.0 && dst[9] == 0.0 && dst[16] == 16.0);
	MPI_Pack_size(3, v, MPI_COMM_WORLD, &size);
	ck_assert_int_eq(size, 120);
	ck_assert_int_eq(MPI_Pack(src, -1, v, buf, sizeof(buf), &pos, MPI_COMM_WORLD), MPI_ERR_COUNT);
	ck_assert_int_eq(MPI_Pack(src, 1, v, buf, sizeof(buf), &pos, NULL), MPI_ERR_COMM);
	MPI_Type_free(&v);
}
END_TEST

START_TEST(test_external32)
{
	int i = 0x01020304;
	long l = -2;
	double d = 1.0;
	long double ld = 1.5L, ld2 = 0;
	unsigned char b[64];
	MPI_Aint pos = 0, sz;
	ck_assert_int_eq(MPI_Pack_external("external32", &i, 1, MPI_INT, b, 64, &pos), MPI_SUCCESS);
	ck_assert(b[0] == 1 && b[1] == 2 && b[2] == 3 && b[3] == 4 && pos == 4);
	MPI_Pack_external("external32", &l, 1, MPI_LONG, b, 64, &pos);
	ck_assert(pos == 8 && b[4] == 0xff && b[7] == 0xfe);
	MPI_Pack_external("external32", &d, 1, MPI_DOUBLE, b, 64, &pos);
	ck_assert(b[8] == 0x3f && b[9] == 0xf0 && b[15] == 0);
	MPI_Pack_external("external32", &ld, 1, MPI_LONG_DOUBLE, b, 64, &pos);
	ck_assert_int_eq(pos, 32);
	ck_assert(b[16] == 0x3f && b[17] == 0xff && b[18] == 0x80 && b[19] == 0);
	long l2;
	MPI_Aint p2 = 4;
	MPI_Unpack_external("external32", b, 64, &p2, &l2, 1, MPI_LONG);
	ck_assert_int_eq(l2, -2);
	p2 = 16;
	MPI_Unpack_external("external32", b, 64, &p2, &ld2, 1, MPI_LONG_DOUBLE);
	ck_assert(ld2 == 1.5L);
	MPI_Pack_external_size("external32", 3, MPI_LONG_INT, &sz);
	ck_assert_int_eq(sz, 24);
	ck_assert_int_eq(MPI_Pack_external("native", &i, 1, MPI_INT, b, 64, &pos), MPI_ERR_ARG);
	/* MPI_COMM_UNIVERSAL gives the same bytes */
	int pos3 = 0;
	MPI_Pack(&i, 1, MPI_INT, b, 64, &pos3, MPI_COMM_UNIVERSAL);
	ck_assert(b[0] == 1 && b[3] == 4);
	int size;
	MPI_Pack_size(2, MPI_LONG, MPI_COMM_UNIVERSAL, &size);
	ck_assert_int_eq(size, 8);
	/* a struct type round trip through external32 */
	struct { short s; double x; long l; } in[3] = { { 1, 2.5, -7 }, { -3, 1e300, 1L << 20 }, { 5, -0.0, 0 } },
		out[3];
	int bl[] = { 1, 1, 1 };
	MPI_Aint ds[] = { 0, 8, 16 };
	MPI_Datatype ty[] = { MPI_SHORT, MPI_DOUBLE, MPI_LONG }, st;
	MPI_Type_create_struct(3, bl, ds, ty, &st);
	MPI_Type_commit(&st);
	unsigned char big[128];
	pos3 = 0;
	ck_assert_int_eq(MPI_Pack(in, 3, st, big, 128, &pos3, MPI_COMM_UNIVERSAL), MPI_SUCCESS);
	ck_assert_int_eq(pos3, 3 * 14);
	int pos4 = 0;
	memset(out, 0, sizeof(out));
	ck_assert_int_eq(MPI_Unpack(big, pos3, &pos4, out, 3, st, MPI_COMM_UNIVERSAL), MPI_SUCCESS);
	for (int k = 0; k < 3; k++)
		ck_assert(out[k].s == in[k].s && out[k].x == in[k].x && out[k].l == in[k].l);
	MPI_Type_free(&st);
}
END_TEST

START_TEST(test_pack_datatype)
{
	MPI_Datatype v, s, types[3], back[3];
	int bl[] = { 2, 1 }, size;
	MPI_Aint d[] = { 0, 16 };
	MPI_Type_vector(3, 2, 5, MPI_INT, &v);
	MPI_Datatype st[] = { v, MPI_DOUBLE };
	MPI_Type_create_struct(2, bl, d, st, &s);
	types[0] = s;
	types[1] = MPI_DOUBLE_INT;
	types[2] = v;
	for (int univ = 0; univ < 2; univ++) {
		MPI_Comm c = univ ? MPI_COMM_UNIVERSAL : MPI_COMM_WORLD;
		char buf[4096];
		int pos = 0, pos2 = 0;
		ck_assert_int_eq(MPI_Pack(types, 3, MPI_DATATYPE, buf, sizeof(buf), &pos, c), MPI_SUCCESS);
		ck_assert_int_eq(MPI_Unpack(buf, pos, &pos2, back, 3, MPI_DATATYPE, c), MPI_SUCCESS);
		ck_assert_int_eq(pos, pos2);
		for (int i = 0; i < 3; i++) {
			ck_assert(back[i]->flags & MPII_DT_COMMITTED);
			ck_assert(!mpii_type_is_predef(back[i]));
			ck_assert_int_eq(back[i]->size, types[i]->size);
			ck_assert_int_eq(back[i]->extent, types[i]->extent);
			ck_assert_int_eq(back[i]->true_extent, types[i]->true_extent);
			MPI_Type_free(&back[i]);
		}
		pos = 0;
		ck_assert_int_eq(MPI_Pack(types, 3, MPI_DATATYPE, buf, 20, &pos, c), MPI_ERR_TRUNCATE);
		/* corrupt input is an error, never a crash */
		char bad[64];
		memset(bad, 0x5a, sizeof(bad));
		pos2 = 0;
		ck_assert_int_ne(MPI_Unpack(bad, 64, &pos2, back, 1, MPI_DATATYPE, c), MPI_SUCCESS);
		MPI_Pack_size(2, MPI_DATATYPE, c, &size);
		ck_assert_int_ge(size, 2 * 64 * 4096 * 40);
	}
	MPI_Type_free(&v);
	MPI_Type_free(&s);
}
END_TEST

START_TEST(test_errors)
{
	MPI_Datatype t, f;
	ck_assert_int_eq(MPI_Type_contiguous(-1, MPI_INT, &t), MPI_ERR_COUNT);
	ck_assert_int_eq(MPI_Type_contiguous(1, MPI_INT, NULL), MPI_ERR_ARG);
	ck_assert_int_eq(MPI_Type_contiguous(1, NULL, &t), MPI_ERR_TYPE);
	ck_assert_int_eq(MPI_Type_contiguous(1, MPI_DATATYPE, &t), MPI_ERR_TYPE);
	ck_assert_int_eq(MPI_Type_vector(1, -1, 1, MPI_INT, &t), MPI_ERR_ARG);
	int bl[] = { 1, -1 }, d[] = { 0, 1 };
	ck_assert_int_eq(MPI_Type_indexed(2, bl, d, MPI_INT, &t), MPI_ERR_ARG);
	ck_assert_int_eq(MPI_Type_vector(1 << 30, 1 << 30, 1 << 30, MPI_DOUBLE, &t), MPI_ERR_ARG);
	t = MPI_INT;
	ck_assert_int_eq(MPI_Type_free(&t), MPI_ERR_TYPE);
	MPI_Type_contiguous(2, MPI_INT, &t);
	f = t;
	MPI_Type_free(&t);
	int sz;
	ck_assert_int_eq(MPI_Type_size(f, &sz), MPI_ERR_TYPE); /* freed handle */
	ck_assert_int_eq(mpii_type_check_comm(f), MPI_ERR_TYPE);
	MPI_Type_contiguous(2, MPI_INT, &t);
	ck_assert_int_eq(mpii_type_check_comm(t), MPI_ERR_TYPE); /* uncommitted */
	/* a pending operation keeps a freed type alive */
	MPI_Type_commit(&t);
	MPI_Datatype keep = t;
	mpii_type_ref(keep);
	MPI_Type_free(&t);
	ck_assert_int_eq(keep->magic, MPII_MAGIC_DATATYPE);
	ck_assert_int_eq(keep->size, 8);
	mpii_type_unref(keep);
	ck_assert_int_eq(keep->magic, MPII_MAGIC_FREED);
	int sizes[] = { 4 }, subs[] = { 5 }, starts[] = { 0 };
	ck_assert_int_eq(MPI_Type_create_subarray(1, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_ARG);
	ck_assert_int_eq(MPI_Type_commit(NULL), MPI_ERR_TYPE);
}
END_TEST

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Pack 1 MiB of vector types in 64 KiB cells (as the transport does) and
 * compare with memcpy of the same bytes. */
static double bench(MPI_Datatype t, int count, char *src, char *dst, size_t bytes)
{
	double best = 1e9;
	for (int rep = 0; rep < 20; rep++) {
		double t0 = now();
		for (size_t off = 0; off < bytes; off += 65536)
			mpii_type_pack(t, count, src, (MPI_Count)off, dst + off,
				       (MPI_Count)(bytes - off < 65536 ? bytes - off : 65536));
		double dt = now() - t0;
		if (dt < best)
			best = dt;
	}
	return best;
}

START_TEST(test_pack_speed)
{
	size_t bytes = 1 << 20;
	char *src = malloc(4 * bytes), *dst = malloc(bytes);
	memset(src, 1, 4 * bytes);
	memset(dst, 0, bytes);
	double best = 1e9;
	for (int rep = 0; rep < 20; rep++) {
		double t0 = now();
		for (size_t off = 0; off < bytes; off += 65536)
			memcpy(dst + off, src + off, 65536);
		double dt = now() - t0;
		if (dt < best)
			best = dt;
	}
	printf("pack speed (1 MiB in 64 KiB cells): memcpy %.0f MB/s\n", bytes / best / 1e6);
	int bls[] = { 1, 2, 8, 64 };
	for (int i = 0; i < 4; i++) {
		MPI_Datatype v;
		int b = bls[i], n = (int)(bytes / 8 / (size_t)b);
		MPI_Type_vector(n, b, 2 * b, MPI_DOUBLE, &v);
		MPI_Type_commit(&v);
		double t = bench(v, 1, src, dst, bytes);
		printf("  vector blocklen %2d doubles, stride 2x: %.0f MB/s (%.2fx memcpy time)\n", b,
		       bytes / t / 1e6, t / best);
		ck_assert(t < 20 * best + 0.001);
		MPI_Type_free(&v);
	}
	free(src);
	free(dst);
}
END_TEST

/* Gather through mpii_type_iov (small batches) equals packing. */
START_TEST(test_iov)
{
	srand(777);
	for (int k = 0; k < 200; k++) {
		MPI_Datatype t = committed(random_type(rand() % 3));
		MPI_Count bytes = 3 * t->size;
		if (bytes == 0 || bytes > 20000) {
			MPI_Type_free(&t);
			continue;
		}
		struct span sp = { 0, 0 };
		mpii_type_walk(t, 3, 0, span_step, &sp);
		char *mem = malloc((size_t)(sp.hi - sp.lo + 64)), *base = mem + 32 - sp.lo;
		for (MPI_Aint i = 0; i < sp.hi - sp.lo + 64; i++)
			mem[i] = (char)(i * 5 + 1);
		char *want = malloc((size_t)bytes), *got = malloc((size_t)bytes);
		mpii_type_pack(t, 3, base, 0, want, bytes);
		MPI_Count off = 0;
		while (off < bytes) {
			struct iovec iov[3];
			MPI_Count cov;
			int n = mpii_type_iov(t, 3, base, off, bytes - off, iov, 3, &cov);
			ck_assert(n > 0 && cov > 0);
			for (int i = 0; i < n; i++) {
				memcpy(got + off, iov[i].iov_base, iov[i].iov_len);
				off += (MPI_Count)iov[i].iov_len;
			}
		}
		ck_assert(memcmp(want, got, (size_t)bytes) == 0);
		free(mem);
		free(want);
		free(got);
		MPI_Type_free(&t);
	}
}
END_TEST

/* Single-copy CMA (process_vm_readv on ourselves) of a 1 MiB vector
 * through mpii_type_iov against the same bytes contiguous. */
START_TEST(test_iov_speed)
{
	size_t bytes = 1 << 20;
	char *src = malloc(2 * bytes), *dst = malloc(bytes);
	memset(src, 3, 2 * bytes);
	memset(dst, 0, bytes);
	struct iovec l = { dst, bytes }, r = { src, bytes };
	if (process_vm_readv(getpid(), &l, 1, &r, 1, 0) != (ssize_t)bytes) {
		printf("process_vm_readv not permitted: iov speed not measured\n");
		free(src);
		free(dst);
		return;
	}
	double best = 1e9;
	for (int rep = 0; rep < 20; rep++) {
		double t0 = now();
		process_vm_readv(getpid(), &l, 1, &r, 1, 0);
		if (now() - t0 < best)
			best = now() - t0;
	}
	int bls[] = { 8, 64, 512 };
	for (int b = 0; b < 3; b++) {
		MPI_Datatype v;
		MPI_Type_vector((int)(bytes / 8 / (size_t)bls[b]), bls[b], 2 * bls[b], MPI_DOUBLE, &v);
		MPI_Type_commit(&v);
		static struct iovec iov[1024];
		double tb = 1e9;
		for (int rep = 0; rep < 20; rep++) {
			double t0 = now();
			MPI_Count off = 0, cov;
			while (off < (MPI_Count)bytes) {
				int n = mpii_type_iov(v, 1, src, off, (MPI_Count)bytes - off, iov, 1024, &cov);
				struct iovec lo = { dst + off, (size_t)cov };
				process_vm_readv(getpid(), &lo, 1, iov, (unsigned long)n, 0);
				off += cov;
			}
			if (now() - t0 < tb)
				tb = now() - t0;
		}
		printf("  CMA 1 MiB: contiguous %.0f us, vector blocklen %d doubles via iovecs %.0f us (%.2fx)\n",
		       best * 1e6, bls[b], tb * 1e6, tb / best);
		MPI_Type_free(&v);
	}
	free(src);
	free(dst);
}
END_TEST

static Suite *type_suite(void)
{
	Suite *s = suite_create("type");
	const TTest *engine_tests[] = {
		test_predefined, test_vector_nested, test_indexed_struct, test_resized_blocks,
		test_subarray_darray, test_compiled_compact, test_random_ranges, test_counts,
		test_elem_kind, test_decode, test_pack_api, test_external32, test_pack_datatype,
		test_errors, test_pack_speed, test_iov, test_iov_speed, NULL
	};
	unit_tcase(s, "engine", 60, engine_tests);
	return s;
}

int main(void)
{
	return unit_run(type_suite());
}
