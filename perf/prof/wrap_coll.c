/*
 * wrap_coll.c - blocking collective wrappers.  Bytes are what the calling
 * rank hands to and gets from the call (coll_bytes.c); MPI_Barrier is
 * wait time, the others data time.
 */
#include "perf/prof/prof.h"

int MPI_Barrier(MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Barrier(comm);
	prof_leave(&call, PROF_FN_BARRIER);
	return rc;
}

int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Bcast(buffer, count, datatype, root, comm);
	if (prof_leave(&call, PROF_FN_BCAST) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_BCAST, prof_io_bcast(count, datatype, root, comm));
	return rc;
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
	       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
	if (prof_leave(&call, PROF_FN_GATHER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_GATHER, prof_io_gather(sendbuf, sendcount, sendtype,
			    recvcount, recvtype, root, comm));
	return rc;
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
		MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
		          root, comm);
	if (prof_leave(&call, PROF_FN_GATHERV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_GATHERV, prof_io_gatherv(sendbuf, sendcount, sendtype,
			    recvcounts, recvtype, root, comm));
	return rc;
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
	if (prof_leave(&call, PROF_FN_SCATTER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_SCATTER, prof_io_scatter(sendcount, sendtype, recvbuf,
			    recvcount, recvtype, root, comm));
	return rc;
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
		 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
		 int root, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
		           root, comm);
	if (prof_leave(&call, PROF_FN_SCATTERV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_SCATTERV, prof_io_scatterv(sendcounts, sendtype,
			    recvbuf, recvcount, recvtype, root, comm));
	return rc;
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
	if (prof_leave(&call, PROF_FN_ALLGATHER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ALLGATHER, prof_io_allgather(sendbuf, sendcount,
			    sendtype, recvcount, recvtype, comm));
	return rc;
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
		   MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
		             comm);
	if (prof_leave(&call, PROF_FN_ALLGATHERV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ALLGATHERV, prof_io_allgatherv(sendbuf, sendcount,
			    sendtype, recvcounts, recvtype, comm));
	return rc;
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		 int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
	if (prof_leave(&call, PROF_FN_ALLTOALL) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ALLTOALL, prof_io_alltoall(sendbuf, sendcount, sendtype,
			    recvcount, recvtype, comm));
	return rc;
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
		  MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
		  const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
		            recvtype, comm);
	if (prof_leave(&call, PROF_FN_ALLTOALLV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ALLTOALLV, prof_io_alltoallv(sendbuf, sendcounts,
			    sendtype, recvcounts, recvtype, comm));
	return rc;
}

int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
		  const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
		  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
		            recvtypes, comm);
	if (prof_leave(&call, PROF_FN_ALLTOALLW) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ALLTOALLW, prof_io_alltoallw(sendbuf, sendcounts,
			    sendtypes, recvcounts, recvtypes, comm));
	return rc;
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
	       int root, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
	if (prof_leave(&call, PROF_FN_REDUCE) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_REDUCE, prof_io_reduce(sendbuf, count, datatype, root,
			    comm));
	return rc;
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
		  MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
	if (prof_leave(&call, PROF_FN_ALLREDUCE) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_ALLREDUCE, prof_io_allreduce(count, datatype));
	return rc;
}

int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
		       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
	if (prof_leave(&call, PROF_FN_REDUCE_SCATTER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_REDUCE_SCATTER, prof_io_reduce_scatter(recvcounts,
			    datatype, comm));
	return rc;
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
			     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
	if (prof_leave(&call, PROF_FN_REDUCE_SCATTER_BLOCK) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_REDUCE_SCATTER_BLOCK, prof_io_reduce_scatter_block(
			    recvcount, datatype, comm));
	return rc;
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
	     MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm);
	if (prof_leave(&call, PROF_FN_SCAN) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_SCAN, prof_io_allreduce(count, datatype));
	return rc;
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
	       MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm);
	if (prof_leave(&call, PROF_FN_EXSCAN) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_EXSCAN, prof_io_allreduce(count, datatype));
	return rc;
}

int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			   void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
		                     comm);
	if (prof_leave(&call, PROF_FN_NEIGHBOR_ALLGATHER) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_NEIGHBOR_ALLGATHER, prof_io_neighbor(sendcount,
			    sendtype, recvcount, recvtype, comm, 0));
	return rc;
}

int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			    void *recvbuf, const int recvcounts[], const int displs[],
			    MPI_Datatype recvtype, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
		                      recvtype, comm);
	if (prof_leave(&call, PROF_FN_NEIGHBOR_ALLGATHERV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_NEIGHBOR_ALLGATHERV, prof_io_neighbor_v(sendcount, NULL,
			    sendtype, recvcounts, recvtype, comm));
	return rc;
}

int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
			  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
		                    comm);
	if (prof_leave(&call, PROF_FN_NEIGHBOR_ALLTOALL) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_NEIGHBOR_ALLTOALL, prof_io_neighbor(sendcount, sendtype,
			    recvcount, recvtype, comm, 1));
	return rc;
}

int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
			   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
			   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
	struct prof_call call;
	int rc;

	prof_enter(&call);
	rc = PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
		                     rdispls, recvtype, comm);
	if (prof_leave(&call, PROF_FN_NEIGHBOR_ALLTOALLV) && rc == MPI_SUCCESS)
		prof_add_io(&call, PROF_FN_NEIGHBOR_ALLTOALLV, prof_io_neighbor_v(0, sendcounts,
			    sendtype, recvcounts, recvtype, comm));
	return rc;
}

