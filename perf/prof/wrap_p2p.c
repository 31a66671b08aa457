/*
 * wrap_p2p.c - point-to-point wrappers: blocking, nonblocking, persistent,
 * probes and matched receives.
 *
 * Sends count count x type size to the destination's world rank in the
 * communicator's traffic row when the call succeeds.  Blocking receives
 * count the bytes their status reports (a local status stands in for
 * MPI_STATUS_IGNORE); nonblocking and persistent receives count the posted
 * size, since the status arrives in a wait or test that may ignore it.
 */
#include "perf/prof/prof.h"

int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Send(buf, count, datatype, dest, tag, comm);
	if (prof_leave(&call, PROF_FN_SEND) && rc == MPI_SUCCESS)
		prof_add_send(&call, PROF_FN_SEND, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Bsend(buf, count, datatype, dest, tag, comm);
	if (prof_leave(&call, PROF_FN_BSEND) && rc == MPI_SUCCESS)
		prof_add_send(&call, PROF_FN_BSEND, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ssend(buf, count, datatype, dest, tag, comm);
	if (prof_leave(&call, PROF_FN_SSEND) && rc == MPI_SUCCESS)
		prof_add_send(&call, PROF_FN_SSEND, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Rsend(buf, count, datatype, dest, tag, comm);
	if (prof_leave(&call, PROF_FN_RSEND) && rc == MPI_SUCCESS)
		prof_add_send(&call, PROF_FN_RSEND, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
	     MPI_Status *status)
{
	struct prof_call call;
	MPI_Status local;
	int rc;

	prof_enter(&call);
	if (call.th && status == MPI_STATUS_IGNORE)
		status = &local;
	rc = PMPI_Recv(buf, count, datatype, source, tag, comm, status);
	if (prof_leave(&call, PROF_FN_RECV) && rc == MPI_SUCCESS)
		prof_add_recv_status(&call, PROF_FN_RECV, status);
	return rc;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
	      MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Isend(buf, count, datatype, dest, tag, comm, request);
	if (prof_leave(&call, PROF_FN_ISEND) && rc == MPI_SUCCESS)
		prof_add_send(&call, PROF_FN_ISEND, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
	       MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ibsend(buf, count, datatype, dest, tag, comm, request);
	if (prof_leave(&call, PROF_FN_IBSEND) && rc == MPI_SUCCESS)
		prof_add_send(&call, PROF_FN_IBSEND, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
	       MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Issend(buf, count, datatype, dest, tag, comm, request);
	if (prof_leave(&call, PROF_FN_ISSEND) && rc == MPI_SUCCESS)
		prof_add_send(&call, PROF_FN_ISSEND, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
	       MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Irsend(buf, count, datatype, dest, tag, comm, request);
	if (prof_leave(&call, PROF_FN_IRSEND) && rc == MPI_SUCCESS)
		prof_add_send(&call, PROF_FN_IRSEND, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
	      MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Irecv(buf, count, datatype, source, tag, comm, request);
	if (prof_leave(&call, PROF_FN_IRECV) && rc == MPI_SUCCESS && source != MPI_PROC_NULL)
		prof_add_bytes(&call, PROF_FN_IRECV, 0, prof_bytes(count, datatype));
	return rc;
}

/* ------------------------------------------------------------ persistent */

int MPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
		  MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Send_init(buf, count, datatype, dest, tag, comm, request);
	if (prof_leave(&call, PROF_FN_SEND_INIT) && rc == MPI_SUCCESS)
		prof_preq_add(*request, 1, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
		   MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Bsend_init(buf, count, datatype, dest, tag, comm, request);
	if (prof_leave(&call, PROF_FN_BSEND_INIT) && rc == MPI_SUCCESS)
		prof_preq_add(*request, 1, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
		   MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ssend_init(buf, count, datatype, dest, tag, comm, request);
	if (prof_leave(&call, PROF_FN_SSEND_INIT) && rc == MPI_SUCCESS)
		prof_preq_add(*request, 1, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
		   MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Rsend_init(buf, count, datatype, dest, tag, comm, request);
	if (prof_leave(&call, PROF_FN_RSEND_INIT) && rc == MPI_SUCCESS)
		prof_preq_add(*request, 1, comm, dest, prof_bytes(count, datatype));
	return rc;
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
		  MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Recv_init(buf, count, datatype, source, tag, comm, request);
	if (prof_leave(&call, PROF_FN_RECV_INIT) && rc == MPI_SUCCESS)
		prof_preq_add(*request, 0, comm, source, prof_bytes(count, datatype));
	return rc;
}

int MPI_Start(MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Start(request);
	if (prof_leave(&call, PROF_FN_START) && rc == MPI_SUCCESS)
		prof_preq_started(&call, PROF_FN_START, *request);
	return rc;
}

int MPI_Startall(int count, MPI_Request array_of_requests[])
{
	struct prof_call call;
	int rc, i;

	prof_enter(&call);
	rc = PMPI_Startall(count, array_of_requests);
	if (prof_leave(&call, PROF_FN_STARTALL) && rc == MPI_SUCCESS)
		for (i = 0; i < count; i++)
			prof_preq_started(&call, PROF_FN_STARTALL, array_of_requests[i]);
	return rc;
}

/* --------------------------------------------------------- send-receive */

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
		 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
		 MPI_Comm comm, MPI_Status *status)
{
	struct prof_call call;
	MPI_Status local;
	int rc;

	prof_enter(&call);
	if (call.th && status == MPI_STATUS_IGNORE)
		status = &local;
	rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
			   recvtype, source, recvtag, comm, status);
	if (prof_leave(&call, PROF_FN_SENDRECV) && rc == MPI_SUCCESS) {
		prof_add_send(&call, PROF_FN_SENDRECV, comm, dest, prof_bytes(sendcount, sendtype));
		prof_add_recv_status(&call, PROF_FN_SENDRECV, status);
	}
	return rc;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
			 int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
	struct prof_call call;
	MPI_Status local;
	int rc;

	prof_enter(&call);
	if (call.th && status == MPI_STATUS_IGNORE)
		status = &local;
	rc = PMPI_Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm,
				   status);
	if (prof_leave(&call, PROF_FN_SENDRECV_REPLACE) && rc == MPI_SUCCESS) {
		prof_add_send(&call, PROF_FN_SENDRECV_REPLACE, comm, dest, prof_bytes(count, datatype));
		prof_add_recv_status(&call, PROF_FN_SENDRECV_REPLACE, status);
	}
	return rc;
}

/* ------------------------------------------------- probes, matched receives */

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Probe(source, tag, comm, status);
	prof_leave(&call, PROF_FN_PROBE);
	return rc;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Iprobe(source, tag, comm, flag, status);
	prof_leave(&call, PROF_FN_IPROBE);
	return rc;
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Mprobe(source, tag, comm, message, status);
	prof_leave(&call, PROF_FN_MPROBE);
	return rc;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
		MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Improbe(source, tag, comm, flag, message, status);
	prof_leave(&call, PROF_FN_IMPROBE);
	return rc;
}

int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
	      MPI_Status *status)
{
	struct prof_call call;
	MPI_Status local;
	int rc;

	prof_enter(&call);
	if (call.th && status == MPI_STATUS_IGNORE)
		status = &local;
	rc = PMPI_Mrecv(buf, count, datatype, message, status);
	if (prof_leave(&call, PROF_FN_MRECV) && rc == MPI_SUCCESS)
		prof_add_recv_status(&call, PROF_FN_MRECV, status);
	return rc;
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
	       MPI_Request *request)
{
	struct prof_call call;
	int no_proc = *message == MPI_MESSAGE_NO_PROC;
	int rc;

	prof_enter(&call);
	rc = PMPI_Imrecv(buf, count, datatype, message, request);
	if (prof_leave(&call, PROF_FN_IMRECV) && rc == MPI_SUCCESS && !no_proc)
		prof_add_bytes(&call, PROF_FN_IMRECV, 0, prof_bytes(count, datatype));
	return rc;
}
