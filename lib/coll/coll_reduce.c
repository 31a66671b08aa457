/*
 * lib/coll/coll_reduce.c - reduce, allreduce, reduce_scatter(_block), scan and
 * exscan.
 *
 * Every algorithm here combines contributions in rank order (a partial
 * result always covers a contiguous range of ranks, and the lower range is
 * the left operand), so non-commutative user ops are correct everywhere
 * except in the ring allreduce, which is only chosen for commutative ops.
 *
 * Blocking reduce and allreduce with a commutative op on a communicator
 * spanning several NUMA nodes go in two levels first (lib/coll/coll_hier.c).
 *
 *   reduce     shm (blocking, small, predefined type) | binomial tree on
 *              absolute ranks into rank 0, then one hop to the root
 *   allreduce  shm | recursive doubling (MPICH's fold of the ranks beyond
 *              the largest power of two) | ring (reduce-scatter + allgather)
 *   reduce_scatter  reduce to rank 0, then scatterv
 *   scan, exscan    recursive doubling (intracommunicators only: the
 *                   standard does not define them on intercommunicators)
 *
 * Intercommunicators go to lib/coll/coll_inter.c.
 */
#include <stdlib.h>
#include "lib/coll/coll.h"
#include "lib/coll/nbc.h"

static char *at(void *buf, MPI_Aint disp, const struct mpii_datatype *dt)
{
	return (char *)buf + disp * dt->extent;
}

void mpii_build_reduce(struct mpii_sched *s, const void *sbuf, void *rbuf, MPI_Count count,
		       struct mpii_datatype *dt, struct mpii_op *op, int root, int n, int r)
{
	const void *mine = sbuf == MPI_IN_PLACE ? rbuf : sbuf;
	/* acc: the running result of ranks [r, r + mask), read-only; it starts
	 * as this rank's own data, so a leaf sends straight from it and nothing
	 * is copied into scratch first.  Each received partial lands in a
	 * buffer other than acc and becomes acc op partial there; rank 0's
	 * last one lands in rbuf when it is the root and rbuf is not its
	 * input (np=2, 1 MiB: two 1 MiB copies fewer). */
	const void *acc = mine;
	void *tmp[2] = { NULL, NULL };
	int last = 1;
	while (last * 2 < n)
		last *= 2;
	for (int mask = 1, k = 0; mask < n; mask <<= 1) {
		if (r & mask) {
			mpii_sched_send(s, acc, count, dt, r - mask);
			mpii_sched_fence(s);
			break;
		}
		if ((r | mask) < n) {
			void *land;
			if (r == 0 && root == 0 && mask == last && sbuf != MPI_IN_PLACE) {
				land = rbuf;
			} else {
				if (!tmp[k])
					tmp[k] = mpii_sched_tmp(s, count, dt);
				if (!tmp[k])
					return;
				land = tmp[k];
				k ^= 1;
			}
			mpii_sched_recv(s, land, count, dt, r | mask);
			mpii_sched_fence(s);
			/* land = acc op land (acc holds the lower ranks) */
			mpii_sched_reduce(s, acc, land, count, dt, op);
			acc = land;
		}
	}
	if (r == 0) {
		if (root != 0)
			mpii_sched_send(s, acc, count, dt, root);
		else if (acc != rbuf)
			mpii_sched_copy(s, acc, count, dt, rbuf, count, dt);
	}
	if (r == root && root != 0)
		mpii_sched_recv(s, rbuf, count, dt, 0);
	mpii_sched_fence(s);
}

static void hold(struct mpii_sched *s, struct mpii_request **reqp, struct mpii_datatype *dt,
		 struct mpii_op *op)
{
	if (reqp) {
		mpii_sched_hold_type(s, dt);
		mpii_sched_hold_op(s, op);
	}
}

int mpii_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		struct mpii_op *op, int root, struct mpii_comm *c, struct mpii_request **reqp)
{
	mpii_coll_config_init();
	if (c->is_inter)
		return mpii_inter_reduce(sbuf, rbuf, count, dt, op, root, c, reqp);
	int alg = mpii_coll_cfg.reduce;
	if (!reqp && c->size > 1 && count > 0 && (alg == MPII_ALG_AUTO || alg == MPII_ALG_SHM)) {
		int rc = mpii_hier_reduce(sbuf, rbuf, count, dt, op, root, c);
		if (rc == MPII_SHM_DECLINED)
			rc = mpii_shm_reduce(sbuf, rbuf, count, dt, op, root, c);
		if (rc == MPII_SHM_DECLINED && c->size > 2 && (size_t)(count * dt->size) >= mpii_coll_cfg.shm_large_min)
			rc = mpii_shm_reduce_large(sbuf, rbuf, count, dt, op, root, c);
		if (rc != MPII_SHM_DECLINED)
			return rc;
	}
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	hold(s, reqp, dt, op);
	if (count > 0) {
		if (c->size == 1) {
			if (sbuf != MPI_IN_PLACE)
				mpii_sched_copy(s, sbuf, count, dt, rbuf, count, dt);
		} else {
			mpii_build_reduce(s, sbuf, rbuf, count, dt, op, root, c->size, c->rank);
		}
	}
	return mpii_sched_finish(s, reqp);
}

/* Recursive doubling into rbuf (which already holds this rank's data). */
static void build_allreduce_rd(struct mpii_sched *s, void *rbuf, MPI_Count count,
			       struct mpii_datatype *dt, struct mpii_op *op, int n, int r)
{
	void *tmp = mpii_sched_tmp(s, count, dt);
	if (!tmp)
		return;
	int pof2 = 1;
	while (pof2 * 2 <= n)
		pof2 *= 2;
	int rem = n - pof2, newrank;
	/* The first 2*rem ranks pair up: odd ones hold a(r-1) op a(r). */
	if (r < 2 * rem) {
		if (r % 2 == 0) {
			mpii_sched_send(s, rbuf, count, dt, r + 1);
			newrank = -1;
		} else {
			mpii_sched_recv(s, tmp, count, dt, r - 1);
			mpii_sched_fence(s);
			mpii_sched_reduce(s, tmp, rbuf, count, dt, op);
			newrank = r / 2;
		}
		mpii_sched_fence(s);
	} else {
		newrank = r - rem;
	}
	if (newrank >= 0) {
		for (int mask = 1; mask < pof2; mask <<= 1) {
			int nd = newrank ^ mask;
			int dst = nd < rem ? nd * 2 + 1 : nd + rem;
			mpii_sched_send(s, rbuf, count, dt, dst);
			mpii_sched_recv(s, tmp, count, dt, dst);
			mpii_sched_fence(s);
			if (dst < r || op->commute) {
				mpii_sched_reduce(s, tmp, rbuf, count, dt, op);
			} else {
				mpii_sched_reduce(s, rbuf, tmp, count, dt, op);
				mpii_sched_copy(s, tmp, count, dt, rbuf, count, dt);
			}
		}
	}
	if (r < 2 * rem) {
		if (r % 2)
			mpii_sched_send(s, rbuf, count, dt, r - 1);
		else
			mpii_sched_recv(s, rbuf, count, dt, r + 1);
		mpii_sched_fence(s);
	}
}

/* Ring: reduce-scatter then allgather of n chunks (commutative ops).
 * With a separate send buffer rbuf starts empty: a chunk arriving from the
 * left lands in its place in rbuf and this rank's contribution is folded
 * into it from sbuf, so nothing is copied from sbuf to rbuf first (1 MiB:
 * a 50 us memcpy saved) and no scratch is needed.  In place, the
 * contribution is in rbuf, so arrivals go through tmp. */
static void build_allreduce_ring(struct mpii_sched *s, const void *sbuf, void *rbuf, MPI_Count count,
				 struct mpii_datatype *dt, struct mpii_op *op, int n, int r)
{
	MPI_Count base = count / n, extra = count % n;
	int in_place = sbuf == MPI_IN_PLACE;
	void *tmp = in_place ? mpii_sched_tmp(s, base + 1, dt) : NULL;
	if (in_place && !tmp)
		return;
#define CHUNK_CNT(i) (base + ((i) < extra))
#define CHUNK_OFF(i) ((i) * base + ((i) < extra ? (i) : extra))
	int right = (r + 1) % n, left = (r - 1 + n) % n;
	for (int k = 0; k < n - 1; k++) {
		int sc = (r - k + n) % n, rc = (r - k - 1 + n) % n;
		/* The first chunk out is this rank's own contribution. */
		const void *from = k == 0 && !in_place ? sbuf : rbuf;
		char *land = at(rbuf, CHUNK_OFF(rc), dt);
		mpii_sched_send(s, at((void *)from, CHUNK_OFF(sc), dt), CHUNK_CNT(sc), dt, right);
		mpii_sched_recv(s, in_place ? tmp : land, CHUNK_CNT(rc), dt, left);
		mpii_sched_fence(s);
		mpii_sched_reduce(s, in_place ? tmp : at((void *)sbuf, CHUNK_OFF(rc), dt), land, CHUNK_CNT(rc), dt,
				  op);
	}
	for (int k = 0; k < n - 1; k++) {
		int sc = (r + 1 - k + n) % n, rc = (r - k + n) % n;
		mpii_sched_send(s, at(rbuf, CHUNK_OFF(sc), dt), CHUNK_CNT(sc), dt, right);
		mpii_sched_recv(s, at(rbuf, CHUNK_OFF(rc), dt), CHUNK_CNT(rc), dt, left);
		mpii_sched_fence(s);
	}
#undef CHUNK_CNT
#undef CHUNK_OFF
}

/* Bytes from which the ring beats recursive doubling.  Two ranks: the
 * ring is reduce-scatter + allgather of halves, which halves the reduction
 * each rank does; measured (perf/coll) to win over recursive doubling from
 * 16 KiB (64 KiB: 16 vs 27 us, 1 MiB: 214 vs 343 us) and over the segment
 * area from 32 KiB (SHMPI_COLL_RING_MIN2). */
static size_t ring_min(int n)
{
	return n == 2 ? mpii_coll_cfg.ring_min2 : mpii_coll_cfg.ring_min;
}

/* Whether a vector too large for the shm slots goes through the segment's
 * reduce-scatter + allgather (lib/coll/shm_allreduce.c).  Measured with
 * perf/coll on 2 cores: with 8 ranks it beats recursive doubling and the
 * ring at every size (64 KiB: 65 vs 215-260 us, 1 MiB: 1.2-1.4 vs 1.6-1.8
 * ms); with 2 ranks only below 32 KiB (8 KiB: 3.1 vs 5.6 us), above which
 * the ring's single copies (CMA) win (1 MiB: 195 vs 300 us). */
static int shm_large(int n, size_t bytes)
{
	return n == 2 ? bytes < mpii_coll_cfg.ring_min2 : bytes >= mpii_coll_cfg.shm_large_min;
}

int mpii_allreduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		   struct mpii_op *op, struct mpii_comm *c, struct mpii_request **reqp)
{
	mpii_coll_config_init();
	if (c->is_inter)
		return mpii_inter_allreduce(sbuf, rbuf, count, dt, op, c, reqp);
	int alg = mpii_coll_cfg.allreduce;
	if (!reqp && c->size > 1 && count > 0 && (alg == MPII_ALG_AUTO || alg == MPII_ALG_SHM)) {
		int rc = mpii_hier_allreduce(sbuf, rbuf, count, dt, op, c);
		if (rc == MPII_SHM_DECLINED)
			rc = mpii_shm_allreduce(sbuf, rbuf, count, dt, op, c);
		if (rc == MPII_SHM_DECLINED && shm_large(c->size, (size_t)(count * dt->size)))
			rc = mpii_shm_reduce_large(sbuf, rbuf, count, dt, op, -1, c);
		if (rc != MPII_SHM_DECLINED)
			return rc;
	}
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	hold(s, reqp, dt, op);
	if (count > 0) {
		int n = c->size;
		int ring = op->commute && count >= n && n > 1 &&
			   (alg == MPII_ALG_RING ||
			    (alg == MPII_ALG_AUTO && (size_t)(count * dt->size) >= ring_min(n)));
		if (ring) {
			build_allreduce_ring(s, sbuf, rbuf, count, dt, op, n, c->rank);
		} else {
			if (sbuf != MPI_IN_PLACE)
				mpii_sched_copy(s, sbuf, count, dt, rbuf, count, dt);
			if (n > 1)
				build_allreduce_rd(s, rbuf, count, dt, op, n, c->rank);
		}
	}
	return mpii_sched_finish(s, reqp);
}

/* Ring reduce-scatter for more than two ranks (commutative ops, a send
 * buffer): at step k rank r passes the partial sum of block r - k - 1 to
 * its right neighbour and gets that of block r - k - 2 from its left, into
 * which it folds its own contribution; after n - 1 steps the block that
 * arrives is its own, complete, straight into rbuf.  Partial blocks
 * alternate between two scratch blocks, so a block is sent while the next
 * arrives.  Every rank moves n - 1 blocks once; reduce + scatterv moved
 * the whole vector log n times and then its blocks again from rank 0
 * (perf/coll np=4 on 2 cores, 8-16 KiB blocks: 1.2-1.3x Open MPI's time;
 * the figures with the ring are in ChangeLog). */
static void build_reduce_scatter_ring(struct mpii_sched *s, const void *sbuf, void *rbuf,
				      const MPI_Count *rcounts, const MPI_Aint *displs,
				      struct mpii_datatype *dt, struct mpii_op *op, int n, int r)
{
	MPI_Count most = 0;
	for (int i = 0; i < n; i++)
		most = rcounts[i] > most ? rcounts[i] : most;
	void *tmp[2] = { mpii_sched_tmp(s, most, dt), mpii_sched_tmp(s, most, dt) };
	if (!tmp[0] || !tmp[1])
		return;
	int right = (r + 1) % n, left = (r - 1 + n) % n;
	for (int k = 0; k < n - 1; k++) {
		int sb = (r - k - 1 + 2 * n) % n, rb = (r - k - 2 + 2 * n) % n;
		/* The first block out is this rank's contribution as it is. */
		const void *out = k == 0 ? at((void *)sbuf, displs[sb], dt) : tmp[(k - 1) & 1];
		void *land = k == n - 2 ? rbuf : tmp[k & 1];
		mpii_sched_send(s, out, rcounts[sb], dt, right);
		mpii_sched_recv(s, land, rcounts[rb], dt, left);
		mpii_sched_fence(s);
		mpii_sched_reduce(s, at((void *)sbuf, displs[rb], dt), land, rcounts[rb], dt, op);
	}
}

int mpii_reduce_scatter(const void *sbuf, void *rbuf, const MPI_Count *rcounts,
			struct mpii_datatype *dt, struct mpii_op *op, struct mpii_comm *c,
			struct mpii_request **reqp)
{
	if (c->is_inter)
		return mpii_inter_reduce_scatter(sbuf, rbuf, rcounts, dt, op, c, reqp);
	int n = c->size, r = c->rank;
	MPI_Count total = 0;
	MPI_Aint *displs = malloc(sizeof(MPI_Aint) * (size_t)n);
	if (!displs)
		return MPI_ERR_NO_MEM;
	for (int i = 0; i < n; i++) {
		displs[i] = (MPI_Aint)total;
		total += rcounts[i];
	}
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s) {
		free(displs);
		return MPI_ERR_NO_MEM;
	}
	hold(s, reqp, dt, op);
	if (n == 2 && op->commute && sbuf != MPI_IN_PLACE && total > 0) {
		/* Two ranks: each sends the other the block that is its, and
		 * reduces the block it gets into its own -- half the vector each
		 * way and both reducing at once, where a reduce to rank 0 and a
		 * scatterv move the whole vector and reduce it on one rank
		 * (perf/coll -k reduce_scatter, np=2).  Commutative ops only: the
		 * two ranks combine the operands in opposite orders. */
		int p = 1 - r;
		mpii_sched_send(s, at((void *)sbuf, displs[p], dt), rcounts[p], dt, p);
		mpii_sched_recv(s, rbuf, rcounts[r], dt, p);
		mpii_sched_fence(s);
		mpii_sched_reduce(s, at((void *)sbuf, displs[r], dt), rbuf, rcounts[r], dt, op);
	} else if (n > 2 && op->commute && sbuf != MPI_IN_PLACE && total > 0) {
		build_reduce_scatter_ring(s, sbuf, rbuf, rcounts, displs, dt, op, n, r);
	} else if (total > 0) {
		void *tmp = mpii_sched_tmp(s, total, dt);
		if (tmp) {
			const void *in = sbuf == MPI_IN_PLACE ? rbuf : sbuf;
			if (n == 1)
				mpii_sched_copy(s, in, total, dt, tmp, total, dt);
			else
				mpii_build_reduce(s, in, tmp, total, dt, op, 0, n, r);
			mpii_build_scatterv(s, tmp, rcounts, displs, dt, rbuf, rcounts[r], dt, 0, n, r);
		}
	}
	free(displs);
	return mpii_sched_finish(s, reqp);
}

int mpii_scan(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
	      struct mpii_op *op, int exclusive, struct mpii_comm *c, struct mpii_request **reqp)
{
	if (c->is_inter)
		return MPI_ERR_COMM; /* not defined there */
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	hold(s, reqp, dt, op);
	int n = c->size, r = c->rank;
	if (count > 0) {
		const void *mine = sbuf == MPI_IN_PLACE ? rbuf : sbuf;
		void *partial = mpii_sched_tmp(s, count, dt);
		void *tmp = mpii_sched_tmp(s, count, dt);
		if (partial && tmp) {
			mpii_sched_copy(s, mine, count, dt, partial, count, dt);
			if (!exclusive && sbuf != MPI_IN_PLACE)
				mpii_sched_copy(s, sbuf, count, dt, rbuf, count, dt);
			int have = !exclusive;
			for (int mask = 1; mask < n; mask <<= 1) {
				int dst = r ^ mask;
				if (dst >= n)
					continue;
				mpii_sched_send(s, partial, count, dt, dst);
				mpii_sched_recv(s, tmp, count, dt, dst);
				mpii_sched_fence(s);
				if (dst < r) {
					/* tmp covers lower ranks: it is the left operand */
					if (have) {
						mpii_sched_reduce(s, tmp, rbuf, count, dt, op);
					} else {
						mpii_sched_copy(s, tmp, count, dt, rbuf, count, dt);
						have = 1;
					}
					mpii_sched_reduce(s, tmp, partial, count, dt, op);
				} else {
					mpii_sched_reduce(s, partial, tmp, count, dt, op);
					mpii_sched_copy(s, tmp, count, dt, partial, count, dt);
				}
			}
		}
	}
	return mpii_sched_finish(s, reqp);
}
