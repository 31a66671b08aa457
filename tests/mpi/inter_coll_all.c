/*
 * Description: every collective the standard defines on
 * intercommunicators (MPI-3.1 5.2.3), blocking and nonblocking, on groups
 * of unequal sizes (even / odd world ranks, one / the rest, the rest /
 * one) and on a dup: Barrier, Bcast, Gather(v), Scatter(v) from every root
 * of either group (MPI_ROOT, MPI_PROC_NULL, remote rank; the
 * MPI_PROC_NULL members' buffers untouched), Allgather(v), Alltoall(v/w),
 * Reduce, Allreduce (also with a non-commutative user op: the remote
 * group's contributions in rank order), Reduce_scatter(_block); several
 * nonblocking collectives in flight around blocking ones, then
 * Intercomm_merge; error classes (Scan/Exscan are not defined there,
 * MPI_IN_PLACE, root out of range).  Every result is compared with what
 * the remote group's world ranks give.
 * np: 2 3 4 5 8
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define UNSET (-7)
#define BIG 256

/* One side of an intercommunicator. */
struct side {
	MPI_Comm c;
	int col, r, ln, rn, w;
	int rw[64];  /* world rank of each remote member */
};

static void unset(int *b, int n)
{
	for (int i = 0; i < n; i++)
		b[i] = UNSET;
}

static void wait_for(MPI_Request *rq)
{
	TEST_MPI(MPI_Wait(rq, MPI_STATUS_IGNORE));
}

/* The root argument of this process when member rt of group g (a
 * process's col) is the root. */
static int root_arg(const struct side *x, int g, int rt)
{
	if (g != x->col)
		return rt;
	return x->r == rt ? MPI_ROOT : MPI_PROC_NULL;
}

/* One rooted collective with member rt of group g as the root; v: the
 * v version; nb: the nonblocking one. */
typedef void rooted_fn(const struct side *x, int nb, int v, int g, int rt);

/* fn with every member of either group as the root. */
static void each_root(const struct side *x, int nb, int v, rooted_fn *fn)
{
	for (int g = 0; g < 2; g++)
		for (int rt = 0; rt < (g == x->col ? x->ln : x->rn); rt++)
			fn(x, nb, v, g, rt);
}

static void bcast(const struct side *x, int nb, int v, int g, int rt)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int buf[BIG], arg = root_arg(x, g, rt), cnt = 5 + rt;
	(void)v;
	unset(buf, BIG);
	for (int i = 0; arg == MPI_ROOT && i < cnt; i++)
		buf[i] = 7 * rt + i + 100 * g;
	TEST_MPI(nb ? MPI_Ibcast(buf, cnt, MPI_INT, arg, x->c, &rq)
		    : MPI_Bcast(buf, cnt, MPI_INT, arg, x->c));
	wait_for(&rq);
	for (int i = 0; arg != MPI_PROC_NULL && i < cnt; i++)
		TEST_CHECK(buf[i] == 7 * rt + i + 100 * g);
	if (arg == MPI_PROC_NULL)
		TEST_CHECK(buf[0] == UNSET);
}

/* Gather and gatherv: block j of the root's buffer from remote rank j
 * (r % 3 + 1 ints from local rank r in the v version). */
static void gather(const struct side *x, int nb, int v, int g, int rt)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int sbuf[4], rbuf[BIG], rcounts[64], displs[64];
	int arg = root_arg(x, g, rt), sc = v ? x->r % 3 + 1 : 3;
	for (int i = 0; i < 4; i++)
		sbuf[i] = 100 * x->w + i;
	for (int j = 0; j < x->rn; j++) {
		rcounts[j] = v ? j % 3 + 1 : 3;
		displs[j] = v ? 4 * (x->rn - 1 - j) : 3 * j;
	}
	unset(rbuf, BIG);
	if (v)
		TEST_MPI(nb ? MPI_Igatherv(sbuf, sc, MPI_INT, rbuf, rcounts, displs, MPI_INT, arg, x->c,
					   &rq)
			    : MPI_Gatherv(sbuf, sc, MPI_INT, rbuf, rcounts, displs, MPI_INT, arg, x->c));
	else
		TEST_MPI(nb ? MPI_Igather(sbuf, sc, MPI_INT, rbuf, 3, MPI_INT, arg, x->c, &rq)
			    : MPI_Gather(sbuf, sc, MPI_INT, rbuf, 3, MPI_INT, arg, x->c));
	wait_for(&rq);
	if (arg != MPI_ROOT) {
		TEST_CHECK(rbuf[0] == UNSET);
		return;
	}
	int seen = 0, left = 0;
	for (int j = 0; j < x->rn; j++)
		for (int i = 0; i < rcounts[j]; i++, seen++)
			TEST_CHECK(rbuf[displs[j] + i] == 100 * x->rw[j] + i);
	for (int i = 0; i < BIG; i++)
		left += rbuf[i] == UNSET;
	TEST_CHECK(left == BIG - seen);
}

/* Scatter and scatterv: remote rank j gets block j of the root's buffer. */
static void scatter(const struct side *x, int nb, int v, int g, int rt)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int sbuf[BIG], rbuf[8], scounts[64], displs[64];
	int arg = root_arg(x, g, rt), rc = v ? x->r % 3 + 1 : 3;
	unset(sbuf, BIG);
	for (int j = 0; j < x->rn; j++) {
		scounts[j] = v ? j % 3 + 1 : 3;
		displs[j] = v ? 4 * (x->rn - 1 - j) : 3 * j;
		for (int i = 0; i < scounts[j]; i++)
			sbuf[displs[j] + i] = 1000 * j + 10 * rt + i;
	}
	unset(rbuf, 8);
	if (v)
		TEST_MPI(nb ? MPI_Iscatterv(sbuf, scounts, displs, MPI_INT, rbuf, rc, MPI_INT, arg, x->c,
					    &rq)
			    : MPI_Scatterv(sbuf, scounts, displs, MPI_INT, rbuf, rc, MPI_INT, arg, x->c));
	else
		TEST_MPI(nb ? MPI_Iscatter(sbuf, 3, MPI_INT, rbuf, rc, MPI_INT, arg, x->c, &rq)
			    : MPI_Scatter(sbuf, 3, MPI_INT, rbuf, rc, MPI_INT, arg, x->c));
	wait_for(&rq);
	for (int i = 0; i < 8; i++)
		TEST_CHECK(rbuf[i] == (arg >= 0 && i < rc ? 1000 * x->r + 10 * rt + i : UNSET));
}

/* Allgather(v): block j from remote rank j, which sends w % 3 + 1 ints. */
static void allgather(const struct side *x, int nb, int v)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int sbuf[4], rbuf[BIG], rcounts[64], displs[64];
	for (int i = 0; i < 4; i++)
		sbuf[i] = 100 * x->w + i;
	for (int j = 0; j < x->rn; j++) {
		rcounts[j] = v ? x->rw[j] % 3 + 1 : 2;
		displs[j] = v ? 4 * j + 1 : 2 * j;
	}
	unset(rbuf, BIG);
	if (v)
		TEST_MPI(nb ? MPI_Iallgatherv(sbuf, x->w % 3 + 1, MPI_INT, rbuf, rcounts, displs, MPI_INT,
					      x->c, &rq)
			    : MPI_Allgatherv(sbuf, x->w % 3 + 1, MPI_INT, rbuf, rcounts, displs, MPI_INT,
					     x->c));
	else
		TEST_MPI(nb ? MPI_Iallgather(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, x->c, &rq)
			    : MPI_Allgather(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, x->c));
	wait_for(&rq);
	for (int j = 0; j < x->rn; j++) {
		for (int i = 0; i < rcounts[j]; i++)
			TEST_CHECK(rbuf[displs[j] + i] == 100 * x->rw[j] + i);
		if (v)
			TEST_CHECK(rbuf[displs[j] - 1] == UNSET);
	}
}

/* Alltoall, alltoallv and alltoallw (kind 0, 1, 2): the block for remote
 * rank j holds 1000 w + 10 j + i; alltoallw sends pairs of ints and
 * receives plain ints. */
static void alltoall(const struct side *x, int nb, int kind)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int sbuf[BIG], rbuf[BIG], sc[64], sd[64], rc[64], rd[64];
	MPI_Datatype pair, st[64], rt[64];
	TEST_MPI(MPI_Type_contiguous(2, MPI_INT, &pair));
	TEST_MPI(MPI_Type_commit(&pair));
	for (int j = 0; j < x->rn; j++) {
		int out = kind == 0 ? 2 : kind == 1 ? (x->w + j) % 3 + 1 : 2 * ((x->w + j) % 2 + 1);
		int in = kind == 0 ? 2 : kind == 1 ? (x->rw[j] + x->r) % 3 + 1
						   : 2 * ((x->rw[j] + x->r) % 2 + 1);
		sd[j] = kind == 0 ? 2 * j : 4 * j;
		rd[j] = kind == 0 ? 2 * j : 4 * (x->rn - 1 - j);
		for (int i = 0; i < out; i++)
			sbuf[sd[j] + i] = 1000 * x->w + 10 * j + i;
		sc[j] = kind == 2 ? out / 2 : out;
		rc[j] = in;
		st[j] = kind == 2 ? pair : MPI_INT;
		rt[j] = MPI_INT;
	}
	unset(rbuf, BIG);
	if (kind == 0) {
		TEST_MPI(nb ? MPI_Ialltoall(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, x->c, &rq)
			    : MPI_Alltoall(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, x->c));
	} else if (kind == 1) {
		TEST_MPI(nb ? MPI_Ialltoallv(sbuf, sc, sd, MPI_INT, rbuf, rc, rd, MPI_INT, x->c, &rq)
			    : MPI_Alltoallv(sbuf, sc, sd, MPI_INT, rbuf, rc, rd, MPI_INT, x->c));
	} else {
		int sdb[64], rdb[64];
		for (int j = 0; j < x->rn; j++) {
			sdb[j] = sd[j] * (int)sizeof(int);
			rdb[j] = rd[j] * (int)sizeof(int);
		}
		TEST_MPI(nb ? MPI_Ialltoallw(sbuf, sc, sdb, st, rbuf, rc, rdb, rt, x->c, &rq)
			    : MPI_Alltoallw(sbuf, sc, sdb, st, rbuf, rc, rdb, rt, x->c));
	}
	wait_for(&rq);
	int seen = 0;
	for (int j = 0; j < x->rn; j++)
		for (int i = 0; i < rc[j]; i++, seen++)
			TEST_CHECK(rbuf[rd[j] + i] == 1000 * x->rw[j] + 10 * x->r + i);
	int left = 0;
	for (int i = 0; i < BIG; i++)
		left += rbuf[i] == UNSET;
	TEST_CHECK(left == BIG - seen);
	MPI_Type_free(&pair);
}

/* Non-commutative: digit strings (value, length) concatenated, so the
 * result spells the contributions' order. */
static void cat(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	int *a = in, *b = inout;
	(void)dt;
	for (int k = 0; k < *len; k++, a += 2, b += 2) {
		int p = 1;
		for (int d = 0; d < b[1]; d++)
			p *= 10;
		b[0] = a[0] * p + b[0];
		b[1] += a[1];
	}
}

/* "12..n": the concatenation of remote ranks 0..n-1 plus one. */
static int digits(int n)
{
	int v = 0;
	for (int j = 0; j < n; j++)
		v = 10 * v + (j + 1) % 10;
	return v;
}

static MPI_Op catop;

/* Reduce: the root gets the remote group's sum, and its digit string in
 * rank order. */
static void reduce(const struct side *x, int nb, int v, int g, int rt)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int sbuf[4], rbuf[4], mine[2] = { (x->r + 1) % 10, 1 }, got[2] = { UNSET, 0 };
	int arg = root_arg(x, g, rt), wsum = 0;
	(void)v;
	for (int i = 0; i < 4; i++)
		sbuf[i] = 100 * x->w + i;
	for (int j = 0; j < x->rn; j++)
		wsum += x->rw[j];
	unset(rbuf, 4);
	TEST_MPI(nb ? MPI_Ireduce(sbuf, rbuf, 4, MPI_INT, MPI_SUM, arg, x->c, &rq)
		    : MPI_Reduce(sbuf, rbuf, 4, MPI_INT, MPI_SUM, arg, x->c));
	wait_for(&rq);
	TEST_MPI(nb ? MPI_Ireduce(mine, got, 1, MPI_2INT, catop, arg, x->c, &rq)
		    : MPI_Reduce(mine, got, 1, MPI_2INT, catop, arg, x->c));
	wait_for(&rq);
	for (int i = 0; i < 4; i++)
		TEST_CHECK(rbuf[i] == (arg == MPI_ROOT ? 100 * wsum + x->rn * i : UNSET));
	TEST_CHECK(got[0] == (arg == MPI_ROOT ? digits(x->rn) : UNSET));
}

static void allreduce(const struct side *x, int nb)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int sbuf[4], rbuf[4], mine[2] = { (x->r + 1) % 10, 1 }, got[2];
	for (int i = 0; i < 4; i++)
		sbuf[i] = 100 * x->w + i;
	int wsum = 0;
	for (int j = 0; j < x->rn; j++)
		wsum += x->rw[j];
	TEST_MPI(nb ? MPI_Iallreduce(sbuf, rbuf, 4, MPI_INT, MPI_SUM, x->c, &rq)
		    : MPI_Allreduce(sbuf, rbuf, 4, MPI_INT, MPI_SUM, x->c));
	wait_for(&rq);
	TEST_MPI(nb ? MPI_Iallreduce(mine, got, 1, MPI_2INT, catop, x->c, &rq)
		    : MPI_Allreduce(mine, got, 1, MPI_2INT, catop, x->c));
	wait_for(&rq);
	for (int i = 0; i < 4; i++)
		TEST_CHECK(rbuf[i] == 100 * wsum + x->rn * i);
	TEST_CHECK(got[0] == digits(x->rn) && got[1] == x->rn);
}

/* Reduce_scatter over 12 elements in both groups; Reduce_scatter_block
 * with recvcount = the remote size (ln * rn elements in both groups).
 * Each member gets its slice of the remote group's sum. */
static void reduce_scatter(const struct side *x, int nb)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	const int total = 12;
	int rcounts[64], first = 0, sbuf[BIG], rbuf[BIG];
	for (int i = 0; i < x->ln; i++) {
		rcounts[i] = total / x->ln + (i < total % x->ln);
		if (i < x->r)
			first += rcounts[i];
	}
	int wsum = 0;
	for (int j = 0; j < x->rn; j++)
		wsum += x->rw[j];
	for (int k = 0; k < BIG; k++)
		sbuf[k] = 100 * x->w + k;
	unset(rbuf, BIG);
	TEST_MPI(nb ? MPI_Ireduce_scatter(sbuf, rbuf, rcounts, MPI_INT, MPI_SUM, x->c, &rq)
		    : MPI_Reduce_scatter(sbuf, rbuf, rcounts, MPI_INT, MPI_SUM, x->c));
	wait_for(&rq);
	for (int i = 0; i < rcounts[x->r]; i++)
		TEST_CHECK(rbuf[i] == 100 * wsum + x->rn * (first + i));
	TEST_CHECK(rbuf[rcounts[x->r]] == UNSET);
	unset(rbuf, BIG);
	TEST_MPI(nb ? MPI_Ireduce_scatter_block(sbuf, rbuf, x->rn, MPI_INT, MPI_SUM, x->c, &rq)
		    : MPI_Reduce_scatter_block(sbuf, rbuf, x->rn, MPI_INT, MPI_SUM, x->c));
	wait_for(&rq);
	for (int i = 0; i < x->rn; i++)
		TEST_CHECK(rbuf[i] == 100 * wsum + x->rn * (x->r * x->rn + i));
	TEST_CHECK(rbuf[x->rn] == UNSET);
}

/* Nonblocking collectives in flight while blocking ones run. */
static void overlap(const struct side *x)
{
	MPI_Request q[3];
	MPI_Status sts[3];
	int a = x->w, sa = UNSET, b[3], s2 = UNSET;
	int arg = root_arg(x, 0, 0);
	unset(b, 3);
	if (arg == MPI_ROOT)
		b[0] = b[1] = b[2] = 42;
	TEST_MPI(MPI_Iallreduce(&a, &sa, 1, MPI_INT, MPI_SUM, x->c, &q[0]));
	TEST_MPI(MPI_Ibcast(b, 3, MPI_INT, arg, x->c, &q[1]));
	TEST_MPI(MPI_Ibarrier(x->c, &q[2]));
	TEST_MPI(MPI_Barrier(x->c));
	TEST_MPI(MPI_Allreduce(&a, &s2, 1, MPI_INT, MPI_MAX, x->c));
	TEST_MPI(MPI_Waitall(3, q, sts));
	int wsum = 0, wmax = -1;
	for (int j = 0; j < x->rn; j++) {
		wsum += x->rw[j];
		wmax = x->rw[j] > wmax ? x->rw[j] : wmax;
	}
	TEST_CHECK(sa == wsum && s2 == wmax);
	TEST_CHECK(b[2] == (arg == MPI_PROC_NULL ? UNSET : 42));
}

static int err_class(int rc)
{
	int cls;
	MPI_Error_class(rc, &cls);
	return cls;
}

/* Every member gets the same error, so nobody is left waiting. */
static void errors(const struct side *x)
{
	MPI_Request rq;
	int a[2] = { 1, 2 }, b[2];
	TEST_CHECK(err_class(MPI_Scan(a, b, 1, MPI_INT, MPI_SUM, x->c)) == MPI_ERR_COMM);
	TEST_CHECK(err_class(MPI_Exscan(a, b, 1, MPI_INT, MPI_SUM, x->c)) == MPI_ERR_COMM);
	TEST_CHECK(err_class(MPI_Iexscan(a, b, 1, MPI_INT, MPI_SUM, x->c, &rq)) == MPI_ERR_COMM);
	TEST_CHECK(err_class(MPI_Iallreduce(MPI_IN_PLACE, b, 1, MPI_INT, MPI_SUM, x->c, &rq)) ==
		   MPI_ERR_BUFFER);
	TEST_CHECK(err_class(MPI_Gather(MPI_IN_PLACE, 1, MPI_INT, b, 1, MPI_INT, 0, x->c)) ==
		   MPI_ERR_BUFFER);
	TEST_CHECK(err_class(MPI_Allgather(MPI_IN_PLACE, 1, MPI_INT, b, 1, MPI_INT, x->c)) ==
		   MPI_ERR_BUFFER);
	TEST_CHECK(err_class(MPI_Ireduce(a, b, 1, MPI_INT, MPI_SUM, x->rn, x->c, &rq)) ==
		   MPI_ERR_ROOT);
	TEST_CHECK(err_class(MPI_Iscatter(a, 1, MPI_INT, b, 1, MPI_INT, -5, x->c, &rq)) ==
		   MPI_ERR_ROOT);
}

static void run(MPI_Comm c, int col, int w)
{
	struct side x = { .c = c, .col = col, .w = w };
	MPI_Group rg, wg;
	MPI_Comm_rank(c, &x.r);
	MPI_Comm_size(c, &x.ln);
	MPI_Comm_remote_size(c, &x.rn);
	MPI_Comm_remote_group(c, &rg);
	MPI_Comm_group(MPI_COMM_WORLD, &wg);
	for (int j = 0; j < x.rn; j++)
		MPI_Group_translate_ranks(rg, 1, &j, wg, &x.rw[j]);
	MPI_Group_free(&rg);
	MPI_Group_free(&wg);
	for (int nb = 0; nb < 2; nb++) {
		MPI_Request rq = MPI_REQUEST_NULL;
		TEST_MPI(nb ? MPI_Ibarrier(c, &rq) : MPI_Barrier(c));
		wait_for(&rq);
		each_root(&x, nb, 0, bcast);
		for (int v = 0; v < 2; v++) {
			each_root(&x, nb, v, gather);
			each_root(&x, nb, v, scatter);
			allgather(&x, nb, v);
		}
		for (int kind = 0; kind < 3; kind++)
			alltoall(&x, nb, kind);
		each_root(&x, nb, 0, reduce);
		allreduce(&x, nb);
		reduce_scatter(&x, nb);
	}
	overlap(&x);
	errors(&x);
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 2, &n, &w);
	TEST_MPI(MPI_Op_create(cat, 0, &catop));
	for (int kind = 0; kind < 3; kind++) {
		/* even / odd; {0} / the rest; the rest / {n-1} */
		int col = kind == 0 ? w % 2 : kind == 1 ? w > 0 : w == n - 1;
		/* remote leader: the lowest world rank of the other group */
		int rleader = kind == 0 ? !col : kind == 1 ? !col : (col ? 0 : n - 1);
		MPI_Comm local, ic, dup, merged;
		TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, col, w, &local));
		TEST_MPI(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, rleader, 5, &ic));
		MPI_Comm_set_errhandler(ic, MPI_ERRORS_RETURN);
		run(ic, col, w);
		TEST_MPI(MPI_Comm_dup(ic, &dup));
		run(dup, col, w);
		/* the hidden local communicator's sequence still agrees */
		TEST_MPI(MPI_Intercomm_merge(ic, col, &merged));
		int one = 1, all = 0;
		TEST_MPI(MPI_Allreduce(&one, &all, 1, MPI_INT, MPI_SUM, merged));
		TEST_CHECK(all == n);
		TEST_MPI(MPI_Comm_free(&merged));
		TEST_MPI(MPI_Comm_free(&dup));
		TEST_MPI(MPI_Comm_free(&ic));
		TEST_MPI(MPI_Comm_free(&local));
	}
	TEST_MPI(MPI_Op_free(&catop));
	MPI_Finalize();
	return 0;
}
