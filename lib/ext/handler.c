/*
 * lib/ext/handler.c - request handlers (seed 002 6.12.3 with seed 003 and
 * SPEC.md §2/§5): MPI_Post_handler, MPI_Get_status, MPI_Handler_lock/unlock
 * and the per-process handler thread.
 *
 * Invocation rule: every completion (active -> inactive) of a request runs
 * the handler attached at that moment exactly once.  mpii_request_complete
 * calls mpii_handler_on_complete, which (lock held) queues a call
 * {request, fn, extra_state} and leaves `done` at 0: wait/test see the
 * request complete only after the handler returned, when run_call() sets
 * done and wakes waiters.  Completion in any thread's progress just queues;
 * the handler thread runs the calls.  A request freed while active is
 * released at completion and its handler gets MPI_REQUEST_NULL.
 *
 * The handler thread is started by the first MPI_Post_handler.  It runs
 * queued calls (without the library lock; handlers call MPI), and between
 * them waits through the progress engine (mpii_progress_wait, the one way
 * to block), which drives progress so that handlers run without the user
 * calling MPI: it spins SHMPI_HANDLER_SPIN_US (default 20) microseconds
 * after the last activity (mpii_progress_wait_budget), then yields
 * SHMPI_HANDLER_YIELD_US, then sleeps on the member's doorbell futex
 * (shm/doorbell.h), which peers ring after publishing and which a queued
 * call rings too.
 *
 * Locked mode: the library lock is a no-op unless mpii_g.multi.  The first
 * MPI_Post_handler sets mpii_g.multi = 1 before it takes the lock and
 * before the thread exists; below MPI_THREAD_MULTIPLE no other thread is in
 * MPI then, and every user callback (start_fn, init_fn, handlers run
 * inline) is called with the lock dropped and retaken, so a caller that
 * entered with the no-op lock leaves with a balanced real one.
 *
 * MPI_Handler_lock: process-wide, not nested.  While locked, completions do
 * not queue handler calls (they complete for wait/test at once, h_state
 * LOCKQ) and the thread starts no queued call; MPI_Handler_unlock runs the
 * handlers of the LOCKQ completions nobody collected, inline.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "lib/attr/attr.h"
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/ext/handler.h"
#include "shm/config.h"
#include "shm/doorbell.h"

struct hcall {
	struct mpii_request *req;   /* NULL: freed while active */
	MPI_Request_handler *fn;
	void *extra_state;
	struct hcall *next;
};

/* All protected by the library lock.  The handler thread reads q_head,
 * h_locked and h_stop in its wait condition, which mpii_progress_wait
 * checks with the lock held after its sleeper count went up; whoever
 * changes them holds the lock and rings the doorbell after, so a change is
 * either seen by the check or wakes the sleeper (shm/doorbell.h). */
static struct hcall *q_head, *q_tail;
static int h_locked;                 /* MPI_Handler_lock held */
static int h_stop;                   /* MPI_Finalize: the thread ends */
static struct mpii_request *lockq;   /* LOCKQ requests (h_next links) */
static int h_running;                /* calls running on the handler thread */
static int thread_started;
static pthread_t h_thread;
static int64_t spin_ns = 20000, yield_ns = 200000;

static void enqueue(struct mpii_request *req, MPI_Request_handler *fn, void *extra)
{
	struct hcall *c = malloc(sizeof(*c));
	if (!c)
		mpii_abort_job(MPI_ERR_NO_MEM, "no memory to queue a request handler");
	c->req = req;
	c->fn = fn;
	c->extra_state = extra;
	c->next = NULL;
	if (q_tail)
		q_tail->next = c;
	else
		q_head = c;
	q_tail = c;
	/* Lock held: the handler thread's wait sees q_head or is rung. */
	shm_doorbell_ring_if_sleeping(mpii_g.bell);
}

static struct hcall *dequeue(void)
{
	struct hcall *c = q_head;
	if (!c)
		return NULL;
	q_head = c->next;
	if (!q_head)
		q_tail = NULL;
	return c;
}

int mpii_handler_on_complete(struct mpii_request *req)
{
	struct mpii_handler *h = req->handler;
	if (!h || !h->fn)
		return 0;
	if (req->user_freed) {
		/* seed 003 2.1: freed while active, the handler gets NULL */
		enqueue(NULL, h->fn, h->extra_state);
		mpii_request_release(req);
		return 1;
	}
	if (h_locked) {
		req->h_state = MPII_H_LOCKQ;
		req->h_next = lockq;
		lockq = req;
		return 0;
	}
	req->h_state = MPII_H_QUEUED;
	enqueue(req, h->fn, h->extra_state);
	return 1;
}

static void lockq_remove(struct mpii_request *req)
{
	for (struct mpii_request **pp = &lockq; *pp; pp = &(*pp)->h_next)
		if (*pp == req) {
			*pp = req->h_next;
			break;
		}
	req->h_next = NULL;
}

void mpii_handler_collected(struct mpii_request *req)
{
	if (req->h_state == MPII_H_LOCKQ)
		lockq_remove(req);
	req->h_state = MPII_H_NONE;
}

void mpii_handler_release(struct mpii_request *req)
{
	if (req->h_state == MPII_H_LOCKQ)
		lockq_remove(req);
	/* A queued call of a released request would use a stale pointer:
	 * turn it into a MPI_REQUEST_NULL call (freed before handled). */
	for (struct hcall *c = q_head; c; c = c->next)
		if (c->req == req)
			c->req = NULL;
	req->h_state = MPII_H_NONE;
	free(req->handler);
	req->handler = NULL;
}

/* A handler call for req is queued or running: that call releases a
 * request freed meanwhile. */
static int in_flight(const struct mpii_request *req)
{
	return req->h_state == MPII_H_QUEUED || req->h_state == MPII_H_RUNNING;
}

void mpii_handler_register_hooks(void)
{
	mpii_request_hooks.handler_complete = mpii_handler_on_complete;
	mpii_request_hooks.handler_collected = mpii_handler_collected;
	mpii_request_hooks.handler_release = mpii_handler_release;
	mpii_request_hooks.handler_in_flight = in_flight;
}

/* Run one handler call; called without the library lock. */
uint64_t mpii_handler_runs;

static void run_call(struct hcall *c)
{
	mpii_lock();
	struct mpii_request *r = c->req;
	struct mpii_comm *comm = NULL;
	MPI_Request h = MPI_REQUEST_NULL;
	if (r) {
		r->h_state = MPII_H_RUNNING;
		if (r->persistent)
			r->active = 0;    /* inactive: the handler may MPI_Start it */
		if (!r->user_freed)
			h = r;
		comm = r->comm;
	}
	if (comm)
		mpii_comm_ref(comm);
	mpii_unlock();

	int rc = c->fn(&h, c->extra_state);

	mpii_lock();
	mpii_handler_runs++;
	if (r && r->magic == MPII_MAGIC_REQUEST) {
		int restarted = r->persistent && r->active;
		if (r->h_state == MPII_H_RUNNING)
			r->h_state = restarted ? MPII_H_NONE : MPII_H_HANDLED;
		if (r->user_freed && !restarted) {
			mpii_request_release(r);
		} else if (!restarted && r->h_state == MPII_H_HANDLED) {
			/* Release: wait/test that see done see the handler's effects. */
			shm_store_release(&r->done, 1);
			mpii_progress_wake_local();
		}
	}
	mpii_unlock();
	free(c);
	if (rc != MPI_SUCCESS)
		mpii_err(comm, MPI_ERR_HANDLER, "MPI_Request_handler",
			 "a request handler returned error %d", rc);
	if (comm) {
		mpii_lock();
		mpii_comm_unref(comm);
		mpii_unlock();
	}
}

/* The handler thread's wait condition (lock held): a queued call may run,
 * or MPI_Finalize stops the thread. */
static int thread_has_work(void *arg)
{
	(void)arg;
	return h_stop || (q_head && !h_locked);
}

static void *handler_thread(void *arg)
{
	(void)arg;
	mpii_stuck.thread = "handler thread"; /* so the stall report says so */
	mpii_progress_wait_budget(spin_ns, yield_ns);
	mpii_lock();
	for (;;) {
		mpii_progress_wait(thread_has_work, NULL, -1);
		if (h_stop && (!q_head || h_locked))
			break;
		struct hcall *c = dequeue();
		h_running++;
		mpii_unlock();
		/* A handler's own waits are a rank's waits like any other
		 * thread's (counted as blocked past their spin, shown in a
		 * stall report): the timed budget is for the idle wait only. */
		mpii_progress_wait_budget(-1, 0);
		run_call(c);
		mpii_progress_wait_budget(spin_ns, yield_ns);
		mpii_lock();
		h_running--;
	}
	mpii_unlock();
	return NULL;
}

/* Start the thread (lock not held).  handler_attr's MPI_Pthread_stacksize
 * sizes its stack; the other MPI_Pthread_* keys have no meaning for a
 * library-owned thread and are ignored. */
static int start_thread(MPI_Info info)
{
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	const char *v = NULL;
	if (info != MPI_INFO_NULL && MPII_VALID(info, MPII_MAGIC_INFO))
		v = mpii_info_lookup(info, MPI_Pthread_stacksize);
	if (v) {
		long sz = strtol(v, NULL, 0);
		if (sz >= PTHREAD_STACK_MIN)
			pthread_attr_setstacksize(&attr, (size_t)sz);
	}
	spin_ns = shm_config_get("SHMPI_HANDLER_SPIN_US") * 1000;
	yield_ns = shm_config_get("SHMPI_HANDLER_YIELD_US") * 1000;
	int rc = pthread_create(&h_thread, &attr, handler_thread, NULL);
	pthread_attr_destroy(&attr);
	return rc ? MPI_ERR_OTHER : MPI_SUCCESS;
}

int mpii_Post_handler(const char *fn, MPI_Request request, MPI_Info handler_attr,
		      MPI_Request_handler *handler, void *extra_state, int handler_type)
{
	if (mpii_request_check(request))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request");
	if (handler_type != MPI_HANDLER_DEFAULT && handler_type != MPI_HANDLER_SIGNAL_SAFE)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid handler type %d", handler_type);
	if (handler && !thread_started) {
		/* Force locked mode before the lock is taken (see top). */
		if (!mpii_g.multi)
			mpii_g.multi = 1;
		mpii_lock();
		int start = !thread_started;
		thread_started = 1;
		mpii_unlock();
		if (start && start_thread(handler_attr)) {
			thread_started = 0;
			return mpii_err(NULL, MPI_ERR_OTHER, fn, "cannot start the handler thread");
		}
	}
	struct hcall *now = NULL;
	mpii_lock();
	struct mpii_request *r = request;
	if (!handler) {
		free(r->handler);
		r->handler = NULL;
		if (r->h_state == MPII_H_LOCKQ) {
			lockq_remove(r);
			r->h_state = MPII_H_NONE;
		}
	} else {
		if (!r->handler)
			r->handler = calloc(1, sizeof(*r->handler));
		if (!r->handler) {
			mpii_unlock();
			return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "no memory for a handler");
		}
		r->handler->fn = handler;
		r->handler->extra_state = extra_state;
		r->handler->type = handler_type;
		/* An unhandled, uncollected completion: call the handler now. */
		/* Acquire: pairs with the release in mpii_request_complete (lock held too). */
		int done = shm_load_acquire(&r->done);
		if (done && r->active && r->h_state == MPII_H_NONE && !h_locked) {
			now = malloc(sizeof(*now));
			if (now) {
				now->req = r;
				now->fn = handler;
				now->extra_state = extra_state;
				now->next = NULL;
				r->h_state = MPII_H_QUEUED;
				/* Relaxed: lock held; run_call sets it again with release. */
				shm_store_relaxed(&r->done, 0);
			}
		} else if (done && r->active && r->h_state == MPII_H_NONE) {
			r->h_state = MPII_H_LOCKQ;  /* runs at MPI_Handler_unlock */
			r->h_next = lockq;
			lockq = r;
		}
	}
	mpii_unlock();
	if (now)
		run_call(now);
	return MPI_SUCCESS;
}

int mpii_Get_status(const char *fn, MPI_Request request, MPI_Status *status)
{
	if (request != MPI_REQUEST_NULL && mpii_request_check(request))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request");
	if (!status || status == MPI_STATUS_IGNORE)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "status is NULL");
	if (request == MPI_REQUEST_NULL) {
		mpii_status_empty(status);
		return MPI_SUCCESS;
	}
	mpii_lock();
	mpii_status_copy(status, &request->status);
	mpii_unlock();
	return MPI_SUCCESS;
}

#define HANDLER_SPIN 1000

int mpii_Handler_lock(const char *fn)
{
	mpii_lock();
	if (h_locked) {
		mpii_unlock();
		return mpii_err(NULL, MPI_ERR_OTHER, fn, "the handler lock is already held");
	}
	h_locked = 1;
	/* Wait for a handler running on the handler thread, unless we are it.
	 * A handler may itself wait in MPI for long: past HANDLER_SPIN yields
	 * this thread counts as blocked, and a stall report names the wait
	 * (lib/core/stuck.h). */
	int self = thread_started && pthread_equal(pthread_self(), h_thread);
	unsigned spins = 0;
	while (!self && h_running > 0) {
		if (++spins == HANDLER_SPIN) {
			mpii_stuck_epoch(MPII_STUCK_HANDLER, NULL, NULL, -1, -1, h_running);
			mpii_stuck_block();
		}
		mpii_unlock();
		sched_yield();
		mpii_lock();
	}
	mpii_unlock();
	if (spins >= HANDLER_SPIN)
		mpii_stuck_unblock();
	return MPI_SUCCESS;
}

int mpii_Handler_unlock(const char *fn)
{
	struct hcall *run = NULL, **tail = &run;
	mpii_lock();
	if (!h_locked) {
		mpii_unlock();
		return mpii_err(NULL, MPI_ERR_OTHER, fn, "the handler lock is not held");
	}
	h_locked = 0;
	/* lockq is newest first: reverse to run in completion order. */
	struct mpii_request *rev = NULL;
	while (lockq) {
		struct mpii_request *r = lockq;
		lockq = r->h_next;
		r->h_next = rev;
		rev = r;
	}
	while (rev) {
		struct mpii_request *r = rev;
		rev = r->h_next;
		r->h_next = NULL;
		r->h_state = MPII_H_NONE;
		if (!r->handler || !r->handler->fn)
			continue;
		struct hcall *c = malloc(sizeof(*c));
		if (!c)
			continue;
		c->req = r;
		c->fn = r->handler->fn;
		c->extra_state = r->handler->extra_state;
		c->next = NULL;
		r->h_state = MPII_H_QUEUED;
		/* Relaxed: lock held; run_call sets it again with release. */
		shm_store_relaxed(&r->done, 0);
		*tail = c;
		tail = &c->next;
	}
	if (q_head)
		shm_doorbell_ring_if_sleeping(mpii_g.bell);
	mpii_unlock();
	while (run) {
		struct hcall *c = run;
		run = c->next;
		run_call(c);
	}
	return MPI_SUCCESS;
}

void mpii_handler_finalize(void)
{
	if (!thread_started)
		return;
	mpii_lock();
	h_stop = 1;
	mpii_unlock();
	/* Wakes the thread wherever it is in its wait (shm/doorbell.h). */
	shm_doorbell_ring(mpii_g.bell);
	pthread_join(h_thread, NULL);
	thread_started = 0;
}
