/*
 * lib/p2p/p2p_init.c - set-up and tear-down of the point-to-point state:
 * per-peer ring pointers and queues, and whether single-copy transfers
 * (process_vm_readv) are allowed; the registration of the sends' and
 * receives' request ops and of the transport the progress engine drives
 * (lib/core/request.h, progress.h).
 */
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

struct mpii_p2p_state mpii_p2p;

/* MPI_Cancel of an active send or receive.  A receive already done has
 * nothing left to cancel; a send complete on our side may still be
 * unmatched at the receiver, and lib/p2p/p2p_cancel.c decides whether it
 * can ask for it back. */
static int cancel_op(struct mpii_request *req)
{
	/* Acquire: pairs with the release in mpii_request_complete (the
	 * lock, held, orders it too). */
	if (req->kind == MPII_REQ_RECV && shm_load_acquire(&req->done))
		return MPI_SUCCESS;
	return mpii_p2p_cancel(req);
}

static const struct mpii_request_ops p2p_ops = {
	.start = mpii_p2p_start,
	.cancel = cancel_op,
};

static const struct mpii_progress_transport p2p_transport = {
	.progress = mpii_p2p_progress,
	.busy = mpii_p2p_busy,
	.help_copy = mpii_p2p_help_copy,
};

int mpii_p2p_init(void)
{
	int n = mpii_g.nmembers;
	mpii_p2p.peers = calloc((size_t)n, sizeof(*mpii_p2p.peers));
	mpii_p2p.tx_active = calloc((size_t)n, sizeof(int));
	if (!mpii_p2p.peers || !mpii_p2p.tx_active)
		return MPI_ERR_NO_MEM;
	uint32_t cells = mpii_g.seg.geo.ring_cells, cell_size = mpii_g.seg.geo.cell_size;
	uint32_t me = (uint32_t)mpii_g.rank;
	for (uint32_t i = 0; i < (uint32_t)n; i++) {
		shm_ring_init(&mpii_p2p.peers[i].out, shm_seg_ring_cons(&mpii_g.seg, i, me),
			      shm_seg_ring_cells(&mpii_g.seg, i, me), cells, cell_size);
		shm_ring_init(&mpii_p2p.peers[i].in, shm_seg_ring_cons(&mpii_g.seg, me, i),
			      shm_seg_ring_cells(&mpii_g.seg, me, i), cells, cell_size);
	}
	mpii_p2p.payload = shm_ring_payload_size(&mpii_p2p.peers[0].out);
	/* Single copy is tried unless switched off; the first refusal by the
	 * kernel (EPERM, ENOSYS) switches to the ring for good. */
	mpii_g.cma_ok = mpii_g.cfg.cma != MPII_CMA_OFF;
	mpii_request_register(MPII_REQ_SEND, &p2p_ops);
	mpii_request_register(MPII_REQ_RECV, &p2p_ops);
	mpii_part_register();
	mpii_progress_set_transport(&p2p_transport);
	return MPI_SUCCESS;
}

static int tx_empty(void *arg)
{
	(void)arg;
	return mpii_p2p.ntx_active == 0;
}

void mpii_p2p_finalize(void)
{
	/* Control answers (FIN, ACK, CTS) may still be queued: a peer waits
	 * for them. */
	mpii_progress_wait(tx_empty, NULL, -1);
	mpii_cma_types_release();
	mpii_cma_pids_release();
	mpii_umsg_release();
	mpii_given_free();
	mpii_p2p_cancels_release();
}
