/*
 * lib/ext/metareq.c - meta requests (seed 002 6.2, SPEC.md §2/§4/§5):
 * MPI_Meta_request_create/free, MPI_Request_init, MPI_Request_mark_complete
 * and the predefined cancel function MPI_CANCEL_ERROR.
 *
 * A meta request is a persistent request of kind MPII_REQ_META whose
 * operation is the user's callbacks: MPI_Start calls start_fn (greq.c),
 * MPI_Request_mark_complete calls complete_fn and then completes it, so a
 * wait or test sees it complete only after complete_fn returned; after
 * collection it is inactive and can be started again.  MPI_Request_free
 * calls free_fn; MPI_Cancel or a failing init/start/complete callback calls
 * cancel_fn, which decides MPI_Test_cancelled; a failing cancel_fn is not
 * called again.  The type (struct mpii_metarequest) is reference counted:
 * freeing it with live requests is legal, it goes with its last request.
 */
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/ext/greq.h"
#include "lib/ext/handler.h"

/* Freed metarequests wait here before reuse (lib/core/pool.h): a stale
 * handle reads a poisoned magic word, never freed memory. */
static struct mpii_pool metareq_pool = MPII_POOL_INIT(struct mpii_metarequest);

int mpii_obj_cancel_error(void *extra_state, MPI_Request request)
{
	(void)extra_state;
	(void)request;
	return MPI_ERR_GR;
}

void mpii_metareq_unref(struct mpii_metarequest *m)
{
	if (--m->refs == 0) {
		m->magic = MPII_MAGIC_FREED;
		mpii_pool_put(&metareq_pool, m);
	}
}

int mpii_Meta_request_create(const char *fn, MPI_Request_init_function *init_fn,
			     MPI_Request_start_function *start_fn,
			     MPI_Request_complete_function *complete_fn,
			     MPI_Request_free_function *free_fn,
			     MPI_Request_cancel_function *cancel_fn, MPI_Metarequest *metareq)
{
	if (!metareq)
		return mpii_err_self(MPI_ERR_ARG, fn, "metareq is NULL");
	struct mpii_metarequest *m = mpii_pool_get(&metareq_pool);
	if (!m)
		return mpii_err_self(MPI_ERR_NO_MEM, fn, "no memory");
	m->magic = MPII_MAGIC_METAREQ;
	m->init_fn = init_fn;
	m->start_fn = start_fn;
	m->complete_fn = complete_fn;
	m->free_fn = free_fn;
	m->cancel_fn = cancel_fn;
	m->refs = 1;
	*metareq = m;
	return MPI_SUCCESS;
}

int mpii_Meta_request_free(const char *fn, MPI_Metarequest *metareq)
{
	if (!metareq || !MPII_VALID(*metareq, MPII_MAGIC_METAREQ))
		return mpii_err_self(MPI_ERR_ARG, fn, "invalid meta request");
	mpii_lock();
	mpii_metareq_unref(*metareq);
	mpii_unlock();
	*metareq = MPI_METAREQUEST_NULL;
	return MPI_SUCCESS;
}

int mpii_Request_init(const char *fn, MPI_Metarequest metareq, void *extra_state,
		      MPI_Request *request)
{
	if (!MPII_VALID(metareq, MPII_MAGIC_METAREQ))
		return mpii_err_self(MPI_ERR_ARG, fn, "invalid meta request");
	if (!request)
		return mpii_err_self(MPI_ERR_ARG, fn, "request is NULL");
	struct mpii_greq *g = calloc(1, sizeof(*g));
	if (!g)
		return mpii_err_self(MPI_ERR_NO_MEM, fn, "no memory");
	g->meta = metareq;
	g->extra_state = extra_state;
	mpii_lock();
	struct mpii_request *r = mpii_request_new(MPII_REQ_META);
	if (r) {
		r->persistent = 1;
		r->active = 0;
		/* Relaxed: nobody has seen the request yet (inactive reads as done). */
		shm_store_relaxed(&r->done, 1);
		r->greq = g;
		metareq->refs++;
	}
	mpii_unlock();
	if (!r) {
		free(g);
		return mpii_err_self(MPI_ERR_NO_MEM, fn, "no memory for a request");
	}
	mpii_status_empty(&r->status);
	/* The request exists when init_fn runs. */
	*request = r;
	int rc = metareq->init_fn ? metareq->init_fn(metareq, extra_state, r) : MPI_SUCCESS;
	if (rc == MPI_SUCCESS)
		return MPI_SUCCESS;
	/* A failing init_fn: cancel_fn cleans up, the request is not created. */
	if (metareq->cancel_fn)
		metareq->cancel_fn(extra_state, r);
	mpii_lock();
	mpii_request_release(r);
	mpii_unlock();
	*request = MPI_REQUEST_NULL;
	return mpii_err_self(MPI_ERR_GR, fn, "init_fn failed with %d", rc);
}

int mpii_Request_mark_complete(const char *fn, MPI_Request *request)
{
	if (!request || mpii_request_check(*request) || (*request)->kind != MPII_REQ_META)
		return mpii_err_self(MPI_ERR_REQUEST, fn, "not a meta request");
	struct mpii_request *r = *request;
	struct mpii_greq *g = r->greq;
	mpii_lock();
	if (!r->active) {
		mpii_unlock();
		return mpii_err_self(MPI_ERR_REQUEST, fn, "the request is not active");
	}
	/* Acquire: pairs with the release in mpii_request_complete (lock held too). */
	if (shm_load_acquire(&r->done) || r->h_state) {
		mpii_unlock();
		return MPI_SUCCESS; /* completed already (cancelled) */
	}
	int rc = MPI_SUCCESS;
	if (g->meta->complete_fn) {
		mpii_unlock();
		rc = g->meta->complete_fn(g->extra_state, r);
		mpii_lock();
	}
	if (rc != MPI_SUCCESS) {
		mpii_meta_callback_failed(r, rc);
	} else if (!shm_load_acquire(&r->done) && !r->h_state &&
		   r->active) {
		/* (The acquire above: complete_fn may have completed it; pairs
		 * with the release in mpii_request_complete, lock held too.) */
		r->status.MPI_ERROR = MPI_SUCCESS;
		mpii_request_complete(r);
	}
	mpii_unlock();
	return MPI_SUCCESS;
}
