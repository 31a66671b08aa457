/*
 * lib/coll/coll_persist.c - persistent collectives (MPI-4.0 6.13):
 * MPI_Barrier_init ... MPI_Exscan_init and the neighbour ones, the kind
 * MPII_REQ_PCOLL of request and its ops (start, release), registered with
 * lib/core/ by mpii_coll_init.
 *
 * An _init call checks its arguments once, as the blocking and
 * nonblocking entry points do (lib/coll/coll_check.h), keeps them in a
 * plan (req->state) with references to the communicator, datatypes and
 * operation, and returns an inactive persistent request: it moves no data
 * and waits for nobody (MPI-4.0: the initialization calls are local).
 *
 * Each MPI_Start then runs the operation as the nonblocking call with the
 * same arguments would (its schedule on the communicator's collective
 * context, lib/coll/nbc.c); the persistent request is polled by the
 * progress engine until that inner request completes, then completes
 * with its error.  Small allreduces, reduces, bcasts and barriers of an
 * intracommunicator take the prepared shared-memory plan of
 * lib/coll/coll_persist_shm.c instead, when it could be set up.
 *
 * Starting an active request is MPI_ERR_REQUEST (lib/core/request.c);
 * freeing an inactive one releases the plan; a persistent collective
 * cannot be cancelled (no cancel op: MPI_Cancel does nothing).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/coll/coll_check.h"
#include "lib/coll/coll_persist.h"
#include "lib/core/core.h"

/* The inner request completed: collect it, and complete req with its
 * error.  Lock held. */
static void finish(struct mpii_request *req, struct pcoll_plan *p)
{
	MPI_Request inner = p->inner;
	p->inner = NULL;
	req->status.MPI_ERROR = mpii_request_collect(&inner, MPI_STATUS_IGNORE);
	mpii_request_complete(req);
}

/* Polled by the progress engine while the inner operation runs: 1 when
 * req completed. */
static int poll_inner(struct mpii_request *req)
{
	struct pcoll_plan *p = req->state;
	/* Acquire: pairs with the release in mpii_request_complete. */
	if (!shm_load_acquire(&p->inner->done))
		return 0;
	finish(req, p);
	return 1;
}

/* MPI_Start (lock held, status emptied): the nonblocking operation. */
static int start_nb(struct mpii_request *req, struct pcoll_plan *p)
{
	/* The nonblocking entry points take the lock and raise their own
	 * errors through comm's handler. */
	MPI_Request inner = MPI_REQUEST_NULL;
	const struct pcoll_args *a = &p->a;
	MPI_Comm comm = req->comm;
	int rc;
	mpii_unlock();
	switch (p->which) {
	case PCOLL_BARRIER: rc = PMPI_Ibarrier(comm, &inner); break;
	case PCOLL_BCAST: rc = PMPI_Ibcast(a->rbuf, a->rcount, a->rtype, a->root, comm, &inner); break;
	case PCOLL_GATHER:
		rc = PMPI_Igather(a->sbuf, a->scount, a->stype, a->rbuf, a->rcount, a->rtype, a->root,
				  comm, &inner);
		break;
	case PCOLL_GATHERV:
		rc = PMPI_Igatherv(a->sbuf, a->scount, a->stype, a->rbuf, a->rcounts, a->rdispls,
				   a->rtype, a->root, comm, &inner);
		break;
	case PCOLL_SCATTER:
		rc = PMPI_Iscatter(a->sbuf, a->scount, a->stype, a->rbuf, a->rcount, a->rtype, a->root,
				   comm, &inner);
		break;
	case PCOLL_SCATTERV:
		rc = PMPI_Iscatterv(a->sbuf, a->scounts, a->sdispls, a->stype, a->rbuf, a->rcount,
				    a->rtype, a->root, comm, &inner);
		break;
	case PCOLL_ALLGATHER:
		rc = PMPI_Iallgather(a->sbuf, a->scount, a->stype, a->rbuf, a->rcount, a->rtype, comm,
				     &inner);
		break;
	case PCOLL_ALLGATHERV:
		rc = PMPI_Iallgatherv(a->sbuf, a->scount, a->stype, a->rbuf, a->rcounts, a->rdispls,
				      a->rtype, comm, &inner);
		break;
	case PCOLL_ALLTOALL:
		rc = PMPI_Ialltoall(a->sbuf, a->scount, a->stype, a->rbuf, a->rcount, a->rtype, comm,
				    &inner);
		break;
	case PCOLL_ALLTOALLV:
		rc = PMPI_Ialltoallv(a->sbuf, a->scounts, a->sdispls, a->stype, a->rbuf, a->rcounts,
				     a->rdispls, a->rtype, comm, &inner);
		break;
	case PCOLL_ALLTOALLW:
		rc = PMPI_Ialltoallw(a->sbuf, a->scounts, a->sdispls, a->stypes, a->rbuf, a->rcounts,
				     a->rdispls, a->rtypes, comm, &inner);
		break;
	case PCOLL_REDUCE:
		rc = PMPI_Ireduce(a->sbuf, a->rbuf, a->rcount, a->rtype, a->op, a->root, comm, &inner);
		break;
	case PCOLL_ALLREDUCE:
		rc = PMPI_Iallreduce(a->sbuf, a->rbuf, a->rcount, a->rtype, a->op, comm, &inner);
		break;
	case PCOLL_REDUCE_SCATTER:
		rc = PMPI_Ireduce_scatter(a->sbuf, a->rbuf, a->rcounts, a->rtype, a->op, comm, &inner);
		break;
	case PCOLL_REDUCE_SCATTER_BLOCK:
		rc = PMPI_Ireduce_scatter_block(a->sbuf, a->rbuf, a->rcount, a->rtype, a->op, comm,
						&inner);
		break;
	case PCOLL_SCAN: rc = PMPI_Iscan(a->sbuf, a->rbuf, a->rcount, a->rtype, a->op, comm, &inner); break;
	case PCOLL_EXSCAN:
		rc = PMPI_Iexscan(a->sbuf, a->rbuf, a->rcount, a->rtype, a->op, comm, &inner);
		break;
	case PCOLL_NEIGHBOR_ALLGATHER:
		rc = PMPI_Ineighbor_allgather(a->sbuf, a->scount, a->stype, a->rbuf, a->rcount,
					      a->rtype, comm, &inner);
		break;
	case PCOLL_NEIGHBOR_ALLGATHERV:
		rc = PMPI_Ineighbor_allgatherv(a->sbuf, a->scount, a->stype, a->rbuf, a->rcounts,
					       a->rdispls, a->rtype, comm, &inner);
		break;
	case PCOLL_NEIGHBOR_ALLTOALL:
		rc = PMPI_Ineighbor_alltoall(a->sbuf, a->scount, a->stype, a->rbuf, a->rcount,
					     a->rtype, comm, &inner);
		break;
	case PCOLL_NEIGHBOR_ALLTOALLV:
		rc = PMPI_Ineighbor_alltoallv(a->sbuf, a->scounts, a->sdispls, a->stype, a->rbuf,
					      a->rcounts, a->rdispls, a->rtype, comm, &inner);
		break;
	case PCOLL_NEIGHBOR_ALLTOALLW:
		rc = PMPI_Ineighbor_alltoallw(a->sbuf, a->scounts, a->sdispls_a, a->stypes, a->rbuf,
					      a->rcounts, a->rdispls_a, a->rtypes, comm, &inner);
		break;
	default: rc = MPI_ERR_INTERN; break;
	}
	mpii_lock();
	if (rc)
		return rc;
	p->inner = inner;
	req->active = 1;
	/* Relaxed: an inactive request restarted under the lock, which
	 * publishes it. */
	shm_store_relaxed(&req->done, 0);
	/* Acquire: pairs with the release in mpii_request_complete. */
	if (shm_load_acquire(&inner->done)) {
		finish(req, p);   /* nothing to wait for (no bytes move) */
		return MPI_SUCCESS;
	}
	req->poll = poll_inner;
	mpii_progress_poll_add(req);
	return MPI_SUCCESS;
}

static int start(struct mpii_request *req)
{
	struct pcoll_plan *p = req->state;
	if (p->shm)
		return mpii_pcoll_shm_start(req, p);
	return start_nb(req, p);
}

/* The plan goes with the request (state_free, lib/core/request.c). */
static void plan_free(void *state)
{
	struct pcoll_plan *p = state;
	if (p->shm)
		mpii_pcoll_shm_free(p);
	if (p->a.stype)
		mpii_type_unref(p->a.stype);
	if (p->a.rtype)
		mpii_type_unref(p->a.rtype);
	if (p->a.op)
		mpii_op_unref(p->a.op);
	for (int i = 0; i < 4; i++)
		free(p->kept[i]);
	free(p);
}

/* (api/gen-api.py refuses an _init_c form with more than four arrays.) */
void mpii_pcoll_keep(MPI_Request request, void *array)
{
	struct pcoll_plan *p = request->state;
	for (int i = 0; array && i < 4; i++)
		if (!p->kept[i]) {
			p->kept[i] = array;
			return;
		}
}

static const struct mpii_request_ops pcoll_ops = {
	.start = start,
};

void mpii_coll_init(void)
{
	mpii_request_register(MPII_REQ_PCOLL, &pcoll_ops);
}

/* ------------------------------------------------------------ the _init calls */

/* The checks every _init makes first: the library is up, comm is a
 * communicator, request is not NULL.  MPI_SUCCESS or the error raised. */
static int check_common(const char *fn, MPI_Comm comm, MPI_Request *request)
{
	const char *why = "";
	MPII_CHECK_INIT(fn);
	int rc = mpii_coll_check_comm(comm, &why);
	if (rc)
		return mpii_err(NULL, rc, fn, "%s", why);
	if (!request)
		return mpii_err(comm, MPI_ERR_ARG, fn, "request is NULL");
	return MPI_SUCCESS;
}

/* The inactive persistent request for plan a of which; *request gets
 * it.  Takes references to comm and a's types and op. */
static int make(const char *fn, int which, const struct pcoll_args *a, MPI_Comm comm,
		MPI_Request *request)
{
	struct pcoll_plan *p = calloc(1, sizeof(*p));
	if (!p)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "no memory for the plan");
	p->which = which;
	p->a = *a;
	mpii_lock();
	struct mpii_request *req = mpii_request_new(MPII_REQ_PCOLL);
	if (req) {
		req->persistent = 1;
		req->active = 0;
		/* Relaxed: the request is not visible to anyone yet. */
		shm_store_relaxed(&req->done, 1);
		req->comm = comm;
		mpii_comm_ref(comm);
		if (a->stype)
			mpii_type_ref(a->stype);
		if (a->rtype)
			mpii_type_ref(a->rtype);
		if (a->op)
			mpii_op_ref(a->op);
		req->state = p;
		req->state_free = plan_free;
		mpii_pcoll_shm_plan(req, p);
	}
	mpii_unlock();
	if (!req) {
		free(p);
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "no memory for a request");
	}
	*request = req;
	return MPI_SUCCESS;
}

/* One buffer side (count x type) when it is significant. */
static int check_side(const char *fn, MPI_Comm comm, int count, MPI_Datatype type)
{
	const char *why = "";
	int rc = mpii_coll_check_buf(count, type, &why);
	return rc ? mpii_err(comm, rc, fn, "%s", why) : MPI_SUCCESS;
}

/* A count array of the n peers, with its displacements. */
static int check_counts(const char *fn, MPI_Comm comm, const int *counts, const void *displs,
			MPI_Datatype type, int n)
{
	const char *why = "";
	int rc = mpii_coll_check_counts(counts, n, &why);
	if (!rc && type != MPI_DATATYPE_NULL)
		rc = mpii_coll_check_buf(0, type, &why);
	if (rc)
		return mpii_err(comm, rc, fn, "%s", why);
	if (!displs)
		return mpii_err(comm, MPI_ERR_ARG, fn, "displs is NULL");
	return MPI_SUCCESS;
}

#pragma weak MPI_Barrier_init = PMPI_Barrier_init
int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	int rc = check_common("MPI_Barrier_init", comm, request);
	if (rc)
		return rc;
	struct pcoll_args a = { 0 };
	return make("MPI_Barrier_init", PCOLL_BARRIER, &a, comm, request);
}

#pragma weak MPI_Bcast_init = PMPI_Bcast_init
int PMPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
		    MPI_Info info, MPI_Request *request)
{
	const char *fn = "MPI_Bcast_init", *why = "";
	(void)info;
	int rc = check_common(fn, comm, request);
	if (rc)
		return rc;
	if ((rc = mpii_coll_check_root(comm, root, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	int is_root, member;
	mpii_coll_roles(comm, root, &is_root, &member);
	if ((is_root || member) && (rc = check_side(fn, comm, count, datatype)))
		return rc;
	struct pcoll_args a = { .rbuf = buffer, .rcount = count, .rtype = datatype, .root = root };
	return make(fn, PCOLL_BCAST, &a, comm, request);
}

/* gather(v) and scatter(v): own is this rank's block, the root's blocks
 * bcount each or bcounts/displs (is_v). */
static int rooted_init(const char *fn, int which, const void *sbuf, int scount,
		       const int *scounts, const int *sdispls, MPI_Datatype stype, void *rbuf,
		       int rcount, const int *rcounts, const int *rdispls, MPI_Datatype rtype,
		       int root, MPI_Comm comm, MPI_Request *request)
{
	const char *why = "";
	int rc = check_common(fn, comm, request);
	if (rc)
		return rc;
	if ((rc = mpii_coll_check_root(comm, root, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	int is_root, member, gathering = which == PCOLL_GATHER || which == PCOLL_GATHERV;
	int is_v = which == PCOLL_GATHERV || which == PCOLL_SCATTERV;
	mpii_coll_roles(comm, root, &is_root, &member);
	const void *own = gathering ? sbuf : rbuf;
	int own_count = gathering ? scount : rcount;
	MPI_Datatype own_type = gathering ? stype : rtype, btype = gathering ? rtype : stype;
	if (member && (rc = mpii_coll_check_in_place(comm, own, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	if (member && !(is_root && own == MPI_IN_PLACE) &&
	    (rc = check_side(fn, comm, own_count, own_type)))
		return rc;
	if (is_root) {
		int n = mpii_comm_peer_size(comm);
		if (is_v)
			rc = check_counts(fn, comm, gathering ? rcounts : scounts,
					  gathering ? (const void *)rdispls : (const void *)sdispls,
					  btype, n);
		else
			rc = check_side(fn, comm, gathering ? rcount : scount, btype);
		if (rc)
			return rc;
	}
	struct pcoll_args a = { .sbuf = sbuf, .scount = scount, .scounts = scounts,
				.sdispls = sdispls, .stype = stype, .rbuf = rbuf, .rcount = rcount,
				.rcounts = rcounts, .rdispls = rdispls, .rtype = rtype, .root = root };
	/* Only the significant types are kept (the others may be garbage). */
	if (!(gathering ? member && sbuf != MPI_IN_PLACE : is_root))
		a.stype = NULL;
	if (!(gathering ? is_root : member && rbuf != MPI_IN_PLACE))
		a.rtype = NULL;
	return make(fn, which, &a, comm, request);
}

#pragma weak MPI_Gather_init = PMPI_Gather_init
int PMPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
		     MPI_Request *request)
{
	(void)info;
	return rooted_init("MPI_Gather_init", PCOLL_GATHER, sendbuf, sendcount, NULL, NULL,
			   sendtype, recvbuf, recvcount, NULL, NULL, recvtype, root, comm, request);
}

#pragma weak MPI_Gatherv_init = PMPI_Gatherv_init
int PMPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		      const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
		      MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return rooted_init("MPI_Gatherv_init", PCOLL_GATHERV, sendbuf, sendcount, NULL, NULL,
			   sendtype, recvbuf, 0, recvcounts, displs, recvtype, root, comm, request);
}

#pragma weak MPI_Scatter_init = PMPI_Scatter_init
int PMPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
		      MPI_Request *request)
{
	(void)info;
	return rooted_init("MPI_Scatter_init", PCOLL_SCATTER, sendbuf, sendcount, NULL, NULL,
			   sendtype, recvbuf, recvcount, NULL, NULL, recvtype, root, comm, request);
}

#pragma weak MPI_Scatterv_init = PMPI_Scatterv_init
int PMPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
		       MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
		       int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return rooted_init("MPI_Scatterv_init", PCOLL_SCATTERV, sendbuf, 0, sendcounts, displs,
			   sendtype, recvbuf, recvcount, NULL, NULL, recvtype, root, comm, request);
}

/* allgather(v), alltoall(v,w) and the neighbour forms: the send side
 * (unless MPI_IN_PLACE) and the receive side, uniform or per peer; n is
 * the number of peers of the per-peer arrays (the neighbour forms: the
 * in- and out-degree, checked by the nonblocking call at each start). */
static int all_init(const char *fn, int which, const void *sbuf, int scount, const int *scounts,
		    const void *sdispls, MPI_Datatype stype, const MPI_Datatype *stypes, void *rbuf,
		    int rcount, const int *rcounts, const void *rdispls, MPI_Datatype rtype,
		    const MPI_Datatype *rtypes, MPI_Comm comm, MPI_Request *request)
{
	const char *why = "";
	int rc = check_common(fn, comm, request);
	if (rc)
		return rc;
	int neighbor = which >= PCOLL_NEIGHBOR_ALLGATHER;
	if (!neighbor && (rc = mpii_coll_check_in_place(comm, sbuf, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	int n = mpii_comm_peer_size(comm);
	int in_place = sbuf == MPI_IN_PLACE;
	/* per-peer arrays on the send side (alltoallv, w), the receive side
	 * (those and allgatherv) */
	int s_v = which == PCOLL_ALLTOALLV || which == PCOLL_ALLTOALLW;
	int r_v = s_v || which == PCOLL_ALLGATHERV;
	int w = which == PCOLL_ALLTOALLW;
	if (!neighbor) {
		if (!in_place && (s_v ? (rc = check_counts(fn, comm, scounts, sdispls,
							 w ? MPI_DATATYPE_NULL : stype, n))
				      : (rc = check_side(fn, comm, scount, stype))))
			return rc;
		if (r_v ? (rc = check_counts(fn, comm, rcounts, rdispls,
					     w ? MPI_DATATYPE_NULL : rtype, n))
			: (rc = check_side(fn, comm, rcount, rtype)))
			return rc;
		if (w && ((!in_place && !stypes) || !rtypes))
			return mpii_err(comm, MPI_ERR_ARG, fn, "type arrays are NULL");
	}
	struct pcoll_args a = { .sbuf = sbuf, .scount = scount, .scounts = scounts,
				.stype = stypes || in_place ? NULL : stype, .stypes = stypes,
				.rbuf = rbuf, .rcount = rcount, .rcounts = rcounts,
				.rtype = rtypes ? NULL : rtype, .rtypes = rtypes };
	if (which == PCOLL_NEIGHBOR_ALLTOALLW) {
		a.sdispls_a = sdispls;
		a.rdispls_a = rdispls;
	} else {
		a.sdispls = sdispls;
		a.rdispls = rdispls;
	}
	if (neighbor) {
		/* The types are checked by the nonblocking call at each start;
		 * no references to what may not be a type. */
		if (a.stype && mpii_type_check_comm(a.stype))
			a.stype = NULL;
		if (a.rtype && mpii_type_check_comm(a.rtype))
			a.rtype = NULL;
		a.sbuf = sbuf;
	}
	return make(fn, which, &a, comm, request);
}

#pragma weak MPI_Allgather_init = PMPI_Allgather_init
int PMPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
			int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
			MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Allgather_init", PCOLL_ALLGATHER, sendbuf, sendcount, NULL, NULL,
			sendtype, NULL, recvbuf, recvcount, NULL, NULL, recvtype, NULL, comm, request);
}

#pragma weak MPI_Allgatherv_init = PMPI_Allgatherv_init
int PMPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			 void *recvbuf, const int recvcounts[], const int displs[],
			 MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Allgatherv_init", PCOLL_ALLGATHERV, sendbuf, sendcount, NULL, NULL,
			sendtype, NULL, recvbuf, 0, recvcounts, displs, recvtype, NULL, comm, request);
}

#pragma weak MPI_Alltoall_init = PMPI_Alltoall_init
int PMPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
		       MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Alltoall_init", PCOLL_ALLTOALL, sendbuf, sendcount, NULL, NULL,
			sendtype, NULL, recvbuf, recvcount, NULL, NULL, recvtype, NULL, comm, request);
}

#pragma weak MPI_Alltoallv_init = PMPI_Alltoallv_init
int PMPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
			MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
			const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
			MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Alltoallv_init", PCOLL_ALLTOALLV, sendbuf, 0, sendcounts, sdispls,
			sendtype, NULL, recvbuf, 0, recvcounts, rdispls, recvtype, NULL, comm,
			request);
}

#pragma weak MPI_Alltoallw_init = PMPI_Alltoallw_init
int PMPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
			const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
			const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
			MPI_Info info, MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Alltoallw_init", PCOLL_ALLTOALLW, sendbuf, 0, sendcounts, sdispls,
			NULL, sendtypes, recvbuf, 0, recvcounts, rdispls, NULL, recvtypes, comm,
			request);
}

#pragma weak MPI_Neighbor_allgather_init = PMPI_Neighbor_allgather_init
int PMPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
				 void *recvbuf, int recvcount, MPI_Datatype recvtype,
				 MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Neighbor_allgather_init", PCOLL_NEIGHBOR_ALLGATHER, sendbuf,
			sendcount, NULL, NULL, sendtype, NULL, recvbuf, recvcount, NULL, NULL,
			recvtype, NULL, comm, request);
}

#pragma weak MPI_Neighbor_allgatherv_init = PMPI_Neighbor_allgatherv_init
int PMPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
				  void *recvbuf, const int recvcounts[], const int displs[],
				  MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
				  MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Neighbor_allgatherv_init", PCOLL_NEIGHBOR_ALLGATHERV, sendbuf,
			sendcount, NULL, NULL, sendtype, NULL, recvbuf, 0, recvcounts, displs,
			recvtype, NULL, comm, request);
}

#pragma weak MPI_Neighbor_alltoall_init = PMPI_Neighbor_alltoall_init
int PMPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
				void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
				MPI_Info info, MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Neighbor_alltoall_init", PCOLL_NEIGHBOR_ALLTOALL, sendbuf, sendcount,
			NULL, NULL, sendtype, NULL, recvbuf, recvcount, NULL, NULL, recvtype, NULL,
			comm, request);
}

#pragma weak MPI_Neighbor_alltoallv_init = PMPI_Neighbor_alltoallv_init
int PMPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
				 MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
				 const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
				 MPI_Info info, MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Neighbor_alltoallv_init", PCOLL_NEIGHBOR_ALLTOALLV, sendbuf, 0,
			sendcounts, sdispls, sendtype, NULL, recvbuf, 0, recvcounts, rdispls,
			recvtype, NULL, comm, request);
}

#pragma weak MPI_Neighbor_alltoallw_init = PMPI_Neighbor_alltoallw_init
int PMPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[],
				 const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
				 void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
				 const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
				 MPI_Request *request)
{
	(void)info;
	return all_init("MPI_Neighbor_alltoallw_init", PCOLL_NEIGHBOR_ALLTOALLW, sendbuf, 0,
			sendcounts, sdispls, NULL, sendtypes, recvbuf, 0, recvcounts, rdispls, NULL,
			recvtypes, comm, request);
}

/* reduce, allreduce, scan, exscan. */
static int reduction_init(const char *fn, int which, const void *sbuf, void *rbuf, int count,
			  MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm,
			  MPI_Request *request)
{
	const char *why = "";
	int rc = check_common(fn, comm, request);
	if (rc)
		return rc;
	if ((which == PCOLL_SCAN || which == PCOLL_EXSCAN) && comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "not defined on an intercommunicator");
	int is_root = 1, member = 1;
	if (which == PCOLL_REDUCE) {
		if ((rc = mpii_coll_check_root(comm, root, &why)))
			return mpii_err(comm, rc, fn, "%s", why);
		mpii_coll_roles(comm, root, &is_root, &member);
	}
	struct pcoll_args a = { .sbuf = sbuf, .rbuf = rbuf, .rcount = count, .rtype = dt,
				.op = op, .root = root };
	if (which == PCOLL_REDUCE && comm->is_inter && root == MPI_PROC_NULL) {
		/* Insignificant: nothing of the rest is read (coll_api.c). */
		a.rtype = NULL;
		a.op = NULL;
		return make(fn, which, &a, comm, request);
	}
	if ((rc = mpii_coll_check_buf(count, dt, &why)) || (rc = mpii_coll_check_op(op, dt, &why)) ||
	    (member && (rc = mpii_coll_check_in_place(comm, sbuf, &why))))
		return mpii_err(comm, rc, fn, "%s", why);
	if (member && sbuf == MPI_IN_PLACE && !is_root && (MPI_Count)count * dt->size > 0)
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "MPI_IN_PLACE is only legal at the root");
	if ((MPI_Count)count * dt->size > 0 && sbuf == rbuf && member && is_root)
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "sendbuf and recvbuf alias (use MPI_IN_PLACE)");
	return make(fn, which, &a, comm, request);
}

#pragma weak MPI_Reduce_init = PMPI_Reduce_init
int PMPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
		     MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return reduction_init("MPI_Reduce_init", PCOLL_REDUCE, sendbuf, recvbuf, count, datatype,
			      op, root, comm, request);
}

#pragma weak MPI_Allreduce_init = PMPI_Allreduce_init
int PMPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
			MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return reduction_init("MPI_Allreduce_init", PCOLL_ALLREDUCE, sendbuf, recvbuf, count,
			      datatype, op, 0, comm, request);
}

#pragma weak MPI_Scan_init = PMPI_Scan_init
int PMPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
		   MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return reduction_init("MPI_Scan_init", PCOLL_SCAN, sendbuf, recvbuf, count, datatype, op, 0,
			      comm, request);
}

#pragma weak MPI_Exscan_init = PMPI_Exscan_init
int PMPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
		     MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return reduction_init("MPI_Exscan_init", PCOLL_EXSCAN, sendbuf, recvbuf, count, datatype,
			      op, 0, comm, request);
}

/* reduce_scatter (rcounts) and reduce_scatter_block (rcount). */
static int reduce_scatter_init(const char *fn, int which, const void *sbuf, void *rbuf,
			       int rcount, const int *rcounts, MPI_Datatype dt, MPI_Op op,
			       MPI_Comm comm, MPI_Request *request)
{
	const char *why = "";
	int rc = check_common(fn, comm, request);
	if (rc)
		return rc;
	if (which == PCOLL_REDUCE_SCATTER && !rcounts)
		return mpii_err(comm, MPI_ERR_ARG, fn, "recvcounts is NULL");
	if ((rc = mpii_coll_check_in_place(comm, sbuf, &why)) ||
	    (rc = mpii_coll_check_buf(rcounts ? 0 : rcount, dt, &why)) ||
	    (rcounts && (rc = mpii_coll_check_counts(rcounts, comm->size, &why))) ||
	    (rc = mpii_coll_check_op(op, dt, &why)))
		return mpii_err(comm, rc, fn, "%s", why);
	struct pcoll_args a = { .sbuf = sbuf, .rbuf = rbuf, .rcount = rcount, .rcounts = rcounts,
				.rtype = dt, .op = op };
	return make(fn, which, &a, comm, request);
}

#pragma weak MPI_Reduce_scatter_init = PMPI_Reduce_scatter_init
int PMPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
			     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
			     MPI_Request *request)
{
	(void)info;
	return reduce_scatter_init("MPI_Reduce_scatter_init", PCOLL_REDUCE_SCATTER, sendbuf,
				   recvbuf, 0, recvcounts, datatype, op, comm, request);
}

#pragma weak MPI_Reduce_scatter_block_init = PMPI_Reduce_scatter_block_init
int PMPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
				   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
				   MPI_Request *request)
{
	(void)info;
	return reduce_scatter_init("MPI_Reduce_scatter_block_init", PCOLL_REDUCE_SCATTER_BLOCK,
				   sendbuf, recvbuf, recvcount, NULL, datatype, op, comm, request);
}
