/*
 * lib/p2p/p2p_cma_batch.c - the single copies of several messages from one
 * sender read with one process_vm_readv.
 *
 * A process_vm_readv costs ~3 us before it copies a byte on the AMD VM of
 * 2026-12-06 (a 4 KiB read 2.97 us, 64 KiB 6.3 us; eight 64 KiB pieces in
 * one call 3.75 us each), so a window of rendezvous messages from one
 * sender (windowed bandwidth, both messages of an exchange at np=2) spent
 * half its time entering the kernel.  While drain_peer (lib/p2p/p2p_recv.c)
 * reads one sender's ring, the pulls of contiguous messages of up to
 * MSG_MAX bytes are gathered here instead of copied at once, when another
 * message already waits behind the RTS in the ring or the batch is not
 * empty; the drain's end (or a full batch) reads them all, then answers
 * each FIN and completes it as mpii_cma_pull would have.  A lone message
 * (pingpong) is not batched: it is split with its sender as before.
 *
 * Nothing waits inside a drain, so a pull deferred to the drain's end is
 * never waited for before it is read.  A drain nested in another (the
 * progress engine entered from inside one) reads the outer batch first and
 * leaves the outer drain without one: each batch is closed by the drain
 * that opened it (its token), or read by a nested open.
 *
 * Batching is used only once a plain read has succeeded in this process,
 * so a refusal here means the kernel's policy changed under a running job:
 * the job ends, as for a refused split copy.
 */
#define _GNU_SOURCE
#include <sys/uio.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

/* Messages of up to 128 KiB where the copy could be split with the
 * sender (from 256 KiB two cores copying beat one core copying several),
 * up to 4 MiB where it could not (traffic both ways: against batches of
 * messages up to 1 MiB, perf/ab.sh -n 7, bibw 2 MiB 1.43x, 4 MiB 1.10x,
 * nbx 2-4 MiB 1.07-1.08x); at most 16 of them and 16 MiB a batch. */
#define SPLITTABLE_MAX ((size_t)128 << 10)
#define MSG_MAX ((size_t)4 << 20)
#define BATCH_BYTES ((size_t)16 << 20)
#define BATCH_MAX 16

struct pending {
	struct mpii_request *req;
	struct mpii_msg_hdr rts;
};

static struct {
	unsigned token;          /* of the drain that opened it; 0: closed */
	unsigned last_token;
	int src;                 /* world rank of the sender */
	pid_t pid;
	int n;
	size_t bytes;
	struct pending p[BATCH_MAX];
	struct iovec local[BATCH_MAX], remote[BATCH_MAX];
} batch;

static void read_batch(void)
{
	if (!batch.n)
		return;
	ssize_t got = process_vm_readv(batch.pid, batch.local, (unsigned long)batch.n, batch.remote,
				       (unsigned long)batch.n, 0);
	if (got != (ssize_t)batch.bytes)
		mpii_abort_job(MPI_ERR_INTERN, "process_vm_readv refused in the middle of a job");
	int n = batch.n;
	batch.n = 0;
	batch.bytes = 0;
	/* FIN and completion, in the order the RTS came. */
	for (int i = 0; i < n; i++)
		mpii_cma_pulled(batch.p[i].req, &batch.p[i].rts, batch.src, 0);
}

unsigned mpii_cma_batch_open(int world_src)
{
	read_batch();
	batch.token = ++batch.last_token ? batch.last_token : ++batch.last_token;
	batch.src = world_src;
	return batch.token;
}

void mpii_cma_batch_close(unsigned token)
{
	if (batch.token != token)
		return;
	read_batch();
	batch.token = 0;
}

int mpii_cma_batch_fits(int world_src, size_t n, int can_split)
{
	if (!batch.token || batch.src != world_src || n == 0 || n > (can_split ? SPLITTABLE_MAX : MSG_MAX))
		return 0;
	/* Something waits behind this RTS, or this joins others: a lone
	 * message is better split. */
	return batch.n > 0 || shm_ring_more_behind(&mpii_p2p.peers[world_src].in);
}

void mpii_cma_batch_add(struct mpii_request *req, const struct mpii_msg_hdr *rts, pid_t pid,
			char *dst, size_t n)
{
	if (batch.n == BATCH_MAX || batch.bytes + n > BATCH_BYTES)
		read_batch();
	struct pending *p = &batch.p[batch.n];
	p->req = req;
	p->rts = *rts;
	batch.local[batch.n] = (struct iovec){ dst, n };
	batch.remote[batch.n] = (struct iovec){ (void *)(uintptr_t)rts->raddr, n };
	batch.pid = pid;
	batch.bytes += n;
	batch.n++;
}
