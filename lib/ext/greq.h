/*
 * lib/ext/greq.h - state of generalized (MPI_Grequest_start) and meta requests
 * (seed 002 6.2), kept in req->greq.  Shared by lib/ext/greq.c and lib/ext/metareq.c.
 */
#ifndef MPII_GREQ_H
#define MPII_GREQ_H

#include "mpi.h"
#include "lib/core/core.h"

struct mpii_metarequest {
	uint32_t magic;                    /* MPII_MAGIC_METAREQ */
	MPI_Request_init_function *init_fn;
	MPI_Request_start_function *start_fn;
	MPI_Request_complete_function *complete_fn;
	MPI_Request_free_function *free_fn;
	MPI_Request_cancel_function *cancel_fn;
	int refs;                          /* the user's handle + live requests */
};

struct mpii_greq {
	struct mpii_metarequest *meta;     /* NULL: MPI_Grequest_start */
	MPI_Grequest_query_function *query_fn;
	MPI_Grequest_free_function *gfree_fn;
	MPI_Grequest_cancel_function *gcancel_fn;
	void *extra_state;
	int cancel_failed;                 /* cancel_fn failed in this activation */
	int free_called;
};

/* The ops of both kinds (lib/ext/greq.c), registered with lib/core/ by
 * mpii_ext_init: lib/core/request.c and the wait/start/cancel/free paths
 * call them through mpii_request_ops. */

/* The request goes back to the pool: free_fn of an MPI_Grequest_start
 * request not freed yet, or drop the meta request type's reference. */
void mpii_greq_release(struct mpii_request *req);
/* Collection of an MPI_Grequest_start request: query_fn fills the status
 * (drops the lock around the callback).  Returns query_fn's error, which
 * is also the status's MPI_ERROR. */
int mpii_greq_query(struct mpii_request *req);
/* Collection of a generalized request that goes back to the pool (lock
 * held, dropped around the callback): free_fn, once.  Returns its error,
 * which the collecting call reports. */
int mpii_greq_collected(struct mpii_request *req);
/* MPI_Start of a meta request (drops the lock around start_fn). */
int mpii_meta_start(struct mpii_request *req);
/* MPI_Cancel of a meta or generalized request (lock held, dropped around
 * cancel_fn).  Returns the error the cancel raises (MPI_ERR_GR ...). */
int mpii_gen_cancel(struct mpii_request *req);
/* MPI_Request_free of a meta or generalized request, before the ordinary
 * free (lock held, dropped around free_fn).  Returns the error of an
 * MPI_Grequest_start request's free_fn, which MPI_Request_free reports. */
int mpii_gen_free(struct mpii_request *req);

/* Drop a reference to a meta request type (lock held). */
void mpii_metareq_unref(struct mpii_metarequest *m);

/* A callback of meta request req failed with rc (lock held, dropped around
 * cancel_fn): cancel_fn decides, then the request completes. */
void mpii_meta_callback_failed(struct mpii_request *req, int rc);

#endif
