/*
 * lib/p2p/p2p_calibrate.c - the eager limit measured at job start.
 *
 * Where the two copies through the ring stop beating the single copy
 * depends on the machine, by a factor of three either way.  On an Emerald
 * Rapids VM lines streamed through shared memory moved at ~12 GB/s where
 * process_vm_readv ran at ~28 GB/s, and 16 KiB eager took 1.4-1.8x the
 * single copy's time in a pingpong; on an AMD (family 26) VM 16 KiB eager
 * took 0.40x of it, 32 KiB 0.45x, and with 8 KiB eager 16 KiB messages
 * ran at a third of the bandwidth they reach eagerly.  So world ranks 0
 * and 1 time, in MPI_Init, round trips of the two ways to move 16 and 32
 * KiB, rank 0 applies lib/p2p/p2p_eager_rule.c and publishes the limit in
 * the segment, and every rank adopts it at its first send above the 8 KiB
 * it starts with (mpii_eager_adopt): nobody waits for the result, and a
 * message sent before it arrives goes by single copy.  The protocol is
 * the sender's choice alone, so ranks that disagree for a while still
 * match.
 *
 * The round trips copy through a small area of the arena rather than
 * through the ring: a ring cell's first use costs tens of microseconds in
 * a VM (16 KiB eager round trips of 95-170 us until the ring had turned
 * once, 3.5 us after; MADV_POPULATE_WRITE did not help), and turning the
 * pair's rings first added 6-7 ms to a two-rank job's start.  The area is
 * filled and drained in 8 KiB chunks, a cell's payload, so that the
 * reader copies one while the writer fills the next, as in the ring.
 * The single copy is one process_vm_readv, as an unsplit rendezvous.
 *
 * Only with cells of 8 KiB or more, no more ranks than cores, and single
 * copy allowed (SHMPI_CMA=off leaves nothing to measure against: the
 * rendezvous then goes through the ring too, and the table's 16 KiB
 * applies).  With more ranks than cores, unset, the limit is
 * MPII_EAGER_OVERSUBSCRIBED (lib/p2p/p2p_eager_rule.h) without
 * measuring: ranks 0 and 1 may share a core.  Ranks 0 and 1 run the round
 * trips whenever that holds, whatever their own SHMPI_EAGER_MAX says, so
 * that they agree on running them from shared facts alone; a rank whose
 * SHMPI_EAGER_MAX is set keeps it.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p.h"
#include "lib/p2p/p2p_impl.h"
#include "lib/p2p/p2p_eager_rule.h"
#include "shm/config.h"
#include "shm/doorbell.h"
#include "shm/fence.h"

#define CAL_TAG 0x7fc00000  /* on MPI_COMM_WORLD's collective context */
#define CAL_BASE 8192       /* the limit until the result is known */
#define CAL_MAX 32768       /* the largest size timed */
#define CAL_CHUNK 8192      /* filled and drained at a time */
#define CAL_WARM 4          /* untimed round trips per size and protocol */
#define CAL_TRIALS 8        /* timed ones; the best counts */

static const size_t cal_sizes[] = { 16384, CAL_MAX };
#define CAL_NSIZES (int)(sizeof(cal_sizes) / sizeof(cal_sizes[0]))

/* In the arena (never given back: 64 KiB of its 16 MiB).  Counters only
 * grow: filled[r] counts the chunks rank r wrote into data[r] over the
 * whole run, ready[r] the messages rank r offered for a single copy. */
struct cal_area {
	shm_cacheline_aligned _Atomic uint64_t filled[2];
	shm_cacheline_aligned _Atomic uint64_t ready[2];
	shm_cacheline_aligned char data[2][CAL_MAX];
};

struct cal {
	struct cal_area *area;
	char *src, *dst;        /* our own buffers, CAL_MAX each */
	uintptr_t peer_src;     /* the other rank's src */
	uint64_t sent, got;     /* chunks: written by us, read from the peer */
	uint64_t offered, seen; /* single-copy messages: ours, the peer's */
	int cma_failed;
};

/* Wait (the library's way: spin, yield, sleep on our doorbell) until
 * *p reaches v. */
struct cal_wait {
	_Atomic uint64_t *p;
	uint64_t v;
};

static int reached(void *arg)
{
	struct cal_wait *w = arg;
	/* Acquire: pairs with publish's release, so the chunk's bytes (or
	 * the offered buffer) are there to read. */
	return shm_load_acquire(w->p) >= w->v;
}

static void await(_Atomic uint64_t *p, uint64_t v)
{
	struct cal_wait w = { p, v };
	mpii_progress_wait(reached, &w, 1 - mpii_g.rank);
}

/* Set *p to v and wake the other rank if it sleeps on it. */
static void publish(_Atomic uint64_t *p, uint64_t v)
{
	/* Release: publishes what was written before (reached's acquire);
	 * then the light fence and H of shm/fence.h: the sleeper's re-check
	 * sees v, or we see it sleeping. */
	shm_store_release(p, v);
	shm_fence_light();
	shm_doorbell_ring_if_sleeping(shm_seg_bell(&mpii_g.seg, (uint32_t)(1 - mpii_g.rank)));
}

static void send_eager(struct cal *c, size_t n)
{
	int me = mpii_g.rank;
	for (size_t off = 0; off < n; off += CAL_CHUNK) {
		memcpy(c->area->data[me] + off, c->src + off, CAL_CHUNK);
		publish(&c->area->filled[me], ++c->sent);
	}
}

static void recv_eager(struct cal *c, size_t n)
{
	int peer = 1 - mpii_g.rank;
	for (size_t off = 0; off < n; off += CAL_CHUNK) {
		await(&c->area->filled[peer], ++c->got);
		memcpy(c->dst + off, c->area->data[peer] + off, CAL_CHUNK);
	}
}

static void offer(struct cal *c)
{
	publish(&c->area->ready[mpii_g.rank], ++c->offered);
}

static void recv_single(struct cal *c, size_t n)
{
	int peer = 1 - mpii_g.rank;
	await(&c->area->ready[peer], ++c->seen);
	if (mpii_cma_read(peer, c->dst, c->peer_src, n) != 0)
		c->cma_failed = 1;
}

/* One round trip of n bytes, rank 0 first; its time on rank 0. */
static uint64_t round_trip(struct cal *c, size_t n, int eager)
{
	int64_t t0 = mpii_now_ns();
	for (int leg = 0; leg < 2; leg++) {
		if (leg == mpii_g.rank) {
			if (eager)
				send_eager(c, n);
			else
				offer(c);
		} else if (eager) {
			recv_eager(c, n);
		} else {
			recv_single(c, n);
		}
	}
	return (uint64_t)(mpii_now_ns() - t0);
}

/* Best eager and single-copy round trips of one size, alternating so that
 * a slow moment of the machine hits both. */
static void sample(struct cal *c, size_t n, struct mpii_eager_sample *s)
{
	s->size = n;
	s->eager_ns = s->single_ns = UINT64_MAX;
	for (int i = 0; i < CAL_WARM + CAL_TRIALS; i++) {
		for (int k = 0; k < 2; k++) {
			int eager = (i + k) % 2 == 0;
			uint64_t ns = round_trip(c, n, eager);
			uint64_t *best = eager ? &s->eager_ns : &s->single_ns;
			if (i >= CAL_WARM && ns < *best)
				*best = ns;
		}
	}
}

/* Rank 0 makes the area and tells rank 1 where it is and where its
 * buffer is; rank 1 answers with its buffer.  0, or -1 (no area: both
 * skip the round trips). */
static int meet(struct cal *c)
{
	struct mpii_comm *w = &mpii_obj_comm_world;
	uint64_t msg[2] = { 0, (uint64_t)(uintptr_t)c->src };
	int peer = 1 - mpii_g.rank, rc;
	if (mpii_g.rank == 0) {
		msg[0] = shm_seg_alloc(&mpii_g.seg, sizeof(struct cal_area));
		rc = mpii_send(msg, 2, MPI_UINT64_T, peer, CAL_TAG, w, w->ctx + 1, MPII_MODE_STANDARD);
		if (!rc)
			rc = mpii_recv(&msg[1], 1, MPI_UINT64_T, peer, CAL_TAG, w, w->ctx + 1, MPI_STATUS_IGNORE);
	} else {
		rc = mpii_recv(msg, 2, MPI_UINT64_T, peer, CAL_TAG, w, w->ctx + 1, MPI_STATUS_IGNORE);
		uint64_t mine = (uint64_t)(uintptr_t)c->src;
		if (!rc)
			rc = mpii_send(&mine, 1, MPI_UINT64_T, peer, CAL_TAG, w, w->ctx + 1, MPII_MODE_STANDARD);
	}
	if (rc || !msg[0])
		return -1;
	c->area = shm_seg_ptr(&mpii_g.seg, msg[0]);
	c->peer_src = (uintptr_t)msg[1];
	return 0;
}

/* Ranks 0 and 1: the round trips; rank 0 publishes the limit. */
static void measure(void)
{
	struct mpii_eager_sample s[CAL_NSIZES];
	struct cal c = { 0 };
	char *buf = aligned_alloc(4096, 2 * CAL_MAX);
	/* The other rank waits for our part, so a rank without its buffer
	 * cannot just skip it; memory this short would end the job soon. */
	if (!buf)
		mpii_abort_job(MPI_ERR_NO_MEM, "MPI_Init: out of memory for the eager calibration");
	memset(buf, 1, 2 * CAL_MAX);
	c.src = buf;
	c.dst = buf + CAL_MAX;
	mpii_lock();
	int ok = meet(&c) == 0;
	for (int i = 0; i < CAL_NSIZES && ok; i++)
		sample(&c, cal_sizes[i], &s[i]);
	mpii_unlock();
	free(buf);
	if (mpii_g.rank == 0) {
		size_t limit = ok && !c.cma_failed ? mpii_eager_rule(s, CAL_NSIZES, CAL_BASE) : CAL_BASE;
		/* Relaxed: the value is all that is published, written once;
		 * a reader that does not see it yet tries again later. */
		shm_store_relaxed(&mpii_g.seg.hdr->lib_eager_max, (uint32_t)limit);
	}
}

void mpii_eager_calibrate(void)
{
	if (mpii_g.size < 2)
		return;
	if (mpii_g.oversubscribed) {
		if (!shm_config_env("SHMPI_EAGER_MAX"))
			mpii_g.cfg.eager_max = MPII_EAGER_OVERSUBSCRIBED;
		return;
	}
	if (mpii_g.seg.geo.cell_size < CAL_BASE || mpii_g.cfg.cma == MPII_CMA_OFF)
		return;
	size_t own = mpii_g.cfg.eager_max;
	/* Only the first world's ranks 0 and 1 measure; a spawned world
	 * (lib/comm/dynamic.c) adopts the job's value. */
	if (mpii_g.rank <= 1 && mpii_g.world_base == 0)
		measure();
	if (shm_config_env("SHMPI_EAGER_MAX")) {
		mpii_g.cfg.eager_max = own;
		return;
	}
	mpii_g.cfg.eager_max = CAL_BASE;
	mpii_g.eager_pending = 1;
	mpii_eager_adopt(0);
}

int mpii_eager_adopt(size_t bytes)
{
	/* Relaxed: the value is all there is to read (see measure). */
	uint32_t v = shm_load_relaxed(&mpii_g.seg.hdr->lib_eager_max);
	if (!v)
		return 0;
	mpii_g.cfg.eager_max = v;
	mpii_g.eager_pending = 0;
	return bytes <= v;
}
