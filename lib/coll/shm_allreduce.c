/*
 * lib/coll/shm_allreduce.c - allreduce and reduce of vectors too large for
 * the per-member slots of lib/coll/shm.c: reduce-scatter and allgather (or
 * gather) through one area of the segment.
 *
 * The vector goes in pieces of up to `piece` bytes.  For each piece:
 *
 *   1. every member copies its part of the piece into contrib[me];
 *   2. sync A (every contribution is written);
 *   3. member i folds chunk i of the piece over contrib[0..n-1] in rank
 *      order into result (so non-commutative ops are right and every
 *      member gets bit-identical results);
 *   4. sync B (every chunk is reduced);
 *   5. every member (MPI_Reduce: the root) copies result into its receive
 *      buffer.
 *
 * A sync is the flag barrier of lib/coll/shm.c (mpii_shm_sync), whose
 * announce comes after the member's reads and writes before it.  Reuse is
 * safe without double buffering: contrib[me] is rewritten (step 1 of the
 * next piece) after B, when every member has finished reading it; result
 * is rewritten (step 3) after the next A, when every member has finished
 * copying it out.  After the last piece, an operation that writes
 * result again starts with an A or waits for every member's flag past the
 * call (lib/coll/shm_bcast.c), so the last copy out is covered too.  So a piece costs two syncs and each member moves
 * 2 * piece + piece/n * n bytes - against recursive doubling's log2(n)
 * full-vector exchanges and reductions, and the ring's 2(n-1) steps, each
 * a round of context switches when ranks share cores.
 *
 * The area (mpii_shm_big: (n + 1) pieces) is shared with the large bcast
 * of lib/coll/shm_bcast.c; an allreduce starts once every member is done
 * with the operations before it.
 */
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"

/* Elements [lo, lo + cnt) of the piece are chunk i of n. */
static void chunk(MPI_Count count, int n, int i, MPI_Count *lo, MPI_Count *cnt)
{
	MPI_Count base = count / n, extra = count % n;
	*cnt = base + (i < extra);
	*lo = i * base + (i < extra ? i : extra);
}

/* Fold chunk me of the piece (count elements) into the result: every
 * contribution is checked first (lib/coll/shm_check.c; seq: sync A's),
 * and the chunk written is stamped for the copiers. */
static void fold_chunk(struct mpii_comm *c, struct mpii_coll_state *cs, uint64_t seq, MPI_Count count,
		       size_t bytes, struct mpii_datatype *dt, struct mpii_op *op)
{
	char *area = cs->big;
	size_t piece = cs->big_piece;
	int n = c->size, me = c->rank;
	MPI_Count lo, cnt;
	chunk(count, n, me, &lo, &cnt);
	if (!cnt)
		return;
	for (int j = 0; j < n; j++)
		if (j != me)
			mpii_shm_check(c, cs, j, seq, j, area + (size_t)j * piece, bytes);
	size_t off = (size_t)(lo * dt->extent), len = (size_t)(cnt * dt->extent);
	char *result = area + (size_t)n * piece + off;
	memcpy(result, area + (size_t)(n - 1) * piece + off, len);
	for (int j = n - 2; j >= 0; j--)
		mpii_op_apply(op, area + (size_t)j * piece + off, result, cnt, dt);
	mpii_shm_stamp(cs, n, n + 1 + me, seq, me, result, len);
}

/* Check every chunk of the result (seq: the sync A of their fold). */
static void check_result(struct mpii_comm *c, struct mpii_coll_state *cs, uint64_t seq, MPI_Count count,
			 struct mpii_datatype *dt)
{
	int n = c->size;
	char *result = (char *)cs->big + (size_t)n * cs->big_piece;
	for (int i = 0; i < n; i++) {
		MPI_Count lo, cnt;
		chunk(count, n, i, &lo, &cnt);
		if (cnt && i != c->rank)
			mpii_shm_check(c, cs, n + 1 + i, seq, i, result + (size_t)(lo * dt->extent),
				       (size_t)(cnt * dt->extent));
	}
}

int mpii_shm_reduce_large(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
			  struct mpii_op *op, int root, struct mpii_comm *c)
{
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs || !(dt->flags & MPII_DT_PREDEFINED) || dt->true_lb != 0 || dt->extent != dt->size ||
	    !mpii_shm_big(c, cs))
		return MPII_SHM_DECLINED;
	int n = c->size, me = c->rank;
	/* The area may still be read by a large bcast's last readers. */
	mpii_shm_wait_all(cs, n, cs->seq);
	const char *in = sbuf == MPI_IN_PLACE ? rbuf : sbuf;
	char *out = rbuf;
	MPI_Count per = (MPI_Count)cs->big_piece / dt->extent;
	for (MPI_Count done = 0; done < count; done += per) {
		MPI_Count k = count - done < per ? count - done : per;
		size_t bytes = (size_t)(k * dt->extent), at = (size_t)(done * dt->extent);
		char *mine = (char *)cs->big + (size_t)me * cs->big_piece;
		memcpy(mine, in + at, bytes);
		mpii_shm_stamp(cs, n, me, cs->seq + 1, me, mine, bytes);
		mpii_shm_sync(c, cs);                                   /* A */
		uint64_t a = cs->seq;
		fold_chunk(c, cs, a, k, bytes, dt, op);
		mpii_shm_sync(c, cs);                                   /* B */
		if (root < 0 || root == me) {
			check_result(c, cs, a, k, dt);
			memcpy(out + at, (char *)cs->big + (size_t)n * cs->big_piece, bytes);
		}
	}
	return MPI_SUCCESS;
}
