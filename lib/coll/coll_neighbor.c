/*
 * lib/coll/coll_neighbor.c - neighbour collectives (MPI-3.1 7.6, 7.7):
 * MPI_Neighbor_allgather(v), MPI_Neighbor_alltoall(v/w) and their
 * nonblocking versions MPI_Ineighbor_* on cartesian, graph and dist graph
 * communicators.
 *
 * Every call is turned into the w form (a count, a byte displacement and
 * a type per neighbour on each side) and then into one schedule
 * (lib/coll/nbc.h), run at once or wrapped in a request: block j of the receive
 * buffer comes from in[j], block i of the send buffer goes to out[i]
 * (mpii_topo_neighbors, lib/comm/topo.c); MPI_PROC_NULL neighbours
 * (non-periodic cartesian edges) keep their blocks and move no data.  All
 * receives and sends are posted together, so no order between neighbours
 * can deadlock.
 *
 * Matching: the transfers of one call all carry the schedule's tag (the
 * communicator's collective sequence), so two processes' messages match in
 * the order they were sent and the receives posted (non-overtaking).  On
 * graph and dist graph communicators several edges between the same two
 * ranks therefore match in the order listed.  On cartesian communicators
 * the sends go out in slot order (2 d for the -1 neighbour, 2 d + 1 for
 * +1) and the receives are posted in the order of the opposite slot
 * (k ^ 1): when a periodic dimension of size 1 or 2 makes the -1 and +1
 * neighbours one process, what that process sent in direction -1 lands in
 * the slot of my +1 neighbour and the other way round, as MPI-4.0
 * clarifies the standard.  (A process other than this one is a neighbour
 * in one dimension at most, so the slots of one dimension are all that
 * two processes ever exchange in one call.)
 */
#include <stdlib.h>
#include "lib/coll/coll_check.h"
#include "lib/core/core.h"
#include "lib/coll/nbc.h"
#include "lib/comm/comm.h"

/* One side of a call in w form: n blocks. */
struct side {
	char *buf;
	MPI_Count *cnt;
	MPI_Aint *dsp;              /* bytes */
	struct mpii_datatype **ty;
};

static int side_alloc(struct side *x, const void *buf, int n)
{
	size_t m = (size_t)n + 1;
	x->buf = (char *)buf;
	x->cnt = malloc(m * sizeof(*x->cnt));
	x->dsp = malloc(m * sizeof(*x->dsp));
	x->ty = malloc(m * sizeof(*x->ty));
	return x->cnt && x->dsp && x->ty ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static void side_free(struct side *x)
{
	free(x->cnt);
	free(x->dsp);
	free(x->ty);
}

/* n blocks of type t: counts[i] (or count each) at displs[i] elements
 * (or i * count when `blocks`, else all at the start of the buffer). */
static void side_fill(struct side *x, int n, int count, const int *counts, const int *displs,
		      MPI_Datatype t, int blocks)
{
	for (int i = 0; i < n; i++) {
		x->cnt[i] = counts ? counts[i] : count;
		x->dsp[i] = (displs ? (MPI_Aint)displs[i] : blocks ? (MPI_Aint)i * count : 0) * t->extent;
		x->ty[i] = t;
	}
}

/* The schedule of one call on c; a nonblocking one keeps the types alive.
 * Called with the lock held.  Returns an error class. */
static int exchange(struct mpii_comm *c, const struct side *snd, const struct side *rcv,
		    struct mpii_request **reqp)
{
	int nin, nout, *scratch;
	const int *in, *out;
	int rc = mpii_topo_neighbors(c, &nin, &in, &nout, &out, &scratch);
	if (rc)
		return rc;
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s) {
		free(scratch);
		return MPI_ERR_NO_MEM;
	}
	int cart = c->topo->kind == MPI_CART;
	for (int k = 0; k < nin; k++) {
		int j = cart ? k ^ 1 : k; /* nin is even on a cartesian comm */
		mpii_sched_recv(s, rcv->buf + rcv->dsp[j], rcv->cnt[j], rcv->ty[j], in[j]);
		if (reqp)
			mpii_sched_hold_type(s, rcv->ty[j]);
	}
	for (int i = 0; i < nout; i++) {
		mpii_sched_send(s, snd->buf + snd->dsp[i], snd->cnt[i], snd->ty[i], out[i]);
		if (reqp)
			mpii_sched_hold_type(s, snd->ty[i]);
	}
	free(scratch);
	return mpii_sched_finish(s, reqp);
}

/* Run or start the call and report; frees both sides. */
static int run(const char *fn, MPI_Comm comm, struct side *snd, struct side *rcv,
	       MPI_Request *request)
{
	struct mpii_request *req = NULL;
	mpii_lock();
	int rc = exchange(comm, snd, rcv, request ? &req : NULL);
	mpii_unlock();
	side_free(snd);
	side_free(rcv);
	if (rc)
		return mpii_err(comm, rc, fn, "neighbour exchange failed");
	if (request)
		*request = req;
	return MPI_SUCCESS;
}

/* Checks shared by every call; on success *nin / *nout are the numbers of
 * blocks.  request: the MPI_I versions' argument (NULL is an error there). */
static int prologue(const char *fn, MPI_Comm comm, const void *sbuf, MPI_Request *request, int nb,
		    int *nin, int *nout)
{
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "intercommunicator");
	if (!comm->topo)
		return mpii_err(comm, MPI_ERR_TOPOLOGY, fn, "no topology");
	if (nb && !request)
		return mpii_err(comm, MPI_ERR_ARG, fn, "request is NULL");
	if (sbuf == MPI_IN_PLACE)
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "MPI_IN_PLACE is not allowed");
	mpii_coll_neighbor_degrees(comm, nin, nout);
	return MPI_SUCCESS;
}

void mpii_coll_neighbor_degrees(MPI_Comm comm, int *nin, int *nout)
{
	struct mpii_topo *t = comm->topo;
	if (!t) {
		*nin = *nout = 0;
		return;
	}
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
}

/* Counts and displacements of a v or w call: n entries each, counts
 * non-negative. */
static int check_v(const int *cnts, const void *dsp, int n, const char **why)
{
	if (n == 0)
		return MPI_SUCCESS;
	if (!cnts || !dsp) {
		*why = "counts or displacements are NULL";
		return MPI_ERR_ARG;
	}
	return mpii_coll_check_counts(cnts, n, why);
}

/* Allocate both sides of a call (an error class). */
static int sides(struct side *snd, const void *sbuf, int nout, struct side *rcv, void *rbuf,
		 int nin)
{
	int rc = side_alloc(snd, sbuf, nout), rc2 = side_alloc(rcv, rbuf, nin);
	if (rc || rc2) {
		side_free(snd);
		side_free(rcv);
		return MPI_ERR_NO_MEM;
	}
	return MPI_SUCCESS;
}

/* allgather(v): the whole send buffer to every out-neighbour; block j
 * from in-neighbour j (recvcounts NULL: the fixed-size version). */
static int allgather(const char *fn, const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
		     int rcount, const int *rcounts, const int *displs, MPI_Datatype rtype,
		     MPI_Comm comm, MPI_Request *request, int nb, int is_v)
{
	int nin, nout, rc = prologue(fn, comm, sbuf, request, nb, &nin, &nout);
	if (rc)
		return rc;
	const char *why = "";
	if ((rc = mpii_coll_check_buf(scount, stype, &why)) ||
	    (rc = mpii_coll_check_buf(is_v ? 0 : rcount, rtype, &why)) ||
	    (is_v && (rc = check_v(rcounts, displs, nin, &why))))
		return mpii_err(comm, rc, fn, "%s", why);
	struct side snd, rcv;
	if (sides(&snd, sbuf, nout, &rcv, rbuf, nin))
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	side_fill(&snd, nout, scount, NULL, NULL, stype, 0);
	side_fill(&rcv, nin, rcount, rcounts, displs, rtype, 1);
	return run(fn, comm, &snd, &rcv, request);
}

/* alltoall(v): block i of the send buffer to out-neighbour i, block j
 * from in-neighbour j (counts NULL: the fixed-size version). */
static int alltoall(const char *fn, const void *sbuf, int scount, const int *scounts,
		    const int *sdispls, MPI_Datatype stype, void *rbuf, int rcount,
		    const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
		    MPI_Request *request, int nb, int is_v)
{
	int nin, nout, rc = prologue(fn, comm, sbuf, request, nb, &nin, &nout);
	if (rc)
		return rc;
	const char *why = "";
	if ((rc = mpii_coll_check_buf(is_v ? 0 : scount, stype, &why)) ||
	    (rc = mpii_coll_check_buf(is_v ? 0 : rcount, rtype, &why)) ||
	    (is_v && (rc = check_v(scounts, sdispls, nout, &why))) ||
	    (is_v && (rc = check_v(rcounts, rdispls, nin, &why))))
		return mpii_err(comm, rc, fn, "%s", why);
	struct side snd, rcv;
	if (sides(&snd, sbuf, nout, &rcv, rbuf, nin))
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	side_fill(&snd, nout, scount, scounts, sdispls, stype, 1);
	side_fill(&rcv, nin, rcount, rcounts, rdispls, rtype, 1);
	return run(fn, comm, &snd, &rcv, request);
}

/* A w side: n committed types, byte displacements. */
static int check_w(const int *cnts, const MPI_Aint *dsp, const MPI_Datatype *types, int n,
		   const char **why)
{
	int rc = check_v(cnts, dsp, n, why);
	if (rc || n == 0)
		return rc;
	if (!types) {
		*why = "type array is NULL";
		return MPI_ERR_ARG;
	}
	for (int i = 0; i < n && !rc; i++)
		rc = mpii_coll_check_buf(0, types[i], why);
	return rc;
}

static void side_fill_w(struct side *x, int n, const int *cnts, const MPI_Aint *dsp,
			const MPI_Datatype *types)
{
	for (int i = 0; i < n; i++) {
		x->cnt[i] = cnts[i];
		x->dsp[i] = dsp[i];
		x->ty[i] = types[i];
	}
}

static int alltoallw(const char *fn, const void *sbuf, const int *scounts, const MPI_Aint *sdispls,
		     const MPI_Datatype *stypes, void *rbuf, const int *rcounts,
		     const MPI_Aint *rdispls, const MPI_Datatype *rtypes, MPI_Comm comm,
		     MPI_Request *request, int nb)
{
	int nin, nout, rc = prologue(fn, comm, sbuf, request, nb, &nin, &nout);
	if (rc)
		return rc;
	const char *why = "";
	if ((rc = check_w(scounts, sdispls, stypes, nout, &why)) ||
	    (rc = check_w(rcounts, rdispls, rtypes, nin, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	struct side snd, rcv;
	if (sides(&snd, sbuf, nout, &rcv, rbuf, nin))
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	side_fill_w(&snd, nout, scounts, sdispls, stypes);
	side_fill_w(&rcv, nin, rcounts, rdispls, rtypes);
	return run(fn, comm, &snd, &rcv, request);
}

#pragma weak MPI_Neighbor_allgather = PMPI_Neighbor_allgather
int PMPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			    void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	return allgather("MPI_Neighbor_allgather", sendbuf, sendcount, sendtype, recvbuf, recvcount,
			 NULL, NULL, recvtype, comm, NULL, 0, 0);
}

#pragma weak MPI_Ineighbor_allgather = PMPI_Ineighbor_allgather
int PMPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			     void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
			     MPI_Request *request)
{
	return allgather("MPI_Ineighbor_allgather", sendbuf, sendcount, sendtype, recvbuf,
			 recvcount, NULL, NULL, recvtype, comm, request, 1, 0);
}

#pragma weak MPI_Neighbor_allgatherv = PMPI_Neighbor_allgatherv
int PMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			     void *recvbuf, const int recvcounts[], const int displs[],
			     MPI_Datatype recvtype, MPI_Comm comm)
{
	return allgather("MPI_Neighbor_allgatherv", sendbuf, sendcount, sendtype, recvbuf, 0,
			 recvcounts, displs, recvtype, comm, NULL, 0, 1);
}

#pragma weak MPI_Ineighbor_allgatherv = PMPI_Ineighbor_allgatherv
int PMPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			      void *recvbuf, const int recvcounts[], const int displs[],
			      MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	return allgather("MPI_Ineighbor_allgatherv", sendbuf, sendcount, sendtype, recvbuf, 0,
			 recvcounts, displs, recvtype, comm, request, 1, 1);
}

#pragma weak MPI_Neighbor_alltoall = PMPI_Neighbor_alltoall
int PMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			   void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	return alltoall("MPI_Neighbor_alltoall", sendbuf, sendcount, NULL, NULL, sendtype, recvbuf,
			recvcount, NULL, NULL, recvtype, comm, NULL, 0, 0);
}

#pragma weak MPI_Ineighbor_alltoall = PMPI_Ineighbor_alltoall
int PMPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			    void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
			    MPI_Request *request)
{
	return alltoall("MPI_Ineighbor_alltoall", sendbuf, sendcount, NULL, NULL, sendtype, recvbuf,
			recvcount, NULL, NULL, recvtype, comm, request, 1, 0);
}

#pragma weak MPI_Neighbor_alltoallv = PMPI_Neighbor_alltoallv
int PMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
			    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
			    const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
	return alltoall("MPI_Neighbor_alltoallv", sendbuf, 0, sendcounts, sdispls, sendtype, recvbuf,
			0, recvcounts, rdispls, recvtype, comm, NULL, 0, 1);
}

#pragma weak MPI_Ineighbor_alltoallv = PMPI_Ineighbor_alltoallv
int PMPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
			     MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
			     const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
			     MPI_Request *request)
{
	return alltoall("MPI_Ineighbor_alltoallv", sendbuf, 0, sendcounts, sdispls, sendtype,
			recvbuf, 0, recvcounts, rdispls, recvtype, comm, request, 1, 1);
}

#pragma weak MPI_Neighbor_alltoallw = PMPI_Neighbor_alltoallw
int PMPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
			    const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
			    const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
	return alltoallw("MPI_Neighbor_alltoallw", sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
			 recvcounts, rdispls, recvtypes, comm, NULL, 0);
}

#pragma weak MPI_Ineighbor_alltoallw = PMPI_Ineighbor_alltoallw
int PMPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
			     const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
			     const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
			     MPI_Request *request)
{
	return alltoallw("MPI_Ineighbor_alltoallw", sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
			 recvcounts, rdispls, recvtypes, comm, request, 1);
}
