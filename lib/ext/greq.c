/*
 * lib/ext/greq.c - MPI_Grequest_start/complete and the request-side machinery
 * of meta requests shared with lib/ext/metareq.c: start, cancel, free and
 * release of requests whose req->greq is set.
 *
 * Both kinds complete through mpii_request_complete, so handlers and
 * wait/test treat them like any request.  User callbacks are called with
 * the library lock dropped (they call MPI), except MPI_Grequest_start's
 * free_fn when the request goes back to the pool inside a handler's
 * completion (MPI_Request_free before MPI_Grequest_complete, with a
 * handler attached), which must not call MPI functions that take the
 * lock.  The errors query_fn and free_fn return are the errors of the
 * call that ran them (MPI-3.1 12.2).
 *
 * Also mpii_ext_init: the registration of both kinds' request ops and of
 * the handlers' hooks with lib/core/ (request.h).
 */
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/ext/greq.h"
#include "lib/ext/handler.h"

void mpii_greq_release(struct mpii_request *req)
{
	struct mpii_greq *g = req->greq;
	req->greq = NULL;
	if (!g->meta) {
		if (!g->free_called && g->gfree_fn)
			g->gfree_fn(g->extra_state);
	} else {
		mpii_metareq_unref(g->meta);
	}
	free(g);
}

int mpii_greq_query(struct mpii_request *req)
{
	struct mpii_greq *g = req->greq;
	if (!g || !g->query_fn)
		return MPI_SUCCESS;
	MPI_Status st = req->status;
	mpii_unlock();
	int rc = g->query_fn(g->extra_state, &st);
	mpii_lock();
	if (rc != MPI_SUCCESS)
		st.MPI_ERROR = rc;
	req->status = st;
	return rc;
}

/* free_fn of an MPI_Grequest_start request, once (lock held, dropped
 * around the callback).  Its error is what the call that ran it returns
 * (MPI-3.1 12.2: MPI_Wait, MPI_Test, the array calls, MPI_Request_free,
 * or MPI_Grequest_complete when MPI_Request_free came first). */
static int call_free_fn(struct mpii_greq *g)
{
	if (g->meta || g->free_called || !g->gfree_fn)
		return MPI_SUCCESS;
	g->free_called = 1;
	mpii_unlock();
	int rc = g->gfree_fn(g->extra_state);
	mpii_lock();
	return rc;
}

int mpii_greq_collected(struct mpii_request *req)
{
	return req->greq ? call_free_fn(req->greq) : MPI_SUCCESS;
}

void mpii_meta_callback_failed(struct mpii_request *req, int rc)
{
	struct mpii_greq *g = req->greq;
	(void)rc;
	int crc = MPI_ERR_GR;
	if (!g->cancel_failed && g->meta->cancel_fn) {
		mpii_unlock();
		crc = g->meta->cancel_fn(g->extra_state, req);
		mpii_lock();
		if (crc != MPI_SUCCESS)
			g->cancel_failed = 1;
	}
	/* Acquire: pairs with the release in mpii_request_complete (the lock,
	 * held, orders it too; a cold path, kept explicit). */
	if (shm_load_acquire(&req->done) || !req->active)
		return;  /* the callback completed it meanwhile */
	if (crc == MPI_SUCCESS) {
		req->status.mpii_cancelled = 1;
		req->status.MPI_ERROR = MPI_SUCCESS;
	} else {
		/* returned by the wait/test that completes the request */
		req->status.mpii_cancelled = 0;
		req->status.MPI_ERROR = mpii_err_class(crc) == MPI_ERR_UNKNOWN ? MPI_ERR_GR : crc;
	}
	mpii_request_complete(req);
}

int mpii_meta_start(struct mpii_request *req)
{
	struct mpii_greq *g = req->greq;
	mpii_status_empty(&req->status);
	req->status.MPI_ERROR = MPI_SUCCESS;
	req->active = 1;
	req->h_state = 0;
	/* A new operation.  "A failing cancel_fn is not called again" holds
	 * within one activation (its own failure does not call it again);
	 * a failing callback of this activation still calls it (seed 002
	 * 6.2.3, issue 14 item 11). */
	g->cancel_failed = 0;
	/* Relaxed: an inactive request restarted under the lock, which publishes it. */
	shm_store_relaxed(&req->done, 0);
	int rc = MPI_SUCCESS;
	if (g->meta->start_fn) {
		mpii_unlock();
		rc = g->meta->start_fn(g->extra_state, req);
		mpii_lock();
	}
	if (rc != MPI_SUCCESS)
		mpii_meta_callback_failed(req, rc);
	return MPI_SUCCESS;
}

int mpii_gen_cancel(struct mpii_request *req)
{
	struct mpii_greq *g = req->greq;
	/* Acquire: pairs with the release in mpii_request_complete (lock held too). */
	int done = shm_load_acquire(&req->done);
	if (!g->meta) {
		if (!g->gcancel_fn)
			return MPI_SUCCESS;
		mpii_unlock();
		int rc = g->gcancel_fn(g->extra_state, done);
		mpii_lock();
		return rc;
	}
	if (done || !req->active || g->cancel_failed)
		return MPI_SUCCESS;
	int crc = MPI_SUCCESS;
	if (g->meta->cancel_fn) {
		mpii_unlock();
		crc = g->meta->cancel_fn(g->extra_state, req);
		mpii_lock();
	}
	if (crc != MPI_SUCCESS)
		g->cancel_failed = 1;
	/* seed 002 6.2.3: when cancel_fn returns, the request is complete */
	/* Acquire: as above; cancel_fn may have completed it. */
	if (!shm_load_acquire(&req->done) && req->active) {
		req->status.mpii_cancelled = crc == MPI_SUCCESS;
		req->status.MPI_ERROR = MPI_SUCCESS;
		mpii_request_complete(req);
	}
	return crc == MPI_SUCCESS ? MPI_SUCCESS
				  : (mpii_err_class(crc) == MPI_ERR_UNKNOWN ? MPI_ERR_GR : crc);
}

int mpii_gen_free(struct mpii_request *req)
{
	struct mpii_greq *g = req->greq;
	if (g->free_called)
		return MPI_SUCCESS;
	if (g->meta) {
		g->free_called = 1;
		if (g->meta->free_fn) {
			mpii_unlock();
			g->meta->free_fn(g->extra_state, req);
			mpii_lock();
		}
		return MPI_SUCCESS;
	}
	/* Acquire: pairs with the release in mpii_request_complete (lock
	 * held too).  Not complete yet: MPI_Grequest_complete runs free_fn. */
	if (shm_load_acquire(&req->done))
		return call_free_fn(g);
	return MPI_SUCCESS;
}

/* MPI_Grequest_start requests: query_fn when wait/test reads the status,
 * free_fn when they collect it or MPI_Request_free frees it. */
/* Generalized and meta requests raise through MPI_COMM_SELF (SPEC §5)
 * in the calls on one request (lib/core/request.h, raise_to). */
static int raise_self(void *obj, int errcode, const char *fn)
{
	(void)obj;
	return mpii_err_self(errcode, fn, "request failed");
}

static void gen_raise_to(struct mpii_request *req, struct mpii_raise_to *to)
{
	(void)req;
	to->fn = raise_self;
}

static const struct mpii_request_ops greq_ops = {
	.cancel = mpii_gen_cancel,
	.query = mpii_greq_query,
	.collected = mpii_greq_collected,
	.free = mpii_gen_free,
	.release = mpii_greq_release,
	.raise_to = gen_raise_to,
};

/* Meta requests: persistent, started through start_fn. */
static const struct mpii_request_ops meta_ops = {
	.start = mpii_meta_start,
	.cancel = mpii_gen_cancel,
	.free = mpii_gen_free,
	.release = mpii_greq_release,
	.raise_to = gen_raise_to,
};

void mpii_ext_init(void)
{
	mpii_request_register(MPII_REQ_GREQ, &greq_ops);
	mpii_request_register(MPII_REQ_META, &meta_ops);
	mpii_handler_register_hooks();
}

int mpii_Grequest_start(const char *fn, MPI_Grequest_query_function *query_fn,
			MPI_Grequest_free_function *free_fn,
			MPI_Grequest_cancel_function *cancel_fn, void *extra_state,
			MPI_Request *request)
{
	if (!request)
		return mpii_err_self(MPI_ERR_ARG, fn, "request is NULL");
	struct mpii_greq *g = calloc(1, sizeof(*g));
	if (!g)
		return mpii_err_self(MPI_ERR_NO_MEM, fn, "no memory");
	g->query_fn = query_fn;
	g->gfree_fn = free_fn;
	g->gcancel_fn = cancel_fn;
	g->extra_state = extra_state;
	mpii_lock();
	struct mpii_request *r = mpii_request_new(MPII_REQ_GREQ);
	if (r)
		r->greq = g;
	mpii_unlock();
	if (!r) {
		free(g);
		return mpii_err_self(MPI_ERR_NO_MEM, fn, "no memory for a request");
	}
	mpii_status_empty(&r->status);
	*request = r;
	return MPI_SUCCESS;
}

int mpii_Grequest_complete(const char *fn, MPI_Request request)
{
	if (mpii_request_check(request) || request->kind != MPII_REQ_GREQ)
		return mpii_err_self(MPI_ERR_REQUEST, fn, "not a generalized request");
	mpii_lock();
	/* Acquire: pairs with the release in mpii_request_complete (lock held too). */
	int bad = shm_load_acquire(&request->done) != 0 ||
		  request->h_state != 0;
	int rc = MPI_SUCCESS;
	/* Freed by MPI_Request_free already (and no handler to run first):
	 * the completion releases it, so free_fn runs here, with the lock
	 * dropped, and its error is this call's (MPI-3.1 12.2). */
	if (!bad && request->user_freed && !request->handler)
		rc = call_free_fn(request->greq);
	if (!bad)
		mpii_request_complete(request);
	mpii_unlock();
	if (bad)
		return mpii_err_self(MPI_ERR_REQUEST, fn, "already complete");
	return rc ? mpii_err_self(rc, fn, "free_fn failed") : MPI_SUCCESS;
}
