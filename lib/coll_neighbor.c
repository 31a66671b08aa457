/*
 * lib/coll_neighbor.c - neighbour collectives (MPI-3.1 7.6):
 * MPI_Neighbor_allgather, MPI_Neighbor_allgatherv, MPI_Neighbor_alltoall,
 * MPI_Neighbor_alltoallv on cartesian, graph and dist graph communicators.
 *
 * The neighbour lists come from mpii_topo_neighbors() (lib/topo.c): block
 * j of the receive buffer comes from in[j], block i of the send buffer
 * (the whole send buffer for allgather) goes to out[i].  MPI_PROC_NULL
 * neighbours (non-periodic cartesian edges) keep their blocks but move no
 * data.  Every transfer is one internal nonblocking send or receive on the
 * collective context (ctx + 1); all receives are posted, then all sends,
 * then everything is waited for, so no ordering between neighbours can
 * deadlock.
 *
 * Tags (lib/topo.h): MPII_TAG_NEIGHBOR on graph and dist graph
 * communicators, where several edges between the same two ranks match in
 * the order they are listed (non-overtaking).  On cartesian communicators
 * the block sent in direction slot k (2 d for -1, 2 d + 1 for +1) carries
 * MPII_TAG_NEIGHBOR + k and the receive of slot k expects the opposite
 * slot (k ^ 1): when a dimension of size 1 or 2 is periodic, the -1 and
 * +1 neighbours are the same process, and the tags keep "what my left
 * neighbour sent right" out of my right-hand block (MPI-4.0 clarifies the
 * standard this way).  Consecutive calls cannot mix up: each call waits
 * for all its transfers, and messages between two ranks are not
 * overtaken.
 */
#include <stdlib.h>
#include "lib/coll_check.h"
#include "lib/errors.h"
#include "lib/global.h"
#include "lib/lock.h"
#include "lib/p2p.h"
#include "lib/topo.h"

/* One exchange.  Send block i: sbuf + sdsp[i] bytes (sdsp NULL: sbuf for
 * every neighbour), scnt[i] elements of st (scnt NULL: scount); likewise
 * for the receives.  Called with the lock held. */
struct xfer {
	const char *sbuf;
	MPI_Count scount;
	const int *scnts, *sdsp;  /* element counts and displacements, or NULL */
	struct mpii_datatype *st;
	int sblocks;              /* 1: block i at i * scount * extent; 0: sbuf for all */
	char *rbuf;
	MPI_Count rcount;
	const int *rcnts, *rdsp;
	struct mpii_datatype *rt;
};

static int exchange(struct mpii_comm *c, const struct xfer *x)
{
	int nin, nout, *scratch;
	const int *in, *out;
	int rc = mpii_topo_neighbors(c, &nin, &in, &nout, &out, &scratch);
	if (rc)
		return rc;
	int cart = c->topo->kind == MPI_CART;
	struct mpii_request **reqs = malloc(sizeof(*reqs) * (size_t)(nin + nout + 1));
	if (!reqs) {
		free(scratch);
		return MPI_ERR_NO_MEM;
	}
	int nreq = 0;
	uint32_t ctx = c->ctx + 1;
	for (int j = 0; j < nin && !rc; j++) {
		if (in[j] == MPI_PROC_NULL)
			continue;
		MPI_Count n = x->rcnts ? x->rcnts[j] : x->rcount;
		MPI_Aint off = (x->rdsp ? (MPI_Aint)x->rdsp[j] : (MPI_Aint)j * (MPI_Aint)x->rcount) *
			       x->rt->extent;
		int tag = MPII_TAG_NEIGHBOR + (cart ? ((j ^ 1) & 0xfffff) : 0);
		rc = mpii_irecv(x->rbuf + off, n, x->rt, in[j], tag, c, ctx, &reqs[nreq]);
		if (!rc)
			nreq++;
	}
	for (int i = 0; i < nout && !rc; i++) {
		if (out[i] == MPI_PROC_NULL)
			continue;
		MPI_Count n = x->scnts ? x->scnts[i] : x->scount;
		MPI_Aint off = 0;
		if (x->sdsp)
			off = (MPI_Aint)x->sdsp[i] * x->st->extent;
		else if (x->sblocks)
			off = (MPI_Aint)i * (MPI_Aint)x->scount * x->st->extent;
		int tag = MPII_TAG_NEIGHBOR + (cart ? (i & 0xfffff) : 0);
		rc = mpii_isend(x->sbuf + off, n, x->st, out[i], tag, c, ctx, MPII_MODE_STANDARD,
				&reqs[nreq]);
		if (!rc)
			nreq++;
	}
	/* Wait for everything started, even after an error, so no request
	 * outlives the call. */
	for (int k = 0; k < nreq; k++) {
		int rc2 = mpii_wait(reqs[k], MPI_STATUS_IGNORE);
		if (!rc)
			rc = rc2;
	}
	free(reqs);
	free(scratch);
	return rc;
}

/* Checks shared by the four calls; on success *nin / *nout are the
 * numbers of blocks. */
static int prologue(const char *fn, MPI_Comm comm, const void *sbuf, int *nin, int *nout)
{
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "intercommunicator");
	if (!comm->topo)
		return mpii_err(comm, MPI_ERR_TOPOLOGY, fn, "no topology");
	if (sbuf == MPI_IN_PLACE)
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "MPI_IN_PLACE is not allowed");
	struct mpii_topo *t = comm->topo;
	switch (t->kind) {
	case MPI_CART:
		*nin = *nout = 2 * t->ndims;
		break;
	case MPI_GRAPH:
		*nin = *nout = t->index[comm->rank] - (comm->rank ? t->index[comm->rank - 1] : 0);
		break;
	default:
		*nin = t->indeg;
		*nout = t->outdeg;
		break;
	}
	return MPI_SUCCESS;
}

static int run(const char *fn, MPI_Comm comm, const struct xfer *x)
{
	mpii_lock();
	int rc = exchange(comm, x);
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, "neighbour exchange failed");
	return MPI_SUCCESS;
}

/* Counts and displacements of a v call: n entries each, non-negative
 * counts. */
static int check_v(const int *cnts, const int *dsp, int n, const char **why)
{
	if (n == 0)
		return MPI_SUCCESS;
	if (!cnts || !dsp) {
		*why = "counts or displacements are NULL";
		return MPI_ERR_ARG;
	}
	return mpii_coll_check_counts(cnts, n, why);
}

#pragma weak MPI_Neighbor_allgather = PMPI_Neighbor_allgather
int PMPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			    void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	static const char fn[] = "MPI_Neighbor_allgather";
	int nin, nout;
	int rc = prologue(fn, comm, sendbuf, &nin, &nout);
	if (rc)
		return rc;
	const char *why = "";
	if ((rc = mpii_coll_check_buf(sendcount, sendtype, &why)) ||
	    (rc = mpii_coll_check_buf(recvcount, recvtype, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	struct xfer x = { .sbuf = sendbuf, .scount = sendcount, .st = sendtype, .sblocks = 0,
			  .rbuf = recvbuf, .rcount = recvcount, .rt = recvtype };
	return run(fn, comm, &x);
}

#pragma weak MPI_Neighbor_allgatherv = PMPI_Neighbor_allgatherv
int PMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			     void *recvbuf, const int recvcounts[], const int displs[],
			     MPI_Datatype recvtype, MPI_Comm comm)
{
	static const char fn[] = "MPI_Neighbor_allgatherv";
	int nin, nout;
	int rc = prologue(fn, comm, sendbuf, &nin, &nout);
	if (rc)
		return rc;
	const char *why = "";
	if ((rc = mpii_coll_check_buf(sendcount, sendtype, &why)) ||
	    (rc = mpii_coll_check_buf(0, recvtype, &why)) ||
	    (rc = check_v(recvcounts, displs, nin, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	struct xfer x = { .sbuf = sendbuf, .scount = sendcount, .st = sendtype, .sblocks = 0,
			  .rbuf = recvbuf, .rcnts = recvcounts, .rdsp = displs, .rt = recvtype };
	return run(fn, comm, &x);
}

#pragma weak MPI_Neighbor_alltoall = PMPI_Neighbor_alltoall
int PMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			   void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	static const char fn[] = "MPI_Neighbor_alltoall";
	int nin, nout;
	int rc = prologue(fn, comm, sendbuf, &nin, &nout);
	if (rc)
		return rc;
	const char *why = "";
	if ((rc = mpii_coll_check_buf(sendcount, sendtype, &why)) ||
	    (rc = mpii_coll_check_buf(recvcount, recvtype, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	struct xfer x = { .sbuf = sendbuf, .scount = sendcount, .st = sendtype, .sblocks = 1,
			  .rbuf = recvbuf, .rcount = recvcount, .rt = recvtype };
	return run(fn, comm, &x);
}

#pragma weak MPI_Neighbor_alltoallv = PMPI_Neighbor_alltoallv
int PMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
			    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
			    const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
	static const char fn[] = "MPI_Neighbor_alltoallv";
	int nin, nout;
	int rc = prologue(fn, comm, sendbuf, &nin, &nout);
	if (rc)
		return rc;
	const char *why = "";
	if ((rc = mpii_coll_check_buf(0, sendtype, &why)) ||
	    (rc = mpii_coll_check_buf(0, recvtype, &why)) ||
	    (rc = check_v(sendcounts, sdispls, nout, &why)) ||
	    (rc = check_v(recvcounts, rdispls, nin, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	struct xfer x = { .sbuf = sendbuf, .scnts = sendcounts, .sdsp = sdispls, .st = sendtype,
			  .rbuf = recvbuf, .rcnts = recvcounts, .rdsp = rdispls, .rt = recvtype };
	return run(fn, comm, &x);
}
