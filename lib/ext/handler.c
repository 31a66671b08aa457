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
 * queued calls (without the library lock; handlers call MPI), and when idle
 * drives progress itself so handlers run without the user calling MPI:
 * spin SHMPI_HANDLER_SPIN_US (default 20) microseconds after the last
 * activity, then yield a little, then sleep on the member's doorbell futex
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
#include <time.h>
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/ext/handler.h"
#include "lib/p2p/p2p_impl.h"
#include "shm/doorbell.h"

struct hcall {
	struct mpii_request *req;   /* NULL: freed while active */
	MPI_Request_handler *fn;
	void *extra_state;
	struct hcall *next;
};

/* All protected by the library lock, except the atomics. */
static struct hcall *q_head, *q_tail;
static _Atomic int q_len;            /* seq_cst: the doorbell's "work" */
static _Atomic int h_locked;         /* MPI_Handler_lock held */
static _Atomic int h_stop;
static struct mpii_request *lockq;   /* LOCKQ requests (h_next links) */
static int h_running;                /* calls running on the handler thread */
static int thread_started;
static pthread_t h_thread;
static int64_t spin_ns = 20000, yield_ns = 200000;

/* Weak: MPI_Info lives in the handles area; without it handler_attr is
 * ignored. */
extern int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
	__attribute__((weak));

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

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
	/* G: seq_cst, then H in ring_if_sleeping (shm/doorbell.h). */
	atomic_fetch_add(&q_len, 1);
	shm_doorbell_ring_if_sleeping(mpii_g.me);
}

static struct hcall *dequeue(void)
{
	struct hcall *c = q_head;
	if (!c)
		return NULL;
	q_head = c->next;
	if (!q_head)
		q_tail = NULL;
	atomic_fetch_sub(&q_len, 1);
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
	if (atomic_load(&h_locked)) {
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

/* Run one handler call; called without the library lock. */
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
	if (r && r->magic == MPII_MAGIC_REQUEST) {
		int restarted = r->persistent && r->active;
		if (r->h_state == MPII_H_RUNNING)
			r->h_state = restarted ? MPII_H_NONE : MPII_H_HANDLED;
		if (r->user_freed && !restarted) {
			mpii_request_release(r);
		} else if (!restarted && r->h_state == MPII_H_HANDLED) {
			/* Release: wait/test that see done see the handler's effects. */
			atomic_store_explicit(&r->done, 1, memory_order_release);
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

/* Doorbell sleep condition (F in shm/doorbell.h). */
static int thread_has_work(void *arg)
{
	(void)arg;
	if (atomic_load(&h_stop) || (atomic_load(&q_len) && !atomic_load(&h_locked)))
		return 1;
	_Atomic uint64_t *sum = shm_seg_summary(&mpii_g.seg, (uint32_t)mpii_g.rank);
	uint32_t words = ((uint32_t)mpii_g.size + 63) / 64;
	for (uint32_t w = 0; w < words; w++)
		if (shm_load_seq_cst(&sum[w]))
			return 1;
	return 0;
}

static void *handler_thread(void *arg)
{
	(void)arg;
	int64_t last = now_ns();
	for (;;) {
		mpii_lock();
		if (atomic_load(&h_stop) && (!q_head || atomic_load(&h_locked))) {
			mpii_unlock();
			break;
		}
		if (!atomic_load(&h_locked) && q_head) {
			struct hcall *c = dequeue();
			h_running++;
			mpii_unlock();
			run_call(c);
			mpii_lock();
			h_running--;
			mpii_unlock();
			last = now_ns();
			continue;
		}
		int did = mpii_progress(-1);
		int busy = mpii_p2p.ntx_active || mpii_progress_has_polled_ops();
		mpii_unlock();
		if (did) {
			last = now_ns();
			continue;
		}
		int64_t idle = now_ns() - last;
		if (idle < spin_ns) {
			shm_cpu_relax();
		} else if (busy || idle < spin_ns + yield_ns) {
			sched_yield();
		} else {
			/* sleeper count up first, then the check (shm/doorbell.h) */
			uint32_t bell = shm_doorbell_prepare(mpii_g.me);
			if (!thread_has_work(NULL))
				shm_doorbell_wait(mpii_g.me, bell, mpii_g.cfg.sleep_ns);
			shm_doorbell_finish(mpii_g.me);
			last = now_ns() - spin_ns; /* woken: yield before sleeping again */
		}
	}
	return NULL;
}

static long env_long(const char *name, long dflt)
{
	const char *v = getenv(name);
	if (!v || !*v)
		return dflt;
	char *end;
	long x = strtol(v, &end, 0);
	return *end ? dflt : x;
}

/* Start the thread (lock not held).  handler_attr's MPI_Pthread_stacksize
 * sizes its stack; the other MPI_Pthread_* keys have no meaning for a
 * library-owned thread and are ignored. */
static int start_thread(MPI_Info info)
{
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	if (info != MPI_INFO_NULL && PMPI_Info_get) {
		char v[64];
		int flag = 0;
		if (PMPI_Info_get(info, MPI_Pthread_stacksize, (int)sizeof(v) - 1, v, &flag) ==
			    MPI_SUCCESS && flag) {
			long sz = strtol(v, NULL, 0);
			if (sz >= PTHREAD_STACK_MIN)
				pthread_attr_setstacksize(&attr, (size_t)sz);
		}
	}
	spin_ns = env_long("SHMPI_HANDLER_SPIN_US", 20) * 1000;
	yield_ns = env_long("SHMPI_HANDLER_YIELD_US", 200) * 1000;
	int rc = pthread_create(&h_thread, &attr, handler_thread, NULL);
	pthread_attr_destroy(&attr);
	return rc ? MPI_ERR_OTHER : MPI_SUCCESS;
}

#pragma weak MPI_Post_handler = PMPI_Post_handler
int PMPI_Post_handler(MPI_Request request, MPI_Info handler_attr, MPI_Request_handler *handler,
		      void *extra_state, int handler_type)
{
	static const char fn[] = "MPI_Post_handler";
	MPII_CHECK_INIT(fn);
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
		int done = atomic_load_explicit(&r->done, memory_order_acquire);
		if (done && r->active && r->h_state == MPII_H_NONE && !atomic_load(&h_locked)) {
			now = malloc(sizeof(*now));
			if (now) {
				now->req = r;
				now->fn = handler;
				now->extra_state = extra_state;
				now->next = NULL;
				r->h_state = MPII_H_QUEUED;
				atomic_store_explicit(&r->done, 0, memory_order_relaxed);
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

#pragma weak MPI_Get_status = PMPI_Get_status
int PMPI_Get_status(MPI_Request request, MPI_Status *status)
{
	static const char fn[] = "MPI_Get_status";
	MPII_CHECK_INIT(fn);
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

#pragma weak MPI_Handler_lock = PMPI_Handler_lock
int PMPI_Handler_lock(void)
{
	static const char fn[] = "MPI_Handler_lock";
	MPII_CHECK_INIT(fn);
	mpii_lock();
	if (atomic_load(&h_locked)) {
		mpii_unlock();
		return mpii_err(NULL, MPI_ERR_OTHER, fn, "the handler lock is already held");
	}
	atomic_store(&h_locked, 1);
	/* Wait for a handler running on the handler thread, unless we are it. */
	int self = thread_started && pthread_equal(pthread_self(), h_thread);
	while (!self && h_running > 0) {
		mpii_unlock();
		sched_yield();
		mpii_lock();
	}
	mpii_unlock();
	return MPI_SUCCESS;
}

#pragma weak MPI_Handler_unlock = PMPI_Handler_unlock
int PMPI_Handler_unlock(void)
{
	static const char fn[] = "MPI_Handler_unlock";
	MPII_CHECK_INIT(fn);
	struct hcall *run = NULL, **tail = &run;
	mpii_lock();
	if (!atomic_load(&h_locked)) {
		mpii_unlock();
		return mpii_err(NULL, MPI_ERR_OTHER, fn, "the handler lock is not held");
	}
	atomic_store(&h_locked, 0);
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
		atomic_store_explicit(&r->done, 0, memory_order_relaxed);
		*tail = c;
		tail = &c->next;
	}
	if (q_head)
		shm_doorbell_ring_if_sleeping(mpii_g.me);
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
	atomic_store(&h_stop, 1);
	shm_doorbell_ring(mpii_g.me);
	pthread_join(h_thread, NULL);
	thread_started = 0;
}
