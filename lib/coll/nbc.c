/*
 * lib/coll/nbc.c - the schedule engine (see lib/coll/nbc.h): building, advancing,
 * running to completion, and the polled request of nonblocking
 * collectives.
 *
 * Invariant: s->cur indexes the first step not yet executed; every request
 * in s->reqs[0..nreq) was started by a step before s->cur and is collected
 * at the next FENCE (or the end).  advance() never blocks.
 *
 * A schedule on an intercommunicator also holds its hidden local
 * communicator and a tag taken from that one's sequence (s->ltag): every
 * member of the local group starts every intercommunicator collective, and
 * every one takes a local tag whether it uses it or not, so the local
 * sequence stays the same on all of them and never meets the tags of the
 * blocking collectives run on the hidden communicator (which take theirs
 * from the same counter).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/coll/nbc.h"
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/p2p/p2p.h"

enum step_kind { STEP_SEND = 1, STEP_RECV, STEP_COPY, STEP_REDUCE, STEP_FENCE };

struct step {
	int kind;
	int peer;
	int local;            /* addresses the local group (intercommunicators) */
	const void *sbuf;
	void *rbuf;
	MPI_Count count, rcount;
	struct mpii_datatype *dt, *rdt;
	struct mpii_op *op;
	int mode;             /* SEND: enum mpii_send_mode */
};

struct mpii_sched {
	struct mpii_comm *comm;
	int tag;
	struct mpii_comm *local; /* intercommunicators: the hidden local comm */
	int ltag;                /* the tag of steps on local */
	int to_local;            /* steps added now address the local group */
	int err;
	int nsteps, cap, cur;
	struct step *steps;
	int nreq, reqcap;
	struct mpii_request **reqs;
	int ntmp, tmpcap;
	struct scratch *tmps;
	int nheld, heldcap;
	void **held;          /* types and ops to unref: tagged by low bit */
};

/* Freed schedules are kept, with their arrays, for the next collective:
 * a small collective otherwise spends a good part of its time in malloc
 * and free (calloc of the schedule, realloc of its steps and requests).
 * Protected by the library lock, like every schedule. */
#define SCHED_KEEP 4
static struct mpii_sched *kept_sched[SCHED_KEEP];
static int nkept_sched;

/* A cleared schedule, its arrays' capacities kept when it is recycled. */
static struct mpii_sched *sched_alloc(void)
{
	if (nkept_sched == 0)
		return calloc(1, sizeof(struct mpii_sched));
	struct mpii_sched *s = kept_sched[--nkept_sched];
	struct mpii_sched blank = { .cap = s->cap, .steps = s->steps, .reqcap = s->reqcap,
				    .reqs = s->reqs, .tmpcap = s->tmpcap, .tmps = s->tmps,
				    .heldcap = s->heldcap, .held = s->held };
	*s = blank;
	return s;
}

static void sched_release(struct mpii_sched *s)
{
	if (nkept_sched < SCHED_KEEP) {
		kept_sched[nkept_sched++] = s;
		return;
	}
	free(s->tmps);
	free(s->held);
	free(s->steps);
	free(s->reqs);
	free(s);
}

struct mpii_sched *mpii_sched_new(struct mpii_comm *comm)
{
	struct mpii_sched *s = sched_alloc();
	if (!s)
		return NULL;
	if (comm->is_inter) {
		struct mpii_coll_state *cs = mpii_coll_state(comm);
		if (!cs || !cs->local) {
			sched_release(s);
			return NULL;
		}
		s->local = cs->local;
		mpii_comm_ref(s->local);
		s->ltag = (int)(s->local->coll_seq++ & 0x3fffffff);
	}
	s->comm = comm;
	/* relaxed: a reference held by the caller keeps comm alive. */
	mpii_comm_ref(comm);
	s->tag = (int)(comm->coll_seq++ & 0x3fffffff);
	return s;
}

void mpii_sched_local(struct mpii_sched *s, int on)
{
	s->to_local = on && s->local;
}

static int grow(void **arr, int *cap, int n, size_t elem)
{
	if (n < *cap)
		return 0;
	int nc = *cap ? 2 * *cap : 16;
	void *p = realloc(*arr, (size_t)nc * elem);
	if (!p)
		return -1;
	*arr = p;
	*cap = nc;
	return 0;
}

/* Append st, addressed to the group steps now go to; on running out of
 * memory the schedule fails as a whole (s->err). */
static void add(struct mpii_sched *s, struct step st)
{
	if (grow((void **)&s->steps, &s->cap, s->nsteps, sizeof(struct step))) {
		s->err = MPI_ERR_NO_MEM;
		return;
	}
	st.local = s->to_local;
	s->steps[s->nsteps++] = st;
}

static void add_send(struct mpii_sched *s, const void *buf, MPI_Count count,
		     struct mpii_datatype *dt, int peer, int mode)
{
	add(s, (struct step){ .kind = STEP_SEND, .sbuf = buf, .count = count, .dt = dt, .peer = peer,
			      .mode = mode });
}

void mpii_sched_send(struct mpii_sched *s, const void *buf, MPI_Count count,
		     struct mpii_datatype *dt, int peer)
{
	add_send(s, buf, count, dt, peer, MPII_MODE_STANDARD);
}

void mpii_sched_send_fan_in(struct mpii_sched *s, const void *buf, MPI_Count count,
			    struct mpii_datatype *dt, int peer)
{
	add_send(s, buf, count, dt, peer, MPII_MODE_FAN_IN);
}

void mpii_sched_send_fan_out(struct mpii_sched *s, const void *buf, MPI_Count count,
			     struct mpii_datatype *dt, int peer)
{
	add_send(s, buf, count, dt, peer, MPII_MODE_FAN_OUT);
}

void mpii_sched_recv(struct mpii_sched *s, void *buf, MPI_Count count, struct mpii_datatype *dt,
		     int peer)
{
	add(s, (struct step){ .kind = STEP_RECV, .rbuf = buf, .count = count, .dt = dt, .peer = peer });
}

void mpii_sched_copy(struct mpii_sched *s, const void *sbuf, MPI_Count scount,
		     struct mpii_datatype *stype, void *rbuf, MPI_Count rcount,
		     struct mpii_datatype *rtype)
{
	add(s, (struct step){ .kind = STEP_COPY, .sbuf = sbuf, .count = scount, .dt = stype,
			      .rbuf = rbuf, .rcount = rcount, .rdt = rtype });
}

void mpii_sched_reduce(struct mpii_sched *s, const void *in, void *inout, MPI_Count count,
		       struct mpii_datatype *dt, struct mpii_op *op)
{
	add(s, (struct step){ .kind = STEP_REDUCE, .sbuf = in, .rbuf = inout, .count = count,
			      .dt = dt, .op = op });
}

void mpii_sched_fence(struct mpii_sched *s)
{
	/* Two fences in a row are one. */
	if (s->nsteps > 0 && s->steps[s->nsteps - 1].kind == STEP_FENCE)
		return;
	add(s, (struct step){ .kind = STEP_FENCE });
}

/* Scratch buffers of large collectives are recycled: a fresh 1 MiB
 * malloc is handed back to the kernel on free and faults in its pages
 * again on the next call (measured: a 1 MiB MPI_Reduce spent most of its
 * time in page faults).  A few buffers are kept per process, protected by
 * the library lock like the schedules that use them. */
#define SCRATCH_KEEP 8

struct scratch {
	char *p;
	size_t size;
};

static struct scratch kept[SCRATCH_KEEP];

static struct scratch scratch_get(size_t size)
{
	int best = -1;
	for (int i = 0; i < SCRATCH_KEEP; i++)
		if (kept[i].p && kept[i].size >= size &&
		    (best < 0 || kept[i].size < kept[best].size))
			best = i;
	if (best >= 0) {
		struct scratch b = kept[best];
		kept[best].p = NULL;
		return b;
	}
	struct scratch b = { malloc(size), size };
	return b;
}

static void scratch_put(struct scratch b)
{
	int slot = -1;
	for (int i = 0; i < SCRATCH_KEEP; i++) {
		if (!kept[i].p) {
			slot = i;
			break;
		}
		if (slot < 0 || kept[i].size < kept[slot].size)
			slot = i;
	}
	if (kept[slot].p) {
		if (kept[slot].size >= b.size) {
			free(b.p); /* keep the larger ones */
			return;
		}
		free(kept[slot].p);
	}
	kept[slot] = b;
}

void *mpii_sched_tmp(struct mpii_sched *s, MPI_Count count, const struct mpii_datatype *dt)
{
	MPI_Aint span = count > 0 ? dt->true_extent + (count - 1) * dt->extent : 0;
	if (span < 0)
		span = -span;
	struct scratch b = scratch_get((size_t)span + 16);
	if (!b.p || grow((void **)&s->tmps, &s->tmpcap, s->ntmp, sizeof(struct scratch))) {
		free(b.p);
		s->err = MPI_ERR_NO_MEM;
		return NULL;
	}
	s->tmps[s->ntmp++] = b;
	return b.p - dt->true_lb;
}

static void hold(struct mpii_sched *s, void *p)
{
	if (grow((void **)&s->held, &s->heldcap, s->nheld, sizeof(void *))) {
		s->err = MPI_ERR_NO_MEM;
		return;
	}
	s->held[s->nheld++] = p;
}

void mpii_sched_hold_type(struct mpii_sched *s, struct mpii_datatype *dt)
{
	if (dt && !(dt->flags & MPII_DT_PREDEFINED)) {
		mpii_type_ref(dt);
		hold(s, dt);
	}
}

void mpii_sched_hold_op(struct mpii_sched *s, struct mpii_op *op)
{
	if (op && op->kind == MPII_OP_USER) {
		mpii_op_ref(op);
		hold(s, op);
	}
}

void mpii_sched_free(struct mpii_sched *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->ntmp; i++)
		scratch_put(s->tmps[i]);
	for (int i = 0; i < s->nheld; i++) {
		uint32_t magic = *(uint32_t *)s->held[i];
		if (magic == MPII_MAGIC_OP)
			mpii_op_unref(s->held[i]);
		else
			mpii_type_unref(s->held[i]);
	}
	mpii_comm_unref(s->comm);
	if (s->local)
		mpii_comm_unref(s->local);
	sched_release(s);
}

/* Copy (sbuf, scount, stype) to (rbuf, rcount, rtype) through the packed
 * form: one memcpy when both sides are contiguous. */
static void local_copy(const struct step *st)
{
	MPI_Count sbytes = st->count * st->dt->size;
	MPI_Count rbytes = st->rcount * st->rdt->size;
	MPI_Count n = sbytes < rbytes ? sbytes : rbytes;
	/* The same address is the same memory only with the same layout: with
	 * MPI_BOTTOM both are 0 and the types carry the absolute addresses
	 * (issue 14 item 7). */
	if (n <= 0 || (st->sbuf == st->rbuf && st->dt == st->rdt && st->count == st->rcount))
		return;
	mpii_type_copy(st->dt, st->count, st->sbuf, st->rdt, st->rcount, st->rbuf, n);
}

static int reqs_done(const struct mpii_sched *s)
{
	for (int i = 0; i < s->nreq; i++)
		/* acquire: pairs with the release in mpii_request_complete, so
		 * the received data is visible once done reads 1. */
		if (!shm_load_acquire(&s->reqs[i]->done))
			return 0;
	return 1;
}

static void reqs_collect(struct mpii_sched *s)
{
	for (int i = 0; i < s->nreq; i++) {
		MPI_Status st;
		int rc = mpii_wait(s->reqs[i], &st);
		if (rc && !s->err)
			s->err = rc;
	}
	s->nreq = 0;
}

static void start_transfer(struct mpii_sched *s, const struct step *st)
{
	struct mpii_request *r = NULL;
	struct mpii_comm *c = st->local ? s->local : s->comm;
	int tag = st->local ? s->ltag : s->tag, rc;
	/* A send that fits one cell is complete once written: no request to
	 * make, collect and free (small gathers, scatters, all-to-alls). */
	if (st->kind == STEP_SEND &&
	    mpii_send_now(st->sbuf, st->count, st->dt, st->peer, tag, c, c->ctx + 1))
		return;
	if (grow((void **)&s->reqs, &s->reqcap, s->nreq, sizeof(void *))) {
		s->err = MPI_ERR_NO_MEM;
		return;
	}
	if (st->kind == STEP_SEND)
		rc = mpii_isend(st->sbuf, st->count, st->dt, st->peer, tag, c, c->ctx + 1,
				st->mode, &r);
	else
		rc = mpii_irecv(st->rbuf, st->count, st->dt, st->peer, tag, c, c->ctx + 1, &r);
	if (rc) {
		if (!s->err)
			s->err = rc;
		return;
	}
	s->reqs[s->nreq++] = r;
}

/* Execute steps until a fence whose transfers are still in flight.
 * Returns 1 when the whole schedule is complete. */
static int advance(struct mpii_sched *s)
{
	while (s->cur < s->nsteps) {
		const struct step *st = &s->steps[s->cur];
		switch (st->kind) {
		case STEP_FENCE:
			if (!reqs_done(s))
				return 0;
			reqs_collect(s);
			break;
		case STEP_SEND:
		case STEP_RECV:
			if (st->peer != MPI_PROC_NULL)
				start_transfer(s, st);
			break;
		case STEP_COPY:
			local_copy(st);
			break;
		case STEP_REDUCE:
			if (st->count > 0)
				mpii_op_apply(st->op, st->sbuf, st->rbuf, st->count, st->dt);
			break;
		}
		s->cur++;
	}
	if (!reqs_done(s))
		return 0;
	reqs_collect(s);
	return 1;
}

static int transfers_done(void *arg)
{
	return reqs_done(arg);
}

int mpii_sched_run(struct mpii_sched *s)
{
	if (s->err) {
		int rc = s->err;
		mpii_sched_free(s);
		return rc;
	}
	while (!advance(s))
		mpii_progress_wait(transfers_done, s, -1);
	int rc = s->err;
	mpii_sched_free(s);
	return rc;
}

/* The progress engine's poll: returns 1 when the request completed (it
 * is then unlinked from the polled list), 0 while it is in flight. */
static int sched_poll(struct mpii_request *req)
{
	struct mpii_sched *s = req->state;
	/* Relaxed: only this poll completes the request, under the lock. */
	if (shm_load_relaxed(&req->done))
		return 1;
	if (!advance(s))
		return 0;
	mpii_status_empty(&req->status);
	req->status.MPI_ERROR = s->err;
	mpii_request_complete(req);
	return 1;
}

static void sched_state_free(void *state)
{
	mpii_sched_free(state);
}

int mpii_sched_start(struct mpii_sched *s, struct mpii_request **reqp)
{
	if (s->err) {
		int rc = s->err;
		mpii_sched_free(s);
		return rc;
	}
	struct mpii_request *req = mpii_request_new(MPII_REQ_COLL);
	if (!req) {
		mpii_sched_free(s);
		return MPI_ERR_NO_MEM;
	}
	req->active = 1;
	req->poll = sched_poll;
	req->state = s;
	req->state_free = sched_state_free;
	*reqp = req;
	/* Start the first round now: most collectives send before they wait. */
	if (sched_poll(req))
		return MPI_SUCCESS;
	mpii_progress_poll_add(req);
	return MPI_SUCCESS;
}

int mpii_sched_finish(struct mpii_sched *s, struct mpii_request **reqp)
{
	return reqp ? mpii_sched_start(s, reqp) : mpii_sched_run(s);
}

int mpii_sched_null_request(struct mpii_comm *comm, struct mpii_request **reqp)
{
	struct mpii_request *req = mpii_request_new(MPII_REQ_COLL);
	if (!req)
		return MPI_ERR_NO_MEM;
	req->active = 1;
	mpii_status_empty(&req->status);
	req->status.MPI_ERROR = MPI_SUCCESS;
	mpii_request_complete(req);
	*reqp = req;
	return MPI_SUCCESS;
}
