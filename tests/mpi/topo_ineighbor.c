/*
 * Description: MPI_Ineighbor_allgather(v), MPI_Ineighbor_alltoall(v/w)
 * and MPI_Neighbor_alltoallw (with the blocking versions of the others
 * for comparison) on a 2-D periodic torus, a 1 x n torus (the -1 and +1
 * neighbours are one process), a non-periodic 3-D grid (MPI_PROC_NULL
 * blocks left alone), a graph ring and a dist graph with a double edge
 * and unequal in/out degrees; alltoallw with a derived send type and byte
 * displacements; two nonblocking calls in flight on one communicator;
 * error classes.  Every block is checked against what the neighbour that
 * sends it must have put there, worked out from the topology.
 * np: 1 2 3 4 5 8
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

/* mpi.h defines MPI_UNWEIGHTED as a small integer pointer, which GCC 12
 * takes for a zero-sized object. */
#pragma GCC diagnostic ignored "-Wstringop-overread"
#pragma GCC diagnostic ignored "-Wstringop-overflow"

#define UNSET (-7)
#define MAXN 16
#define BUF 256

static int n, me;

/* A communicator with a topology and this rank's view of it. */
struct topo {
	MPI_Comm c;
	int nin, nout;
	int in[MAXN], out[MAXN];
	int from[MAXN]; /* from[j]: the out-slot in which in[j] sends to me */
};

/* The dist graph: rank p sends twice to p + 1, and once more to p + 3
 * when p is even. */
static int dist_outs(int p, int *list)
{
	int k = 0;
	list[k++] = (p + 1) % n;
	list[k++] = (p + 1) % n;
	if (p % 2 == 0)
		list[k++] = (p + 3) % n;
	return k;
}

/* Out-neighbours of rank p on a graph or the dist graph. */
static int outs_of(const struct topo *t, int kind, int p, int *list)
{
	int k;
	if (kind == MPI_DIST_GRAPH)
		return dist_outs(p, list);
	TEST_MPI(MPI_Graph_neighbors_count(t->c, p, &k));
	TEST_MPI(MPI_Graph_neighbors(t->c, p, MAXN, list));
	return k;
}

/* in, out and from[] of this rank.  Cartesian: the sender's slot is the
 * opposite one (j ^ 1).  Graphs: the m-th edge from p to me (in my in-list
 * order) is the m-th occurrence of me in p's out-list. */
static void view(struct topo *t)
{
	int kind;
	TEST_MPI(MPI_Topo_test(t->c, &kind));
	if (kind == MPI_CART) {
		int nd;
		TEST_MPI(MPI_Cartdim_get(t->c, &nd));
		t->nin = t->nout = 2 * nd;
		for (int d = 0; d < nd; d++)
			TEST_MPI(MPI_Cart_shift(t->c, d, 1, &t->in[2 * d], &t->in[2 * d + 1]));
		memcpy(t->out, t->in, sizeof(t->in));
		for (int j = 0; j < t->nin; j++)
			t->from[j] = j ^ 1;
		return;
	}
	if (kind == MPI_GRAPH) {
		t->nin = t->nout = outs_of(t, kind, me, t->in);
		memcpy(t->out, t->in, sizeof(t->in));
	} else {
		int w, sw[MAXN], dw[MAXN];
		TEST_MPI(MPI_Dist_graph_neighbors_count(t->c, &t->nin, &t->nout, &w));
		TEST_MPI(MPI_Dist_graph_neighbors(t->c, MAXN, t->in, sw, MAXN, t->out, dw));
	}
	for (int j = 0; j < t->nin; j++) {
		int m = 0, list[MAXN], k = outs_of(t, kind, t->in[j], list);
		for (int q = 0; q < j; q++)
			m += t->in[q] == t->in[j];
		t->from[j] = -1;
		for (int i = 0; i < k && t->from[j] < 0; i++)
			if (list[i] == me && m-- == 0)
				t->from[j] = i;
		TEST_CHECK(t->from[j] >= 0);
	}
}

static int val(int p, int slot, int e)
{
	return 1000 * p + 10 * slot + e;
}

/* n blocks of c ints, block j at c j. */
static void uniform(int *cnt, int *dsp, int n, int c)
{
	for (int j = 0; j < n; j++) {
		cnt[j] = c;
		dsp[j] = c * j;
	}
}

static void clear(int *rb)
{
	for (int i = 0; i < BUF; i++)
		rb[i] = UNSET;
}

static void wait_for(MPI_Request *rq)
{
	TEST_MPI(MPI_Wait(rq, MPI_STATUS_IGNORE));
}

/* Block j of rb (cnt ints at dsp) holds what in[j] sent in slot from[j]
 * (slot -1: allgather, no slot), or UNSET for MPI_PROC_NULL; the rest of
 * rb is UNSET. */
static void check_blocks(const struct topo *t, const int *rb, const int *cnt, const int *dsp,
			 int allgather)
{
	int seen = 0, left = 0;
	for (int j = 0; j < t->nin; j++) {
		if (t->in[j] == MPI_PROC_NULL)
			continue;
		for (int e = 0; e < cnt[j]; e++, seen++)
			TEST_CHECK(rb[dsp[j] + e] == val(t->in[j], allgather ? 0 : t->from[j], e));
	}
	for (int i = 0; i < BUF; i++)
		left += rb[i] == UNSET;
	TEST_CHECK(left == BUF - seen);
}

static void allgathers(const struct topo *t, int nb)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int sb[4], rb[BUF], cnt[MAXN], dsp[MAXN];
	for (int e = 0; e < 4; e++)
		sb[e] = val(me, 0, e);
	uniform(cnt, dsp, t->nin, 2);
	clear(rb);
	TEST_MPI(nb ? MPI_Ineighbor_allgather(sb, 2, MPI_INT, rb, 2, MPI_INT, t->c, &rq)
		    : MPI_Neighbor_allgather(sb, 2, MPI_INT, rb, 2, MPI_INT, t->c));
	wait_for(&rq);
	check_blocks(t, rb, cnt, dsp, 1);
	/* v: in[j] sends 1 + in[j] % 3 ints; blocks reversed, with gaps */
	for (int j = 0; j < t->nin; j++) {
		cnt[j] = t->in[j] == MPI_PROC_NULL ? 0 : 1 + t->in[j] % 3;
		dsp[j] = 4 * (t->nin - 1 - j) + 1;
	}
	clear(rb);
	TEST_MPI(nb ? MPI_Ineighbor_allgatherv(sb, 1 + me % 3, MPI_INT, rb, cnt, dsp, MPI_INT, t->c, &rq)
		    : MPI_Neighbor_allgatherv(sb, 1 + me % 3, MPI_INT, rb, cnt, dsp, MPI_INT, t->c));
	wait_for(&rq);
	check_blocks(t, rb, cnt, dsp, 1);
}

static void alltoalls(const struct topo *t, int nb)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	int sb[BUF], rb[BUF], sc[MAXN], sd[MAXN], rc[MAXN], rd[MAXN];
	for (int i = 0; i < t->nout; i++)
		for (int e = 0; e < 4; e++)
			sb[4 * i + e] = val(me, i, e);
	uniform(rc, rd, t->nin, 2);
	/* fixed size: block i is 2 ints at 2 i, so rebuild the send buffer */
	int sb2[BUF];
	for (int i = 0; i < t->nout; i++)
		for (int e = 0; e < 2; e++)
			sb2[2 * i + e] = val(me, i, e);
	clear(rb);
	TEST_MPI(nb ? MPI_Ineighbor_alltoall(sb2, 2, MPI_INT, rb, 2, MPI_INT, t->c, &rq)
		    : MPI_Neighbor_alltoall(sb2, 2, MPI_INT, rb, 2, MPI_INT, t->c));
	wait_for(&rq);
	check_blocks(t, rb, rc, rd, 0);
	/* v: slot i carries 1 + (me + i) % 3 ints from 4 i */
	for (int i = 0; i < t->nout; i++) {
		sc[i] = 1 + (me + i) % 3;
		sd[i] = 4 * i;
	}
	for (int j = 0; j < t->nin; j++) {
		rc[j] = t->in[j] == MPI_PROC_NULL ? 0 : 1 + (t->in[j] + t->from[j]) % 3;
		rd[j] = 4 * (t->nin - 1 - j) + 1;
	}
	clear(rb);
	TEST_MPI(nb ? MPI_Ineighbor_alltoallv(sb, sc, sd, MPI_INT, rb, rc, rd, MPI_INT, t->c, &rq)
		    : MPI_Neighbor_alltoallv(sb, sc, sd, MPI_INT, rb, rc, rd, MPI_INT, t->c));
	wait_for(&rq);
	check_blocks(t, rb, rc, rd, 0);
}

/* alltoallw: slot i sends (1 + i % 2) pairs (a contiguous of 2 ints) from
 * byte 16 i; the receiver takes plain ints at reversed byte offsets. */
static void alltoallw(const struct topo *t, int nb)
{
	MPI_Request rq = MPI_REQUEST_NULL;
	MPI_Datatype pair, st[MAXN], rt[MAXN];
	MPI_Aint sd[MAXN], rd[MAXN];
	int sb[BUF], rb[BUF], sc[MAXN], rc[MAXN], rdi[MAXN];
	TEST_MPI(MPI_Type_contiguous(2, MPI_INT, &pair));
	TEST_MPI(MPI_Type_commit(&pair));
	for (int i = 0; i < t->nout; i++) {
		sc[i] = 1 + i % 2;
		sd[i] = 16 * i;
		st[i] = pair;
		for (int e = 0; e < 4; e++)
			sb[4 * i + e] = val(me, i, e);
	}
	for (int j = 0; j < t->nin; j++) {
		rc[j] = t->in[j] == MPI_PROC_NULL ? 0 : 2 * (1 + t->from[j] % 2);
		rdi[j] = 5 * (t->nin - 1 - j) + 1;
		rd[j] = (MPI_Aint)sizeof(int) * rdi[j];
		rt[j] = MPI_INT;
	}
	clear(rb);
	TEST_MPI(nb ? MPI_Ineighbor_alltoallw(sb, sc, sd, st, rb, rc, rd, rt, t->c, &rq)
		    : MPI_Neighbor_alltoallw(sb, sc, sd, st, rb, rc, rd, rt, t->c));
	wait_for(&rq);
	check_blocks(t, rb, rc, rdi, 0);
	MPI_Type_free(&pair);
}

/* Two nonblocking calls in flight on one communicator, completed in the
 * opposite order. */
static void overlap(const struct topo *t)
{
	MPI_Request q[2];
	MPI_Status sts[2];
	int sb[BUF], rb1[BUF], rb2[BUF], cnt[MAXN], dsp[MAXN];
	for (int i = 0; i < t->nout; i++)
		sb[i] = val(me, i, 0);
	uniform(cnt, dsp, t->nin, 1);
	clear(rb1);
	clear(rb2);
	int mine = val(me, 0, 0);
	TEST_MPI(MPI_Ineighbor_alltoall(sb, 1, MPI_INT, rb1, 1, MPI_INT, t->c, &q[0]));
	TEST_MPI(MPI_Ineighbor_allgather(&mine, 1, MPI_INT, rb2, 1, MPI_INT, t->c, &q[1]));
	TEST_MPI(MPI_Wait(&q[1], &sts[1]));
	TEST_MPI(MPI_Wait(&q[0], &sts[0]));
	check_blocks(t, rb1, cnt, dsp, 0);
	check_blocks(t, rb2, cnt, dsp, 1);
}

static void run(MPI_Comm c)
{
	struct topo t = { .c = c };
	view(&t);
	for (int nb = 0; nb < 2; nb++) {
		allgathers(&t, nb);
		alltoalls(&t, nb);
		alltoallw(&t, nb);
	}
	overlap(&t);
	MPI_Request rq;
	int x[MAXN], y[MAXN];
	TEST_CHECK(MPI_Ineighbor_alltoall(x, 1, MPI_INT, y, 1, MPI_INT, c, NULL) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Ineighbor_allgather(x, -1, MPI_INT, y, 1, MPI_INT, c, &rq) == MPI_ERR_COUNT);
	if (t.nout > 0)
		TEST_CHECK(MPI_Neighbor_alltoallw(x, x, NULL, NULL, y, x, NULL, NULL, c) ==
			   MPI_ERR_ARG);
	TEST_MPI(MPI_Comm_free(&c));
}

int main(int argc, char **argv)
{
	MPI_Comm c;
	mpitest_init(&argc, &argv, 1, &n, &me);
	int dims[2] = { 0, 0 }, per[2] = { 1, 1 }, line[2] = { 1, n };
	TEST_MPI(MPI_Dims_create(n, 2, dims));
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, per, 0, &c));
	run(c);
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 2, line, per, 0, &c));
	run(c);
	int d3[3] = { 0, 0, 0 }, p3[3] = { 0, 0, 0 };
	TEST_MPI(MPI_Dims_create(n, 3, d3));
	TEST_MPI(MPI_Cart_create(MPI_COMM_WORLD, 3, d3, p3, 0, &c));
	run(c);
	/* graph ring: node i has neighbours i - 1, i + 1 */
	int index[64], edges[128];
	for (int i = 0; i < n; i++) {
		index[i] = 2 * (i + 1);
		edges[2 * i] = (i - 1 + n) % n;
		edges[2 * i + 1] = (i + 1) % n;
	}
	TEST_MPI(MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 0, &c));
	run(c);
	/* dist graph: in-list in rank, then out-list, order */
	int outs[MAXN], ins[MAXN], nout = dist_outs(me, outs), nin = 0;
	for (int p = 0; p < n; p++) {
		int list[MAXN], k = dist_outs(p, list);
		for (int i = 0; i < k; i++)
			if (list[i] == me)
				ins[nin++] = p;
	}
	TEST_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, nin, ins, MPI_UNWEIGHTED, nout, outs,
						MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c));
	run(c);
	int x = 0, y;
	MPI_Request rq;
	TEST_CHECK(MPI_Ineighbor_allgather(&x, 1, MPI_INT, &y, 1, MPI_INT, MPI_COMM_WORLD, &rq) ==
		   MPI_ERR_TOPOLOGY);
	MPI_Finalize();
	return 0;
}
