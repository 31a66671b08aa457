/*
 * lib/ext/handler.h - request handlers (seed 002 6.12.3, seed 003): the hooks
 * that lib/core/request.c and the wait/free/cancel paths call.  Design in
 * lib/ext/handler.c and docs/handlers.md.  The hooks of generalized and meta
 * requests are in lib/ext/greq.h.
 *
 * All hooks are called with the library lock held unless said otherwise.
 */
#ifndef MPII_HANDLER_H
#define MPII_HANDLER_H

#include "mpi.h"
#include "lib/core/core.h"

/* req->h_state: where the latest completion of a request with a handler is. */
enum mpii_h_state {
	MPII_H_NONE = 0,     /* no completion pending handling */
	MPII_H_QUEUED,       /* handler call scheduled (counts as handled) */
	MPII_H_RUNNING,      /* handler running */
	MPII_H_HANDLED,      /* handler ran; waiting for wait/test/free */
	MPII_H_LOCKQ,        /* completed under MPI_Handler_lock, not yet collected */
};

struct mpii_handler {
	MPI_Request_handler *fn;
	void *extra_state;
	int type;
};

/* Request handlers run (by the handler thread or inline), per process:
 * the tools interface's performance variable ext_handler_runs.  A plain
 * increment under the library lock. */
extern uint64_t mpii_handler_runs;

/* Called first by mpii_request_complete for a request with a handler.
 * Returns 1 when it took over the completion (the handler will set done or
 * release the request), 0 when the ordinary completion should go on. */
int mpii_handler_on_complete(struct mpii_request *req);

/* wait/test collects req (h_state != 0). */
void mpii_handler_collected(struct mpii_request *req);

/* The request goes back to the pool: drop handler state. */
void mpii_handler_release(struct mpii_request *req);

/* MPI_Init (mpii_ext_init): give lib/core/ the hooks above
 * (mpii_request_hooks). */
void mpii_handler_register_hooks(void);

/* MPI_Finalize: run what is queued, stop and join the handler thread
 * (called without the lock). */
void mpii_handler_finalize(void);

#endif
