/*
 * lib/coll/shm_small.c - small fixed-size gather, scatter, allgather and
 * alltoall through the segment: which path each takes, and the allgather
 * and alltoall through the parity slots of lib/coll/shm.c.
 *
 * The entry points (lib/coll/coll_api.c) call these for blocking calls on
 * intracommunicators before they build count and displacement arrays; on
 * MPII_SHM_DECLINED they build them and run the point-to-point schedule.
 * Every member must decide alike: the decision depends only on the size,
 * the packed bytes of a block (count x type size, equal on every member
 * by the type-signature rule, whatever types each passed), and on
 * collective set-up.  Blocks are packed into the segment and unpacked
 * out, so derived types take the same paths.
 *
 *   gather    per-member queues of lib/coll/shm_rqueue.c (blocks up to
 *             MPII_RQ_SLOT - 8 bytes; up to MPII_GQ_SLOT - 8 among at
 *             most 8 members, MPII_GQ32_SLOT - 8 too; MPII_GQ64_SLOT - 8
 *             among at most 4):
 *             non-roots write and return
 *   scatter   the bcast queue of lib/coll/shm_queue.c (the n - 1
 *             blocks of the other members together up to MPII_BQ_SLOT - 8
 *             bytes; two members: the medium queues, up to MPII_MQ64_SLOT - 8):
 *             the root writes and returns
 *   allgather and alltoall: the exchange of lib/coll/shm_exchange.c
 *             (the allreduce protocol: each member writes what it sends,
 *             announces it, waits for every member's and reads its
 *             blocks out); up to SHMPI_COLL_SHM_SLOT bytes written per
 *             member (alltoall: all n blocks)
 *
 * Two members with blocks of 2-8 KiB take none of these (pair_medium).
 * Everything written to the segment by one member is at most
 * SHMPI_COLL_SMALL_MAX bytes (0 turns these paths off).
 */
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"

/* Whether a member may write `bytes` (its whole part) through the segment
 * with at most `limit` bytes of room (0: a slot); the same on every member. */
static int fits(struct mpii_comm *c, MPI_Count bytes, size_t limit)
{
	mpii_coll_config_init();
	if (!limit)
		limit = mpii_coll_cfg.shm_slot;
	return c->size > 1 && !c->is_inter && bytes > 0 && (size_t)bytes <= limit &&
	       (size_t)bytes <= mpii_coll_cfg.small_max;
}

/* Two members, blocks of more than 2 KiB up to 8 KiB: a gather's,
 * scatter's or allgather's block goes faster as one eager message (a ring
 * cell) than through the queues or the parity slots.  perf/coll np=2
 * with SHMPI_COLL_SMALL_MAX=2048 against the queues of 16 slots, 9
 * interleaved rounds: scatter 4 KiB 0.78x of the time, 8 KiB 0.82x;
 * gather 4 KiB 0.87x, 8 KiB 0.91x; allgather 4 KiB 0.91x (at np=4 the
 * slots stay: 2.1x through point-to-point).  From
 * 16 KiB the queues win (the message is then a single copy: gather 16 KiB
 * 1.29x, scatter 1.16x through point-to-point), and at 1-2 KiB (scatter
 * 2 KiB 1.6x, gather 1.1x).  A machine of 2026-12-05 had gathers of 1-8
 * KiB through the queues at 0.1-0.6x of the point-to-point time. */
static int pair_medium(const struct mpii_comm *c, MPI_Count block)
{
	return c->size == 2 && block > 2048 && block <= 8192;
}

int mpii_shm_gather(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		    MPI_Count rcount, struct mpii_datatype *rtype, int root, struct mpii_comm *c)
{
	MPI_Count bytes = c->rank == root ? rcount * rtype->size : scount * stype->size;
	/* Up to four members: blocks up to 64 KiB (the 64 KiB queues above
	 * 32 KiB); up to eight, blocks up to 32 KiB (the 32 KiB queues above
	 * 8 KiB, the 8 KiB ones the medium reduces use above 504 bytes);
	 * more, the small slots.  16-32 KiB blocks on 2 cores through the
	 * 32 KiB slots rather than point to point (perf/ab.sh -n 7): np=4
	 * 16 KiB 21.6 -> 3.2 us, 32 KiB 29.1 -> 5.0 (0.15-0.17x; np=3
	 * 0.16-0.17x); np=6 0.20-0.28x and np=8 0.20-0.23x with half the
	 * slots (lib/coll/shm_rqueue.c, gq32_slots). */
	size_t limit = c->size <= 4 ? MPII_GQ64_SLOT - 8
		       : c->size <= 8 ? MPII_GQ32_SLOT - 8 : MPII_RQ_SLOT - 8;
	if (!fits(c, bytes, limit) || pair_medium(c, bytes))
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	return mpii_rq_gather(sbuf, scount, stype, rbuf, rcount, rtype, root, c, cs);
}

int mpii_shm_scatter(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		     MPI_Count rcount, struct mpii_datatype *rtype, int root, struct mpii_comm *c)
{
	MPI_Count bytes = c->rank == root ? scount * stype->size : rcount * rtype->size;
	/* The root writes the other members' blocks; its own it copies. */
	MPI_Count written = bytes * (c->size - 1);
	if (!fits(c, written, c->size == 2 ? MPII_MQ64_SLOT - 8 : MPII_BQ_SLOT - 8) ||
	    pair_medium(c, bytes))
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	struct mpii_bq *q = written <= MPII_BQ_SLOT - 8 ? &cs->bq : mpii_mq(c, cs, (size_t)written);
	if (!q)
		return MPII_SHM_DECLINED;
	return mpii_bq_scatter(sbuf, scount, stype, rbuf, rcount, rtype, root, c, cs, q);
}

int mpii_shm_allgather(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype,
		       void *rbuf, MPI_Count rcount, struct mpii_datatype *rtype,
		       struct mpii_comm *c)
{
	MPI_Count bytes = rcount * rtype->size;
	if (!fits(c, bytes, 0) || pair_medium(c, bytes))
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	int n = c->size, me = c->rank, in_place = sbuf == MPI_IN_PLACE;
	MPI_Aint stride = (MPI_Aint)rcount * rtype->extent;
	char *out = rbuf;
	struct mpii_shm_xchg x;
	if (in_place)
		mpii_shm_exchange(c, cs, out + me * stride, rcount, rtype, (size_t)bytes, 0,
				  (size_t)bytes, &x);
	else
		mpii_shm_exchange(c, cs, sbuf, scount, stype, (size_t)bytes, 0, (size_t)bytes, &x);
	for (int j = 0; j < n; j++)
		if (j != me || !in_place)
			mpii_type_unpack(rtype, rcount, out + j * stride, 0,
					 mpii_shm_xchg_part(cs, n, &x, j), bytes);
	return MPI_SUCCESS;
}

int mpii_shm_alltoall(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype,
		      void *rbuf, MPI_Count rcount, struct mpii_datatype *rtype,
		      struct mpii_comm *c)
{
	int n = c->size, me = c->rank;
	MPI_Count bytes = rcount * rtype->size;
	if (!fits(c, bytes * n, 0))
		return MPII_SHM_DECLINED;
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs)
		return MPII_SHM_DECLINED;
	/* MPI_IN_PLACE: the blocks to send are in rbuf; they are packed into
	 * the segment before any block is received into rbuf. */
	struct mpii_shm_xchg x;
	size_t all = (size_t)(n * bytes), mine = (size_t)(me * bytes);
	if (sbuf == MPI_IN_PLACE)
		mpii_shm_exchange(c, cs, rbuf, n * rcount, rtype, all, mine, (size_t)bytes, &x);
	else
		mpii_shm_exchange(c, cs, sbuf, n * scount, stype, all, mine, (size_t)bytes, &x);
	MPI_Aint stride = (MPI_Aint)rcount * rtype->extent;
	for (int j = 0; j < n; j++)
		mpii_type_unpack(rtype, rcount, (char *)rbuf + j * stride, 0,
				 mpii_shm_xchg_part(cs, n, &x, j) + me * bytes, bytes);
	return MPI_SUCCESS;
}
