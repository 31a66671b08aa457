/*
 * lib/p2p/p2p_cancel.c - MPI_Cancel of a point-to-point request (called by
 * lib/core/wait_api.c through lib/p2p/p2p.h, lock held).
 *
 * A receive can be cancelled while it sits in the posted queue (nothing
 * matched it yet); a send while its header is still in our transmit queue,
 * not yet written into the ring (mpii_p2p_cancel_send, lib/p2p/p2p_send.c).  A cancelled request
 * completes at once with status.mpii_cancelled set; one too far along is
 * left alone and completes as usual.
 */
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

int mpii_p2p_cancel(struct mpii_request *req)
{
	int cancelled = 0;
	if (req->kind == MPII_REQ_RECV)
		cancelled = mpii_posted_remove(req);
	else if (req->kind == MPII_REQ_SEND)
		cancelled = mpii_p2p_cancel_send(req);
	if (cancelled) {
		req->status.mpii_cancelled = 1;
		req->status.MPI_ERROR = MPI_SUCCESS;
		mpii_request_complete(req);
	}
	return MPI_SUCCESS;
}
