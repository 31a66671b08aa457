/*
 * lib/core/request.h - requests: the handle of every operation that completes
 * later (sends, receives, generalized and meta requests, nonblocking
 * collectives).
 *
 * Life-cycle: allocated by the operation, active until the operation
 * completes (mpii_request_complete sets done), collected by wait/test (which
 * frees a non-persistent request) or freed by MPI_Request_free (which only
 * marks it when still active: the completion then frees it).  Persistent
 * requests go inactive on collection and can be started again.
 *
 * Locking: every field is protected by the library lock except `done`,
 * which a waiting thread may poll without the lock (acquire, pairs with the
 * release in mpii_request_complete).
 *
 * Kinds: core knows no kind's operation.  The folder that owns a kind
 * registers its ops table at init (mpii_request_register: lib/p2p/ the
 * sends and receives, lib/ext/ the generalized and meta requests, lib/coll/
 * the persistent collectives), and MPI_Start, MPI_Cancel, the collection
 * by wait/test, MPI_Request_free and the release dispatch through it.
 * Handlers (lib/ext/) and attributes (lib/attr/) may be attached to a
 * request of any kind: their owners register hooks (mpii_request_hooks),
 * called only for a request that carries one.
 */
#ifndef MPII_REQUEST_H
#define MPII_REQUEST_H

#include <stdint.h>
#include "mpi.h"
#include "lib/core/object.h"

struct mpii_comm;
struct mpii_datatype;
struct mpii_attr_list;
struct mpii_handler;
struct mpii_raise_to;

enum mpii_req_kind {
	MPII_REQ_SEND = 1,
	MPII_REQ_RECV,
	MPII_REQ_GREQ,     /* MPI_Grequest_start */
	MPII_REQ_META,     /* seed 002 meta requests */
	MPII_REQ_COLL,     /* nonblocking collectives and other polled operations */
	MPII_REQ_PCOLL,    /* persistent collectives (lib/coll/coll_persist.c) */
	MPII_REQ_PSEND,    /* partitioned send (lib/p2p/p2p_part.c) */
	MPII_REQ_PRECV,    /* partitioned receive (lib/p2p/p2p_part.c) */
	MPII_REQ_FILE,     /* nonblocking file access (lib/io/file_nb.c): polled */
	MPII_REQ_KINDS     /* the size of the ops table */
};

/* What a kind of request does for core, registered by the folder that owns
 * the kind (mpii_request_register).  Every member may be NULL: the
 * operation does nothing (or, for start, the request cannot be started).
 * All are called with the library lock held; those that run user
 * callbacks drop it around them. */
struct mpii_request_ops {
	/* MPI_Start of an inactive persistent request, its status emptied:
	 * make it active and start the operation.  An error class. */
	int (*start)(struct mpii_request *req);
	/* MPI_Cancel of an active request (maybe already done: the op
	 * decides).  An error class, which MPI_Cancel raises. */
	int (*cancel)(struct mpii_request *req);
	/* A done request's status is about to be read (wait, test,
	 * MPI_Request_get_status): fill it in.  Its error is the call's.
	 * Wait and test call it (and collected, release) only when
	 * req->greq is set. */
	int (*query)(struct mpii_request *req);
	/* Collection of a non-persistent request by wait/test, before it is
	 * released.  Its error is the call's unless query's came first. */
	int (*collected)(struct mpii_request *req);
	/* MPI_Request_free, before the ordinary free.  Its error is the
	 * call's. */
	int (*free)(struct mpii_request *req);
	/* The request goes back to the pool: drop the kind's state. */
	void (*release)(struct mpii_request *req);
	/* Where the errors of a request of this kind go when not through its
	 * communicator's handler (NULL: there, MPI_COMM_WORLD's without
	 * one): fills *to, called with the lock held before the request is
	 * collected (which may free it); the completion call raises with
	 * to->fn(to->obj, class, fn) once the lock is dropped.  A failed
	 * file access goes to its file's handler (MPI-3.1 13.7), from every
	 * completion call (to->arrays); a generalized or meta request to
	 * MPI_COMM_SELF's (SPEC §5), from the calls on one request (MPI_Wait,
	 * MPI_Test, MPI_Cancel, MPI_Request_free, MPI_Request_get_status(_any)),
	 * the array calls raising MPI_ERR_IN_STATUS as for any kind. */
	void (*raise_to)(struct mpii_request *req, struct mpii_raise_to *to);
};

/* A raise target (struct mpii_request_ops, raise_to). */
struct mpii_raise_to {
	int (*fn)(void *obj, int errcode, const char *fn);
	void *obj;
	int arrays;     /* also for the array calls' MPI_ERR_IN_STATUS */
};

/* The ops table of each kind; a kind nobody registered has empty ops.
 * Read on the message path (release, collect), so a plain array. */
extern const struct mpii_request_ops *mpii_request_ops[MPII_REQ_KINDS];

/* Register ops (static storage) for kind; at init, before any request of
 * the kind exists. */
void mpii_request_register(int kind, const struct mpii_request_ops *ops);

/* What may be attached to a request of any kind.  Called only for a
 * request that carries the attachment (the test is core's, on the
 * request's own fields, so a plain message pays nothing). */
struct mpii_request_hooks {
	/* Handlers (lib/ext/handler.c), for req->handler or req->h_state:
	 * completion (1: the hook took the completion over), collection by
	 * wait/test, release, and "a handler call for it is queued or
	 * running" (MPI_Request_free then leaves the release to that call). */
	int (*handler_complete)(struct mpii_request *req);
	void (*handler_collected)(struct mpii_request *req);
	void (*handler_release)(struct mpii_request *req);
	int (*handler_in_flight)(const struct mpii_request *req);
	/* Attributes (lib/attr/), for req->attrs of a persistent request
	 * freed by MPI_Request_free: run the delete callbacks (lock not
	 * held).  An error class. */
	int (*attrs_delete)(struct mpii_request *req);
};

/* The hooks; each owner fills in its members at init
 * (mpii_request_hooks.handler_* by lib/ext/, .attrs_delete by lib/attr/). */
extern struct mpii_request_hooks mpii_request_hooks;

/* FAN_IN: a standard send to a rank that receives from many at once (a
 * gather's root), eager only up to MPII_EAGER_FAN_IN with more ranks than
 * cores; FAN_OUT: one of a root's standard sends to many (a linear
 * scatter or bcast), eager only up to MPII_EAGER_FAN_OUT then
 * (lib/p2p/p2p_send.c). */
enum mpii_send_mode { MPII_MODE_STANDARD = 0, MPII_MODE_BUFFERED, MPII_MODE_SYNC, MPII_MODE_READY,
		      MPII_MODE_FAN_IN, MPII_MODE_FAN_OUT };

struct mpii_request {
	uint32_t magic;
	uint8_t kind;           /* enum mpii_req_kind */
	uint8_t persistent;
	uint8_t active;         /* started and not yet collected */
	uint8_t user_freed;     /* MPI_Request_free while active: free on completion */
	_Atomic int done;       /* completed; release in mpii_request_complete */
	int waiters;            /* threads blocked in a wait on this request */
	MPI_Status status;

	/* the operation */
	struct mpii_comm *comm;
	struct mpii_datatype *dt;
	void *buf;
	MPI_Count count;
	int peer;               /* comm rank of the partner, or MPI_ANY_SOURCE */
	int tag;
	uint32_t ctx;
	int mode;               /* enum mpii_send_mode */
	int world_peer;         /* world rank of the partner (sends) */
	MPI_Count bytes;        /* packed length of the message */

	/* transport state (lib/p2p/) */
	int proto;              /* enum mpii_proto_step (lib/p2p/p2p_impl.h) */
	uint32_t msg_seq;       /* a send's message number on its ring (cancel) */
	void *tmpbuf;           /* packed copy (bsend, non-contiguous rendezvous) */
	struct mpii_request *next, *prev;  /* posted queue / tx queue links */

	/* polled operations (MPII_REQ_COLL): called by the progress engine
	 * until it completes the request */
	int (*poll)(struct mpii_request *req);
	void *state;
	void (*state_free)(void *state);
	struct mpii_request *poll_next;

	/* The kind's own state: generalized and meta requests' (lib/ext/greq.c),
	 * a partitioned request's (lib/p2p/p2p_part.c), a file access's file
	 * (lib/io/file_nb.c: where its errors go).  The ops query,
	 * collected and release are called only for a request that has it
	 * (request.c: the message path reads no ops table). */
	void *greq;

	/* handlers (lib/ext/handler.c), caching and names (lib/attr/attr.c) */
	struct mpii_handler *handler;
	uint8_t h_state;        /* enum mpii_h_state (lib/ext/handler.h) */
	struct mpii_request *h_next;  /* MPI_Handler_lock queue */
	struct mpii_attr_list *attrs;
	char *name;
};

/* Allocate a zeroed request of kind from the per-process pool.  NULL when
 * out of memory. */
struct mpii_request *mpii_request_new(int kind);
/* Set up r (not from the pool: a blocking call's own request on its
 * stack) as mpii_request_new would.  It never reaches the user, so it
 * is never freed by MPI_Request_free, cancelled or given a handler; the
 * caller waits for it and then drops it with mpii_request_drop. */
void mpii_request_init(struct mpii_request *r, int kind);
void mpii_request_drop(struct mpii_request *r);

/* Return a request to the pool (drops its references to comm and type). */
void mpii_request_release(struct mpii_request *req);

/* Mark req complete with its status filled in: wakes waiters, runs the
 * completion rules (handlers), frees it if the user already freed it. */
void mpii_request_complete(struct mpii_request *req);

/* Check a user request handle.  MPI_SUCCESS or MPI_ERR_REQUEST.  Inline:
 * the array calls check every request of their arrays. */
static inline int mpii_request_check(MPI_Request req)
{
	return MPII_VALID(req, MPII_MAGIC_REQUEST) ? MPI_SUCCESS : MPI_ERR_REQUEST;
}

/* Collect a completed request for wait/test: copy its status (unless
 * status is MPI_STATUS_IGNORE), free it or make it inactive (persistent),
 * and set *handle to MPI_REQUEST_NULL for freed ones.  Returns the
 * request's error (status.MPI_ERROR) or MPI_SUCCESS. */
int mpii_request_collect(MPI_Request *handle, MPI_Status *status);

/* Block until req is done (drives progress, drops the library lock while
 * waiting).  Does not collect. */
void mpii_request_wait_done(struct mpii_request *req);

/* Wait for an internal request (lock held), copy its status, release it.
 * Returns the request's error (status.MPI_ERROR) or MPI_SUCCESS. */
int mpii_wait(struct mpii_request *req, MPI_Status *status);

/* Start an inactive persistent request (MPI_Start) through its kind's
 * start op.  Returns an error class (MPI_ERR_REQUEST: not an inactive
 * persistent request, or a kind that cannot be started). */
int mpii_request_start(struct mpii_request *req);

/* Fill an empty status (MPI_SOURCE = MPI_ANY_SOURCE, ...), as for
 * MPI_PROC_NULL and null requests.  Leaves MPI_ERROR alone: calls that
 * return one status do not modify it (MPI-3.1 3.2.5); a request's own
 * status keeps its error there, set by whoever completes it. */
void mpii_status_empty(MPI_Status *st);

/* Copy a request's status to a user's (nothing for MPI_STATUS_IGNORE),
 * all but MPI_ERROR, for the same reason. */
void mpii_status_copy(MPI_Status *dst, const MPI_Status *src);

#endif
