/*
 * lib/p2p/p2p_part.c - partitioned point-to-point (MPI-4.0 4.2):
 * MPI_Psend_init, MPI_Precv_init, MPI_Pready, MPI_Pready_range,
 * MPI_Pready_list, MPI_Parrived, and the kinds MPII_REQ_PSEND and
 * MPII_REQ_PRECV of request with their ops (start, release), registered
 * with lib/core/ by mpii_p2p_init.
 *
 * Each partition travels as a message of its own, sent by MPI_Pready, so
 * the receiver has it (MPI_Parrived) as soon as it is written, whatever
 * the other partitions do; large ones take the single-copy path of any
 * message.  The messages go on the communicator's collective context
 * (ctx + 1) with negative tags, which the collectives (tags from 0,
 * lib/coll/nbc.c) and user receives (MPI_ANY_TAG matches only the user
 * context) never match:
 *
 *   handshake  HS_TAG(tag): the sender's MPI_Psend_init sends {id,
 *              partitions, bytes of a partition, tag}, the receiver's
 *              MPI_Precv_init posts its receive: both in the order of
 *              the init calls, so the k-th psend with a tag meets the
 *              k-th precv with it (MPI-4.0: matching in init order).
 *              id is the sender's count of its partitioned sends.
 *   partition  DATA_TAG(id, j): sender partition j of send id, posted
 *              by the receiver at each start once the handshake is in.
 *              Messages of one partition of successive activations
 *              match in order (MPI's non-overtaking).
 *
 * The two sides may partition differently (the same bytes in all): the
 * receiver then receives the sender's partitions as bytes into its
 * buffer (its type must be contiguous), and its partition i has arrived
 * when every sender partition over its bytes has.
 *
 * Limits: at most 65536 partitions on the sending side; ids wrap after
 * 8192 partitioned sends from one process to one peer alive at once;
 * tags equal modulo 2^30 share a handshake order.
 */
#include <limits.h>
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

#define PART_MAX 65536
#define HS_TAG(tag) (-2 - ((tag) & 0x3fffffff))
#define DATA_TAG(id, j) (INT_MIN + (int)((((id) & 0x1fff) << 16) + (uint32_t)(j)))

/* What the handshake carries. */
struct part_hs {
	int64_t id, partitions, bytes, tag;
};

struct part_state {
	int sender;
	int partitions;          /* this side's */
	MPI_Count count;         /* elements of a partition, this side */
	struct part_hs hs;       /* sent, or received */
	struct mpii_request *hs_req;
	int hs_in;               /* receiver: the handshake arrived */
	int posted;              /* receiver: this activation's receives are posted */
	int nsub;                /* sender: partitions; receiver: the sender's */
	struct mpii_request **sub;  /* one per partition message of this activation */
	int nready;              /* sender: partitions marked ready */
	int next;                /* sub[] below next are known done */
	int err;                 /* the first error of this activation */
};

static uint32_t next_id = 1;   /* protected by the library lock */

static int sub_done(struct mpii_request *r)
{
	/* Acquire: pairs with the release in mpii_request_complete. */
	return r && shm_load_acquire(&r->done);
}

/* Collect a finished partition message; its error is the activation's. */
static void collect_sub(struct part_state *ps, int j)
{
	MPI_Request h = ps->sub[j];
	int rc = mpii_request_collect(&h, MPI_STATUS_IGNORE);
	if (rc && !ps->err)
		ps->err = rc;
	ps->sub[j] = NULL;
}

/* Receiver: the handshake is in and the activation started: post the
 * receives of every sender partition.  Lock held. */
static void post_recvs(struct mpii_request *req, struct part_state *ps)
{
	struct mpii_datatype *dt = req->dt;
	MPI_Count sb = ps->hs.bytes, mine = ps->count * dt->size;
	ps->posted = 1;
	if (ps->hs.partitions * sb != ps->partitions * mine ||
	    (ps->hs.partitions != ps->partitions && !(dt->flags & MPII_DT_CONTIG))) {
		ps->err = MPI_ERR_TRUNCATE;
		ps->nsub = 0;
		return;
	}
	for (int j = 0; j < ps->nsub; j++) {
		int rc;
		if (ps->hs.partitions == ps->partitions)
			rc = mpii_irecv((char *)req->buf + (MPI_Aint)j * ps->count * dt->extent,
					ps->count, dt, req->peer, DATA_TAG(ps->hs.id, j), req->comm,
					req->ctx, &ps->sub[j]);
		else
			rc = mpii_irecv((char *)req->buf + dt->true_lb + (MPI_Aint)j * sb, sb,
					MPI_BYTE, req->peer, DATA_TAG(ps->hs.id, j), req->comm,
					req->ctx, &ps->sub[j]);
		if (rc && !ps->err)
			ps->err = rc;
	}
}

/* Receiver: take the handshake if it came (sizes ps->sub). */
static void take_hs(struct part_state *ps)
{
	if (ps->hs_in || !sub_done(ps->hs_req))
		return;
	MPI_Request h = ps->hs_req;
	ps->hs_req = NULL;
	int rc = mpii_request_collect(&h, MPI_STATUS_IGNORE);
	ps->hs_in = 1;
	if (rc || ps->hs.partitions < 0 || ps->hs.partitions > PART_MAX) {
		ps->err = rc ? rc : MPI_ERR_OTHER;
		ps->hs.partitions = 0;
	}
	ps->nsub = (int)ps->hs.partitions;
	ps->sub = ps->nsub ? calloc((size_t)ps->nsub, sizeof(*ps->sub)) : NULL;
	if (ps->nsub && !ps->sub) {
		ps->err = MPI_ERR_NO_MEM;
		ps->nsub = 0;
	}
}

/* Polled while active: 1 when req completed.  Lock held. */
static int poll_part(struct mpii_request *req)
{
	struct part_state *ps = req->greq;
	if (!ps->sender) {
		take_hs(ps);
		if (!ps->hs_in)
			return 0;
		if (!ps->posted)
			post_recvs(req, ps);
	} else if (ps->nready < ps->partitions) {
		return 0;
	}
	while (ps->next < ps->nsub && (!ps->sub[ps->next] || sub_done(ps->sub[ps->next]))) {
		if (ps->sub[ps->next])
			collect_sub(ps, ps->next);
		ps->next++;
	}
	if (ps->next < ps->nsub)
		return 0;
	req->status.MPI_ERROR = ps->err;
	if (!ps->sender) {
		req->status.MPI_SOURCE = req->peer;
		req->status.MPI_TAG = req->tag;
		req->status.mpii_count = ps->err ? 0 : ps->partitions * ps->count * req->dt->size;
	}
	mpii_request_complete(req);
	return 1;
}

static int start(struct mpii_request *req)
{
	struct part_state *ps = req->greq;
	ps->nready = 0;
	ps->next = 0;
	ps->posted = 0;
	ps->err = MPI_SUCCESS;
	req->active = 1;
	/* Relaxed: an inactive request restarted under the lock, which
	 * publishes it. */
	shm_store_relaxed(&req->done, 0);
	if (req->peer == MPI_PROC_NULL) {
		req->status.MPI_SOURCE = MPI_PROC_NULL;
		mpii_request_complete(req);
		return MPI_SUCCESS;
	}
	if (!ps->sender) {
		take_hs(ps);
		if (ps->hs_in)
			post_recvs(req, ps);
	}
	req->poll = poll_part;
	mpii_progress_poll_add(req);
	return MPI_SUCCESS;
}

/* The request goes back to the pool (inactive). */
static void release(struct mpii_request *req)
{
	struct part_state *ps = req->greq;
	req->greq = NULL;
	for (int j = 0; j < ps->nsub; j++)
		if (ps->sub && ps->sub[j])
			mpii_request_release(ps->sub[j]);
	free(ps->sub);
	ps->sub = NULL;
	if (ps->hs_req) {
		if (!ps->sender && !sub_done(ps->hs_req))
			mpii_p2p_cancel(ps->hs_req);   /* no sender ever came */
		if (!sub_done(ps->hs_req)) {
			/* A handshake still on its way out reads ps->hs: ps
			 * stays (a few bytes, only when freed at once) and the
			 * send's request goes when it completes. */
			ps->hs_req->user_freed = 1;
			return;
		}
		mpii_request_release(ps->hs_req);
	}
	free(ps);
}

static const struct mpii_request_ops part_ops = {
	.start = start,
	.release = release,
};

void mpii_part_register(void)
{
	mpii_request_register(MPII_REQ_PSEND, &part_ops);
	mpii_request_register(MPII_REQ_PRECV, &part_ops);
}

/* ------------------------------------------------------------ entry points */

static int part_init(const char *fn, int sender, const void *buf, int partitions, MPI_Count count,
		     MPI_Datatype dt, int peer, int tag, MPI_Comm comm, MPI_Request *request)
{
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "intercommunicators are not supported");
	if (!request)
		return mpii_err(comm, MPI_ERR_ARG, fn, "request is NULL");
	if (partitions < 1 || (sender && partitions > PART_MAX))
		return mpii_err(comm, MPI_ERR_ARG, fn, "partitions must be 1 to %d", PART_MAX);
	if (count < 0)
		return mpii_err(comm, MPI_ERR_COUNT, fn, "negative count");
	if (mpii_type_check_comm(dt))
		return mpii_err(comm, MPI_ERR_TYPE, fn, "invalid or uncommitted datatype");
	if (mpii_type_count_check(count * partitions, dt, 0))
		return mpii_err(comm, MPI_ERR_COUNT, fn, "count x datatype size overflows");
	if (peer != MPI_PROC_NULL && (peer < 0 || peer >= mpii_comm_peer_size(comm)))
		return mpii_err(comm, MPI_ERR_RANK, fn, "rank out of range");
	if (tag < 0)
		return mpii_err(comm, MPI_ERR_TAG, fn, "tag out of range");
	struct part_state *ps = calloc(1, sizeof(*ps));
	if (!ps)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "no memory");
	ps->sender = sender;
	ps->partitions = partitions;
	ps->count = count;
	if (sender) {
		ps->nsub = partitions;
		ps->sub = calloc((size_t)partitions, sizeof(*ps->sub));
		if (!ps->sub) {
			free(ps);
			return mpii_err(comm, MPI_ERR_NO_MEM, fn, "no memory");
		}
	}
	int rc = MPI_SUCCESS;
	mpii_lock();
	/* ctx + 1: the partitions' messages go on the collective context */
	struct mpii_request *req = mpii_p2p_persistent_new(sender ? MPII_REQ_PSEND : MPII_REQ_PRECV,
							   buf, count, dt, peer, tag, comm,
							   comm->ctx + 1);
	if (req) {
		req->greq = ps;
		if (peer != MPI_PROC_NULL && sender) {
			ps->hs.id = next_id++;
			ps->hs.partitions = partitions;
			ps->hs.bytes = count * dt->size;
			ps->hs.tag = tag;
			rc = mpii_isend(&ps->hs, 4, MPI_INT64_T, peer, HS_TAG(tag), comm, req->ctx,
					MPII_MODE_STANDARD, &ps->hs_req);
		} else if (peer != MPI_PROC_NULL) {
			rc = mpii_irecv(&ps->hs, 4, MPI_INT64_T, peer, HS_TAG(tag), comm, req->ctx,
					&ps->hs_req);
		}
		if (rc) {
			mpii_request_release(req);
			req = NULL;
		}
	} else {
		free(ps->sub);
		free(ps);
		rc = MPI_ERR_NO_MEM;
	}
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, "cannot set up the partitioned request");
	*request = req;
	return MPI_SUCCESS;
}

#pragma weak MPI_Psend_init = PMPI_Psend_init
int PMPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype,
		    int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return part_init("MPI_Psend_init", 1, buf, partitions, count, datatype, dest, tag, comm,
			 request);
}

#pragma weak MPI_Precv_init = PMPI_Precv_init
int PMPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype,
		    int source, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
	(void)info;
	return part_init("MPI_Precv_init", 0, buf, partitions, count, datatype, source, tag, comm,
			 request);
}

/* The request of a Pready/Parrived call of kind: MPI_SUCCESS or the
 * error class (the lock not held). */
static int check_part(MPI_Request request, int kind)
{
	if (mpii_request_check(request) || request->kind != kind)
		return MPI_ERR_REQUEST;
	return MPI_SUCCESS;
}

/* Mark n sender partitions of req ready (list[], or from lo on) (lock held): each goes
 * out now.  MPI_ERR_ARG for a bad index (nothing marked), MPI_ERR_REQUEST
 * when req is not active or a partition was marked already. */
static int ready(struct mpii_request *req, int n, const int *list, int lo)
{
	struct part_state *ps = req->greq;
	if (!req->active)
		return MPI_ERR_REQUEST;
	for (int k = 0; k < n; k++) {
		int j = list ? list[k] : lo + k;
		if (j < 0 || j >= ps->partitions)
			return MPI_ERR_ARG;
	}
	if (req->peer == MPI_PROC_NULL)
		return MPI_SUCCESS;   /* complete since its start */
	/* Acquire: pairs with the release in mpii_request_complete.  Done:
	 * every partition went out already. */
	if (shm_load_acquire(&req->done))
		return MPI_ERR_REQUEST;
	struct mpii_datatype *dt = req->dt;
	for (int k = 0; k < n; k++) {
		int j = list ? list[k] : lo + k;
		if (ps->sub[j] || j < ps->next)
			return MPI_ERR_REQUEST;   /* marked ready twice */
		int rc = mpii_isend((char *)req->buf + (MPI_Aint)j * ps->count * dt->extent, ps->count,
				    dt, req->peer, DATA_TAG(ps->hs.id, j), req->comm, req->ctx,
				    MPII_MODE_STANDARD, &ps->sub[j]);
		if (rc)
			return rc;
		ps->nready++;
	}
	return MPI_SUCCESS;
}

static int pready(const char *fn, MPI_Request request, int n, const int *list, int lo)
{
	MPII_CHECK_INIT(fn);
	if (check_part(request, MPII_REQ_PSEND))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "not a partitioned send request");
	MPI_Comm comm = request->comm;
	mpii_lock();
	int rc = ready(request, n, list, lo);
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, rc == MPI_ERR_ARG ? "partition out of range"
						 : "request inactive or partition already ready");
	return MPI_SUCCESS;
}

#pragma weak MPI_Pready = PMPI_Pready
int PMPI_Pready(int partition, MPI_Request request)
{
	return pready("MPI_Pready", request, 1, NULL, partition);
}

#pragma weak MPI_Pready_range = PMPI_Pready_range
int PMPI_Pready_range(int partition_low, int partition_high, MPI_Request request)
{
	if (partition_high < partition_low)
		return pready("MPI_Pready_range", request, 1, NULL, -1);
	return pready("MPI_Pready_range", request, partition_high - partition_low + 1, NULL,
		      partition_low);
}

#pragma weak MPI_Pready_list = PMPI_Pready_list
int PMPI_Pready_list(int length, const int array_of_partitions[], MPI_Request request)
{
	if (length < 0 || (length > 0 && !array_of_partitions))
		return pready("MPI_Pready_list", request, 1, NULL, -1);
	return pready("MPI_Pready_list", request, length, array_of_partitions, 0);
}

#pragma weak MPI_Parrived = PMPI_Parrived
int PMPI_Parrived(MPI_Request request, int partition, int *flag)
{
	static const char fn[] = "MPI_Parrived";
	MPII_CHECK_INIT(fn);
	if (check_part(request, MPII_REQ_PRECV))
		return mpii_err(NULL, MPI_ERR_REQUEST, fn, "not a partitioned receive request");
	MPI_Comm comm = request->comm;
	if (!flag)
		return mpii_err(comm, MPI_ERR_ARG, fn, "flag is NULL");
	mpii_lock();
	struct part_state *ps = request->greq;
	int rc = MPI_SUCCESS;
	if (!request->active)
		rc = MPI_ERR_REQUEST;
	else if (partition < 0 || partition >= ps->partitions)
		rc = MPI_ERR_ARG;
	if (rc) {
		mpii_unlock();
		return mpii_err(comm, rc, fn, rc == MPI_ERR_ARG ? "partition out of range"
						 : "request inactive");
	}
	/* Acquire: pairs with the release in mpii_request_complete. */
	int all = shm_load_acquire(&request->done) || request->peer == MPI_PROC_NULL;
	if (!all) {
		mpii_progress(request->world_peer);
		all = shm_load_acquire(&request->done);
	}
	if (all) {
		*flag = 1;
	} else if (!ps->posted) {
		*flag = 0;
	} else {
		/* the sender partitions over this one's bytes; with no bytes,
		 * those at the same place in the order (the same index when
		 * both sides have as many): each still arrives only when the
		 * sender marks it ready */
		MPI_Count mine = ps->count * request->dt->size, sb = ps->hs.bytes;
		int64_t n = ps->nsub, m = ps->partitions;
		int j0, j1;
		if (sb && mine) {
			j0 = (int)(partition * mine / sb);
			j1 = (int)(((partition + 1) * mine - 1) / sb);
		} else {
			j0 = (int)(partition * n / m);
			j1 = (int)(((partition + 1) * n - 1) / m);
		}
		*flag = 1;
		for (int j = j0; j <= j1 && j < ps->nsub; j++)
			if (j >= ps->next && ps->sub[j] && !sub_done(ps->sub[j]))
				*flag = 0;
	}
	mpii_unlock();
	return MPI_SUCCESS;
}
