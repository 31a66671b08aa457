/*
 * tests/unit/check_typestr.c - the character representation (seed 002
 * 6.4.2): the parser on the seed's examples and on malformed strings
 * (class MPI_ERR_TYPE_STRING, position of the offending character), and
 * round trips of every constructor and predefined type through
 * MPI_Type_to_string / MPI_Type_from_string (same size, extent, true
 * extent and packed bytes).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "lib/datatype/type_impl.h"
#include "tests/unit/unit.h"

extern int type_stub_last_class;
extern char type_stub_last_msg[];

static MPI_Datatype parse_ok(const char *s)
{
	MPI_Datatype t = NULL;
	int rc = MPI_Type_from_string(s, &t);
	ck_assert_msg(rc == MPI_SUCCESS, "%s: %s", s, type_stub_last_msg);
	ck_assert(t->flags & MPII_DT_COMMITTED);
	return t;
}

/* a and b describe the same data: bounds and packed bytes. */
static void same(MPI_Datatype a, MPI_Datatype b, int count)
{
	ck_assert_int_eq(a->size, b->size);
	ck_assert_int_eq(a->lb, b->lb);
	ck_assert_int_eq(a->extent, b->extent);
	ck_assert_int_eq(a->true_lb, b->true_lb);
	ck_assert_int_eq(a->true_extent, b->true_extent);
	/* element counts may differ: MPI_C_LONG_DOUBLE_COMPLEX is "2ld" */
	ck_assert_int_eq(mpii_type_ext32_size(a), mpii_type_ext32_size(b));
	MPI_Aint ext = a->extent < 0 ? -a->extent : a->extent;
	MPI_Aint lo = a->true_lb < a->lb ? a->true_lb : a->lb;
	if (lo > 0)
		lo = 0;
	size_t span = (size_t)(count * ext + a->true_extent + (a->true_lb > 0 ? a->true_lb : 0) - lo + 64);
	char *mem = malloc(span), *base = mem + 32 - lo;
	for (size_t i = 0; i < span; i++)
		mem[i] = (char)(i * 13 + 1);
	size_t bytes = (size_t)(count * a->size);
	char *pa = malloc(bytes + 1), *pb = malloc(bytes + 1);
	mpii_type_pack(a, count, base, 0, pa, (MPI_Count)bytes);
	mpii_type_pack(b, count, base, 0, pb, (MPI_Count)bytes);
	ck_assert(memcmp(pa, pb, bytes) == 0);
	free(mem);
	free(pa);
	free(pb);
}

/* to_string, parse, compare; and the string of the parsed type parses to
 * the same string again (a fixed point). */
static void round_trip(MPI_Datatype t)
{
	char buf[8192], buf2[8192];
	int len, len2;
	ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
	ck_assert_int_eq(MPI_Type_to_string(t, buf, sizeof(buf), &len), MPI_SUCCESS);
	ck_assert_int_eq(len, (int)strlen(buf));
	MPI_Datatype p = parse_ok(buf);
	same(t, p, 3);
	ck_assert_int_eq(MPI_Type_to_string(p, buf2, sizeof(buf2), &len2), MPI_SUCCESS);
	MPI_Datatype q = parse_ok(buf2);
	same(t, q, 2);
	MPI_Type_free(&p);
	MPI_Type_free(&q);
}

/* s parses into a type of size bytes, bounds lb and extent, which survives
 * a round trip through its string. */
static void parses_to(const char *s, MPI_Count size, MPI_Aint lb, MPI_Aint extent)
{
	MPI_Datatype t = parse_ok(s);
	ck_assert_int_eq(t->size, size);
	ck_assert_int_eq(t->lb, lb);
	ck_assert_int_eq(t->extent, extent);
	round_trip(t);
	MPI_Type_free(&t);
}

START_TEST(test_seed_examples)
{
	parses_to("U329(HV:U3291(HV:U3292(V:R:9:1:2):9:1:400):9:1:40000)", 9 * 9 * 9 * 4, 0,
		  8 * 40000 + 8 * 400 + 17 * 4);
	parses_to("U331(HV:U3311(V:R:100:1:100):100:1:4)", 40000, 0, 40000);
	parses_to("U333(S:4:i/1/0,d/6/8,c/7/56,UB/1/64)", 4 + 48 + 7, 0, 64);
	parses_to("U334(S:3:i/1/96,d/6/104,c/7/152)", 59, 96, 64);
	/* grammar corners */
	MPI_Datatype t = parse_ok("100R");
	ck_assert_int_eq(t->size, 400);
	MPI_Type_free(&t);
	t = parse_ok("i");
	ck_assert(!mpii_type_is_predef(t) && t->size == 4);
	MPI_Type_free(&t);
	t = parse_ok("S:3:U1(X:i:2:1/0,2/3)/1/0,U1/1/100,Char/2/-7");
	ck_assert_int_eq(t->size, 12 + 12 + 2);
	MPI_Type_free(&t);
	t = parse_ok("U007(DC)");
	MPI_Type_free(&t);
}
END_TEST

struct bad {
	const char *s;
	size_t pos;
};

START_TEST(test_malformed)
{
	static const struct bad bad[] = {
		{ "", 0 }, { "U", 0 }, { "x", 0 }, { "i ", 1 }, { " i", 0 }, { "007i", 0 },
		{ "V:i:0:1:1", 4 }, { "V:i:1:1", 7 }, { "V:i:1:1:", 8 }, { "V:i:1:1:-", 9 },
		{ "V:i:1:1:99999999999", 8 }, { "X:i:2:1/0", 9 }, { "X:i:1:1/0,1/4", 10 },
		{ "X:i:1:0/4", 6 }, { "S:2:i/1/0", 9 }, { "S:1:UB/1/0,i/1/0", 11 }, { "U1", 0 },
		{ "U1(i)U1", 5 }, { "U1(U1(i))", 0 }, { "U2(V:U2:1:1:1)", 5 }, { "U1(i", 4 },
		{ "V:UB:1:1:1", 2 }, { "S:1:LB/1/0x", 10 }, { "HV:d:1:1:1e3", 10 }, { "X:i:1:1/+3", 8 },
		{ "3", 1 }, { "0i", 0 }, { "S:1:i//0", 6 }, { "V:LB:1:1:1", 3 },
		{ "HX:i:1:1/99999999999999999999", 9 }, { "V:i:2147483647:2147483647:1", 0 },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		MPI_Datatype t = NULL;
		size_t pos = 999;
		const char *why = NULL;
		int rc = mpii_typestr_parse(bad[i].s, strlen(bad[i].s), &t, &pos, &why);
		ck_assert_msg(rc == MPI_ERR_TYPE_STRING, "\"%s\" gave %d", bad[i].s, rc);
		ck_assert_msg(pos == bad[i].pos, "\"%s\": position %zu (%s), want %zu", bad[i].s, pos, why,
			      bad[i].pos);
	}
	/* through the entry point: the class and the position in the message */
	MPI_Datatype t;
	ck_assert_int_eq(MPI_Type_from_string("V:i:0:1:1", &t), MPI_ERR_TYPE_STRING);
	ck_assert_msg(strstr(type_stub_last_msg, "position 4") != NULL, "%s", type_stub_last_msg);
	ck_assert_int_eq(MPI_Type_from_string(NULL, &t), MPI_ERR_ARG);
	/* a length-bounded parse ignores what follows */
	size_t pos;
	const char *why;
	ck_assert_int_eq(mpii_typestr_parse("i)))", 1, &t, &pos, &why), MPI_SUCCESS);
	MPI_Type_free(&t);
}
END_TEST

START_TEST(test_round_trips)
{
	MPI_Datatype v, h, x, hx, ib, hb, s, r, c, d, sa, da, m, e;
	MPI_Type_vector(3, 2, -4, MPI_INT, &v);
	round_trip(v);
	MPI_Type_create_hvector(2, 3, 100, v, &h);
	round_trip(h);
	int bl[] = { 2, 0, 1 }, di[] = { 5, 0, -1 };
	MPI_Type_indexed(3, bl, di, h, &x);
	round_trip(x);
	MPI_Aint ad[] = { 0, 50, -30 };
	MPI_Type_create_hindexed(3, bl, ad, MPI_SHORT_INT, &hx);
	round_trip(hx);
	MPI_Type_create_indexed_block(3, 2, di, MPI_LONG_DOUBLE, &ib);
	round_trip(ib);
	MPI_Type_create_hindexed_block(3, 1, ad, x, &hb);
	round_trip(hb);
	int sbl[] = { 1, 2, 1, 1 };
	MPI_Aint sd[] = { 0, 8, 40, 64 };
	MPI_Datatype st[] = { MPI_C_BOOL, MPI_DOUBLE_INT, hx, MPI_C_LONG_DOUBLE_COMPLEX };
	MPI_Type_create_struct(4, sbl, sd, st, &s);
	round_trip(s);
	MPI_Type_create_resized(s, -16, 200, &r);
	round_trip(r);
	MPI_Type_contiguous(4, r, &c);
	round_trip(c);
	MPI_Type_dup(c, &d);
	round_trip(d);
	int sz[] = { 5, 6, 7 }, sub[] = { 2, 3, 4 }, stt[] = { 1, 2, 3 };
	MPI_Type_create_subarray(3, sz, sub, stt, MPI_ORDER_FORTRAN, MPI_FLOAT, &sa);
	round_trip(sa);
	int g[] = { 9, 10 }, dist[] = { MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_BLOCK };
	int dargs[] = { 2, MPI_DISTRIBUTE_DFLT_DARG }, ps[] = { 2, 3 };
	MPI_Type_create_darray(6, 4, 2, g, dist, dargs, ps, MPI_ORDER_C, MPI_DOUBLE, &da);
	round_trip(da);
	int mbl[] = { 1, 1, 1, 1 };
	MPI_Aint md[] = { 4, 0, 24, -4 };
	MPI_Datatype mt[] = { MPI_LB, r, MPI_UB, MPI_LB };
	MPI_Type_struct(4, mbl, md, mt, &m);
	round_trip(m);
	MPI_Type_contiguous(0, MPI_INT, &e);
	round_trip(e);
	for (int i = 0; i < mpii_type_predef_count; i++)
		if (mpii_type_predef_table[i] != MPI_DATATYPE)
			round_trip(mpii_type_predef_table[i]);
	MPI_Datatype all[] = { v, h, x, hx, ib, hb, s, r, c, d, sa, da, m, e };
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		MPI_Type_free(&all[i]);
}
END_TEST

START_TEST(test_to_string)
{
	MPI_Datatype v, s;
	char buf[256];
	int len;
	MPI_Type_vector(9, 1, 2, MPI_REAL, &v);
	ck_assert_int_eq(MPI_Type_to_string(v, buf, sizeof(buf), &len), MPI_SUCCESS);
	ck_assert_str_eq(buf, "U1(V:R:9:1:2)");
	ck_assert_int_eq(len, 13);
	ck_assert_int_eq(MPI_Type_to_string(v, buf, 13, &len), MPI_ERR_TRUNCATE);
	ck_assert_int_eq(len, 13);
	ck_assert_int_eq(MPI_Type_to_string(MPI_INT, buf, 2, &len), MPI_SUCCESS);
	ck_assert_str_eq(buf, "i");
	MPI_Datatype st[] = { v, v };
	int bl[] = { 1, 2 };
	MPI_Aint d[] = { 0, 1000 };
	MPI_Type_create_struct(2, bl, d, st, &s);
	MPI_Type_to_string(s, buf, sizeof(buf), &len);
	ck_assert_str_eq(buf, "U1(S:2:U2(V:R:9:1:2)/1/0,U2/2/1000)");
	MPI_Type_free(&v);
	MPI_Type_free(&s);
}
END_TEST

static Suite *typestr_suite(void)
{
	Suite *s = suite_create("typestr");
	const TTest *parse_tests[] = {
		test_seed_examples, test_malformed, test_round_trips, test_to_string, NULL
	};
	unit_tcase(s, "parse", 30, parse_tests);
	return s;
}

int main(void)
{
	return unit_run(typestr_suite());
}
