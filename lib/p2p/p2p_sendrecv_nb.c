/*
 * lib/p2p/p2p_sendrecv_nb.c - MPI-4.0's nonblocking MPI_Isendrecv and
 * MPI_Isendrecv_replace.
 *
 * The call posts the receive and the send at once, as MPI_Sendrecv does,
 * as two internal requests, and hands the user a third: a polled request
 * (MPII_REQ_COLL with a poll function, lib/core/progress.h) that the
 * progress engine completes once both halves have.  Its status is the
 * receive's (MPI-4.0 3.10: "the status of the receive operation"), with
 * MPI_ERROR the first error of the two; a receive from MPI_PROC_NULL
 * gives the empty status with MPI_SOURCE = MPI_PROC_NULL.
 *
 * MPI_Isendrecv_replace packs the outgoing message into a copy first (the
 * receive overwrites the buffer while the send may still read it); the
 * copy lives in the request's state and goes with it.  A cancel does not
 * reach the halves (MPI_Cancel looks only at single sends and receives):
 * the operation completes normally, which the standard allows.
 *
 * Locking: everything below runs with the library lock held (the poll is
 * called by the progress engine under it).
 */
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

struct srnb {
	struct mpii_request *sreq, *rreq;  /* NULL once collected (or never posted) */
	int err;                           /* first error of the halves */
	int recv_null;                     /* the receive was from MPI_PROC_NULL */
	MPI_Status rstatus;                /* the receive's status once collected */
	void *copy;                        /* Isendrecv_replace: the packed send */
};

static void srnb_free(void *state)
{
	struct srnb *s = state;
	/* The halves are collected before the request completes; a request
	 * released early (a failed start) still owns them. */
	if (s->sreq)
		(void)mpii_wait(s->sreq, MPI_STATUS_IGNORE);
	if (s->rreq)
		(void)mpii_wait(s->rreq, MPI_STATUS_IGNORE);
	free(s->copy);
	free(s);
}

/* Collect a half that is done; keeps the first error. */
static void take(struct srnb *s, struct mpii_request **half, MPI_Status *st)
{
	/* Acquire: pairs with the release in mpii_request_complete. */
	if (!*half || !shm_load_acquire(&(*half)->done))
		return;
	int rc = mpii_wait(*half, st);
	*half = NULL;
	if (rc && !s->err)
		s->err = rc;
}

/* The progress engine's poll: 1 once the request is complete. */
static int srnb_poll(struct mpii_request *req)
{
	struct srnb *s = req->state;
	/* Relaxed: only this poll completes the request, under the lock. */
	if (shm_load_relaxed(&req->done))
		return 1;
	take(s, &s->sreq, MPI_STATUS_IGNORE);
	take(s, &s->rreq, &s->rstatus);
	if (s->sreq || s->rreq)
		return 0;
	mpii_status_empty(&req->status);
	if (s->recv_null)
		req->status.MPI_SOURCE = MPI_PROC_NULL;
	else
		mpii_status_copy(&req->status, &s->rstatus);
	req->status.MPI_ERROR = s->err;
	mpii_request_complete(req);   /* may release req (freed by the user) */
	return 1;
}

/* Post both halves of the exchange and the user's request.  Lock held.
 * copy (owned from here on, also on failure) is the packed send of the
 * replace form, sent as bytes. */
static int start(const void *sendbuf, MPI_Count sendcount, struct mpii_datatype *sendtype, int dest,
		 int sendtag, void *recvbuf, MPI_Count recvcount, struct mpii_datatype *recvtype,
		 int source, int recvtag, MPI_Comm comm, void *copy, MPI_Request *request)
{
	struct srnb *s = calloc(1, sizeof(*s));
	struct mpii_request *req = s ? mpii_request_new(MPII_REQ_COLL) : NULL;
	if (!req) {
		free(s);
		free(copy);
		return MPI_ERR_NO_MEM;
	}
	s->copy = copy;
	s->recv_null = source == MPI_PROC_NULL;
	req->active = 1;
	req->poll = srnb_poll;
	req->state = s;
	req->state_free = srnb_free;
	int rc = MPI_SUCCESS;
	if (source != MPI_PROC_NULL)
		rc = mpii_irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, comm->ctx,
				&s->rreq);
	if (!rc && dest != MPI_PROC_NULL)
		rc = copy ? mpii_isend(copy, sendcount, &mpii_obj_type_byte, dest, sendtag, comm,
				       comm->ctx, MPII_MODE_STANDARD, &s->sreq)
			  : mpii_isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, comm->ctx,
				       MPII_MODE_STANDARD, &s->sreq);
	if (rc) {
		/* A receive already posted is cancelled before srnb_free
		 * waits for it. */
		if (s->rreq && mpii_p2p_cancel(s->rreq) != MPI_SUCCESS)
			s->rreq = NULL;   /* leaked rather than waited on forever */
		mpii_request_release(req);
		return rc;
	}
	*request = req;
	if (!srnb_poll(req))
		mpii_progress_poll_add(req);
	return MPI_SUCCESS;
}

int mpii_Isendrecv(const char *fn, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
		   int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype,
		   int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
	const char *why = "request is NULL";
	int rc = mpii_p2p_check_send(sendbuf, sendcount, sendtype, dest, sendtag, comm, &why);
	if (!rc)
		rc = mpii_p2p_check_recv(recvbuf, recvcount, recvtype, source, recvtag, comm, &why);
	if (!rc && !request)
		rc = MPI_ERR_REQUEST;
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	mpii_lock();
	rc = start(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
		   recvtag, comm, NULL, request);
	mpii_unlock();
	return rc ? mpii_err(comm, rc, fn, "could not start the exchange") : MPI_SUCCESS;
}

int mpii_Isendrecv_replace(const char *fn, void *buf, int count, MPI_Datatype datatype, int dest,
			   int sendtag, int source, int recvtag, MPI_Comm comm,
			   MPI_Request *request)
{
	const char *why = "request is NULL";
	int rc = mpii_p2p_check_send(buf, count, datatype, dest, sendtag, comm, &why);
	if (!rc)
		rc = mpii_p2p_check_recv(buf, count, datatype, source, recvtag, comm, &why);
	if (!rc && !request)
		rc = MPI_ERR_REQUEST;
	if (rc)
		return mpii_err(rc == MPI_ERR_COMM ? NULL : comm, rc, fn, "%s", why);
	MPI_Count bytes = (MPI_Count)count * datatype->size;
	char *copy = malloc(bytes ? (size_t)bytes : 1);
	if (!copy)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "no memory for the send copy");
	mpii_lock();
	mpii_type_pack(datatype, count, buf, 0, copy, bytes);
	rc = start(NULL, bytes, NULL, dest, sendtag, buf, count, datatype, source, recvtag, comm,
		   copy, request);
	mpii_unlock();
	return rc ? mpii_err(comm, rc, fn, "could not start the exchange") : MPI_SUCCESS;
}
