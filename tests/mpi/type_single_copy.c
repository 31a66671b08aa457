/*
 * Description: large messages between buffers of non-contiguous types of
 * large pieces (the typed single copy, lib/p2p/p2p_cma_typed.c) and every mix
 * with contiguous and small-piece layouts on the other side; data checked
 * against MPI_Unpack(MPI_Pack(sender's data)) over the whole receive span
 * (gaps untouched); truncation (MPI_ERR_TRUNCATE, nothing past the
 * capacity); a message that ends inside a receive element (MPI_Get_count
 * MPI_UNDEFINED, MPI_Get_elements); a loop of sends whose types change
 * (the receiver's cache of rebuilt types); typed RTS that arrive before
 * their receives are posted and are received out of arrival order;
 * MPI_BOTTOM with absolute addresses; both directions at once; a type
 * whose description does not fit a cell.
 * np: 1 2
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_CMA_IOV_MIN=1
 * env: SHMPI_CMA_IOV_MIN=1 SHMPI_CMA_SPLIT_MIN=1073741824
 * env: SHMPI_CMA=off
 */
#include <string.h>
#include "mpitest.h"

static int rank, size;

#define KD 1024 /* doubles in 8 KiB */

/* One side of a transfer: count elements of type t. */
struct side {
	MPI_Datatype t;
	int count;
};

static size_t span_of(struct side s)
{
	MPI_Aint lb, ext, tlb, text;
	MPI_Type_get_extent(s.t, &lb, &ext);
	MPI_Type_get_true_extent(s.t, &tlb, &text);
	TEST_CHECK(tlb >= 0 && ext >= 0);
	return s.count ? (size_t)(tlb + (MPI_Aint)(s.count - 1) * ext + text) : 0;
}

/* The sender's data: a pattern of its rank and the case. */
static unsigned char *pattern(size_t n, int who, int salt)
{
	unsigned char *b = malloc(n + 1);
	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)(i * 131 + (i >> 8) * 7 + (size_t)who * 17 + (size_t)salt * 29 + 1);
	return b;
}

/* What the receiver must hold: a sentinel everywhere, then the first
 * `bytes` of the sender's packed data unpacked by (ocount, otype). */
static unsigned char *expected(struct side snd, int from, int salt, size_t rspan, struct side orc)
{
	size_t sspan = span_of(snd);
	unsigned char *src = pattern(sspan, from, salt), *exp = malloc(rspan + 1);
	int psize, pos = 0;
	MPI_Pack_size(snd.count, snd.t, MPI_COMM_WORLD, &psize);
	char *packed = malloc((size_t)psize + 1);
	TEST_MPI(MPI_Pack(src, snd.count, snd.t, packed, psize, &pos, MPI_COMM_WORLD));
	memset(exp, 0xa5, rspan);
	pos = 0;
	TEST_MPI(MPI_Unpack(packed, psize, &pos, exp, orc.count, orc.t, MPI_COMM_WORLD));
	free(src);
	free(packed);
	return exp;
}

/* Sender `from` sends (snd) with tag, receiver `to` receives (rcv) and
 * checks its buffer against the oracle (orc: the part of rcv the message
 * fills).  late: the receiver waits until the message is there before it
 * posts the receive.  Returns the receiver's status and error class. */
static int xfer(int from, int to, struct side snd, struct side rcv, struct side orc, int salt, int late,
		MPI_Status *st)
{
	int rc = MPI_SUCCESS;
	MPI_Request req = MPI_REQUEST_NULL;
	unsigned char *sbuf = NULL;
	if (rank == from) {
		sbuf = pattern(span_of(snd), rank, salt);
		TEST_MPI(MPI_Isend(sbuf, snd.count, snd.t, to, salt, MPI_COMM_WORLD, &req));
	}
	if (rank == to) {
		size_t rspan = span_of(rcv);
		unsigned char *rbuf = malloc(rspan + 1);
		memset(rbuf, 0xa5, rspan);
		if (late)
			TEST_MPI(MPI_Probe(from, salt, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		rc = MPI_Recv(rbuf, rcv.count, rcv.t, from, salt, MPI_COMM_WORLD, st);
		unsigned char *exp = expected(snd, from, salt, rspan, orc);
		size_t bad = 0;
		for (size_t i = 0; i < rspan; i++)
			bad += rbuf[i] != exp[i];
		if (bad)
			fprintf(stderr, "case %d: %zu of %zu bytes wrong\n", salt, bad, rspan);
		TEST_CHECK(bad == 0);
		free(rbuf);
		free(exp);
	}
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
	free(sbuf);
	return rc;
}

/* Both ways between ranks 0 and 1 (rank 0 to itself with one process). */
static void both_ways(struct side snd, struct side rcv, int salt)
{
	MPI_Status st;
	int other = size > 1 ? 1 : 0;
	for (int dir = 0; dir < 2; dir++) {
		int from = dir ? other : 0, to = dir ? 0 : other;
		TEST_MPI(xfer(from, to, snd, rcv, rcv, salt + dir, dir, &st));
		if (rank == to) {
			int n, ssz, rsz;
			MPI_Type_size(snd.t, &ssz);
			MPI_Type_size(rcv.t, &rsz);
			MPI_Get_count(&st, MPI_BYTE, &n);
			TEST_CHECK(n == ssz * snd.count);
			MPI_Get_count(&st, rcv.t, &n);
			TEST_CHECK(n == (ssz * snd.count) / rsz);
		}
	}
}

static MPI_Datatype commit(MPI_Datatype t)
{
	TEST_MPI(MPI_Type_commit(&t));
	return t;
}

/* 1 MiB of doubles as blocks of bl doubles, a stride of 2 bl. */
static MPI_Datatype blocks(int bl)
{
	MPI_Datatype t;
	MPI_Type_vector(128 * KD / bl, bl, 2 * bl, MPI_DOUBLE, &t);
	return commit(t);
}

/* Rank 0 sends three typed messages that all arrive before rank 1 posts a
 * receive; rank 1 receives them in the reverse order (other tags). */
static void unexpected_order(MPI_Datatype *ty, int nty)
{
	int other = size > 1 ? 1 : 0;
	MPI_Request req[3] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL };
	unsigned char *sb[3] = { NULL, NULL, NULL };
	struct side s[3];
	for (int i = 0; i < 3; i++)
		s[i] = (struct side){ ty[i % nty], 1 };
	if (rank == 0)
		for (int i = 0; i < 3; i++) {
			sb[i] = pattern(span_of(s[i]), rank, 300 + i);
			TEST_MPI(MPI_Isend(sb[i], 1, s[i].t, other, 300 + i, MPI_COMM_WORLD, &req[i]));
		}
	if (rank == other) {
		for (int i = 0; i < 3; i++)
			TEST_MPI(MPI_Probe(0, 300 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		for (int i = 2; i >= 0; i--) {
			size_t span = span_of(s[i]);
			unsigned char *rb = malloc(span + 1), *exp = expected(s[i], 0, 300 + i, span, s[i]);
			memset(rb, 0xa5, span);
			TEST_MPI(MPI_Recv(rb, 1, s[i].t, 0, 300 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			TEST_CHECK(memcmp(rb, exp, span) == 0);
			free(rb);
			free(exp);
		}
	}
	MPI_Status sts[3];
	TEST_MPI(MPI_Waitall(3, req, sts));
	for (int i = 0; i < 3; i++)
		free(sb[i]);
}

/* The message ends inside a receive element, or is cut by the capacity. */
static void short_and_truncated(MPI_Datatype big)
{
	int other = size > 1 ? 1 : 0;
	MPI_Datatype four, three;
	MPI_Status st;
	int n;
	MPI_Type_vector(4, 2 * KD, 4 * KD, MPI_DOUBLE, &four);
	MPI_Type_vector(3, 2 * KD, 4 * KD, MPI_DOUBLE, &three);
	four = commit(four);
	three = commit(three);
	/* 3 blocks of 16 KiB into room for 4: 3/4 of one element */
	struct side snd = { big, 1 }, rcv = { four, 2 }, orc = { three, 1 };
	MPI_Datatype blk;
	MPI_Type_vector(3, 2 * KD, 2 * KD, MPI_DOUBLE, &blk);
	snd.t = commit(blk);
	TEST_MPI(xfer(0, other, snd, rcv, orc, 400, 0, &st));
	if (rank == other) {
		MPI_Get_count(&st, four, &n);
		TEST_CHECK(n == MPI_UNDEFINED);
		MPI_Get_elements(&st, four, &n);
		TEST_CHECK(n == 3 * 2 * KD);
		MPI_Get_count(&st, MPI_DOUBLE, &n);
		TEST_CHECK(n == 3 * 2 * KD);
	}
	/* 1 MiB of large blocks into room for 2 elements of four (256 KiB):
	 * MPI_ERR_TRUNCATE, the room filled, nothing beyond */
	snd = (struct side){ big, 1 };
	rcv = (struct side){ four, 2 };
	int rc = xfer(0, other, snd, rcv, rcv, 401, 0, &st);
	if (rank == other) {
		int cls;
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_TRUNCATE);
		MPI_Get_elements(&st, four, &n);
		TEST_CHECK(n == 2 * 4 * 2 * KD);
	}
	MPI_Type_free(&blk);
	MPI_Type_free(&four);
	MPI_Type_free(&three);
}

/* Absolute addresses: two 160 KiB blocks of separate allocations. */
static void bottom(void)
{
	int other = size > 1 ? 1 : 0;
	int n = 20 * KD;
	double *a = malloc(sizeof(double) * (size_t)n), *b = malloc(sizeof(double) * (size_t)n);
	double *ra = malloc(sizeof(double) * (size_t)n), *rb = malloc(sizeof(double) * (size_t)n);
	for (int i = 0; i < n; i++) {
		a[i] = i + 0.5 + rank;
		b[i] = -i - 0.25 - rank;
		ra[i] = rb[i] = 7;
	}
	MPI_Aint ad[2];
	MPI_Get_address(a, &ad[0]);
	MPI_Get_address(b, &ad[1]);
	int bl[2] = { n, n };
	MPI_Datatype t, ty[2] = { MPI_DOUBLE, MPI_DOUBLE };
	MPI_Type_create_struct(2, bl, ad, ty, &t);
	t = commit(t);
	MPI_Get_address(ra, &ad[0]);
	MPI_Get_address(rb, &ad[1]);
	MPI_Datatype r;
	MPI_Type_create_struct(2, bl, ad, ty, &r);
	r = commit(r);
	MPI_Request q = MPI_REQUEST_NULL;
	if (rank == 0)
		TEST_MPI(MPI_Isend(MPI_BOTTOM, 1, t, other, 500, MPI_COMM_WORLD, &q));
	if (rank == other) {
		TEST_MPI(MPI_Recv(MPI_BOTTOM, 1, r, 0, 500, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		for (int i = 0; i < n; i++)
			TEST_CHECK(ra[i] == i + 0.5 && rb[i] == -i - 0.25);
	}
	TEST_MPI(MPI_Wait(&q, MPI_STATUS_IGNORE));
	MPI_Type_free(&t);
	MPI_Type_free(&r);
	free(a);
	free(b);
	free(ra);
	free(rb);
}

/* Both ranks send and receive typed at once (split copies both ways). */
static void sendrecv(MPI_Datatype t)
{
	int other = size > 1 ? 1 - rank : 0;
	struct side s = { t, 1 };
	size_t span = span_of(s);
	unsigned char *sb = pattern(span, rank, 600), *rb = malloc(span + 1);
	memset(rb, 0xa5, span);
	TEST_MPI(MPI_Sendrecv(sb, 1, t, other, 600, rb, 1, t, other, 600, MPI_COMM_WORLD,
			      MPI_STATUS_IGNORE));
	unsigned char *exp = expected(s, other, 600, span, s);
	TEST_CHECK(memcmp(rb, exp, span) == 0);
	free(sb);
	free(rb);
	free(exp);
}

int main(int argc, char **argv)
{
	mpitest_init(&argc, &argv, 1, &size, &rank);
	MPI_Datatype big = blocks(2 * KD), huge = blocks(4 * KD), mid = blocks(KD / 2), tiny = blocks(1);
	MPI_Datatype contig, irr, gappy, wide;
	MPI_Type_contiguous(128 * KD, MPI_DOUBLE, &contig);
	contig = commit(contig);
	/* irregular blocks of 24, 8 and 40 KiB, then 56 KiB, repeated */
	int ibl[] = { 3 * KD, KD, 5 * KD, 7 * KD }, idi[] = { 0, 4 * KD, 6 * KD, 12 * KD };
	MPI_Datatype quad;
	MPI_Type_indexed(4, ibl, idi, MPI_DOUBLE, &quad);
	MPI_Type_create_resized(quad, 0, 20 * KD * (MPI_Aint)sizeof(double), &irr);
	MPI_Type_free(&quad);
	irr = commit(irr);
	/* one 32 KiB piece per element, 8 KiB gaps: count > 1 of a resized type */
	MPI_Datatype run;
	MPI_Type_contiguous(4 * KD, MPI_DOUBLE, &run);
	MPI_Type_create_resized(run, 0, 5 * KD * (MPI_Aint)sizeof(double), &gappy);
	MPI_Type_free(&run);
	gappy = commit(gappy);
	/* 512 blocks of 2 KiB: its description (over 4 KiB) fits no cell */
	int wbl[512], wdi[512];
	for (int i = 0; i < 512; i++) {
		wbl[i] = 256;
		wdi[i] = 512 * i + (i % 3) * 8;
	}
	MPI_Type_indexed(512, wbl, wdi, MPI_DOUBLE, &wide);
	wide = commit(wide);

	struct side sbig = { big, 1 }, shuge = { huge, 1 }, smid = { mid, 1 }, stiny = { tiny, 1 };
	struct side scont = { contig, 1 }, sirr = { irr, 8 }, sgap = { gappy, 32 }, swide = { wide, 1 };
	int salt = 0;
	/* every pair of layouts of the same 1 MiB */
	struct side layouts[] = { sbig, smid, scont, stiny, sirr, sgap, swide };
	int nl = (int)(sizeof(layouts) / sizeof(layouts[0]));
	for (int i = 0; i < nl; i++)
		for (int j = 0; j < nl; j++)
			both_ways(layouts[i], layouts[j], salt += 2);

	short_and_truncated(big);

	/* a loop of sends whose types change: every rebuild and cache hit
	 * (big and huge have descriptions of the same length) */
	struct side cycle[] = { sbig, shuge, sbig, sbig, smid, sirr, shuge, sbig };
	for (int k = 0; k < 3; k++)
		for (int i = 0; i < 8; i++)
			both_ways(cycle[i], cycle[(i + 3) % 8], 100 + 16 * k + 2 * i);

	MPI_Datatype ty[3] = { big, irr, mid };
	unexpected_order(ty, 3);
	unexpected_order(ty, 1);
	bottom();
	sendrecv(big);
	sendrecv(irr);

	MPI_Type_free(&big);
	MPI_Type_free(&huge);
	MPI_Type_free(&mid);
	MPI_Type_free(&tiny);
	MPI_Type_free(&contig);
	MPI_Type_free(&irr);
	MPI_Type_free(&gappy);
	MPI_Type_free(&wide);
	MPI_Finalize();
	return 0;
}
