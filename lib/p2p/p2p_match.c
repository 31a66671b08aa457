/*
 * lib/p2p/p2p_match.c - the posted-receive and unexpected-message queues and
 * the matching rule (context, source or MPI_ANY_SOURCE, tag or
 * MPI_ANY_TAG).  Posted receives match in post order and unexpected
 * messages in arrival order, which together with the FIFO pair rings gives
 * MPI's pairwise non-overtaking order.
 */
#include "lib/p2p/p2p_impl.h"

/* The counters and the event hook of lib/p2p/p2p.h (read by lib/tools). */
struct mpii_p2p_counters mpii_p2p_ctr;
void (*mpii_p2p_unexp_hook)(int world_src, int src, int tag, uint64_t bytes);

int mpii_match(const struct mpii_request *req, const struct mpii_msg_hdr *h)
{
	return req->ctx == h->ctx && (req->peer == MPI_ANY_SOURCE || req->peer == h->src) &&
	       (req->tag == MPI_ANY_TAG || req->tag == h->tag);
}

struct mpii_request *mpii_posted_take(const struct mpii_msg_hdr *h)
{
	for (struct mpii_request *r = mpii_p2p.posted_head; r; r = r->next)
		if (mpii_match(r, h)) {
			mpii_posted_remove(r);
			return r;
		}
	return NULL;
}

void mpii_posted_append(struct mpii_request *req)
{
	req->next = NULL;
	req->prev = mpii_p2p.posted_tail;
	if (mpii_p2p.posted_tail)
		mpii_p2p.posted_tail->next = req;
	else
		mpii_p2p.posted_head = req;
	mpii_p2p.posted_tail = req;
	req->proto = MPII_P_POSTED;
}

int mpii_posted_remove(struct mpii_request *req)
{
	if (req->proto != MPII_P_POSTED)
		return 0;
	if (req->prev)
		req->prev->next = req->next;
	else
		mpii_p2p.posted_head = req->next;
	if (req->next)
		req->next->prev = req->prev;
	else
		mpii_p2p.posted_tail = req->prev;
	req->next = req->prev = NULL;
	req->proto = MPII_P_NONE;
	return 1;
}

struct mpii_umsg *mpii_unexp_find(uint32_t ctx, int src, int tag, int remove)
{
	struct mpii_umsg *prev = NULL;
	for (struct mpii_umsg *u = mpii_p2p.unexp_head; u; prev = u, u = u->next) {
		if (u->ctx != ctx || (src != MPI_ANY_SOURCE && u->src != src) ||
		    (tag != MPI_ANY_TAG && u->tag != tag))
			continue;
		if (remove) {
			if (prev)
				prev->next = u->next;
			else
				mpii_p2p.unexp_head = u->next;
			if (mpii_p2p.unexp_tail == u)
				mpii_p2p.unexp_tail = prev;
			u->next = NULL;
			mpii_p2p_ctr.unexp_len--;
		}
		return u;
	}
	return NULL;
}

struct mpii_umsg *mpii_unexp_take_seq(int world_src, uint32_t seq)
{
	struct mpii_umsg *prev = NULL;
	for (struct mpii_umsg *u = mpii_p2p.unexp_head; u; prev = u, u = u->next) {
		if (u->world_src != world_src || u->seq != seq)
			continue;
		/* Its payload still streaming in (only a forged CANCEL can get
		 * here before the stream's end: the ring is FIFO). */
		if (u->type == MPII_MSG_EAGER && !u->complete)
			return NULL;
		if (prev)
			prev->next = u->next;
		else
			mpii_p2p.unexp_head = u->next;
		if (mpii_p2p.unexp_tail == u)
			mpii_p2p.unexp_tail = prev;
		u->next = NULL;
		return u;
	}
	return NULL;
}

void mpii_unexp_append(struct mpii_umsg *u)
{
	u->next = NULL;
	if (mpii_p2p.unexp_tail)
		mpii_p2p.unexp_tail->next = u;
	else
		mpii_p2p.unexp_head = u;
	mpii_p2p.unexp_tail = u;
	mpii_p2p_ctr.unexp_msgs++;
	if (++mpii_p2p_ctr.unexp_len > mpii_p2p_ctr.unexp_hwm)
		mpii_p2p_ctr.unexp_hwm = mpii_p2p_ctr.unexp_len;
	if (mpii_p2p_unexp_hook)
		mpii_p2p_unexp_hook(u->world_src, u->src, u->tag, u->len);
}
