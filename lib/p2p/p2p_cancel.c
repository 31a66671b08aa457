/*
 * lib/p2p/p2p_cancel.c - MPI_Cancel of a point-to-point request (called by
 * lib/core/wait_api.c through lib/p2p/p2p.h, lock held), and the CANCEL
 * protocol that takes back a send the receiver has not matched yet.
 *
 * A receive is cancelled while it sits in the posted queue (nothing matched
 * it yet).  A send whose header is still in our transmit queue is taken out
 * of it (mpii_p2p_unqueue_send, lib/p2p/p2p_send.c).  Either completes at
 * once with status.mpii_cancelled set.
 *
 * A send whose header is in the ring (eager, synchronous eager, or the RTS
 * of a rendezvous or single copy) can only be taken back by the receiver:
 * its unexpected queue is private memory of the receiving process (malloc'd
 * records, lib/p2p/p2p_match.c), which no other process can reach, and the
 * receiver may be matching it at this very moment under its own lock.  So
 * the sender writes CANCEL into the same ring, behind the message, naming
 * the message by its number on that ring (both sides count the EAGER and
 * RTS headers of each ring: mpii_peer tx_seq, rx_seq).  The ring is FIFO, so
 * when the receiver reads CANCEL it has read the whole message: it is
 * either in the unexpected queue (then the receiver takes it out, frees it,
 * and answers CANCELLED naming its type and, for an RTS or a synchronous
 * message, the sender's request), or it was matched (answered "matched":
 * the ACK, FIN or CTS that the match sent goes out before this answer, so
 * the send completes as usual).  A message is thus removed or matched,
 * never both: the receiver's lock decides.
 *
 * The sender's request:
 *   - RTS or synchronous eager sends are not complete before the receiver
 *     answers anyway (FIN, ACK); a "removed" answer completes them as
 *     cancelled (and forgets the request address given with the message);
 *     a "matched" one is ignored (it does not even look at the request,
 *     which may be complete and freed by then);
 *   - an eager send is complete once written (MPII_P_SENT): MPI_Cancel makes
 *     it incomplete again (MPII_P_CANCELLING, "held") and the answer
 *     completes it, cancelled or not;
 *   - MPI_Ibsend's request is complete at once; it remembers the number of
 *     its buffered copy's message (lib/p2p/p2p_api.c) and is held the same
 *     way.  A removed RTS copy completes the internal request, which frees
 *     the copy's room in the attached buffer.
 *
 * MPI_Cancel itself never waits.  MPI_Wait on a cancelled send waits for the
 * answer, i.e. for the receiver's progress engine, as MPICH does: a
 * receiver that never calls MPI again leaves the sender's wait hanging (it
 * would be erroneous anyway: it must call MPI_Finalize, which progresses
 * and so answers).  A sender that gave up after a timeout could not tell
 * whether its message would still be received, so it does not.
 */
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

static struct mpii_cancel *cancel_find(int world_peer, uint32_t seq, int unlink)
{
	for (struct mpii_cancel **pp = &mpii_p2p.cancels; *pp; pp = &(*pp)->next) {
		struct mpii_cancel *c = *pp;
		if (c->world_peer != world_peer || c->seq != seq)
			continue;
		if (unlink)
			*pp = c->next;
		return c;
	}
	return NULL;
}

/* Ask world_peer for message seq back; held: req is complete on our side
 * and is made incomplete until the answer.  Returns an error class. */
static int ask_back(struct mpii_request *req, int world_peer, uint32_t seq, int held)
{
	if (cancel_find(world_peer, seq, 0))
		return MPI_SUCCESS; /* asked already (MPI_Cancel twice) */
	struct mpii_cancel *c = malloc(sizeof(*c));
	if (!c)
		return MPI_ERR_NO_MEM;
	c->req = req;
	c->world_peer = world_peer;
	c->seq = seq;
	c->held = held;
	c->next = mpii_p2p.cancels;
	mpii_p2p.cancels = c;
	if (held && req->proto == MPII_P_SENT) {
		req->proto = MPII_P_CANCELLING;
		/* Relaxed: the lock is held, and a request is collected under
		 * it; nothing is published by making it incomplete. */
		shm_store_relaxed(&req->done, 0);
	}
	struct mpii_msg_hdr h = { .type = MPII_MSG_CANCEL, .len = seq };
	mpii_p2p_send_hdr(world_peer, &h, NULL);
	return MPI_SUCCESS;
}

static void complete_cancelled(struct mpii_request *req, int cancelled)
{
	req->status.mpii_cancelled = cancelled;
	req->status.MPI_ERROR = MPI_SUCCESS;
	req->proto = MPII_P_NONE;
	mpii_request_complete(req);
}

static int cancel_send(struct mpii_request *req)
{
	struct mpii_tx *t;
	if (mpii_p2p_unqueue_send(req, &t)) {
		complete_cancelled(req, 1);
		return MPI_SUCCESS;
	}
	if (t) {
		/* Partly written: CANCEL queues behind the rest of it.  A plain
		 * eager send would complete when written: hold it instead. */
		int held = t->hdr.type == MPII_MSG_EAGER && !(t->hdr.flags & MPII_MSGF_SYNC);
		int rc = ask_back(req, req->world_peer, req->msg_seq, held);
		if (!rc && held)
			t->hold = 1;
		return rc;
	}
	switch (req->proto) {
	case MPII_P_SENT:
		return ask_back(req, req->world_peer, req->msg_seq, 1);
	case MPII_P_WAIT_ACK:
	case MPII_P_WAIT_FIN:
		return ask_back(req, req->world_peer, req->msg_seq, 0);
	default:
		/* Matched (CTS answered, a split copy under way), asked already
		 * (CANCELLING), or never numbered (MPI_PROC_NULL): it completes
		 * as it would have. */
		return MPI_SUCCESS;
	}
}

int mpii_p2p_cancel(struct mpii_request *req)
{
	if (req->kind == MPII_REQ_SEND)
		return cancel_send(req);
	if (req->kind == MPII_REQ_RECV && mpii_posted_remove(req))
		complete_cancelled(req, 1);
	return MPI_SUCCESS;
}

/* Receiver: CANCEL from world_src, for its message h->len. */
void mpii_p2p_on_cancel(const struct mpii_msg_hdr *h, int world_src)
{
	struct mpii_msg_hdr ans = { .type = MPII_MSG_CANCELLED, .len = h->len };
	struct mpii_umsg *u = mpii_unexp_take_seq(world_src, (uint32_t)h->len);
	if (u) {
		struct mpii_msg_hdr mh;
		mpii_umsg_hdr(u, &mh);
		ans.tag = u->type;
		ans.sreq = mh.sreq; /* 0 for a plain eager message */
		mpii_umsg_free(u);
	}
	mpii_p2p_send_hdr(world_src, &ans, NULL);
}

/* Sender: the answer to our CANCEL of message h->len to world_src. */
void mpii_p2p_on_cancelled(const struct mpii_msg_hdr *h, int world_src)
{
	struct mpii_cancel *c = cancel_find(world_src, (uint32_t)h->len, 1);
	if (!c)
		mpii_p2p_corrupt(world_src, "an answer to a cancel of message %llu, which this rank did not ask",
				 (unsigned long long)h->len);
	int removed = h->tag != 0;
	if (removed && h->tag != MPII_MSG_EAGER && h->tag != MPII_MSG_RTS)
		mpii_p2p_corrupt(world_src, "a cancel answer naming a message of type %d", h->tag);
	if (removed && h->sreq) {
		/* The request the message named waits for FIN or ACK, which
		 * will never come now: it completes here.  It is never a held
		 * one (those sent no request address), but the internal
		 * request of an MPI_Ibsend whose own request is held. */
		struct mpii_request *inner = mpii_given_answer(h->sreq, world_src, MPII_GIVEN_SEND, 1);
		if (h->tag == MPII_MSG_RTS)
			mpii_p2p.rts_out--; /* the receiver will not read our buffer */
		free(inner->tmpbuf);
		inner->tmpbuf = NULL;
		complete_cancelled(inner, 1);
	}
	if (c->held)
		complete_cancelled(c->req, removed);
	free(c);
}

void mpii_p2p_cancels_release(void)
{
	while (mpii_p2p.cancels) {
		struct mpii_cancel *c = mpii_p2p.cancels;
		mpii_p2p.cancels = c->next;
		free(c);
	}
}
