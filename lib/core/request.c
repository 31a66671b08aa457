/*
 * lib/core/request.c - request objects: a per-process pool, completion,
 * collection by wait/test, the kinds' ops tables and the attachments'
 * hooks (request.h), and MPI_Start's dispatch through them.
 *
 * The pool keeps freed requests (poisoned) for reuse, so that allocating a
 * request on the message path costs a list pop, and a stale handle finds
 * MPII_MAGIC_FREED instead of unmapped memory.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/core/global.h"
#include "lib/core/progress.h"
#include "lib/core/request.h"

static struct mpii_request *pool;        /* protected by the library lock */

/* A kind nobody registered: every operation does nothing. */
static const struct mpii_request_ops no_ops;

const struct mpii_request_ops *mpii_request_ops[MPII_REQ_KINDS] = {
	&no_ops, &no_ops, &no_ops, &no_ops, &no_ops, &no_ops, &no_ops, &no_ops, &no_ops,
};

struct mpii_request_hooks mpii_request_hooks;

void mpii_request_register(int kind, const struct mpii_request_ops *ops)
{
	mpii_request_ops[kind] = ops ? ops : &no_ops;
}

/* Clear a request with 16-byte stores.  GCC made the memset a rep stosq
 * of 27 words, whose start-up costs more than 14 stores; the loop below
 * is unrolled (the pragma) and not turned back into a memset (the
 * optimize attribute).  Windowed small messages: 1145 -> 1109
 * instructions a message (send, receive and their waits). */
typedef uint64_t mpii_u64x2 __attribute__((vector_size(16), aligned(1), may_alias));
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif
static void clear_request(struct mpii_request *r)
{
	char *p = (char *)r;
	size_t i = 0;
#pragma GCC unroll 16
	for (; i + 16 <= sizeof(*r); i += 16)
		*(mpii_u64x2 *)(p + i) = (mpii_u64x2){ 0, 0 };
	for (; i < sizeof(*r); i++)
		p[i] = 0;
}

void mpii_request_init(struct mpii_request *r, int kind)
{
	clear_request(r);
	r->magic = MPII_MAGIC_REQUEST;
	r->kind = (uint8_t)kind;
	r->active = 1;
	r->status.MPI_ERROR = MPI_SUCCESS;
}

struct mpii_request *mpii_request_new(int kind)
{
	struct mpii_request *r = pool;
	if (r)
		pool = r->next;
	else
		r = malloc(sizeof(*r));
	if (!r)
		return NULL;
	mpii_request_init(r, kind);
	return r;
}

void mpii_request_drop(struct mpii_request *r)
{
	mpii_type_unref(r->dt);
	mpii_comm_unref(r->comm);
	free(r->tmpbuf);
	r->magic = MPII_MAGIC_FREED;
}

void mpii_request_release(struct mpii_request *r)
{
	/* The kind's own state (r->greq) is what its release drops; tested
	 * first, so a plain send or receive reads no ops table here. */
	if (r->greq) {
		void (*kind_release)(struct mpii_request *) = mpii_request_ops[r->kind]->release;
		if (kind_release)
			kind_release(r);
	}
	if (r->handler || r->h_state)
		mpii_request_hooks.handler_release(r);
	if (r->dt)
		mpii_type_unref(r->dt);
	if (r->comm)
		mpii_comm_unref(r->comm);
	if (r->state_free && r->state)
		r->state_free(r->state);
	/* Tested first: a call to free(NULL) on every message costs more
	 * than the test. */
	if (r->tmpbuf)
		free(r->tmpbuf);
	if (r->name)
		free(r->name);
	r->magic = MPII_MAGIC_FREED;
	r->next = pool;
	pool = r;
}

void mpii_status_empty(MPI_Status *st)
{
	if (st == MPI_STATUS_IGNORE || !st)
		return;
	st->MPI_SOURCE = MPI_ANY_SOURCE;
	st->MPI_TAG = MPI_ANY_TAG;
	st->mpii_count = 0;
	st->mpii_cancelled = 0;
}

void mpii_request_complete(struct mpii_request *req)
{
	/* Handlers (lib/ext/handler.c): a request with a handler is not done
	 * until its handler ran. */
	if (req->handler && mpii_request_hooks.handler_complete(req))
		return;
	/* Release publishes the status and the data (pairs with the loads in
	 * is_done() and the wait/test paths).  With several threads it must
	 * be seq_cst: it is then also G of the doorbell's Dekker pair with a
	 * thread of this process going to sleep on it (mpii_progress_wake_local
	 * below); a single thread never sleeps while it completes requests. */
	if (mpii_g.multi)
		shm_store_seq_cst(&req->done, 1);
	else
		shm_store_release(&req->done, 1);
	if (req->user_freed) {
		mpii_request_release(req);
		return;
	}
	if (mpii_g.multi)
		mpii_progress_wake_local();
}

void mpii_status_copy(MPI_Status *dst, const MPI_Status *src)
{
	if (dst == MPI_STATUS_IGNORE || !dst)
		return;
	dst->MPI_SOURCE = src->MPI_SOURCE;
	dst->MPI_TAG = src->MPI_TAG;
	dst->mpii_count = src->mpii_count;
	dst->mpii_cancelled = src->mpii_cancelled;
}

int mpii_request_collect(MPI_Request *handle, MPI_Status *status)
{
	struct mpii_request *req = *handle;
	/* Only a kind with state of its own (req->greq) has query and
	 * collected ops: a plain send or receive reads no ops table. */
	const struct mpii_request_ops *ops = req->greq ? mpii_request_ops[req->kind] : NULL;
	if (ops && ops->query)
		ops->query(req);   /* a generalized request's query_fn fills the status */
	if (req->h_state)
		mpii_request_hooks.handler_collected(req);
	int rc = req->status.MPI_ERROR;
	mpii_status_copy(status, &req->status);
	if (req->persistent) {
		req->active = 0;
	} else {
		/* a generalized request's free_fn runs now, after query_fn;
		 * its error is the call's unless query_fn's came first */
		if (ops && ops->collected) {
			int frc = ops->collected(req);
			if (rc == MPI_SUCCESS)
				rc = frc;
		}
		mpii_request_release(req);
		*handle = MPI_REQUEST_NULL;
	}
	return rc;
}

static int is_done(void *arg)
{
	struct mpii_request *req = arg;
	/* seq_cst: F of the doorbell's Dekker pair (see mpii_request_complete). */
	return shm_load_seq_cst(&req->done);
}

/* Under -disable-auto-cleanup (the segment's keep_going) a receive from
 * one world rank also stops waiting when the launcher has reaped that
 * rank (seq_cst: F of the doorbell's Dekker pair with its store). */
static int done_or_gone(void *arg)
{
	struct mpii_request *req = arg;
	return is_done(req) ||
	       shm_load_seq_cst(&shm_seg_bell(&mpii_g.seg, (uint32_t)req->world_peer)->gone);
}

/* A receive from a rank that is gone: take what it sent before it went
 * (one more pass over its ring), else fail the receive, as a cancel takes
 * it out of the posted queue, with MPI_ERR_OTHER (MPI-3.1 has no class for
 * a failed process; MPICH's MPIX_ERR_PROC_FAILED is an extension).  A
 * receive already matched to a message that is still arriving is left to
 * complete or not. */
static void fail_from_gone(struct mpii_request *req)
{
	mpii_progress(req->world_peer);
	if (is_done(req))
		return;
	int (*cancel)(struct mpii_request *) = mpii_request_ops[req->kind]->cancel;
	if (cancel)
		cancel(req);
	if (is_done(req)) {
		req->status.mpii_cancelled = 0;
		req->status.MPI_ERROR = MPI_ERR_OTHER;
	}
}

void mpii_request_wait_done(struct mpii_request *req)
{
	if (is_done(req))
		return;
	int hint = req->kind == MPII_REQ_RECV ? req->world_peer : -1;
	/* -disable-auto-cleanup: a wait on a rank that died must not hang
	 * (issue 38); blocking receives, MPI_Wait and MPI_Sendrecv come here.
	 * Otherwise a dead rank takes the job down and this one with it. */
	int watch = hint >= 0 && mpii_g.seg.hdr && mpii_g.seg.hdr->keep_going;
	req->waiters++;
	mpii_progress_wait(watch ? done_or_gone : is_done, req, hint);
	if (watch && !is_done(req)) {
		fail_from_gone(req);
		if (!is_done(req))
			mpii_progress_wait(is_done, req, hint);
	}
	req->waiters--;
}

int mpii_wait(struct mpii_request *req, MPI_Status *status)
{
	mpii_request_wait_done(req);
	MPI_Request h = req;
	return mpii_request_collect(&h, status);
}

int mpii_request_start(struct mpii_request *req)
{
	if (!req->persistent || req->active)
		return MPI_ERR_REQUEST;
	mpii_status_empty(&req->status);
	req->status.MPI_ERROR = MPI_SUCCESS;
	req->h_state = 0;
	/* lib/p2p/p2p_api.c for sends and receives, lib/ext/greq.c for meta
	 * requests (calls start_fn), lib/coll/coll_persist.c for collectives */
	int (*start)(struct mpii_request *) = mpii_request_ops[req->kind]->start;
	return start ? start(req) : MPI_ERR_REQUEST;
}
