/*
 * lib/p2p/p2p_cma_share.c - a large single copy shared by the threads that
 * wait in MPI (seed 004: joined endpoint threads that wait "share the
 * copying of large messages").
 *
 * When a receiver pulls its part of a rendezvous message (lib/p2p/p2p_cma.c)
 * of at least SHARE_MIN bytes while another joined endpoint thread of the
 * process waits in MPI (lib/ext/endpoint.c), it does not copy at once: it
 * posts a job in one of JOBS slots -- the sender's pid, both addresses,
 * the length, cut into chunks of CHUNK bytes -- and returns; the request
 * stays in MPII_P_COPYING.  Then:
 *
 *  - every thread inside mpii_progress_wait claims chunks one at a time
 *    with the library lock dropped, between its polls, and copies each
 *    with process_vm_readv (mpii_cma_share_help): the chunks are copied
 *    in parallel by as many threads as wait;
 *  - a thread that runs the progress engine outside a wait (MPI_Test, the
 *    handler thread) copies the chunks still unclaimed with the lock held,
 *    as the unshared copy would have been made: a job never waits for a
 *    helper that does not come;
 *  - the first progress pass (lock held) that finds every chunk copied
 *    ends the job through mpii_cma_pulled: FIN to the sender, and the
 *    receive completes (or waits for WDONE, the sender's half of a split
 *    copy).  The sender sees the protocol of an unshared copy.
 *
 * Claiming without the lock.  A slot's claim word is
 * generation(32) | chunks(16) | next chunk(16):
 *
 *   poster (lock held)                  helper (no lock)
 *     write the job's fields              c = claim          (A: acquire)
 *     claim = gen|n|0    (P: release)     CAS claim c -> c+1 (A: acquire)
 *                                         copy chunk next(c)
 *   ender (lock held)                     copied += 1        (R: release)
 *     copied == n        (Q: acquire)
 *
 * P pairs with A: a helper whose CAS succeeded read a value of P's release
 * sequence (every later write of the word is a read-modify-write), so it
 * sees the job's fields.  The job cannot end, and its slot cannot be
 * reused, before the claimed chunk is counted in copied, and the helper
 * reads no field after R; a helper holding a stale claim value fails its
 * CAS (next or the generation moved).  R pairs with Q: every chunk is in
 * the receive buffer before FIN goes out and before the request completes
 * (whose release store of done publishes the bytes to the waiter).
 */
#define _GNU_SOURCE
#include <sys/uio.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

/* 512 KiB chunks, from 2 MiB on.  Small enough that a helper that wakes
 * up late still finds chunks left, large enough that the system call and
 * the page pinning per chunk do not show; below 2 MiB the helper's wake-up
 * and the destination lines moving between the cores' caches cost more
 * than the second core brings.  Measured with perf/ep_copy (256 KiB, 512
 * KiB and 1 MiB chunks, perf/README.md). */
#define CHUNK ((size_t)512 << 10)
#define SHARE_MIN ((size_t)2 << 20)
#define JOBS 4
#define MAX_CHUNKS 0xffffu

/* One line per job's claim word at least: helpers of different jobs do
 * not contend. */
struct job {
	shm_cacheline_aligned _Atomic uint64_t claim;   /* gen << 32 | chunks << 16 | next */
	_Atomic uint32_t copied;  /* chunks in place */
	/* Written by the poster before P, read-only while the job runs. */
	pid_t pid;
	char *dst;
	uintptr_t src;
	size_t len, chunk;
	/* The library lock protects the rest. */
	int busy;
	uint32_t gen;
	struct mpii_request *req;
	struct mpii_msg_hdr rts;
	int world_src;
	int split;                /* the sender writes the upper part (WDONE) */
	int wdone;                /* WDONE arrived while we were copying */
};

static struct job jobs[JOBS];

_Atomic int mpii_cma_jobs_open;

static unsigned chunks_of(uint64_t c)
{
	return (unsigned)(c >> 16) & MAX_CHUNKS;
}

static unsigned next_of(uint64_t c)
{
	return (unsigned)c & MAX_CHUNKS;
}

int mpii_cma_share_post(struct mpii_request *req, const struct mpii_msg_hdr *rts, int world_src,
			pid_t pid, char *dst, size_t len, int split)
{
	if (len < SHARE_MIN || mpii_progress_lenders() == 0)
		return 0;
	struct job *j = NULL;
	for (int i = 0; i < JOBS && !j; i++)
		if (!jobs[i].busy)
			j = &jobs[i];
	if (!j)
		return 0;   /* JOBS copies shared already: copy this one alone */
	/* Past MAX_CHUNKS chunks (64 GiB) the chunks grow, page-aligned. */
	size_t chunk = CHUNK;
	if (len / chunk >= MAX_CHUNKS)
		chunk = (len / (MAX_CHUNKS - 1) + 4095) & ~(size_t)4095;
	uint64_t n = (len + chunk - 1) / chunk;
	j->busy = 1;
	j->gen++;
	j->pid = pid;
	j->dst = dst;
	j->src = (uintptr_t)rts->raddr;
	j->len = len;
	j->chunk = chunk;
	j->req = req;
	j->rts = *rts;
	j->world_src = world_src;
	j->split = split;
	j->wdone = 0;
	/* Relaxed: published by P below. */
	shm_store_relaxed(&j->copied, 0);
	/* P: release, pairs with A in claim(). */
	shm_store_release(&j->claim, (uint64_t)j->gen << 32 | n << 16);
	/* Relaxed: a hint for helpers; the claim words decide. */
	shm_fetch_add_relaxed(&mpii_cma_jobs_open, 1);
	/* Waiting threads asleep on the doorbell come and help. */
	mpii_progress_wake_local();
	return 1;
}

/* Claim the next chunk of j: 1 and *idx, or 0 when none is left. */
static int claim(struct job *j, unsigned *idx)
{
	/* A: acquire, pairs with P in mpii_cma_share_post. */
	uint64_t c = shm_load_acquire(&j->claim);
	while (next_of(c) < chunks_of(c)) {
		/* A: the successful CAS reads from P's release sequence. */
		if (shm_cas_acquire(&j->claim, &c, c + 1)) {
			*idx = next_of(c);
			return 1;
		}
	}
	return 0;
}

static void copy_chunk(struct job *j, unsigned idx)
{
	size_t off = (size_t)idx * j->chunk;
	size_t len = j->len - off < j->chunk ? j->len - off : j->chunk;
	struct iovec liov = { j->dst + off, len };
	struct iovec riov = { (void *)(j->src + off), len };
	/* A plain read worked before a job is posted: a refusal now means
	 * the policy changed under a running job (as for a split copy). */
	if (process_vm_readv(j->pid, &liov, 1, &riov, 1, 0) != (ssize_t)len)
		mpii_abort_job(MPI_ERR_INTERN, "process_vm_readv refused in the middle of a job");
	/* R: release, pairs with Q in mpii_cma_share_progress; the job's
	 * fields are not read after this. */
	shm_fetch_add_release(&j->copied, 1);
}

int mpii_cma_share_help(void)
{
	for (int i = 0; i < JOBS; i++) {
		unsigned idx;
		if (claim(&jobs[i], &idx)) {
			copy_chunk(&jobs[i], idx);
			return 1;
		}
	}
	return 0;
}

int mpii_cma_share_claimable(void)
{
	for (int i = 0; i < JOBS; i++) {
		/* Relaxed: under the lock, which every post is made under. */
		uint64_t c = shm_load_relaxed(&jobs[i].claim);
		if (next_of(c) < chunks_of(c))
			return 1;
	}
	return 0;
}

/* Every chunk of j is in place: free the slot, then FIN and completion. */
static void end_job(struct job *j)
{
	struct mpii_msg_hdr rts = j->rts;
	int await_wdone = j->split && !j->wdone;
	j->busy = 0;
	shm_fetch_add_relaxed(&mpii_cma_jobs_open, -1);
	mpii_cma_pulled(j->req, &rts, j->world_src, await_wdone);
}

int mpii_cma_share_progress(int copy)
{
	int did = 0;
	for (int i = 0; i < JOBS; i++) {
		struct job *j = &jobs[i];
		unsigned idx;
		if (!j->busy)
			continue;
		while (copy && claim(j, &idx)) {
			copy_chunk(j, idx);
			did = 1;
		}
		/* Q: acquire, pairs with R in copy_chunk. */
		uint32_t copied = shm_load_acquire(&j->copied);
		if (copied == chunks_of(shm_load_relaxed(&j->claim))) {
			end_job(j);
			did = 1;
		}
	}
	return did;
}

void mpii_cma_share_wdone(struct mpii_request *req)
{
	for (int i = 0; i < JOBS; i++)
		if (jobs[i].busy && jobs[i].req == req) {
			jobs[i].wdone = 1;
			return;
		}
	mpii_abort_job(MPI_ERR_INTERN, "WDONE for a receive that is not being copied");
}
