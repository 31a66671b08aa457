/*
 * lib/ext/reqtype.c - MPI_Request_type (seed 002 6.8): which family a request
 * belongs to.  Meta and MPI_Grequest_start requests are GENERALIZED,
 * persistent point-to-point ones PERSISTENT, other point-to-point ones
 * PT2PT, everything else (nonblocking collectives, ...) OTHER.
 */
#include "lib/core/core.h"

int mpii_Request_type(const char *fn, MPI_Request request, MPI_Typerequest *typereq)
{
	if (mpii_request_check(request))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "invalid request");
	if (!typereq)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "typereq is NULL");
	switch (request->kind) {
	case MPII_REQ_META:
	case MPII_REQ_GREQ:
		*typereq = MPI_REQUEST_GENERALIZED;
		break;
	case MPII_REQ_SEND:
	case MPII_REQ_RECV:
		*typereq = request->persistent ? MPI_REQUEST_PERSISTENT : MPI_REQUEST_PT2PT;
		break;
	default:
		*typereq = MPI_REQUEST_OTHER;
	}
	return MPI_SUCCESS;
}
