/*
 * wrap_wait.c - completion wrappers: the wait and test families, cancel and
 * request release.  They move no bytes of their own (the transfer was
 * counted when it started); their time is the "wait" part of the report.
 */
#include "perf/prof/prof.h"

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Wait(request, status);
	prof_leave(&call, PROF_FN_WAIT);
	return rc;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Test(request, flag, status);
	prof_leave(&call, PROF_FN_TEST);
	return rc;
}

int MPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Waitany(count, array_of_requests, index, status);
	prof_leave(&call, PROF_FN_WAITANY);
	return rc;
}

int MPI_Testany(int count, MPI_Request array_of_requests[], int *index, int *flag,
		MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Testany(count, array_of_requests, index, flag, status);
	prof_leave(&call, PROF_FN_TESTANY);
	return rc;
}

int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Waitall(count, array_of_requests, array_of_statuses);
	prof_leave(&call, PROF_FN_WAITALL);
	return rc;
}

int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
		MPI_Status array_of_statuses[])
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Testall(count, array_of_requests, flag, array_of_statuses);
	prof_leave(&call, PROF_FN_TESTALL);
	return rc;
}

int MPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount,
		 int array_of_indices[], MPI_Status array_of_statuses[])
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Waitsome(incount, array_of_requests, outcount, array_of_indices,
			   array_of_statuses);
	prof_leave(&call, PROF_FN_WAITSOME);
	return rc;
}

int MPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount,
		 int array_of_indices[], MPI_Status array_of_statuses[])
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Testsome(incount, array_of_requests, outcount, array_of_indices,
			   array_of_statuses);
	prof_leave(&call, PROF_FN_TESTSOME);
	return rc;
}

int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Request_get_status(request, flag, status);
	prof_leave(&call, PROF_FN_REQUEST_GET_STATUS);
	return rc;
}

int MPI_Cancel(MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Cancel(request);
	prof_leave(&call, PROF_FN_CANCEL);
	return rc;
}

int MPI_Request_free(MPI_Request *request)
{
	struct prof_call call;
	MPI_Request req = *request;
	int rc;

	prof_enter(&call);
	rc = PMPI_Request_free(request);
	if (prof_leave(&call, PROF_FN_REQUEST_FREE) && rc == MPI_SUCCESS)
		prof_preq_free(req);
	return rc;
}
