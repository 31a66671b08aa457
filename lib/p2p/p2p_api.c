/*
 * lib/p2p/p2p_api.c - the public point-to-point entry points: argument checks,
 * MPI_PROC_NULL, send modes, persistent requests, probe and matched probe,
 * and the buffered-send buffer.
 *
 * Every send and receive has its large-count twin MPI_X_c (MPI-4.0): the
 * bodies take an MPI_Count and are inlined into both, so the int form pays
 * nothing for it and the twin moves any count the type engine can
 * describe.
 *
 * Buffered sends copy the packed message into storage counted against the
 * attached buffer's size (MPI_ERR_BUFFER when it would not fit) and send
 * that copy; MPI_Buffer_detach and MPI-4.1's MPI_Buffer_flush/iflush wait
 * until every copy is delivered.  MPI-4.1's buffers of a communicator and
 * of a session (MPI_Comm/Session_attach_buffer, detach, flush, iflush)
 * and MPI_BUFFER_AUTOMATIC: struct mpii_bsend_buf, lib/p2p/p2p.h.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

#define TAG_UB 0x7fffffff

struct mpii_message {
	uint32_t magic;
	struct mpii_umsg *u;
	struct mpii_comm *comm;
};

/* Received message handles wait here before reuse (lib/core/pool.h): a
 * stale handle reads a poisoned magic word, never freed memory. */
static struct mpii_pool message_pool = MPII_POOL_INIT(struct mpii_message);

MPII_API struct mpii_message mpii_obj_message_no_proc = { .magic = MPII_MAGIC_MESSAGE };

/* check_send and check_recv, and the body the blocking send modes share,
 * are inlined into each call (GCC kept them out of line): a call with
 * seven arguments and an out-parameter cost about 15 instructions of
 * argument shuffling per message. */
#if defined(__GNUC__)
#define MPII_INLINE_CHECK static inline __attribute__((always_inline))
#else
#define MPII_INLINE_CHECK static inline
#endif

/* Checks shared by every send.  Returns an error class and a detail. */
MPII_INLINE_CHECK int check_send(const void *buf, MPI_Count count, MPI_Datatype dt, int dest,
				 int tag, MPI_Comm comm, const char **why)
{
	if (mpii_comm_check(comm))
		return *why = "invalid communicator", MPI_ERR_COMM;
	if (count < 0)
		return *why = "negative count", MPI_ERR_COUNT;
	if (mpii_type_check_comm(dt))
		return *why = "invalid or uncommitted datatype", MPI_ERR_TYPE;
	if (dest != MPI_PROC_NULL && (dest < 0 || dest >= mpii_comm_peer_size(comm)))
		return *why = "destination rank out of range", MPI_ERR_RANK;
	if (tag < 0 || tag > TAG_UB)
		return *why = "tag out of range", MPI_ERR_TAG;
	if (mpii_type_count_check(count, dt, 0))
		return *why = "count x datatype size overflows", MPI_ERR_COUNT;
	if (!buf && count > 0 && (dt->flags & MPII_DT_PREDEFINED) && dt->size > 0)
		return *why = "NULL buffer", MPI_ERR_BUFFER;
	mpii_stuck_p2p(comm, dest, tag, 0);
	return MPI_SUCCESS;
}

/* A wildcard the communicator asserted it would not see (MPI-4.0 7.4.4:
 * mpi_assert_no_any_source, mpi_assert_no_any_tag): the program is
 * erroneous, and says so rather than match what it promised not to.  The
 * receive paths test comm->asserts, one load, before calling this. */
static int wildcard_asserted(int source, int tag, MPI_Comm comm, const char **why)
{
	if (source == MPI_ANY_SOURCE && (comm->asserts & MPII_ASSERT_NO_ANY_SOURCE))
		return *why = "MPI_ANY_SOURCE on a communicator asserting mpi_assert_no_any_source", 1;
	if (tag == MPI_ANY_TAG && (comm->asserts & MPII_ASSERT_NO_ANY_TAG))
		return *why = "MPI_ANY_TAG on a communicator asserting mpi_assert_no_any_tag", 1;
	return 0;
}

MPII_INLINE_CHECK int check_recv(const void *buf, MPI_Count count, MPI_Datatype dt, int source,
				 int tag, MPI_Comm comm, const char **why)
{
	if (mpii_comm_check(comm))
		return *why = "invalid communicator", MPI_ERR_COMM;
	if (count < 0)
		return *why = "negative count", MPI_ERR_COUNT;
	/* Nothing arrives from MPI_PROC_NULL: an empty receive from it may
	 * name MPI_DATATYPE_NULL (as the MPICH suite's pt2pt/recvnull does;
	 * docs/STATUS.md). */
	int nothing = source == MPI_PROC_NULL && count == 0 && dt == MPI_DATATYPE_NULL;
	if (!nothing && mpii_type_check_comm(dt))
		return *why = "invalid or uncommitted datatype", MPI_ERR_TYPE;
	if (source != MPI_PROC_NULL && source != MPI_ANY_SOURCE &&
	    (source < 0 || source >= mpii_comm_peer_size(comm)))
		return *why = "source rank out of range", MPI_ERR_RANK;
	if (tag != MPI_ANY_TAG && (tag < 0 || tag > TAG_UB))
		return *why = "tag out of range", MPI_ERR_TAG;
	if (__builtin_expect(comm->asserts != 0, 0) && wildcard_asserted(source, tag, comm, why))
		return MPI_ERR_ARG;
	if (!nothing && mpii_type_count_check(count, dt, 0))
		return *why = "count x datatype size overflows", MPI_ERR_COUNT;
	if (!buf && count > 0 && (dt->flags & MPII_DT_PREDEFINED) && dt->size > 0)
		return *why = "NULL buffer", MPI_ERR_BUFFER;
	mpii_stuck_p2p(comm, source, tag, 1);
	return MPI_SUCCESS;
}

/* A request that is complete at once (MPI_PROC_NULL, buffered sends). */
static struct mpii_request *completed_request(int kind)
{
	struct mpii_request *r = mpii_request_new(kind);
	if (!r)
		return NULL;
	mpii_status_empty(&r->status);
	r->status.MPI_SOURCE = MPI_PROC_NULL;
	r->status.MPI_TAG = MPI_ANY_TAG;
	/* Relaxed: nobody else has seen this request yet. */
	shm_store_relaxed(&r->done, 1);
	return r;
}

/* The head of a buffered send's copy (req->state, not req->tmpbuf, which
 * a rendezvous frees at FIN before the request's release): what the copy
 * charged to which buffer, given back, with the copy, when the send
 * completes. */
struct bsend_copy {
	struct mpii_bsend_buf *b;
	MPI_Count charged;
	MPI_Count pad;     /* the message after it stays 16-byte aligned */
};

static void bsend_release(void *state)
{
	struct bsend_copy *h = state;
	h->b->used -= h->charged;
	free(h);
}

/* MPI-4.1 3.6: the buffer a buffered send on comm uses: comm's, else the
 * session's it derives from, else the process's. */
static struct mpii_bsend_buf *bsend_pick(struct mpii_comm *comm)
{
	if (comm->bsend && comm->bsend->buf)
		return comm->bsend;
	if (__builtin_expect(comm->session != NULL, 0)) {
		struct mpii_bsend_buf **sb = mpii_session_bsend(comm->session);
		if (sb && *sb && (*sb)->buf)
			return *sb;
	}
	return &mpii_p2p.bsend;
}

/* How long a buffered send that does not fit keeps polling for copies to
 * complete, since the last one did, before it fails with MPI_ERR_BUFFER:
 * long enough for a receiver that is matching our copies to take them,
 * short enough that a program whose copies nobody receives gets its
 * error instead of hanging. */
#define BSEND_RECLAIM_NS 1000000000LL

/* Make room for need bytes in buffer b if copies already sent can give
 * it back: a copy's space returns when its send completes, and that often
 * waits only on our own progress (the receiver's acknowledgement or its
 * copy out of our memory is already there), which a thread that only
 * starts persistent bsends and waits on them never runs (issue 14 item
 * 6).  Lock held (kept: this thread polls for all). */
static void bsend_reclaim(struct mpii_bsend_buf *b, MPI_Count need)
{
	long long last = 0;
	for (unsigned polls = 0; b->used > 0 && b->used + need > b->capacity; polls++) {
		MPI_Count before = b->used;
		int did = mpii_progress(-1);
		if (b->used < before || !last)
			last = mpii_now_ns();
		else if (polls % 64 == 0 && mpii_now_ns() - last > BSEND_RECLAIM_NS)
			break;
		if (!did)
			sched_yield(); /* the receiver may share our core */
	}
}

/* Copy the message into buffered-send storage and start sending the copy;
 * the internal request frees itself when delivered.  MPI_BUFFER_AUTOMATIC
 * (MPI-4.1) sets no bound: the copies are as many as memory allows.  user:
 * the request the caller gives the user (MPI_Ibsend, MPI_Bsend_init), or
 * NULL; it is told the number of the copy's message once that is in the
 * ring, so that MPI_Cancel can ask for it back (lib/p2p/p2p_cancel.c). */
static int bsend_start(const void *buf, MPI_Count count, struct mpii_datatype *dt, int dest,
		       int tag, struct mpii_comm *comm, struct mpii_request *user)
{
	MPI_Count bytes = count * dt->size;
	struct mpii_bsend_buf *b = bsend_pick(comm);
	if (b->buf != MPI_BUFFER_AUTOMATIC) {
		bsend_reclaim(b, bytes + MPI_BSEND_OVERHEAD);
		if (b->used + bytes + MPI_BSEND_OVERHEAD > b->capacity)
			return MPI_ERR_BUFFER;
	}
	struct bsend_copy *h = malloc(sizeof(*h) + (size_t)bytes);
	if (!h)
		return MPI_ERR_NO_MEM;
	char *copy = (char *)(h + 1);
	mpii_type_pack(dt, count, buf, 0, copy, bytes);
	struct mpii_request *req;
	int rc = mpii_isend(copy, bytes, &mpii_obj_type_byte, dest, tag, comm, comm->ctx,
			    MPII_MODE_STANDARD, &req);
	if (rc) {
		free(h);
		return rc;
	}
	h->b = b;
	h->charged = bytes + MPI_BSEND_OVERHEAD;
	b->used += h->charged;
	if (user) {
		/* Its header still queued (the ring full): not numbered yet,
		 * and then the user's cancel does not reach it. */
		int numbered = req->proto == MPII_P_SENT || req->proto == MPII_P_WAIT_FIN;
		user->proto = numbered ? MPII_P_SENT : MPII_P_NONE;
		user->world_peer = req->world_peer;
		user->msg_seq = req->msg_seq;
	}
	req->state = h;
	req->state_free = bsend_release;
	/* Acquire: pairs with the store in mpii_request_complete. */
	if (shm_load_acquire(&req->done))
		mpii_request_release(req);
	else
		req->user_freed = 1;
	return MPI_SUCCESS;
}

MPII_INLINE_CHECK int send_blocking(const char *fn, const void *buf, MPI_Count count,
				    MPI_Datatype dt, int dest, int tag, MPI_Comm comm, int mode)
{
	const char *why;
	MPII_CHECK_INIT(fn);
	int rc = check_send(buf, count, dt, dest, tag, comm, &why);
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	if (dest == MPI_PROC_NULL)
		return MPI_SUCCESS;
	mpii_lock();
	if (mode == MPII_MODE_BUFFERED)
		rc = bsend_start(buf, count, dt, dest, tag, comm, NULL);
	else if (mode == MPII_MODE_SYNC || !mpii_send_now(buf, count, dt, dest, tag, comm, comm->ctx))
		rc = mpii_send(buf, count, dt, dest, tag, comm, comm->ctx, mode);
	mpii_unlock();
	return rc ? mpii_err(comm, rc, fn, "send failed") : MPI_SUCCESS;
}

#pragma weak MPI_Send = PMPI_Send
int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
	return send_blocking("MPI_Send", buf, count, datatype, dest, tag, comm, MPII_MODE_STANDARD);
}

#pragma weak MPI_Send_c = PMPI_Send_c
int PMPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		MPI_Comm comm)
{
	return send_blocking("MPI_Send_c", buf, count, datatype, dest, tag, comm, MPII_MODE_STANDARD);
}

#pragma weak MPI_Bsend = PMPI_Bsend
int PMPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
	return send_blocking("MPI_Bsend", buf, count, datatype, dest, tag, comm, MPII_MODE_BUFFERED);
}

#pragma weak MPI_Bsend_c = PMPI_Bsend_c
int PMPI_Bsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		 MPI_Comm comm)
{
	return send_blocking("MPI_Bsend_c", buf, count, datatype, dest, tag, comm, MPII_MODE_BUFFERED);
}

#pragma weak MPI_Ssend = PMPI_Ssend
int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
	return send_blocking("MPI_Ssend", buf, count, datatype, dest, tag, comm, MPII_MODE_SYNC);
}

#pragma weak MPI_Ssend_c = PMPI_Ssend_c
int PMPI_Ssend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		 MPI_Comm comm)
{
	return send_blocking("MPI_Ssend_c", buf, count, datatype, dest, tag, comm, MPII_MODE_SYNC);
}

/* Ready mode: the receive is posted by contract, so a standard send is a
 * correct implementation. */
#pragma weak MPI_Rsend = PMPI_Rsend
int PMPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
	return send_blocking("MPI_Rsend", buf, count, datatype, dest, tag, comm, MPII_MODE_READY);
}

#pragma weak MPI_Rsend_c = PMPI_Rsend_c
int PMPI_Rsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		 MPI_Comm comm)
{
	return send_blocking("MPI_Rsend_c", buf, count, datatype, dest, tag, comm, MPII_MODE_READY);
}

/* A nonblocking send (not synchronous) that fits one free ring cell with
 * nothing queued before it is written now, as mpii_p2p_start_send would
 * do, but before any operation is set up: its request is born complete
 * and names no communicator or type, so it takes no references, no tx
 * entry and no start (a window of small MPI_Isend, perf/bw: 1332 -> 1230
 * instructions a message with its receive).  Any other goes through
 * mpii_isend.  The request is taken first, so that running out of memory
 * fails the call before the message leaves. */
static int send_at_once(const void *buf, MPI_Count count, MPI_Datatype dt, int dest, int tag,
			MPI_Comm comm, int mode, MPI_Request *request)
{
	/* Too long for one cell: no request to take and give back. */
	if (mode == MPII_MODE_SYNC || count * dt->size > mpii_p2p.payload - MPII_HDR_SHORT)
		return mpii_isend(buf, count, dt, dest, tag, comm, comm->ctx, mode, request);
	struct mpii_request *r = mpii_request_new(MPII_REQ_SEND);
	if (!r)
		return MPI_ERR_NO_MEM;
	if (!mpii_send_now(buf, count, dt, dest, tag, comm, comm->ctx)) {
		mpii_request_release(r);
		return mpii_isend(buf, count, dt, dest, tag, comm, comm->ctx, mode, request);
	}
	/* Its message's number, for MPI_Cancel (lib/p2p/p2p_cancel.c). */
	r->world_peer = mpii_comm_peer_world(comm, dest);
	r->msg_seq = mpii_p2p.peers[r->world_peer].tx_seq - 1;
	r->proto = MPII_P_SENT;
	/* Relaxed: nobody else has seen this request yet. */
	shm_store_relaxed(&r->done, 1);
	*request = r;
	return MPI_SUCCESS;
}

static int send_nonblocking(const char *fn, const void *buf, MPI_Count count, MPI_Datatype dt,
			    int dest, int tag, MPI_Comm comm, int mode, MPI_Request *request)
{
	const char *why;
	MPII_CHECK_INIT(fn);
	int rc = check_send(buf, count, dt, dest, tag, comm, &why);
	if (!rc && !request)
		rc = MPI_ERR_REQUEST, why = "request is NULL";
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	mpii_lock();
	if (dest == MPI_PROC_NULL || mode == MPII_MODE_BUFFERED) {
		struct mpii_request *r = completed_request(MPII_REQ_SEND);
		if (!r)
			rc = MPI_ERR_NO_MEM;
		else if (dest != MPI_PROC_NULL && (rc = bsend_start(buf, count, dt, dest, tag, comm, r)))
			mpii_request_release(r), r = NULL;
		*request = r ? r : MPI_REQUEST_NULL;
	} else {
		rc = send_at_once(buf, count, dt, dest, tag, comm, mode, request);
	}
	mpii_unlock();
	return rc ? mpii_err(comm, rc, fn, "send failed") : MPI_SUCCESS;
}

#pragma weak MPI_Isend = PMPI_Isend
int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
	       MPI_Request *request)
{
	return send_nonblocking("MPI_Isend", buf, count, datatype, dest, tag, comm,
				MPII_MODE_STANDARD, request);
}

#pragma weak MPI_Isend_c = PMPI_Isend_c
int PMPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		 MPI_Comm comm, MPI_Request *request)
{
	return send_nonblocking("MPI_Isend_c", buf, count, datatype, dest, tag, comm,
				MPII_MODE_STANDARD, request);
}

#pragma weak MPI_Ibsend = PMPI_Ibsend
int PMPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
		MPI_Request *request)
{
	return send_nonblocking("MPI_Ibsend", buf, count, datatype, dest, tag, comm,
				MPII_MODE_BUFFERED, request);
}

#pragma weak MPI_Ibsend_c = PMPI_Ibsend_c
int PMPI_Ibsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		  MPI_Comm comm, MPI_Request *request)
{
	return send_nonblocking("MPI_Ibsend_c", buf, count, datatype, dest, tag, comm,
				MPII_MODE_BUFFERED, request);
}

#pragma weak MPI_Issend = PMPI_Issend
int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
		MPI_Request *request)
{
	return send_nonblocking("MPI_Issend", buf, count, datatype, dest, tag, comm, MPII_MODE_SYNC,
				request);
}

#pragma weak MPI_Issend_c = PMPI_Issend_c
int PMPI_Issend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		  MPI_Comm comm, MPI_Request *request)
{
	return send_nonblocking("MPI_Issend_c", buf, count, datatype, dest, tag, comm, MPII_MODE_SYNC,
				request);
}

#pragma weak MPI_Irsend = PMPI_Irsend
int PMPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
		MPI_Request *request)
{
	return send_nonblocking("MPI_Irsend", buf, count, datatype, dest, tag, comm,
				MPII_MODE_READY, request);
}

#pragma weak MPI_Irsend_c = PMPI_Irsend_c
int PMPI_Irsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		  MPI_Comm comm, MPI_Request *request)
{
	return send_nonblocking("MPI_Irsend_c", buf, count, datatype, dest, tag, comm,
				MPII_MODE_READY, request);
}

/* MPI_Recv and MPI_Irecv are defined here, as the sends are, rather than
 * generated in lib/core/entry.c around an mpii_X: the call between them
 * (eight arguments) cost 24 instructions a message.  Their bodies are
 * inlined into the int and the large-count (MPI_X_c) entry points alike. */
MPII_INLINE_CHECK int recv_blocking(const char *fn, void *buf, MPI_Count count,
				    MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
				    MPI_Status *status)
{
	const char *why;
	MPII_CHECK_INIT(fn);
	int rc = check_recv(buf, count, datatype, source, tag, comm, &why);
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	if (source == MPI_PROC_NULL) {
		mpii_status_empty(status);
		if (status != MPI_STATUS_IGNORE && status) {
			status->MPI_SOURCE = MPI_PROC_NULL;
			status->MPI_TAG = MPI_ANY_TAG;
		}
		return MPI_SUCCESS;
	}
	mpii_lock();
	rc = mpii_recv(buf, count, datatype, source, tag, comm, comm->ctx, status);
	mpii_unlock();
	return rc ? mpii_err(comm, rc, fn, "receive failed") : MPI_SUCCESS;
}

#pragma weak MPI_Recv = PMPI_Recv
int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
	      MPI_Status *status)
{
	return recv_blocking("MPI_Recv", buf, count, datatype, source, tag, comm, status);
}

#pragma weak MPI_Recv_c = PMPI_Recv_c
int PMPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
		MPI_Comm comm, MPI_Status *status)
{
	return recv_blocking("MPI_Recv_c", buf, count, datatype, source, tag, comm, status);
}

static int recv_nonblocking(const char *fn, void *buf, MPI_Count count, MPI_Datatype datatype,
			    int source, int tag, MPI_Comm comm, MPI_Request *request)
{
	const char *why;
	MPII_CHECK_INIT(fn);
	int rc = check_recv(buf, count, datatype, source, tag, comm, &why);
	if (!rc && !request)
		rc = MPI_ERR_REQUEST, why = "request is NULL";
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	mpii_lock();
	if (source == MPI_PROC_NULL) {
		*request = completed_request(MPII_REQ_RECV);
		rc = *request ? MPI_SUCCESS : MPI_ERR_NO_MEM;
	} else {
		rc = mpii_irecv(buf, count, datatype, source, tag, comm, comm->ctx, request);
	}
	mpii_unlock();
	return rc ? mpii_err(comm, rc, fn, "receive failed") : MPI_SUCCESS;
}

#pragma weak MPI_Irecv = PMPI_Irecv
int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
	       MPI_Request *request)
{
	return recv_nonblocking("MPI_Irecv", buf, count, datatype, source, tag, comm, request);
}

#pragma weak MPI_Irecv_c = PMPI_Irecv_c
int PMPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
		 MPI_Comm comm, MPI_Request *request)
{
	return recv_nonblocking("MPI_Irecv_c", buf, count, datatype, source, tag, comm, request);
}

/* ---------------------------------------------------- persistent requests */

struct mpii_request *mpii_p2p_persistent_new(int kind, const void *buf, MPI_Count count,
					     MPI_Datatype dt, int peer, int tag, MPI_Comm comm,
					     uint32_t ctx)
{
	struct mpii_request *req = mpii_request_new(kind);
	if (!req)
		return NULL;
	req->persistent = 1;
	req->active = 0;
	/* Relaxed: the request is not visible to anyone yet. */
	shm_store_relaxed(&req->done, 1);
	req->buf = (void *)buf;
	req->count = count;
	req->dt = dt;
	mpii_type_ref(dt);
	req->peer = peer;
	req->tag = tag;
	req->comm = comm;
	mpii_comm_ref(comm);
	req->ctx = ctx;
	req->world_peer = peer >= 0 ? mpii_comm_peer_world(comm, peer) : -1;
	return req;
}

static int persistent_init(const char *fn, int kind, const void *buf, MPI_Count count,
			   MPI_Datatype dt, int peer, int tag, MPI_Comm comm, int mode,
			   MPI_Request *request)
{
	const char *why;
	MPII_CHECK_INIT(fn);
	int rc = kind == MPII_REQ_SEND ? check_send(buf, count, dt, peer, tag, comm, &why)
				       : check_recv(buf, count, dt, peer, tag, comm, &why);
	if (!rc && !request)
		rc = MPI_ERR_REQUEST, why = "request is NULL";
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	mpii_lock();
	struct mpii_request *req = mpii_p2p_persistent_new(kind, buf, count, dt, peer, tag, comm,
							   comm->ctx);
	if (req)
		req->mode = mode;
	mpii_unlock();
	if (!req)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "no memory for a request");
	*request = req;
	return MPI_SUCCESS;
}

#pragma weak MPI_Send_init = PMPI_Send_init
int PMPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
		   MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Send_init", MPII_REQ_SEND, buf, count, datatype, dest, tag, comm,
			       MPII_MODE_STANDARD, request);
}

#pragma weak MPI_Send_init_c = PMPI_Send_init_c
int PMPI_Send_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		     MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Send_init_c", MPII_REQ_SEND, buf, count, datatype, dest, tag, comm,
			       MPII_MODE_STANDARD, request);
}

#pragma weak MPI_Bsend_init = PMPI_Bsend_init
int PMPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
		    MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Bsend_init", MPII_REQ_SEND, buf, count, datatype, dest, tag, comm,
			       MPII_MODE_BUFFERED, request);
}

#pragma weak MPI_Bsend_init_c = PMPI_Bsend_init_c
int PMPI_Bsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		      MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Bsend_init_c", MPII_REQ_SEND, buf, count, datatype, dest, tag, comm,
			       MPII_MODE_BUFFERED, request);
}

#pragma weak MPI_Ssend_init = PMPI_Ssend_init
int PMPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
		    MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Ssend_init", MPII_REQ_SEND, buf, count, datatype, dest, tag, comm,
			       MPII_MODE_SYNC, request);
}

#pragma weak MPI_Ssend_init_c = PMPI_Ssend_init_c
int PMPI_Ssend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		      MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Ssend_init_c", MPII_REQ_SEND, buf, count, datatype, dest, tag, comm,
			       MPII_MODE_SYNC, request);
}

#pragma weak MPI_Rsend_init = PMPI_Rsend_init
int PMPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
		    MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Rsend_init", MPII_REQ_SEND, buf, count, datatype, dest, tag, comm,
			       MPII_MODE_READY, request);
}

#pragma weak MPI_Rsend_init_c = PMPI_Rsend_init_c
int PMPI_Rsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
		      MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Rsend_init_c", MPII_REQ_SEND, buf, count, datatype, dest, tag, comm,
			       MPII_MODE_READY, request);
}

#pragma weak MPI_Recv_init = PMPI_Recv_init
int PMPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
		   MPI_Request *request)
{
	return persistent_init("MPI_Recv_init", MPII_REQ_RECV, buf, count, datatype, source, tag, comm,
			       MPII_MODE_STANDARD, request);
}

#pragma weak MPI_Recv_init_c = PMPI_Recv_init_c
int PMPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
		     MPI_Comm comm, MPI_Request *request)
{
	return persistent_init("MPI_Recv_init_c", MPII_REQ_RECV, buf, count, datatype, source, tag, comm,
			       MPII_MODE_STANDARD, request);
}

int mpii_p2p_start(struct mpii_request *req)
{
	if (req->peer == MPI_PROC_NULL) {
		req->active = 1;
		mpii_status_empty(&req->status);
		req->status.MPI_ERROR = MPI_SUCCESS;
		req->status.MPI_SOURCE = MPI_PROC_NULL;
		mpii_request_complete(req);
		return MPI_SUCCESS;
	}
	if (req->kind == MPII_REQ_RECV)
		return mpii_p2p_start_recv(req);
	if (req->mode == MPII_MODE_BUFFERED) {
		int rc = bsend_start(req->buf, req->count, req->dt, req->peer, req->tag, req->comm, req);
		if (rc)
			return rc;
		req->active = 1;
		mpii_status_empty(&req->status);
		req->status.MPI_ERROR = MPI_SUCCESS;
		mpii_request_complete(req);
		return MPI_SUCCESS;
	}
	return mpii_p2p_start_send(req);
}

/* What a failed start of a persistent request means, for its message. */
static const char *start_why(int rc)
{
	switch (rc) {
	case MPI_ERR_REQUEST:
		return "not an inactive persistent request";
	case MPI_ERR_BUFFER:
		return "the attached buffer has no room for this buffered send";
	case MPI_ERR_NO_MEM:
		return "out of memory";
	default:
		return "the request could not start";
	}
}

int mpii_Start(const char *fn, MPI_Request *request)
{
	if (!request || mpii_request_check(*request))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request");
	mpii_lock();
	int rc = mpii_request_start(*request);
	mpii_unlock();
	return rc ? mpii_err(NULL, rc, fn, "%s", start_why(rc)) : MPI_SUCCESS;
}

int mpii_Startall(const char *fn, int count, MPI_Request array_of_requests[])
{
	if (count < 0 || (count > 0 && !array_of_requests))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid count or array");
	for (int i = 0; i < count; i++)
		if (mpii_request_check(array_of_requests[i]))
			return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request at index %d", i);
	int rc = MPI_SUCCESS, i;
	mpii_lock();
	for (i = 0; i < count && !rc; i++)
		rc = mpii_request_start(array_of_requests[i]);
	mpii_unlock();
	return rc ? mpii_err(NULL, rc, fn, "request %d: %s", i - 1, start_why(rc)) : MPI_SUCCESS;
}

/* ------------------------------------------------------------ sendrecv */

int mpii_Sendrecv(const char *fn, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
		  int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype,
		  int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
	const char *why;
	int rc = check_send(sendbuf, sendcount, sendtype, dest, sendtag, comm, &why);
	if (!rc)
		rc = check_recv(recvbuf, recvcount, recvtype, source, recvtag, comm, &why);
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	struct mpii_request *rreq = NULL, *sreq = NULL;
	mpii_lock();
	if (source != MPI_PROC_NULL)
		rc = mpii_irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, comm->ctx, &rreq);
	/* A send that fits one cell needs no request (exchanges of small
	 * messages: perf/exchange -k ring). */
	if (!rc && dest != MPI_PROC_NULL &&
	    !mpii_send_now(sendbuf, sendcount, sendtype, dest, sendtag, comm, comm->ctx))
		rc = mpii_isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, comm->ctx,
				MPII_MODE_STANDARD, &sreq);
	int rc2 = MPI_SUCCESS;
	if (sreq)
		rc2 = mpii_wait(sreq, MPI_STATUS_IGNORE);
	if (rreq)
		rc = rc ? rc : mpii_wait(rreq, status);
	else if (status != MPI_STATUS_IGNORE && status) {
		mpii_status_empty(status);
		status->MPI_SOURCE = MPI_PROC_NULL;
	}
	mpii_unlock();
	rc = rc ? rc : rc2;
	return rc ? mpii_err(comm, rc, fn, "transfer failed") : MPI_SUCCESS;
}

int mpii_Sendrecv_replace(const char *fn, void *buf, int count, MPI_Datatype datatype, int dest,
			  int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
	const char *why;
	int rc = check_send(buf, count, datatype, dest, sendtag, comm, &why);
	if (!rc)
		rc = check_recv(buf, count, datatype, source, recvtag, comm, &why);
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	MPI_Count bytes = (MPI_Count)count * datatype->size;
	char *copy = malloc(bytes ? (size_t)bytes : 1);
	if (!copy)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "no memory for the send copy");
	mpii_lock();
	mpii_type_pack(datatype, count, buf, 0, copy, bytes);
	struct mpii_request *rreq = NULL, *sreq = NULL;
	if (source != MPI_PROC_NULL)
		rc = mpii_irecv(buf, count, datatype, source, recvtag, comm, comm->ctx, &rreq);
	if (!rc && dest != MPI_PROC_NULL)
		rc = mpii_isend(copy, bytes, &mpii_obj_type_byte, dest, sendtag, comm, comm->ctx,
				MPII_MODE_STANDARD, &sreq);
	if (sreq)
		mpii_wait(sreq, MPI_STATUS_IGNORE);
	if (rreq)
		rc = rc ? rc : mpii_wait(rreq, status);
	else if (status != MPI_STATUS_IGNORE && status) {
		mpii_status_empty(status);
		status->MPI_SOURCE = MPI_PROC_NULL;
	}
	mpii_unlock();
	free(copy);
	return rc ? mpii_err(comm, rc, fn, "transfer failed") : MPI_SUCCESS;
}

/* The checks out of line, for the other files of lib/p2p (MPI_Isendrecv in
 * p2p_sendrecv_nb.c). */
int mpii_p2p_check_send(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
			MPI_Comm comm, const char **why)
{
	return check_send(buf, count, dt, dest, tag, comm, why);
}

int mpii_p2p_check_recv(const void *buf, int count, MPI_Datatype dt, int source, int tag,
			MPI_Comm comm, const char **why)
{
	return check_recv(buf, count, dt, source, tag, comm, why);
}

/* --------------------------------------------------------------- probe */

static int check_probe(int source, int tag, MPI_Comm comm, const char **why)
{
	if (mpii_comm_check(comm))
		return *why = "invalid communicator", MPI_ERR_COMM;
	if (source != MPI_PROC_NULL && source != MPI_ANY_SOURCE &&
	    (source < 0 || source >= mpii_comm_peer_size(comm)))
		return *why = "source rank out of range", MPI_ERR_RANK;
	if (tag != MPI_ANY_TAG && (tag < 0 || tag > TAG_UB))
		return *why = "tag out of range", MPI_ERR_TAG;
	if (__builtin_expect(comm->asserts != 0, 0) && wildcard_asserted(source, tag, comm, why))
		return MPI_ERR_ARG;
	return MPI_SUCCESS;
}

static void proc_null_status(MPI_Status *status)
{
	if (status == MPI_STATUS_IGNORE || !status)
		return;
	mpii_status_empty(status);
	status->MPI_SOURCE = MPI_PROC_NULL;
}

int mpii_Iprobe(const char *fn, int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
	const char *why;
	int rc = check_probe(source, tag, comm, &why);
	if (!rc && !flag)
		rc = MPI_ERR_ARG, why = "flag is NULL";
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	if (source == MPI_PROC_NULL) {
		*flag = 1;
		proc_null_status(status);
		return MPI_SUCCESS;
	}
	mpii_lock();
	mpii_progress(-1);
	rc = mpii_iprobe(source, tag, comm, comm->ctx, flag, status);
	mpii_unlock();
	return rc;
}

struct probe_arg {
	int source, tag, flag;
	struct mpii_comm *comm;
	MPI_Status *status;
};

static int probe_found(void *arg)
{
	struct probe_arg *a = arg;
	mpii_iprobe(a->source, a->tag, a->comm, a->comm->ctx, &a->flag, a->status);
	return a->flag;
}

int mpii_Probe(const char *fn, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
	const char *why;
	int rc = check_probe(source, tag, comm, &why);
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	if (source == MPI_PROC_NULL) {
		proc_null_status(status);
		return MPI_SUCCESS;
	}
	struct probe_arg a = { source, tag, 0, comm, status };
	mpii_lock();
	mpii_progress_wait(probe_found, &a, source >= 0 ? mpii_comm_peer_world(comm, source) : -1);
	mpii_unlock();
	return MPI_SUCCESS;
}

/* Take the matched message out of the queue as a message handle. */
static MPI_Message take_message(int source, int tag, struct mpii_comm *comm)
{
	struct mpii_umsg *u = mpii_unexp_find(comm->ctx, source, tag, 1);
	if (!u)
		return MPI_MESSAGE_NULL;
	struct mpii_message *m = mpii_pool_get(&message_pool);
	if (!m)
		mpii_abort_job(MPI_ERR_NO_MEM, "no memory for a message handle");
	m->magic = MPII_MAGIC_MESSAGE;
	m->u = u;
	m->comm = comm;
	return m;
}

int mpii_Improbe(const char *fn, int source, int tag, MPI_Comm comm, int *flag,
		 MPI_Message *message, MPI_Status *status)
{
	const char *why;
	int rc = check_probe(source, tag, comm, &why);
	if (!rc && (!flag || !message))
		rc = MPI_ERR_ARG, why = "NULL argument";
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	if (source == MPI_PROC_NULL) {
		*flag = 1;
		*message = MPI_MESSAGE_NO_PROC;
		proc_null_status(status);
		return MPI_SUCCESS;
	}
	mpii_lock();
	mpii_progress(-1);
	mpii_iprobe(source, tag, comm, comm->ctx, flag, status);
	*message = *flag ? take_message(source, tag, comm) : MPI_MESSAGE_NULL;
	mpii_unlock();
	return MPI_SUCCESS;
}

int mpii_Mprobe(const char *fn, int source, int tag, MPI_Comm comm, MPI_Message *message,
		MPI_Status *status)
{
	const char *why;
	int rc = check_probe(source, tag, comm, &why);
	if (!rc && !message)
		rc = MPI_ERR_ARG, why = "message is NULL";
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	if (source == MPI_PROC_NULL) {
		*message = MPI_MESSAGE_NO_PROC;
		proc_null_status(status);
		return MPI_SUCCESS;
	}
	struct probe_arg a = { source, tag, 0, comm, status };
	mpii_lock();
	mpii_progress_wait(probe_found, &a, source >= 0 ? mpii_comm_peer_world(comm, source) : -1);
	*message = take_message(source, tag, comm);
	mpii_unlock();
	return MPI_SUCCESS;
}

/* MPI_Imrecv, and the start of MPI_Mrecv: fn names the caller in errors. */
static int imrecv(const char *fn, void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
		  MPI_Request *request)
{
	MPII_CHECK_INIT(fn);
	if (!message || !MPII_VALID(*message, MPII_MAGIC_MESSAGE))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid message handle");
	if (!request)
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "request is NULL");
	if (count < 0)
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "negative count");
	if (mpii_type_check_comm(datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid or uncommitted datatype");
	mpii_lock();
	struct mpii_message *m = *message;
	struct mpii_request *req;
	if (m == MPI_MESSAGE_NO_PROC) {
		req = completed_request(MPII_REQ_RECV);
	} else {
		req = mpii_request_new(MPII_REQ_RECV);
		if (req) {
			req->buf = buf;
			req->count = count;
			req->dt = datatype;
			mpii_type_ref(datatype);
			req->comm = m->comm;
			mpii_comm_ref(m->comm);
			req->ctx = m->comm->ctx;
			req->peer = m->u->src;
			req->tag = m->u->tag;
			req->world_peer = m->u->world_src;
			mpii_p2p_match_umsg(req, m->u);
			m->magic = MPII_MAGIC_FREED;
			mpii_pool_put(&message_pool, m);
		}
	}
	mpii_unlock();
	if (!req)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "no memory for a request");
	*request = req;
	*message = MPI_MESSAGE_NULL;
	return MPI_SUCCESS;
}

#pragma weak MPI_Imrecv = PMPI_Imrecv
int PMPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
		MPI_Request *request)
{
	return imrecv("MPI_Imrecv", buf, count, datatype, message, request);
}

int mpii_Mrecv(const char *fn, void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
	       MPI_Status *status)
{
	MPI_Request req;
	int rc = imrecv(fn, buf, count, datatype, message, &req);
	if (rc)
		return rc;
	mpii_lock();
	rc = mpii_wait(req, status);
	mpii_unlock();
	return rc ? mpii_err(NULL, rc, fn, "receive failed") : MPI_SUCCESS;
}

/* ------------------------------------------------------ buffered sends */

/* Attach buffer (size bytes, or MPI_BUFFER_AUTOMATIC) as b.  Lock held.
 * MPI_SUCCESS, or MPI_ERR_BUFFER when b has one already. */
static int buf_attach(struct mpii_bsend_buf *b, void *buffer, int size)
{
	if (b->buf)
		return MPI_ERR_BUFFER;
	b->buf = buffer;
	b->capacity = buffer == MPI_BUFFER_AUTOMATIC ? 0 : size;
	return MPI_SUCCESS;
}

static int bsend_drained(void *arg)
{
	const struct mpii_bsend_buf *b = arg;
	return b->used == 0;
}

/* Wait until b's copies are delivered, then detach it.  Lock held. */
static void buf_detach(struct mpii_bsend_buf *b, void *buffer_addr, int *size)
{
	mpii_progress_wait(bsend_drained, b, -1);
	*(void **)buffer_addr = b->buf;
	*size = (int)b->capacity;
	b->buf = NULL;
	b->capacity = 0;
}

static int bad_buffer(void *buffer, int size)
{
	return buffer != MPI_BUFFER_AUTOMATIC && (size < 0 || (!buffer && size > 0));
}

int mpii_Buffer_attach(const char *fn, void *buffer, int size)
{
	if (bad_buffer(buffer, size))
		return mpii_err(NULL, MPI_ERR_BUFFER, fn, "invalid buffer or size");
	mpii_lock();
	int rc = buf_attach(&mpii_p2p.bsend, buffer, size);
	mpii_unlock();
	return rc ? mpii_err(NULL, rc, fn, "a buffer is already attached") : MPI_SUCCESS;
}

int mpii_Buffer_detach(const char *fn, void *buffer_addr, int *size)
{
	if (!buffer_addr || !size)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "NULL argument");
	mpii_lock();
	buf_detach(&mpii_p2p.bsend, buffer_addr, size);
	mpii_unlock();
	return MPI_SUCCESS;
}

/* MPI-4.1 3.6.1: MPI_Buffer_flush waits, as MPI_Buffer_detach does, until
 * every buffered message is delivered, and leaves the buffer attached;
 * with no buffer attached there is nothing to wait for. */
int mpii_Buffer_flush(const char *fn)
{
	(void)fn;
	mpii_lock();
	mpii_progress_wait(bsend_drained, &mpii_p2p.bsend, -1);
	mpii_unlock();
	return MPI_SUCCESS;
}

/* The poll of an iflush request: req->state is the buffer (lock held). */
static int iflush_poll(struct mpii_request *req)
{
	/* Relaxed: only this poll completes the request, under the lock. */
	if (shm_load_relaxed(&req->done))
		return 1;
	if (!bsend_drained(req->state))
		return 0;
	mpii_status_empty(&req->status);
	req->status.MPI_ERROR = MPI_SUCCESS;
	mpii_request_complete(req);
	return 1;
}

/* A polled request completing once b's copies are delivered (lock held);
 * NULL when out of memory. */
static struct mpii_request *iflush_start(struct mpii_bsend_buf *b)
{
	struct mpii_request *req = mpii_request_new(MPII_REQ_COLL);
	if (req) {
		req->active = 1;
		req->poll = iflush_poll;
		req->state = b;   /* no state_free: buffers are never freed */
		if (!iflush_poll(req))
			mpii_progress_poll_add(req);
	}
	return req;
}

/* The buffer of *slot (a communicator's or a session's), made on first
 * use.  Lock held; NULL when out of memory. */
static struct mpii_bsend_buf *slot_buf(struct mpii_bsend_buf **slot)
{
	if (!*slot)
		*slot = calloc(1, sizeof(**slot));
	return *slot;
}

/* MPI-4.1 3.6: a communicator's own buffer, used by the buffered sends
 * on it before the session's or the process's. */
int mpii_Comm_attach_buffer(const char *fn, MPI_Comm comm, void *buffer, int size)
{
	if (bad_buffer(buffer, size))
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "invalid buffer or size");
	mpii_lock();
	struct mpii_bsend_buf *b = slot_buf(&comm->bsend);
	int rc = b ? buf_attach(b, buffer, size) : MPI_ERR_NO_MEM;
	mpii_unlock();
	return rc ? mpii_err(comm, rc, fn, rc == MPI_ERR_BUFFER ? "a buffer is already attached"
							      : "out of memory")
		  : MPI_SUCCESS;
}

int mpii_Comm_detach_buffer(const char *fn, MPI_Comm comm, void *buffer_addr, int *size)
{
	if (!buffer_addr || !size)
		return mpii_err(comm, MPI_ERR_ARG, fn, "NULL argument");
	mpii_lock();
	int none = !comm->bsend || !comm->bsend->buf;
	if (!none)
		buf_detach(comm->bsend, buffer_addr, size);
	mpii_unlock();
	return none ? mpii_err(comm, MPI_ERR_BUFFER, fn, "no buffer attached") : MPI_SUCCESS;
}

int mpii_Comm_flush_buffer(const char *fn, MPI_Comm comm)
{
	(void)fn;
	mpii_lock();
	if (comm->bsend)
		mpii_progress_wait(bsend_drained, comm->bsend, -1);
	mpii_unlock();
	return MPI_SUCCESS;
}

int mpii_Comm_iflush_buffer(const char *fn, MPI_Comm comm, MPI_Request *request)
{
	if (!request)
		return mpii_err(comm, MPI_ERR_REQUEST, fn, "request is NULL");
	mpii_lock();
	struct mpii_bsend_buf *b = slot_buf(&comm->bsend);
	struct mpii_request *req = b ? iflush_start(b) : NULL;
	if (req)
		*request = req;
	mpii_unlock();
	return req ? MPI_SUCCESS : mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
}

/* A session's: used by the communicators made from its groups that have
 * none of their own. */
int mpii_Session_attach_buffer(const char *fn, MPI_Session session, void *buffer, int size)
{
	struct mpii_bsend_buf **slot = mpii_session_bsend(session);
	if (!slot)
		return mpii_session_raise(session, MPI_ERR_SESSION, fn, "invalid session");
	if (bad_buffer(buffer, size))
		return mpii_session_raise(session, MPI_ERR_BUFFER, fn, "invalid buffer or size");
	mpii_lock();
	struct mpii_bsend_buf *b = slot_buf(slot);
	int rc = b ? buf_attach(b, buffer, size) : MPI_ERR_NO_MEM;
	mpii_unlock();
	return rc ? mpii_session_raise(session, rc, fn,
				       rc == MPI_ERR_BUFFER ? "a buffer is already attached"
							    : "out of memory")
		  : MPI_SUCCESS;
}

int mpii_Session_detach_buffer(const char *fn, MPI_Session session, void *buffer_addr, int *size)
{
	struct mpii_bsend_buf **slot = mpii_session_bsend(session);
	if (!slot)
		return mpii_session_raise(session, MPI_ERR_SESSION, fn, "invalid session");
	if (!buffer_addr || !size)
		return mpii_session_raise(session, MPI_ERR_ARG, fn, "NULL argument");
	mpii_lock();
	int none = !*slot || !(*slot)->buf;
	if (!none)
		buf_detach(*slot, buffer_addr, size);
	mpii_unlock();
	return none ? mpii_session_raise(session, MPI_ERR_BUFFER, fn, "no buffer attached")
		    : MPI_SUCCESS;
}

int mpii_Session_flush_buffer(const char *fn, MPI_Session session)
{
	struct mpii_bsend_buf **slot = mpii_session_bsend(session);
	if (!slot)
		return mpii_session_raise(session, MPI_ERR_SESSION, fn, "invalid session");
	mpii_lock();
	if (*slot)
		mpii_progress_wait(bsend_drained, *slot, -1);
	mpii_unlock();
	return MPI_SUCCESS;
}

int mpii_Session_iflush_buffer(const char *fn, MPI_Session session, MPI_Request *request)
{
	struct mpii_bsend_buf **slot = mpii_session_bsend(session);
	if (!slot)
		return mpii_session_raise(session, MPI_ERR_SESSION, fn, "invalid session");
	if (!request)
		return mpii_session_raise(session, MPI_ERR_REQUEST, fn, "request is NULL");
	mpii_lock();
	struct mpii_bsend_buf *b = slot_buf(slot);
	struct mpii_request *req = b ? iflush_start(b) : NULL;
	if (req)
		*request = req;
	mpii_unlock();
	return req ? MPI_SUCCESS : mpii_session_raise(session, MPI_ERR_NO_MEM, fn, "out of memory");
}

/* MPI_Buffer_iflush: a polled request completing once the buffered
 * messages sent before it are delivered (those sent later too: the
 * buffer has one count of bytes in use). */
int mpii_Buffer_iflush(const char *fn, MPI_Request *request)
{
	if (!request)
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "request is NULL");
	mpii_lock();
	struct mpii_request *req = iflush_start(&mpii_p2p.bsend);
	if (req)
		*request = req;
	mpii_unlock();
	return req ? MPI_SUCCESS : mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
}
