/*
 * lib/core/wait_api.c - completion: MPI_Wait/Test and their any/all/some forms,
 * MPI_Request_free, MPI_Request_get_status (and MPI-4.1's _any/_all/_some),
 * MPI_Cancel, MPI_Test_cancelled,
 * the MPI-4.1 status accessors MPI_Status_get/set_source/tag/error.
 *
 * A null request or an inactive persistent request completes at once with
 * an empty status.  Errors of individual requests in the multiple-completion
 * calls are reported as MPI_ERR_IN_STATUS with each status's MPI_ERROR set.
 * A request whose kind says so raises elsewhere than through its
 * communicator (the ops' raise_to, request.h: a file access's file, a
 * generalized request's MPI_COMM_SELF; struct raise_to below).
 *
 * Two threads waiting on one request is a thread-usage error (MPI-2
 * 12.4.2): the first would collect (free) the request under the second.
 * Every call here that waits on, tests or frees a request checks, under
 * the library lock, that no other thread waits on it (req->waiters), and
 * reports MPI_ERR_THREAD without touching the request, so the other
 * thread's wait goes on unharmed.  A blocking wait counts itself in the
 * waiters of each request it waits on for as long as it has the lock
 * dropped.
 *
 * What a request's kind does (start, cancel, query_fn, free_fn) is its
 * owner's, reached through the kind's ops table (request.h); handlers and
 * attributes through mpii_request_hooks.
 */
#include "lib/core/errors.h"
#include "lib/core/global.h"
#include "lib/core/lock.h"
#include "lib/core/progress.h"
#include "lib/core/request.h"

static int req_done(struct mpii_request *r)
{
	/* Acquire: pairs with the release in mpii_request_complete. */
	return shm_load_acquire(&r->done);
}

/* Null or inactive: nothing to wait for. */
static int inert(MPI_Request r)
{
	return r == MPI_REQUEST_NULL || (r->persistent && !r->active);
}

static MPI_Comm err_comm(MPI_Request r)
{
	return r && r->comm ? r->comm : NULL;
}

/* A done request's status is about to be read: its kind fills it in (a
 * generalized request's query_fn).  Its error, or MPI_SUCCESS. */
static int query(struct mpii_request *r)
{
	if (!r->greq)
		return MPI_SUCCESS;   /* no state of its kind's: nothing to fill */
	int (*q)(struct mpii_request *) = mpii_request_ops[r->kind]->query;
	return q ? q(r) : MPI_SUCCESS;
}

/* Where a call's error goes when its request's kind says (the ops'
 * raise_to, request.h): noted with the lock held before collection may
 * free the request; fn NULL: through the request's communicator. */
struct raise_to {
	int (*fn)(void *obj, int errcode, const char *fn);
	void *obj;
};

/* Note r's target in t: for a call on one request (single), r's kind's
 * whatever it is; for an array call, the first failed request's whose
 * target takes the array calls' errors too. */
static void raise_note(struct raise_to *t, MPI_Request r, int single)
{
	void (*raise_to)(struct mpii_request *, struct mpii_raise_to *) =
		mpii_request_ops[r->kind]->raise_to;
	if (t->fn || !raise_to || (!single && r->status.MPI_ERROR == MPI_SUCCESS))
		return;
	struct mpii_raise_to to = { NULL, NULL, 0 };
	raise_to(r, &to);
	if (single || to.arrays) {
		t->fn = to.fn;
		t->obj = to.obj;
	}
}

/* Raise rc for fn through t's target, else comm's handler. */
static int raise_req(const struct raise_to *t, MPI_Comm comm, int rc, const char *fn)
{
	if (t->fn)
		return t->fn(t->obj, rc, fn);
	return mpii_err(comm, rc, fn, "request failed");
}

static int check_array(int count, MPI_Request *reqs)
{
	if (count < 0 || (count > 0 && !reqs))
		return MPI_ERR_ARG;
	for (int i = 0; i < count; i++)
		if (reqs[i] != MPI_REQUEST_NULL && mpii_request_check(reqs[i]))
			return MPI_ERR_REQUEST;
	return MPI_SUCCESS;
}

/* Take the library lock for a call on reqs.  MPI_SUCCESS with the lock
 * held; or, when another thread waits on an active request of reqs,
 * MPI_ERR_THREAD raised through that request's communicator with the lock
 * dropped, nothing touched. */
static int lock_unwaited(int count, MPI_Request *reqs, const char *fn)
{
	mpii_lock();
	for (int i = 0; i < count; i++) {
		if (inert(reqs[i]) || !reqs[i]->waiters)
			continue;
		MPI_Comm comm = err_comm(reqs[i]);
		mpii_unlock();
		return mpii_err(comm, MPI_ERR_THREAD, fn,
				"another thread is already waiting on this request");
	}
	return MPI_SUCCESS;
}


/* The empty status MPI_Request_get_status returns for a null or inactive
 * request, and MPI_Request_get_status_any when no request is active:
 * MPI-3.1 3.7.3's, whose error is MPI_SUCCESS, as MPICH writes it (its
 * pt2pt/rqstatus and mpi4py's testGetStatusAny check it).  Wait, Test, Waitany and Testany leave
 * MPI_ERROR as the caller had it (3.2.5; issue 14.12,
 * tests/mpi/status_error_kept), and the array calls unless they return
 * MPI_ERR_IN_STATUS. */
static void status_empty_single(MPI_Status *status)
{
	mpii_status_empty(status);
	if (status && status != MPI_STATUS_IGNORE)
		status->MPI_ERROR = MPI_SUCCESS;
}

/* The start MPI_Wait and MPI_Test for fn share, after their NULL checks:
 * check *request; answer an inert one with an empty status (*live = 0);
 * take the lock for a live one (*live = 1) and say where its errors go
 * (*comm, *to).  Returns MPI_SUCCESS or the error class (the handler
 * called, the lock not held). */
static int enter_one(const char *fn, MPI_Request *request, MPI_Status *status, int *live,
		     MPI_Comm *comm, struct raise_to *to)
{
	if (*request != MPI_REQUEST_NULL && mpii_request_check(*request))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request");
	*live = !inert(*request);
	if (!*live) {
		mpii_status_empty(status);
		return MPI_SUCCESS;
	}
	*comm = err_comm(*request);
	int rc = lock_unwaited(1, request, fn);
	if (!rc)
		raise_note(to, *request, 1);
	return rc;
}

int mpii_Wait(const char *fn, MPI_Request *request, MPI_Status *status)
{
	MPI_Comm comm;
	struct raise_to to = { NULL, NULL };
	int live;
	if (!request)
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "request is NULL");
	int rc = enter_one(fn, request, status, &live, &comm, &to);
	if (rc || !live)
		return rc;
	mpii_request_wait_done(*request);
	rc = mpii_request_collect(request, status);
	mpii_unlock();
	return rc ? raise_req(&to, comm, rc, fn) : MPI_SUCCESS;
}

int mpii_Test(const char *fn, MPI_Request *request, int *flag, MPI_Status *status)
{
	MPI_Comm comm;
	struct raise_to to = { NULL, NULL };
	int live;
	if (!request || !flag)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "NULL argument");
	int rc = enter_one(fn, request, status, &live, &comm, &to);
	if (!rc && !live)
		*flag = 1;
	if (rc || !live)
		return rc;
	if (!req_done(*request))
		mpii_progress((*request)->kind == MPII_REQ_RECV ? (*request)->world_peer : -1);
	*flag = req_done(*request);
	if (*flag)
		rc = mpii_request_collect(request, status);
	mpii_unlock();
	return rc ? raise_req(&to, comm, rc, fn) : MPI_SUCCESS;
}

struct any_arg {
	int count;
	MPI_Request *reqs;
	/* where the MPI_Wait and MPI_Test array calls put their results */
	int *index, *flag, *outcount, *indices;
	MPI_Status *statuses;   /* one status for the "any" calls */
	int first;              /* all_done: the requests before it are done */
	int waited;             /* array_call polled (handlers may have run) */
	struct raise_to to;     /* the first failed request's, if its kind says */
};

/* The peer to poll first while waiting for several requests: the one peer
 * every pending send and receive waits for (a window of messages from one
 * peer), else -1.  A hinted wait looks at the other peers' summary bits only
 * every 16th poll (mpii_p2p_poll_incoming): cheap while spinning, but once
 * the wait yields each poll follows a trip through the scheduler, and a
 * message from a second peer waited 16 yields.  Isend/Irecv to both
 * neighbours + Waitall with 4 ranks on 2 cores (perf/exchange -k nbx): 2 B-
 * 8 KiB 4.8-9.9x the bandwidth with -1 there; other kinds of request
 * (generalized, meta, polled collectives) may wait for anyone, so -1. */
static int wait_hint(int count, MPI_Request *reqs)
{
	int hint = -1;
	for (int i = 0; i < count; i++) {
		struct mpii_request *r = reqs[i];
		if (!r || inert(r) || req_done(r))
			continue;
		if ((r->kind != MPII_REQ_RECV && r->kind != MPII_REQ_SEND) || r->world_peer < 0 ||
		    (hint >= 0 && r->world_peer != hint))
			return -1;
		hint = r->world_peer;
	}
	return hint;
}

/* Lock held.  Block until done(arg) while counted as a waiter of every
 * non-null request of reqs.  Null ones are skipped both ways, not inert()
 * ones: a persistent request may go inactive during the wait (its handler
 * runs), and the count must come down on exactly what went up. */
static void wait_array(int count, MPI_Request *reqs, int (*done)(void *), void *arg)
{
	for (int i = 0; i < count; i++)
		if (reqs[i] != MPI_REQUEST_NULL)
			reqs[i]->waiters++;
	mpii_progress_wait(done, arg, wait_hint(count, reqs));
	for (int i = 0; i < count; i++)
		if (reqs[i] != MPI_REQUEST_NULL)
			reqs[i]->waiters--;
}

/* Done when some active request completed or none is active. */
static int any_done(void *arg)
{
	struct any_arg *a = arg;
	int active = 0;
	for (int i = 0; i < a->count; i++) {
		if (inert(a->reqs[i]))
			continue;
		active = 1;
		if (req_done(a->reqs[i]))
			return 1;
	}
	return !active;
}

/* While a wait polls, a request seen done stays done (only this call
 * collects it: lock_unwaited), so each poll resumes where the last one
 * stopped: a window of requests completing in order costs one look per
 * request, not one per request and poll.  take_all looks at them all once
 * more from the start before it collects if the wait polled (a handler
 * may have restarted a persistent request meanwhile). */
static int all_done(void *arg)
{
	struct any_arg *a = arg;
	int i = a->first;
	while (i < a->count && (inert(a->reqs[i]) || req_done(a->reqs[i])))
		i++;
	a->first = i;
	return i == a->count;
}

/* Collect the first completed active request; *index = MPI_UNDEFINED if
 * none is active.  Returns its error. */
static int collect_any(int count, MPI_Request *reqs, int *index, MPI_Status *status, int *found,
		       struct raise_to *to)
{
	*found = 0;
	*index = MPI_UNDEFINED;
	int active = 0;
	for (int i = 0; i < count; i++) {
		if (inert(reqs[i]))
			continue;
		active = 1;
		if (req_done(reqs[i])) {
			*index = i;
			*found = 1;
			raise_note(to, reqs[i], 0);
			return mpii_request_collect(&reqs[i], status);
		}
	}
	if (!active) {
		*found = 1;
		mpii_status_empty(status);
	}
	return MPI_SUCCESS;
}

/* The MPI_Wait and MPI_Test array calls for fn: check a's requests (bad:
 * the call's own output arguments are missing), then, with the lock held
 * and counted as a waiter, wait until done(a) (NULL: the Test calls poll
 * once) and collect what completed; failed is the message if that fails. */
static int array_call(const char *fn, struct any_arg *a, int bad, int (*done)(void *),
		      int (*collect)(struct any_arg *), const char *failed)
{
	int rc = check_array(a->count, a->reqs);
	if (rc || bad)
		return mpii_err(NULL, rc ? rc : MPI_ERR_ARG, fn, "invalid arguments");
	if ((rc = lock_unwaited(a->count, a->reqs, fn)))
		return rc;
	if (done) {
		/* Nothing to wait for when all are done already (the sends
		 * of a window of small messages): no waiter counts, no poll. */
		if (!done(a)) {
			wait_array(a->count, a->reqs, done, a);
			a->waited = 1;
		}
	} else
		mpii_progress(-1);
	rc = collect(a);
	mpii_unlock();
	if (rc && a->to.fn)
		return a->to.fn(a->to.obj, rc, fn);
	return rc ? mpii_err(NULL, rc, fn, "%s", failed) : MPI_SUCCESS;
}

static int take_any(struct any_arg *a)
{
	return collect_any(a->count, a->reqs, a->index, a->statuses, a->flag, &a->to);
}

int mpii_Waitany(const char *fn, int count, MPI_Request array_of_requests[], int *index,
		 MPI_Status *status)
{
	int found;
	struct any_arg a = { count, array_of_requests, .index = index, .flag = &found,
			     .statuses = status };
	return array_call(fn, &a, !index, any_done, take_any, "request failed");
}

int mpii_Testany(const char *fn, int count, MPI_Request array_of_requests[], int *index, int *flag,
		 MPI_Status *status)
{
	struct any_arg a = { count, array_of_requests, .index = index, .flag = flag,
			     .statuses = status };
	return array_call(fn, &a, !index || !flag, NULL, take_any, "request failed");
}

/* MPI-3.1 3.2.5 and 3.7.5: the MPI_ERROR field of the statuses of an
 * array call is written only when the call returns MPI_ERR_IN_STATUS (then
 * every completed request's field: its error or MPI_SUCCESS); a successful
 * call leaves the fields as the user had them.  Called as the requests are
 * collected, in order, with n statuses of statuses (not ignored) filled so
 * far, *first_err the number of them before the first error (-1: none yet):
 * record err in statuses[n - 1], and when it is the first error, MPI_SUCCESS
 * in the successful ones before it. */
static void note_err(MPI_Status *statuses, int n, int err, int *first_err)
{
	if (*first_err < 0 && err == MPI_SUCCESS)
		return;   /* no error yet: the field may stay untouched */
	statuses[n - 1].MPI_ERROR = err;
	if (*first_err < 0) {
		*first_err = n - 1;
		for (int i = 0; i < n - 1; i++)
			statuses[i].MPI_ERROR = MPI_SUCCESS;
	}
}

/* Collect every request (all done); statuses may be MPI_STATUSES_IGNORE. */
static int collect_all(int count, MPI_Request *reqs, MPI_Status *statuses, struct raise_to *to)
{
	int any_err = 0, first_err = -1;
	int keep = statuses != MPI_STATUSES_IGNORE && statuses;
	for (int i = 0; i < count; i++) {
		MPI_Status *st = keep ? &statuses[i] : MPI_STATUS_IGNORE;
		int err = MPI_SUCCESS;
		if (inert(reqs[i])) {
			mpii_status_empty(st);
		} else {
			raise_note(to, reqs[i], 0);
			err = mpii_request_collect(&reqs[i], st);
		}
		if (keep)
			note_err(statuses, i + 1, err, &first_err);
		any_err |= err != MPI_SUCCESS;
	}
	return any_err ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
}

/* Collect them all if all are done; *flag says whether (the Test call). */
static int take_all(struct any_arg *a)
{
	if (a->waited)
		a->first = 0;
	int all = all_done(a);
	if (a->flag)
		*a->flag = all;
	return all ? collect_all(a->count, a->reqs, a->statuses, &a->to) : MPI_SUCCESS;
}

int mpii_Waitall(const char *fn, int count, MPI_Request array_of_requests[],
		 MPI_Status array_of_statuses[])
{
	struct any_arg a = { count, array_of_requests, .statuses = array_of_statuses };
	return array_call(fn, &a, 0, all_done, take_all, "a request failed");
}

int mpii_Testall(const char *fn, int count, MPI_Request array_of_requests[], int *flag,
		 MPI_Status array_of_statuses[])
{
	struct any_arg a = { count, array_of_requests, .flag = flag,
			     .statuses = array_of_statuses };
	return array_call(fn, &a, !flag, NULL, take_all, "a request failed");
}

/* Collect all completed requests; *outcount = MPI_UNDEFINED if none is
 * active. */
static int collect_some(int count, MPI_Request *reqs, int *outcount, int *indices,
			MPI_Status *statuses, struct raise_to *to)
{
	int n = 0, active = 0, any_err = 0, first_err = -1;
	int keep = statuses != MPI_STATUSES_IGNORE && statuses;
	for (int i = 0; i < count; i++) {
		if (inert(reqs[i]))
			continue;
		active = 1;
		if (!req_done(reqs[i]))
			continue;
		MPI_Status *st = keep ? &statuses[n] : MPI_STATUS_IGNORE;
		raise_note(to, reqs[i], 0);
		int err = mpii_request_collect(&reqs[i], st);
		indices[n++] = i;
		if (keep)
			note_err(statuses, n, err, &first_err);
		any_err |= err != MPI_SUCCESS;
	}
	*outcount = active ? n : MPI_UNDEFINED;
	return any_err ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
}

static int take_some(struct any_arg *a)
{
	return collect_some(a->count, a->reqs, a->outcount, a->indices, a->statuses, &a->to);
}

/* MPI_Waitsome (done: any_done) and MPI_Testsome (done NULL) for fn. */
static int some(const char *fn, int incount, MPI_Request reqs[], int *outcount, int indices[],
		MPI_Status statuses[], int (*done)(void *))
{
	struct any_arg a = { incount, reqs, .outcount = outcount, .indices = indices,
			     .statuses = statuses };
	return array_call(fn, &a, !outcount || (incount > 0 && !indices), done, take_some,
			  "a request failed");
}

int mpii_Waitsome(const char *fn, int incount, MPI_Request array_of_requests[], int *outcount,
		  int array_of_indices[], MPI_Status array_of_statuses[])
{
	return some(fn, incount, array_of_requests, outcount, array_of_indices, array_of_statuses,
		    any_done);
}

int mpii_Testsome(const char *fn, int incount, MPI_Request array_of_requests[], int *outcount,
		  int array_of_indices[], MPI_Status array_of_statuses[])
{
	return some(fn, incount, array_of_requests, outcount, array_of_indices, array_of_statuses,
		    NULL);
}

int mpii_Request_free(const char *fn, MPI_Request *request)
{
	if (!request || mpii_request_check(*request))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request");
	struct mpii_request *r = *request;
	/* Checked before anything is undone: a waiter would collect a
	 * released request. */
	int rc = lock_unwaited(1, request, fn);
	if (rc)
		return rc;
	mpii_unlock();
	if (r->persistent && r->attrs) {
		/* seed 002 6.7: a persistent request's attributes go with it */
		rc = mpii_request_hooks.attrs_delete(r);
		if (rc)
			return mpii_err(err_comm(r), rc, fn, "an attribute delete callback failed");
	}
	mpii_lock();
	struct raise_to to = { NULL, NULL };
	raise_note(&to, r, 1);
	int (*kind_free)(struct mpii_request *) = mpii_request_ops[r->kind]->free;
	if (kind_free)
		rc = kind_free(r);   /* free_fn (lib/ext/greq.c): its error is ours */
	if (r->h_state && mpii_request_hooks.handler_in_flight(r))
		r->user_freed = 1;  /* the handler call in flight releases it */
	else if (req_done(r) || (r->persistent && !r->active))
		mpii_request_release(r);
	else
		r->user_freed = 1;
	mpii_unlock();
	*request = MPI_REQUEST_NULL;
	return rc ? raise_req(&to, NULL, rc, fn) : MPI_SUCCESS;
}

int mpii_Request_get_status(const char *fn, MPI_Request request, int *flag, MPI_Status *status)
{
	if (!flag)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "flag is NULL");
	if (request != MPI_REQUEST_NULL && mpii_request_check(request))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request");
	if (inert(request)) {
		*flag = 1;
		status_empty_single(status);
		return MPI_SUCCESS;
	}
	mpii_lock();
	if (!req_done(request))
		mpii_progress(-1);
	*flag = req_done(request);
	int rc = MPI_SUCCESS;
	struct raise_to to = { NULL, NULL };
	raise_note(&to, request, 1);
	if (*flag)
		rc = query(request);   /* query_fn fills the status; its error is ours */
	if (*flag)
		mpii_status_copy(status, &request->status);
	mpii_unlock();
	return rc ? raise_req(&to, NULL, rc, fn) : MPI_SUCCESS;
}

/* ---------------------------------- MPI-4.1 3.7.6: status without freeing
 *
 * MPI_Request_get_status_any/all/some are MPI_Testany/all/some that leave
 * the requests as they are (not freed, not made inactive, handles not
 * set to MPI_REQUEST_NULL), as MPI_Request_get_status is MPI_Test's. */

/* Lock held, r done: fill st from r (a generalized request's query_fn
 * first, as MPI_Request_get_status does) and return its error. */
static int peek(struct mpii_request *r, MPI_Status *st)
{
	int rc = query(r);
	mpii_status_copy(st, &r->status);
	return rc ? rc : r->status.MPI_ERROR;
}

/* The start of the three: check the arguments (bad: the call's own
 * outputs are missing), take the lock and poll once.  MPI_SUCCESS with
 * the lock held, or the error class raised. */
static int peek_enter(const char *fn, int count, const MPI_Request reqs[], int bad)
{
	int rc = check_array(count, (MPI_Request *)reqs);
	if (rc || bad)
		return mpii_err(NULL, rc ? rc : MPI_ERR_ARG, fn, "invalid arguments");
	mpii_lock();
	mpii_progress(-1);
	return MPI_SUCCESS;
}

int mpii_Request_get_status_any(const char *fn, int count, const MPI_Request array_of_requests[],
				int *index, int *flag, MPI_Status *status)
{
	int rc = peek_enter(fn, count, array_of_requests, !index || !flag);
	if (rc)
		return rc;
	int active = 0;
	struct raise_to to = { NULL, NULL };
	*index = MPI_UNDEFINED;
	*flag = 0;
	for (int i = 0; i < count; i++) {
		struct mpii_request *r = array_of_requests[i];
		if (inert(r))
			continue;
		active = 1;
		if (req_done(r)) {
			*index = i;
			*flag = 1;
			raise_note(&to, r, 1);
			rc = peek(r, status);
			break;
		}
	}
	if (!active) {
		*flag = 1;
		status_empty_single(status);
	}
	mpii_unlock();
	return rc ? raise_req(&to, NULL, rc, fn) : MPI_SUCCESS;
}

int mpii_Request_get_status_all(const char *fn, int count, const MPI_Request array_of_requests[],
				int *flag, MPI_Status array_of_statuses[])
{
	int rc = peek_enter(fn, count, array_of_requests, !flag);
	if (rc)
		return rc;
	*flag = 1;
	for (int i = 0; i < count && *flag; i++)
		if (!inert(array_of_requests[i]) && !req_done(array_of_requests[i]))
			*flag = 0;
	int any_err = 0, first_err = -1;
	int keep = array_of_statuses != MPI_STATUSES_IGNORE && array_of_statuses;
	for (int i = 0; *flag && i < count; i++) {
		MPI_Status *st = keep ? &array_of_statuses[i] : MPI_STATUS_IGNORE;
		int err = MPI_SUCCESS;
		if (inert(array_of_requests[i]))
			mpii_status_empty(st);
		else
			err = peek(array_of_requests[i], st);
		if (keep)
			note_err(array_of_statuses, i + 1, err, &first_err);
		any_err |= err != MPI_SUCCESS;
	}
	mpii_unlock();
	return any_err ? mpii_err(NULL, MPI_ERR_IN_STATUS, fn, "a request failed") : MPI_SUCCESS;
}

int mpii_Request_get_status_some(const char *fn, int incount, const MPI_Request array_of_requests[],
				 int *outcount, int array_of_indices[],
				 MPI_Status array_of_statuses[])
{
	int rc = peek_enter(fn, incount, array_of_requests,
			    !outcount || (incount > 0 && !array_of_indices));
	if (rc)
		return rc;
	int n = 0, active = 0, any_err = 0, first_err = -1;
	int keep = array_of_statuses != MPI_STATUSES_IGNORE && array_of_statuses;
	for (int i = 0; i < incount; i++) {
		struct mpii_request *r = array_of_requests[i];
		if (inert(r))
			continue;
		active = 1;
		if (!req_done(r))
			continue;
		int err = peek(r, keep ? &array_of_statuses[n] : MPI_STATUS_IGNORE);
		array_of_indices[n++] = i;
		if (keep)
			note_err(array_of_statuses, n, err, &first_err);
		any_err |= err != MPI_SUCCESS;
	}
	*outcount = active ? n : MPI_UNDEFINED;
	mpii_unlock();
	return any_err ? mpii_err(NULL, MPI_ERR_IN_STATUS, fn, "a request failed") : MPI_SUCCESS;
}

int mpii_Cancel(const char *fn, MPI_Request *request)
{
	if (!request || mpii_request_check(*request))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request");
	struct mpii_request *r = *request;
	int rc = MPI_SUCCESS;
	mpii_lock();
	struct raise_to to = { NULL, NULL };
	raise_note(&to, r, 1);
	MPI_Comm comm = err_comm(r);
	int (*cancel)(struct mpii_request *) = mpii_request_ops[r->kind]->cancel;
	if (r->h_state)
		;  /* completed, its handler pending or run (lib/ext/handler.c) */
	else if (!inert(r) && cancel)
		rc = cancel(r);   /* lib/p2p/p2p_cancel.c, cancel_fn (lib/ext/greq.c) */
	mpii_unlock();
	return rc ? raise_req(&to, comm, rc, fn) : MPI_SUCCESS;
}

#pragma weak MPI_Test_cancelled = PMPI_Test_cancelled
int PMPI_Test_cancelled(const MPI_Status *status, int *flag)
{
	if (!status || status == MPI_STATUS_IGNORE || !flag)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Test_cancelled", "NULL argument");
	*flag = status->mpii_cancelled;
	return MPI_SUCCESS;
}

#pragma weak MPI_Status_set_cancelled = PMPI_Status_set_cancelled
int PMPI_Status_set_cancelled(MPI_Status *status, int flag)
{
	if (!status || status == MPI_STATUS_IGNORE)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Status_set_cancelled", "NULL status");
	status->mpii_cancelled = flag != 0;
	return MPI_SUCCESS;
}

/* MPI-4.1 3.2.5: the public fields of a status through functions (for
 * languages and tools that do not see the struct).  A status the caller
 * asked MPI to ignore has no fields: MPI_ERR_ARG. */
static int status_bad(const MPI_Status *status, const void *out, const char *fn)
{
	if (!status || status == MPI_STATUS_IGNORE || !out)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "status or result is NULL or ignored");
	return MPI_SUCCESS;
}

#pragma weak MPI_Status_get_source = PMPI_Status_get_source
int PMPI_Status_get_source(const MPI_Status *status, int *source)
{
	int rc = status_bad(status, source, "MPI_Status_get_source");
	if (!rc)
		*source = status->MPI_SOURCE;
	return rc;
}

#pragma weak MPI_Status_get_tag = PMPI_Status_get_tag
int PMPI_Status_get_tag(const MPI_Status *status, int *tag)
{
	int rc = status_bad(status, tag, "MPI_Status_get_tag");
	if (!rc)
		*tag = status->MPI_TAG;
	return rc;
}

#pragma weak MPI_Status_get_error = PMPI_Status_get_error
int PMPI_Status_get_error(const MPI_Status *status, int *error)
{
	int rc = status_bad(status, error, "MPI_Status_get_error");
	if (!rc)
		*error = status->MPI_ERROR;
	return rc;
}

/* The setters store any value, as the standard's MPI_Status_set_elements
 * does: a generalized request's query_fn fills in what it likes. */
#pragma weak MPI_Status_set_source = PMPI_Status_set_source
int PMPI_Status_set_source(MPI_Status *status, int source)
{
	int rc = status_bad(status, status, "MPI_Status_set_source");
	if (!rc)
		status->MPI_SOURCE = source;
	return rc;
}

#pragma weak MPI_Status_set_tag = PMPI_Status_set_tag
int PMPI_Status_set_tag(MPI_Status *status, int tag)
{
	int rc = status_bad(status, status, "MPI_Status_set_tag");
	if (!rc)
		status->MPI_TAG = tag;
	return rc;
}

#pragma weak MPI_Status_set_error = PMPI_Status_set_error
int PMPI_Status_set_error(MPI_Status *status, int error)
{
	int rc = status_bad(status, status, "MPI_Status_set_error");
	if (!rc)
		status->MPI_ERROR = error;
	return rc;
}
