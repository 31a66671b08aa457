/*
 * Description: predefined ops on derived datatypes whose elements are all
 * of one predefined type (MPI-3.1 5.9.2): contiguous, vector, indexed (out
 * of order), resized struct and subarray layouts of MPI_INT, MPI_DOUBLE,
 * MPI_C_DOUBLE_COMPLEX, MPI_C_BOOL, MPI_BYTE, MPI_2INT, MPI_DOUBLE_INT and
 * MPI_SHORT_INT under every op class the standard allows for each, through
 * MPI_Reduce, Allreduce (also in place), Reduce_scatter(_block), Scan,
 * Exscan, Reduce_local and the nonblocking versions.  Results are compared
 * with a fold of every rank's data computed locally on the dense
 * predefined type (and two by hand); the gaps of each layout, the padding
 * of the pairs included, must come back untouched.  A struct mixing kinds,
 * and an op a kind does not allow, give MPI_ERR_OP; a user op on the mixed
 * struct still works.
 * np: 1 2 3 4 8
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_COLL_ALLREDUCE=ring SHMPI_COLL_RING_MIN=0
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define SENTINEL 0xA5
#define NLAYOUTS 5

static int n, me;
static char what[96]; /* the case being run, printed on failure */

#define CHECK(cond)                                                   \
	do {                                                          \
		if (!(cond))                                          \
			fprintf(stderr, "rank %d case %s\n", me, what); \
		TEST_CHECK(cond);                                     \
	} while (0)

struct int2 { int v, i; };
struct dbl_int { double v; int i; };
struct short_int { short v; int i; };

static int val(int q, int k) { return (q * 3 + k * 7) % 5 - 1; }
static void set_int(void *e, int q, int k) { *(int *)e = val(q, k); }
static void set_double(void *e, int q, int k) { *(double *)e = val(q, k); }
static void set_cdouble(void *e, int q, int k)
{
	*(double _Complex *)e = __builtin_complex((double)val(q, k), (double)(q - k));
}
static void set_bool(void *e, int q, int k) { *(_Bool *)e = (q + k) % 3 == 0; }
static void set_byte(void *e, int q, int k) { *(unsigned char *)e = (unsigned char)(q * 37 + k * 11); }
/* pairs: few distinct values, so ties (smallest index wins) happen */
static void set_2int(void *e, int q, int k) { struct int2 *p = e; p->v = (q * 5 + k) % 4; p->i = q; }
static void set_dbl_int(void *e, int q, int k)
{
	struct dbl_int *p = e;
	p->v = (q * 5 + k) % 4;
	p->i = q;
}
static void set_short_int(void *e, int q, int k)
{
	struct short_int *p = e;
	p->v = (short)((q * 3 + k) % 4);
	p->i = q;
}

struct base {
	const char *name;
	MPI_Datatype dt;
	size_t size; /* C size of one element */
	void (*set)(void *e, int q, int k);
	MPI_Op ops[10];
	const char *opnames;
};

/* The layout of one case: a derived type of base elements. */
struct layout {
	MPI_Datatype t;
	const struct base *b;
	int nelem;     /* base elements in one element of t */
	MPI_Aint ext;  /* extent of t (lb is 0 in every layout) */
};

static MPI_Datatype make_type(int which, MPI_Datatype b, int *nelem)
{
	MPI_Aint lb, e;
	MPI_Datatype t, s;
	MPI_Type_get_extent(b, &lb, &e);
	switch (which) {
	case 0:
		TEST_MPI(MPI_Type_contiguous(3, b, &t));
		*nelem = 3;
		break;
	case 1:
		TEST_MPI(MPI_Type_vector(2, 2, 3, b, &t));
		*nelem = 4;
		break;
	case 2: {
		int bl[2] = { 1, 2 }, d[2] = { 4, 0 };
		TEST_MPI(MPI_Type_indexed(2, bl, d, b, &t));
		*nelem = 3;
		break;
	}
	case 3: {
		int bl[2] = { 2, 1 };
		MPI_Aint d[2] = { 0, 4 * e };
		MPI_Datatype ts[2] = { b, b };
		TEST_MPI(MPI_Type_create_struct(2, bl, d, ts, &s));
		TEST_MPI(MPI_Type_create_resized(s, 0, 6 * e, &t));
		TEST_MPI(MPI_Type_free(&s));
		*nelem = 3;
		break;
	}
	default: {
		int sz[2] = { 3, 4 }, sub[2] = { 2, 2 }, st[2] = { 1, 1 };
		TEST_MPI(MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, b, &t));
		*nelem = 4;
		break;
	}
	}
	TEST_MPI(MPI_Type_commit(&t));
	return t;
}

/* (src, fcnt, from) -> (dst, tcnt, to) through the packed form. */
static void through(const void *src, int fcnt, MPI_Datatype from, void *dst, int tcnt, MPI_Datatype to)
{
	int size, pos = 0, upos = 0;
	TEST_MPI(MPI_Pack_size(fcnt, from, MPI_COMM_WORLD, &size));
	char *p = malloc((size_t)size + 1);
	TEST_MPI(MPI_Pack(src, fcnt, from, p, size, &pos, MPI_COMM_WORLD));
	TEST_MPI(MPI_Unpack(p, pos, &upos, dst, tcnt, to, MPI_COMM_WORLD));
	free(p);
}

/* Dense base elements of rank q's data for cnt elements of the layout. */
static char *dense_of(const struct layout *L, int cnt, int q)
{
	int m = cnt * L->nelem;
	char *d = calloc((size_t)(m ? m : 1), L->b->size);
	for (int k = 0; k < m; k++)
		L->b->set(d + (size_t)k * L->b->size, q, k);
	return d;
}

/* A user buffer of cnt elements of the layout: rank q's data (q < 0:
 * none) in the typemap, SENTINEL in every other byte. */
static char *user_buf(const struct layout *L, int cnt, int q)
{
	size_t bytes = (size_t)(cnt * L->ext) + 1;
	char *buf = malloc(bytes);
	memset(buf, SENTINEL, bytes);
	if (q >= 0) {
		char *d = dense_of(L, cnt, q);
		through(d, cnt * L->nelem, L->b->dt, buf, cnt, L->t);
		free(d);
	}
	return buf;
}

/* Fold of ranks lo..hi in rank order, on the dense predefined type. */
static char *fold(const struct layout *L, int cnt, MPI_Op op, int lo, int hi)
{
	char *acc = dense_of(L, cnt, hi);
	for (int q = hi - 1; q >= lo; q--) {
		char *d = dense_of(L, cnt, q);
		TEST_MPI(MPI_Reduce_local(d, acc, cnt * L->nelem, L->b->dt, op));
		free(d);
	}
	return acc;
}

/* buf (cnt elements) holds exp's elements from element first on, and
 * every byte outside the typemap is still SENTINEL. */
static void check(const struct layout *L, const char *buf, int cnt, const char *exp, int first)
{
	int m = cnt * L->nelem;
	size_t esz = L->b->size;
	char *got = calloc((size_t)(m ? m : 1), esz);
	char *zeros = calloc((size_t)(m ? m : 1), esz);
	through(buf, cnt, L->t, got, m, L->b->dt);
	CHECK(memcmp(got, exp + (size_t)first * L->nelem * esz, (size_t)m * esz) == 0);
	/* mask: the typemap's bytes become 0, the others stay SENTINEL */
	char *mask = user_buf(L, cnt, -1);
	through(zeros, m, L->b->dt, mask, cnt, L->t);
	for (MPI_Aint i = 0; i < cnt * L->ext; i++)
		if ((unsigned char)mask[i] == SENTINEL)
			CHECK((unsigned char)buf[i] == SENTINEL);
	free(mask);
	free(zeros);
	free(got);
}

static void wait_for(MPI_Request *rq)
{
	TEST_MPI(MPI_Wait(rq, MPI_STATUS_IGNORE));
}

/* Allreduce (also in place), Reduce and Reduce_local; 9 elements, so
 * the ring allreduce (count >= size) takes them too. */
static void run_basic(const struct layout *L, MPI_Op op, int nb)
{
	const int cnt = 9;
	MPI_Request rq = MPI_REQUEST_NULL;
	char *sbuf = user_buf(L, cnt, me), *all = fold(L, cnt, op, 0, n - 1);
	char *rbuf = user_buf(L, cnt, -1);
	TEST_MPI(nb ? MPI_Iallreduce(sbuf, rbuf, cnt, L->t, op, MPI_COMM_WORLD, &rq)
		    : MPI_Allreduce(sbuf, rbuf, cnt, L->t, op, MPI_COMM_WORLD));
	wait_for(&rq);
	check(L, rbuf, cnt, all, 0);
	free(rbuf);
	rbuf = user_buf(L, cnt, me);
	TEST_MPI(MPI_Allreduce(MPI_IN_PLACE, rbuf, cnt, L->t, op, MPI_COMM_WORLD));
	check(L, rbuf, cnt, all, 0);
	free(rbuf);
	int root = n - 1;
	rbuf = user_buf(L, cnt, -1);
	TEST_MPI(nb ? MPI_Ireduce(sbuf, rbuf, cnt, L->t, op, root, MPI_COMM_WORLD, &rq)
		    : MPI_Reduce(sbuf, rbuf, cnt, L->t, op, root, MPI_COMM_WORLD));
	wait_for(&rq);
	if (me == root)
		check(L, rbuf, cnt, all, 0);
	free(rbuf);
	/* reduce_local: inout = rank 1's data op rank 0's */
	char *in = user_buf(L, cnt, 1), *inout = user_buf(L, cnt, 0), *two = fold(L, cnt, op, 0, 1);
	TEST_MPI(MPI_Reduce_local(in, inout, cnt, L->t, op));
	check(L, inout, cnt, two, 0);
	free(in);
	free(inout);
	free(two);
	free(all);
	free(sbuf);
}

/* Reduce_scatter (1 or 2 elements a rank), Reduce_scatter_block (2). */
static void run_scatter(const struct layout *L, MPI_Op op, int nb)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int *rcounts = malloc(sizeof(int) * (size_t)n), total = 0, first = 0;
	for (int i = 0; i < n; i++) {
		rcounts[i] = 1 + i % 2;
		if (i < me)
			first += rcounts[i];
		total += rcounts[i];
	}
	char *sbuf = user_buf(L, total, me), *all = fold(L, total, op, 0, n - 1);
	char *rbuf = user_buf(L, rcounts[me], -1);
	TEST_MPI(nb ? MPI_Ireduce_scatter(sbuf, rbuf, rcounts, L->t, op, MPI_COMM_WORLD, &rq)
		    : MPI_Reduce_scatter(sbuf, rbuf, rcounts, L->t, op, MPI_COMM_WORLD));
	wait_for(&rq);
	check(L, rbuf, rcounts[me], all, first);
	free(rbuf);
	free(sbuf);
	free(all);
	sbuf = user_buf(L, 2 * n, me);
	all = fold(L, 2 * n, op, 0, n - 1);
	rbuf = user_buf(L, 2, -1);
	TEST_MPI(nb ? MPI_Ireduce_scatter_block(sbuf, rbuf, 2, L->t, op, MPI_COMM_WORLD, &rq)
		    : MPI_Reduce_scatter_block(sbuf, rbuf, 2, L->t, op, MPI_COMM_WORLD));
	wait_for(&rq);
	check(L, rbuf, 2, all, 2 * me);
	free(rbuf);
	free(sbuf);
	free(all);
	free(rcounts);
}

/* Scan and Exscan (rank 0's exscan result is undefined). */
static void run_scan(const struct layout *L, MPI_Op op, int nb)
{
	const int cnt = 2;
	MPI_Request rq = MPI_REQUEST_NULL;
	char *sbuf = user_buf(L, cnt, me), *rbuf = user_buf(L, cnt, -1);
	char *pre = fold(L, cnt, op, 0, me);
	TEST_MPI(nb ? MPI_Iscan(sbuf, rbuf, cnt, L->t, op, MPI_COMM_WORLD, &rq)
		    : MPI_Scan(sbuf, rbuf, cnt, L->t, op, MPI_COMM_WORLD));
	wait_for(&rq);
	check(L, rbuf, cnt, pre, 0);
	free(pre);
	free(rbuf);
	rbuf = user_buf(L, cnt, -1);
	TEST_MPI(nb ? MPI_Iexscan(sbuf, rbuf, cnt, L->t, op, MPI_COMM_WORLD, &rq)
		    : MPI_Exscan(sbuf, rbuf, cnt, L->t, op, MPI_COMM_WORLD));
	wait_for(&rq);
	if (me > 0) {
		pre = fold(L, cnt, op, 0, me - 1);
		check(L, rbuf, cnt, pre, 0);
		free(pre);
	}
	free(rbuf);
	free(sbuf);
}

/* Hand-computed anchors: contiguous(4, MPI_INT) sum, MINLOC on a
 * contiguous of MPI_2INT. */
static void by_hand(void)
{
	MPI_Datatype c4, p3;
	TEST_MPI(MPI_Type_contiguous(4, MPI_INT, &c4));
	TEST_MPI(MPI_Type_commit(&c4));
	int s[8], r[8];
	for (int i = 0; i < 8; i++)
		s[i] = me * 10 + i;
	TEST_MPI(MPI_Allreduce(s, r, 2, c4, MPI_SUM, MPI_COMM_WORLD));
	for (int i = 0; i < 8; i++)
		TEST_CHECK(r[i] == 10 * n * (n - 1) / 2 + n * i);
	TEST_MPI(MPI_Type_contiguous(3, MPI_2INT, &p3));
	TEST_MPI(MPI_Type_commit(&p3));
	/* pair j of rank q: value |q - j| (minimum 0 at rank j when j < n) */
	struct int2 ps[3], pr[3];
	for (int j = 0; j < 3; j++) {
		ps[j].v = abs(me - j);
		ps[j].i = me;
	}
	TEST_MPI(MPI_Allreduce(ps, pr, 1, p3, MPI_MINLOC, MPI_COMM_WORLD));
	for (int j = 0; j < 3; j++) {
		int at = j < n ? j : n - 1;
		TEST_CHECK(pr[j].v == abs(at - j) && pr[j].i == at);
	}
	MPI_Type_free(&c4);
	MPI_Type_free(&p3);
}

static int op_class(int rc)
{
	int cls;
	MPI_Error_class(rc, &cls);
	return cls;
}

static void sum_int_double(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	struct { int i; double d; } *a = in, *b = inout;
	(void)dt;
	for (int k = 0; k < *len; k++) {
		b[k].i += a[k].i;
		b[k].d += a[k].d;
	}
}

/* Mixed kinds and disallowed (op, kind) pairs: MPI_ERR_OP; user ops go on. */
static void errors(void)
{
	struct { int i; double d; } x = { me, 0.5 * me }, y;
	int bl[2] = { 1, 1 };
	MPI_Aint d[2] = { 0, (MPI_Aint)((char *)&x.d - (char *)&x) };
	MPI_Datatype ts[2] = { MPI_INT, MPI_DOUBLE }, mixed, ci, vd, empty;
	TEST_MPI(MPI_Type_create_struct(2, bl, d, ts, &mixed));
	TEST_MPI(MPI_Type_commit(&mixed));
	MPI_Request rq;
	TEST_CHECK(op_class(MPI_Allreduce(&x, &y, 1, mixed, MPI_SUM, MPI_COMM_WORLD)) == MPI_ERR_OP);
	TEST_CHECK(op_class(MPI_Iallreduce(&x, &y, 1, mixed, MPI_MAX, MPI_COMM_WORLD, &rq)) == MPI_ERR_OP);
	TEST_CHECK(op_class(MPI_Reduce(&x, &y, 1, mixed, MPI_SUM, 0, MPI_COMM_WORLD)) == MPI_ERR_OP);
	TEST_CHECK(op_class(MPI_Reduce_local(&x, &y, 1, mixed, MPI_SUM)) == MPI_ERR_OP);
	MPI_Op uop;
	TEST_MPI(MPI_Op_create(sum_int_double, 1, &uop));
	TEST_MPI(MPI_Allreduce(&x, &y, 1, mixed, uop, MPI_COMM_WORLD));
	TEST_CHECK(y.i == n * (n - 1) / 2 && y.d == 0.25 * n * (n - 1));
	TEST_MPI(MPI_Op_free(&uop));
	TEST_MPI(MPI_Type_contiguous(2, MPI_INT, &ci));
	TEST_MPI(MPI_Type_commit(&ci));
	int iv[2] = { 1, 2 }, io[2];
	TEST_CHECK(op_class(MPI_Allreduce(iv, io, 1, ci, MPI_MINLOC, MPI_COMM_WORLD)) == MPI_ERR_OP);
	TEST_MPI(MPI_Type_vector(2, 1, 2, MPI_DOUBLE, &vd));
	TEST_MPI(MPI_Type_commit(&vd));
	double dv[3] = { 1, 2, 3 }, dd[3];
	TEST_CHECK(op_class(MPI_Allreduce(dv, dd, 1, vd, MPI_BAND, MPI_COMM_WORLD)) == MPI_ERR_OP);
	/* a derived type without elements has nothing to combine */
	TEST_MPI(MPI_Type_contiguous(0, MPI_INT, &empty));
	TEST_MPI(MPI_Type_commit(&empty));
	TEST_MPI(MPI_Allreduce(iv, io, 1, empty, MPI_SUM, MPI_COMM_WORLD));
	MPI_Type_free(&empty);
	MPI_Type_free(&vd);
	MPI_Type_free(&ci);
	MPI_Type_free(&mixed);
}

int main(int argc, char **argv)
{
	TEST_MPI(MPI_Init(&argc, &argv));
	MPI_Comm_rank(MPI_COMM_WORLD, &me);
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	static const struct base bases[] = {
		{ "int", MPI_INT, sizeof(int), set_int,
		  { MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, MPI_LAND, MPI_LOR, MPI_LXOR, MPI_BAND,
		    MPI_BOR, MPI_BXOR }, "sum prod max min land lor lxor band bor bxor" },
		{ "double", MPI_DOUBLE, sizeof(double), set_double,
		  { MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN }, "sum prod max min" },
		{ "cdouble", MPI_C_DOUBLE_COMPLEX, sizeof(double _Complex), set_cdouble,
		  { MPI_SUM, MPI_PROD }, "sum prod" },
		{ "bool", MPI_C_BOOL, sizeof(_Bool), set_bool, { MPI_LAND, MPI_LOR, MPI_LXOR },
		  "land lor lxor" },
		{ "byte", MPI_BYTE, 1, set_byte, { MPI_BAND, MPI_BOR, MPI_BXOR }, "band bor bxor" },
		{ "2int", MPI_2INT, sizeof(struct int2), set_2int, { MPI_MINLOC, MPI_MAXLOC },
		  "minloc maxloc" },
		{ "double_int", MPI_DOUBLE_INT, sizeof(struct dbl_int), set_dbl_int,
		  { MPI_MAXLOC, MPI_MINLOC }, "maxloc minloc" },
		{ "short_int", MPI_SHORT_INT, sizeof(struct short_int), set_short_int,
		  { MPI_MINLOC, MPI_MAXLOC }, "minloc maxloc" },
	};
	by_hand();
	errors();
	for (size_t b = 0; b < sizeof(bases) / sizeof(bases[0]); b++) {
		for (int l = 0; l < NLAYOUTS; l++) {
			struct layout L = { .b = &bases[b] };
			MPI_Aint lb;
			L.t = make_type(l, bases[b].dt, &L.nelem);
			MPI_Type_get_extent(L.t, &lb, &L.ext);
			for (int o = 0; o < 10 && bases[b].ops[o]; o++) {
				snprintf(what, sizeof(what), "%s layout %d op %d of %s", bases[b].name, l,
					 o, bases[b].opnames);
				run_basic(&L, bases[b].ops[o], 0);
				/* every collective for the first op of each kind */
				if (o == 0) {
					run_basic(&L, bases[b].ops[o], 1);
					for (int nb = 0; nb < 2; nb++) {
						run_scatter(&L, bases[b].ops[o], nb);
						run_scan(&L, bases[b].ops[o], nb);
					}
				}
			}
			MPI_Type_free(&L.t);
		}
	}
	TEST_MPI(MPI_Finalize());
	return 0;
}
