/*
 * wrap_icoll.c - nonblocking collective wrappers.  The bytes are counted
 * when the operation starts (as for MPI_Isend); the time spent completing
 * it shows under the wait and test functions.
 */
#include "perf/prof/prof.h"

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ibarrier(comm, request);
	prof_leave(&call, PROF_FN_IBARRIER);
	return rc;
}

int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
	       MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ibcast(buffer, count, datatype, root, comm, request);
	if (prof_leave(&call, PROF_FN_IBCAST) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IBCAST, prof_io_bcast(count, datatype, root, comm));
	return rc;
}

int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
		MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
		          request);
	if (prof_leave(&call, PROF_FN_IGATHER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IGATHER, prof_io_gather(sendbuf, sendcount, sendtype,
			    recvcount, recvtype, root, comm));
	return rc;
}

int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
		 MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
		           root, comm, request);
	if (prof_leave(&call, PROF_FN_IGATHERV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IGATHERV, prof_io_gatherv(sendbuf, sendcount, sendtype,
			    recvcounts, recvtype, root, comm));
	return rc;
}

int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
		 MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
		           request);
	if (prof_leave(&call, PROF_FN_ISCATTER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ISCATTER, prof_io_scatter(sendcount, sendtype, recvbuf,
			    recvcount, recvtype, root, comm));
	return rc;
}

int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
		  MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
		  int root, MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
		            root, comm, request);
	if (prof_leave(&call, PROF_FN_ISCATTERV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ISCATTERV, prof_io_scatterv(sendcounts, sendtype,
			    recvbuf, recvcount, recvtype, root, comm));
	return rc;
}

int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
		             request);
	if (prof_leave(&call, PROF_FN_IALLGATHER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IALLGATHER, prof_io_allgather(sendbuf, sendcount,
			    sendtype, recvcount, recvtype, comm));
	return rc;
}

int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
		    MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
		              comm, request);
	if (prof_leave(&call, PROF_FN_IALLGATHERV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IALLGATHERV, prof_io_allgatherv(sendbuf, sendcount,
			    sendtype, recvcounts, recvtype, comm));
	return rc;
}

int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
		            request);
	if (prof_leave(&call, PROF_FN_IALLTOALL) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IALLTOALL, prof_io_alltoall(sendbuf, sendcount,
			    sendtype, recvcount, recvtype, comm));
	return rc;
}

int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
		   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
		   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
		             recvtype, comm, request);
	if (prof_leave(&call, PROF_FN_IALLTOALLV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IALLTOALLV, prof_io_alltoallv(sendbuf, sendcounts,
			    sendtype, recvcounts, recvtype, comm));
	return rc;
}

int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
		   const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
		   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
		   MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
		             recvtypes, comm, request);
	if (prof_leave(&call, PROF_FN_IALLTOALLW) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IALLTOALLW, prof_io_alltoallw(sendbuf, sendcounts,
			    sendtypes, recvcounts, recvtypes, comm));
	return rc;
}

int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
		int root, MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request);
	if (prof_leave(&call, PROF_FN_IREDUCE) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IREDUCE, prof_io_reduce(sendbuf, count, datatype, root,
			    comm));
	return rc;
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
		   MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request);
	if (prof_leave(&call, PROF_FN_IALLREDUCE) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IALLREDUCE, prof_io_allreduce(count, datatype));
	return rc;
}

int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
			MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
	if (prof_leave(&call, PROF_FN_IREDUCE_SCATTER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IREDUCE_SCATTER, prof_io_reduce_scatter(recvcounts,
			    datatype, comm));
	return rc;
}

int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
			      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
			      MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
	if (prof_leave(&call, PROF_FN_IREDUCE_SCATTER_BLOCK) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IREDUCE_SCATTER_BLOCK, prof_io_reduce_scatter_block(
			    recvcount, datatype, comm));
	return rc;
}

int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
	      MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request);
	if (prof_leave(&call, PROF_FN_ISCAN) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ISCAN, prof_io_allreduce(count, datatype));
	return rc;
}

int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
		MPI_Comm comm, MPI_Request *request)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request);
	if (prof_leave(&call, PROF_FN_IEXSCAN) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_IEXSCAN, prof_io_allreduce(count, datatype));
	return rc;
}

