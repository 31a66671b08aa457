/*
 * lib/coll/coll_bcast.c - barrier and bcast: for blocking calls two levels
 * across NUMA nodes (lib/coll/coll_hier.c) or the shared-memory algorithm
 * (lib/coll/shm.c), point-to-point schedules otherwise
 * (dissemination barrier; binomial or linear bcast).  Intercommunicators
 * go to lib/coll/coll_inter.c.
 */
#include "lib/coll/coll.h"
#include "lib/coll/nbc.h"

static int done_now(struct mpii_comm *c, struct mpii_request **reqp)
{
	return reqp ? mpii_sched_null_request(c, reqp) : MPI_SUCCESS;
}

/* Dissemination: round k talks to rank +- 2^k; log2(n) rounds. */
void mpii_build_barrier(struct mpii_sched *s, int n, int r)
{
	for (int k = 1; k < n; k <<= 1) {
		mpii_sched_send(s, NULL, 0, MPI_BYTE, (r + k) % n);
		mpii_sched_recv(s, NULL, 0, MPI_BYTE, (r - k + n) % n);
		mpii_sched_fence(s);
	}
}

int mpii_barrier(struct mpii_comm *c, struct mpii_request **reqp)
{
	mpii_coll_config_init();
	if (c->is_inter)
		return mpii_inter_barrier(c, reqp);
	if (c->size == 1)
		return done_now(c, reqp);
	if (!reqp && mpii_coll_cfg.barrier != MPII_ALG_RD) {
		int rc = mpii_hier_barrier(c);
		if (rc == MPII_SHM_DECLINED)
			rc = mpii_shm_barrier(c);
		if (rc != MPII_SHM_DECLINED)
			return rc;
	}
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	mpii_build_barrier(s, c->size, c->rank);
	return mpii_sched_finish(s, reqp);
}

/* Append a binomial bcast of (buf, count, dt) from root to s. */
void mpii_build_bcast(struct mpii_sched *s, void *buf, MPI_Count count, struct mpii_datatype *dt,
		      int root, int n, int r, int linear)
{
	if (linear) {
		if (r == root) {
			for (int i = 1; i < n; i++)
				mpii_sched_send_fan_out(s, buf, count, dt, (root + i) % n);
		} else {
			mpii_sched_recv(s, buf, count, dt, root);
		}
		mpii_sched_fence(s);
		return;
	}
	int vr = (r - root + n) % n;
	int mask = 1;
	while (mask < n) {
		if (vr & mask) {
			mpii_sched_recv(s, buf, count, dt, (vr - mask + root) % n);
			mpii_sched_fence(s);
			break;
		}
		mask <<= 1;
	}
	for (mask >>= 1; mask > 0; mask >>= 1)
		if (vr + mask < n)
			mpii_sched_send(s, buf, count, dt, (vr + mask + root) % n);
	mpii_sched_fence(s);
}

/* Whether a message too large for the parity buffers goes through the
 * segment's large-message area (lib/coll/shm_bcast.c).  Measured with
 * perf/coll on 2 cores: with 8 ranks it beats the binomial tree from 8 KiB
 * (SHMPI_COLL_BCAST_LARGE_MIN; 8 KiB a tie, 64 KiB: 22-29 vs 40-65 us;
 * 1 MiB: 0.37-0.44 vs 0.56-0.66 ms); with
 * 2 ranks the single copy (CMA) of one point-to-point send wins at every
 * size (8 KiB: 2.2 vs 2.5 us, 64 KiB: 5.4 vs 12 us), so two ranks use it
 * only below SHMPI_COLL_BCAST_LARGE_MAX2 (default 0: never; tests set it). */
static int shm_large(int n, size_t bytes)
{
	return n == 2 ? bytes < mpii_coll_cfg.bcast_large_max2 : bytes >= mpii_coll_cfg.bcast_large_min;
}

int mpii_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
	       struct mpii_comm *c, struct mpii_request **reqp)
{
	mpii_coll_config_init();
	if (c->is_inter)
		return mpii_inter_bcast(buf, count, dt, root, c, reqp);
	if (c->size == 1 || count == 0 || dt->size == 0)
		return done_now(c, reqp);
	int alg = mpii_coll_cfg.bcast;
	if (!reqp && (alg == MPII_ALG_AUTO || alg == MPII_ALG_SHM)) {
		/* Between the queue's slots and the large-message area the
		 * binomial tree's eager sends, which let the root run ahead
		 * by a ring's depth, beat the parity buffers (perf/coll, 1-4
		 * KiB: np=2 0.5-0.85 vs 0.8-1.6 us, np=8 3.1-4.7 vs 9.5-12
		 * us), which only SHMPI_COLL_BCAST=shm still selects. */
		size_t bytes = (size_t)(count * dt->size);
		int rc = mpii_hier_bcast(buf, count, dt, root, c);
		if (rc == MPII_SHM_DECLINED && (bytes <= MPII_BQ_SLOT - 8 || alg == MPII_ALG_SHM))
			rc = mpii_shm_bcast(buf, count, dt, root, c);
		if (rc == MPII_SHM_DECLINED && alg == MPII_ALG_AUTO)
			rc = mpii_shm_bcast_medium(buf, count, dt, root, c);
		if (rc == MPII_SHM_DECLINED && shm_large(c->size, bytes))
			rc = mpii_shm_bcast_large(buf, count, dt, root, c);
		if (rc != MPII_SHM_DECLINED)
			return rc;
	}
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	if (reqp)
		mpii_sched_hold_type(s, dt);
	mpii_build_bcast(s, buf, count, dt, root, c->size, c->rank, alg == MPII_ALG_LINEAR);
	return mpii_sched_finish(s, reqp);
}
