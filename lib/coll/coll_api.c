/*
 * lib/coll/coll_api.c - the public collective entry points, blocking and
 * nonblocking (MPI_Barrier ... MPI_Iexscan), on intra- and
 * intercommunicators (the internal functions hand the latter to
 * lib/coll/coll_inter.c; MPI_Scan and MPI_Exscan are not defined on them).
 *
 * Each collective has one static function taking `request`: NULL for the
 * blocking call, the user's handle for the MPI_I version, so the argument
 * checks are written once.  The work is done by the internal functions of
 * lib/coll/coll.h under the library lock; errors go through mpii_err() after
 * the lock is dropped.
 */
#include <stdlib.h>
#include "lib/coll/coll.h"
#include "lib/coll/coll_check.h"
#include "lib/coll/coll_quick.h"
#include "lib/core/core.h"

#define CHECK(expr)                                                          \
	do {                                                                 \
		int rc_ = (expr);                                            \
		if (rc_)                                                     \
			return mpii_err(comm_ok ? comm : NULL, rc_, fn, "%s", why); \
	} while (0)

/* Common prologue: init, communicator, request pointer. */
static int prologue(const char *fn, MPI_Comm comm, MPI_Request *request, int nonblocking,
		    int *comm_ok)
{
	const char *why = "";
	*comm_ok = 0;
	if (!mpii_g.initialized || mpii_g.finalized)
		return mpii_err(NULL, MPI_ERR_OTHER, fn, "called before MPI_Init or after MPI_Finalize");
	int rc = mpii_coll_check_comm(comm, &why);
	if (rc)
		return mpii_err(mpii_comm_check(comm) ? NULL : comm, rc, fn, "%s", why);
	*comm_ok = 1;
	mpii_stuck.call = fn;
	mpii_stuck_coll(comm);
	mpii_stuck_count();
	if (nonblocking && !request)
		return mpii_err(comm, MPI_ERR_ARG, fn, "request is NULL");
	return MPI_SUCCESS;
}

/* Epilogue: hand out the request or report the error. */
static int epilogue(const char *fn, MPI_Comm comm, int rc, struct mpii_request *req,
		    MPI_Request *request)
{
	if (rc)
		return mpii_err(comm, rc, fn, "collective failed");
	if (request)
		*request = req;
	return MPI_SUCCESS;
}

/* A fixed-size collective on an intracommunicator whose blocks (or
 * vector) hold no bytes on this member holds none on any member (the
 * type-signature rule): nothing moves and nobody waits, so every member
 * returns at once (a nonblocking call with a completed request), as Open
 * MPI and MPICH do.  perf/coll np=2, 0 B, against Open MPI's 0.004-0.006
 * us: allgather and alltoall had taken 0.71-0.73 us (the point-to-point
 * schedule), gather and scatter 0.18-0.24, reduce, allreduce and
 * reduce_scatter 0.04-0.06.  The blocking calls whose arguments are
 * plainly valid answer sooner still, before these checks
 * (lib/coll/coll_quick.h). */
static int empty(MPI_Comm comm, MPI_Count bytes)
{
	return bytes == 0 && !comm->is_inter;
}

static int done_empty(const char *fn, MPI_Comm comm, MPI_Request *request, int nb)
{
	struct mpii_request *req = NULL;
	int rc = MPI_SUCCESS;
	if (nb) {
		mpii_lock();
		rc = mpii_sched_null_request(comm, &req);
		mpii_unlock();
	}
	return epilogue(fn, comm, rc, req, request);
}

/* One side's buffer of a rooted (all)gather or scatter for fn: buf may be
 * MPI_IN_PLACE at the root only (is_root), otherwise count and type are
 * checked.  MPI_SUCCESS or what mpii_err() returned. */
static int side_args(const char *fn, MPI_Comm comm, const void *buf, int count,
		     MPI_Datatype type, int is_root)
{
	const char *why = "";
	int rc = mpii_coll_check_in_place(comm, buf, &why);
	if (!rc && (!is_root || buf != MPI_IN_PLACE))
		rc = mpii_coll_check_buf(count, type, &why);
	return rc ? mpii_err(comm, rc, fn, "%s", why) : MPI_SUCCESS;
}

/* The side of an (all)gather(v) or scatter(v) for fn that holds one block
 * per member: checks count and type, or counts and displs for the v
 * versions (is_v).  MPI_SUCCESS or what mpii_err() returned. */
static int blocks_check(const char *fn, MPI_Comm comm, int count, const int *counts,
			const int *displs, MPI_Datatype type, int is_v)
{
	const char *why = "";
	int n = mpii_comm_peer_size(comm);
	int rc = mpii_coll_check_buf(is_v ? 0 : count, type, &why);
	if (!rc && is_v)
		rc = mpii_coll_check_counts(counts, n, &why);
	if (rc)
		return mpii_err(comm, rc, fn, "%s", why);
	if (is_v && !displs)
		return mpii_err(comm, MPI_ERR_ARG, fn, "displs is NULL");
	return MPI_SUCCESS;
}

/* The checked blocks of blocks_check() converted for the n members.
 * MPI_SUCCESS with *c and *d set (the caller frees them), or what
 * mpii_err() returned. */
static int blocks_args(const char *fn, MPI_Comm comm, int count, const int *counts,
		       const int *displs, MPI_Count **c, MPI_Aint **d)
{
	int n = mpii_comm_peer_size(comm);
	*c = mpii_coll_counts(n, counts, count);
	*d = mpii_coll_displs(n, displs, count, 1);
	if (!*c || !*d) {
		free(*c);
		free(*d);
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	}
	return MPI_SUCCESS;
}

/* The bytes of the n blocks of a checked side: count each, or counts[i]
 * (counts not NULL), of type, or of types[i] (types not NULL).  Only
 * compared with 0 (whether the side is read or written at all). */
static MPI_Count side_bytes(int n, int count, const int *counts, MPI_Datatype type,
			    const MPI_Datatype *types)
{
	MPI_Count total = 0;
	for (int i = 0; i < n; i++)
		total += (MPI_Count)(counts ? counts[i] : count) * (types ? types[i] : type)->size;
	return total;
}

static int barrier(const char *fn, MPI_Comm comm, MPI_Request *request)
{
	int comm_ok, rc = prologue(fn, comm, request, request != NULL, &comm_ok);
	if (rc)
		return rc;
	struct mpii_request *req = NULL;
	mpii_lock();
	rc = mpii_barrier(comm, request ? &req : NULL);
	mpii_unlock();
	return epilogue(fn, comm, rc, req, request);
}

#pragma weak MPI_Barrier = PMPI_Barrier
int PMPI_Barrier(MPI_Comm comm)
{
	return barrier("MPI_Barrier", comm, NULL);
}

#pragma weak MPI_Ibarrier = PMPI_Ibarrier
int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
	return barrier("MPI_Ibarrier", comm, request);
}

static int bcast(const char *fn, void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm,
		 MPI_Request *request, int nb)
{
	const char *why = "";
	int comm_ok, rc = prologue(fn, comm, request, nb, &comm_ok);
	if (rc)
		return rc;
	CHECK(mpii_coll_check_buf(count, dt, &why));
	CHECK(mpii_coll_check_root(comm, root, &why));
	struct mpii_request *req = NULL;
	mpii_lock();
	rc = mpii_bcast(buf, count, dt, root, comm, nb ? &req : NULL);
	mpii_unlock();
	return epilogue(fn, comm, rc, req, request);
}

#pragma weak MPI_Bcast = PMPI_Bcast
int PMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
	if (quick_empty_bcast(count, datatype, root, comm))
		return MPI_SUCCESS;
	return bcast("MPI_Bcast", buffer, count, datatype, root, comm, NULL, 0);
}

#pragma weak MPI_Ibcast = PMPI_Ibcast
int PMPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
		MPI_Request *request)
{
	return bcast("MPI_Ibcast", buffer, count, datatype, root, comm, request, 1);
}

/* Whether a send buffer is the receive buffer (or, for the gathers to
 * all, this rank's own block of it) on an intracommunicator, where the
 * send side moves sbytes and the receive side rbytes on this rank: the
 * standard forbids it (MPI_IN_PLACE is the way).  A buffer that is never
 * read or written (no bytes on that side: zero counts or zero-size types)
 * overlaps nothing, so the same pointer for both empty buffers is legal
 * (mpi4py passes one static "" for every empty buffer: issue 38).  The
 * check is local: a rank that trips it raises the error before taking any
 * part in the collective (docs/collectives.md, "Errors in collectives").
 * MPI_BOTTOM with absolute displacements is not aliasing. */
static int aliased(MPI_Comm comm, const void *sbuf, MPI_Count sbytes, const void *rbuf,
		   MPI_Count rbytes)
{
	return !comm->is_inter && sbuf != MPI_IN_PLACE && sbuf != MPI_BOTTOM && sbuf == rbuf &&
	       sbytes > 0 && rbytes > 0;
}

/* gather(v) (gathering) and scatter(v) for fn: own is this rank's block
 * (count x type), blocks the root's (bcount each, or bcounts[i] at
 * displs[i] for the v versions: is_v) of btype. */
static int rooted(const char *fn, int gathering, const void *own, int count, MPI_Datatype type,
		  const void *blocks, int bcount, const int *bcounts, const int *displs,
		  MPI_Datatype btype, int root, MPI_Comm comm, MPI_Request *request, int nb,
		  int is_v)
{
	const char *why = "";
	int comm_ok, rc = prologue(fn, comm, request, nb, &comm_ok);
	if (rc)
		return rc;
	CHECK(mpii_coll_check_root(comm, root, &why));
	int is_root, member;
	mpii_coll_roles(comm, root, &is_root, &member);
	if (member && (rc = side_args(fn, comm, own, count, type, is_root)))
		return rc;
	if (is_root && (rc = blocks_check(fn, comm, bcount, bcounts, displs, btype, is_v)))
		return rc;
	/* Only the root of an intracommunicator has both buffers; own's type
	 * is read only when own is not MPI_IN_PLACE (then unchecked). */
	if (is_root && member && own != MPI_IN_PLACE &&
	    aliased(comm, own, (MPI_Count)count * type->size, blocks,
		    side_bytes(comm->size, bcount, is_v ? bcounts : NULL, btype, NULL)))
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "sendbuf and recvbuf alias (use MPI_IN_PLACE)");
	if (!is_v && !comm->is_inter &&
	    empty(comm, is_root ? (MPI_Count)bcount * btype->size : (MPI_Count)count * type->size))
		return done_empty(fn, comm, request, nb);
	if (!nb && !is_v && !comm->is_inter) {
		/* Small blocks through the segment, without the arrays. */
		mpii_lock();
		if (gathering)
			rc = mpii_shm_gather(own, count, type, (void *)blocks, bcount, btype, root, comm);
		else
			rc = mpii_shm_scatter(blocks, bcount, btype, (void *)own, count, type, root, comm);
		mpii_unlock();
		if (rc != MPII_SHM_DECLINED)
			return epilogue(fn, comm, rc, NULL, NULL);
	}
	MPI_Count *c = NULL;
	MPI_Aint *d = NULL;
	if (is_root && (rc = blocks_args(fn, comm, bcount, bcounts, displs, &c, &d)))
		return rc;
	struct mpii_request *req = NULL;
	mpii_lock();
	if (gathering)
		rc = mpii_gatherv(own, count, type, (void *)blocks, c, d, btype, root, comm,
				  nb ? &req : NULL);
	else
		rc = mpii_scatterv(blocks, c, d, btype, (void *)own, count, type, root, comm,
				   nb ? &req : NULL);
	mpii_unlock();
	free(c);
	free(d);
	return epilogue(fn, comm, rc, req, request);
}

/* gather and gatherv: rcounts/displs NULL for the fixed-size version. */
static int gather(const char *fn, const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
		  int rcount, const int *rcounts, const int *displs, MPI_Datatype rtype, int root,
		  MPI_Comm comm, MPI_Request *request, int nb, int is_v)
{
	return rooted(fn, 1, sbuf, scount, stype, rbuf, rcount, rcounts, displs, rtype, root, comm,
		      request, nb, is_v);
}

#pragma weak MPI_Gather = PMPI_Gather
int PMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
	if (quick_empty_rooted(sendbuf, sendcount, sendtype, recvcount, recvtype, root, comm))
		return MPI_SUCCESS;
	return gather("MPI_Gather", sendbuf, sendcount, sendtype, recvbuf, recvcount, NULL, NULL,
		      recvtype, root, comm, NULL, 0, 0);
}

#pragma weak MPI_Igather = PMPI_Igather
int PMPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
	return gather("MPI_Igather", sendbuf, sendcount, sendtype, recvbuf, recvcount, NULL, NULL,
		      recvtype, root, comm, request, 1, 0);
}

#pragma weak MPI_Gatherv = PMPI_Gatherv
int PMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
		 MPI_Comm comm)
{
	return gather("MPI_Gatherv", sendbuf, sendcount, sendtype, recvbuf, 0, recvcounts, displs,
		      recvtype, root, comm, NULL, 0, 1);
}

#pragma weak MPI_Igatherv = PMPI_Igatherv
int PMPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
		  MPI_Comm comm, MPI_Request *request)
{
	return gather("MPI_Igatherv", sendbuf, sendcount, sendtype, recvbuf, 0, recvcounts, displs,
		      recvtype, root, comm, request, 1, 1);
}

static int scatter(const char *fn, const void *sbuf, int scount, const int *scounts,
		   const int *displs, MPI_Datatype stype, void *rbuf, int rcount,
		   MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *request, int nb,
		   int is_v)
{
	return rooted(fn, 0, rbuf, rcount, rtype, sbuf, scount, scounts, displs, stype, root, comm,
		      request, nb, is_v);
}

#pragma weak MPI_Scatter = PMPI_Scatter
int PMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
	if (quick_empty_rooted(recvbuf, recvcount, recvtype, sendcount, sendtype, root, comm))
		return MPI_SUCCESS;
	return scatter("MPI_Scatter", sendbuf, sendcount, NULL, NULL, sendtype, recvbuf, recvcount,
		       recvtype, root, comm, NULL, 0, 0);
}

#pragma weak MPI_Iscatter = PMPI_Iscatter
int PMPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
		  MPI_Request *request)
{
	return scatter("MPI_Iscatter", sendbuf, sendcount, NULL, NULL, sendtype, recvbuf, recvcount,
		       recvtype, root, comm, request, 1, 0);
}

#pragma weak MPI_Scatterv = PMPI_Scatterv
int PMPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
		  MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
		  int root, MPI_Comm comm)
{
	return scatter("MPI_Scatterv", sendbuf, 0, sendcounts, displs, sendtype, recvbuf, recvcount,
		       recvtype, root, comm, NULL, 0, 1);
}

#pragma weak MPI_Iscatterv = PMPI_Iscatterv
int PMPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
		   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
		   int root, MPI_Comm comm, MPI_Request *request)
{
	return scatter("MPI_Iscatterv", sendbuf, 0, sendcounts, displs, sendtype, recvbuf,
		       recvcount, recvtype, root, comm, request, 1, 1);
}

static int allgather(const char *fn, const void *sbuf, int scount, MPI_Datatype stype,
		     void *rbuf, int rcount, const int *rcounts, const int *displs,
		     MPI_Datatype rtype, MPI_Comm comm, MPI_Request *request, int nb, int is_v)
{
	int comm_ok, rc = prologue(fn, comm, request, nb, &comm_ok);
	if (rc)
		return rc;
	if ((rc = side_args(fn, comm, sbuf, scount, stype, 1)))
		return rc;
	if ((rc = blocks_check(fn, comm, rcount, rcounts, displs, rtype, is_v)))
		return rc;
	if (!comm->is_inter && sbuf != MPI_IN_PLACE && rbuf != MPI_BOTTOM) {
		/* The send side moves sbytes; the receive side as many into
		 * this rank's own block (the type-signature rule), so that is
		 * the bytes compared for both.  unsigned: only compared, and
		 * garbage displacements must not overflow. */
		MPI_Count sbytes = (MPI_Count)scount * stype->size;
		uint64_t own = (uint64_t)(is_v ? (int64_t)displs[comm->rank]
					       : (int64_t)comm->rank * rcount) *
			       (uint64_t)rtype->extent;
		if (aliased(comm, sbuf, sbytes, rbuf, sbytes) ||
		    aliased(comm, sbuf, sbytes, (const void *)(uintptr_t)((uintptr_t)rbuf + own),
			    sbytes))
			return mpii_err(comm, MPI_ERR_BUFFER, fn,
					"sendbuf is this rank's block of recvbuf (use MPI_IN_PLACE)");
	}
	if (!is_v && empty(comm, (MPI_Count)rcount * rtype->size))
		return done_empty(fn, comm, request, nb);
	if (!nb && !is_v && !comm->is_inter) {
		mpii_lock();
		rc = mpii_shm_allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
		if (rc == MPII_SHM_DECLINED)
			rc = mpii_shm_allgather_large(sbuf, scount, stype, rbuf, rcount, rtype, comm);
		mpii_unlock();
		if (rc != MPII_SHM_DECLINED)
			return epilogue(fn, comm, rc, NULL, NULL);
	}
	MPI_Count *c = NULL;
	MPI_Aint *d = NULL;
	if ((rc = blocks_args(fn, comm, rcount, rcounts, displs, &c, &d)))
		return rc;
	struct mpii_request *req = NULL;
	mpii_lock();
	rc = mpii_allgatherv(sbuf, scount, stype, rbuf, c, d, rtype, comm, nb ? &req : NULL);
	mpii_unlock();
	free(c);
	free(d);
	return epilogue(fn, comm, rc, req, request);
}

#pragma weak MPI_Allgather = PMPI_Allgather
int PMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		   int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	if (quick_empty_all(sendbuf, sendcount, sendtype, recvcount, recvtype, comm))
		return MPI_SUCCESS;
	return allgather("MPI_Allgather", sendbuf, sendcount, sendtype, recvbuf, recvcount, NULL,
			 NULL, recvtype, comm, NULL, 0, 0);
}

#pragma weak MPI_Iallgather = PMPI_Iallgather
int PMPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	return allgather("MPI_Iallgather", sendbuf, sendcount, sendtype, recvbuf, recvcount, NULL,
			 NULL, recvtype, comm, request, 1, 0);
}

#pragma weak MPI_Allgatherv = PMPI_Allgatherv
int PMPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		    const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
	return allgather("MPI_Allgatherv", sendbuf, sendcount, sendtype, recvbuf, 0, recvcounts,
			 displs, recvtype, comm, NULL, 0, 1);
}

#pragma weak MPI_Iallgatherv = PMPI_Iallgatherv
int PMPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
		     MPI_Comm comm, MPI_Request *request)
{
	return allgather("MPI_Iallgatherv", sendbuf, sendcount, sendtype, recvbuf, 0, recvcounts,
			 displs, recvtype, comm, request, 1, 1);
}

/* alltoall, alltoallv, alltoallw: kind 0, 1, 2. */
static int alltoall(const char *fn, int kind, const void *sbuf, int scount, const int *scounts,
		    const int *sdispls, const MPI_Datatype *stypes, MPI_Datatype stype,
		    void *rbuf, int rcount, const int *rcounts, const int *rdispls,
		    const MPI_Datatype *rtypes, MPI_Datatype rtype, MPI_Comm comm,
		    MPI_Request *request, int nb)
{
	const char *why = "";
	int comm_ok, rc = prologue(fn, comm, request, nb, &comm_ok);
	if (rc)
		return rc;
	int n = mpii_comm_peer_size(comm);
	int in_place = sbuf == MPI_IN_PLACE;
	CHECK(mpii_coll_check_in_place(comm, sbuf, &why));
	if (kind == 0) {
		if (!in_place)
			CHECK(mpii_coll_check_buf(scount, stype, &why));
		CHECK(mpii_coll_check_buf(rcount, rtype, &why));
	} else {
		if (!in_place)
			CHECK(mpii_coll_check_counts(scounts, n, &why));
		CHECK(mpii_coll_check_counts(rcounts, n, &why));
		if ((!in_place && !sdispls) || !rdispls)
			return mpii_err(comm, MPI_ERR_ARG, fn, "displacements are NULL");
		if (kind == 1) {
			if (!in_place)
				CHECK(mpii_coll_check_buf(0, stype, &why));
			CHECK(mpii_coll_check_buf(0, rtype, &why));
		} else {
			if ((!in_place && !stypes) || !rtypes)
				return mpii_err(comm, MPI_ERR_ARG, fn, "type arrays are NULL");
			for (int i = 0; i < n; i++) {
				if (!in_place)
					CHECK(mpii_coll_check_buf(0, stypes[i], &why));
				CHECK(mpii_coll_check_buf(0, rtypes[i], &why));
			}
		}
	}
	if (!in_place && !comm->is_inter &&
	    aliased(comm, sbuf, side_bytes(n, scount, scounts, stype, stypes), rbuf,
		    side_bytes(n, rcount, rcounts, rtype, rtypes)))
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "sendbuf and recvbuf alias (use MPI_IN_PLACE)");
	if (kind == 0 && empty(comm, (MPI_Count)rcount * rtype->size))
		return done_empty(fn, comm, request, nb);
	if (kind == 0 && !nb && !comm->is_inter) {
		mpii_lock();
		rc = mpii_shm_alltoall(sbuf, scount, stype, rbuf, rcount, rtype, comm);
		mpii_unlock();
		if (rc != MPII_SHM_DECLINED)
			return epilogue(fn, comm, rc, NULL, NULL);
	}
	MPI_Count *sc = NULL, *rc_ = mpii_coll_counts(n, rcounts, rcount);
	MPI_Aint *sd = NULL, *rd = NULL;
	struct mpii_datatype **st = calloc((size_t)n + 1, sizeof(*st));
	struct mpii_datatype **rt = calloc((size_t)n + 1, sizeof(*rt));
	if (kind == 2)
		rd = mpii_coll_displs(n, rdispls, 0, 1);
	else
		rd = mpii_coll_displs(n, rdispls, rcount, rtype->extent);
	if (!in_place) {
		sc = mpii_coll_counts(n, scounts, scount);
		if (kind == 2)
			sd = mpii_coll_displs(n, sdispls, 0, 1);
		else
			sd = mpii_coll_displs(n, sdispls, scount, stype->extent);
	}
	int ok = rc_ && rd && st && rt && (in_place || (sc && sd));
	if (ok)
		for (int i = 0; i < n; i++) {
			rt[i] = kind == 2 ? rtypes[i] : rtype;
			st[i] = in_place ? NULL : kind == 2 ? stypes[i] : stype;
		}
	struct mpii_request *req = NULL;
	rc = MPI_ERR_NO_MEM;
	if (ok) {
		mpii_lock();
		rc = mpii_alltoallw(sbuf, sc, sd, st, rbuf, rc_, rd, rt, comm, nb ? &req : NULL);
		mpii_unlock();
	}
	free(sc);
	free(rc_);
	free(sd);
	free(rd);
	free(st);
	free(rt);
	return epilogue(fn, comm, rc, req, request);
}

#pragma weak MPI_Alltoall = PMPI_Alltoall
int PMPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
	if (quick_empty_all(sendbuf, sendcount, sendtype, recvcount, recvtype, comm))
		return MPI_SUCCESS;
	return alltoall("MPI_Alltoall", 0, sendbuf, sendcount, NULL, NULL, NULL, sendtype, recvbuf,
			recvcount, NULL, NULL, NULL, recvtype, comm, NULL, 0);
}

#pragma weak MPI_Ialltoall = PMPI_Ialltoall
int PMPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
		   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	return alltoall("MPI_Ialltoall", 0, sendbuf, sendcount, NULL, NULL, NULL, sendtype, recvbuf,
			recvcount, NULL, NULL, NULL, recvtype, comm, request, 1);
}

#pragma weak MPI_Alltoallv = PMPI_Alltoallv
int PMPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
		   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
		   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
	return alltoall("MPI_Alltoallv", 1, sendbuf, 0, sendcounts, sdispls, NULL, sendtype, recvbuf,
			0, recvcounts, rdispls, NULL, recvtype, comm, NULL, 0);
}

#pragma weak MPI_Ialltoallv = PMPI_Ialltoallv
int PMPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
		    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
		    const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
	return alltoall("MPI_Ialltoallv", 1, sendbuf, 0, sendcounts, sdispls, NULL, sendtype,
			recvbuf, 0, recvcounts, rdispls, NULL, recvtype, comm, request, 1);
}

#pragma weak MPI_Alltoallw = PMPI_Alltoallw
int PMPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
		   const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
		   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
	return alltoall("MPI_Alltoallw", 2, sendbuf, 0, sendcounts, sdispls, sendtypes, NULL,
			recvbuf, 0, recvcounts, rdispls, recvtypes, NULL, comm, NULL, 0);
}

#pragma weak MPI_Ialltoallw = PMPI_Ialltoallw
int PMPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
		    const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
		    const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
		    MPI_Request *request)
{
	return alltoall("MPI_Ialltoallw", 2, sendbuf, 0, sendcounts, sdispls, sendtypes, NULL,
			recvbuf, 0, recvcounts, rdispls, recvtypes, NULL, comm, request, 1);
}

/* reduce, allreduce, scan, exscan: which = 0, 1, 2, 3. */
static int reduction(const char *fn, int which, const void *sbuf, void *rbuf, int count,
		     MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm, MPI_Request *request,
		     int nb)
{
	const char *why = "";
	int comm_ok, rc = prologue(fn, comm, request, nb, &comm_ok);
	if (rc)
		return rc;
	if (which >= 2 && comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "not defined on an intercommunicator");
	int is_root = 1, member = 1;
	if (which == 0) {
		CHECK(mpii_coll_check_root(comm, root, &why));
		mpii_coll_roles(comm, root, &is_root, &member);
	}
	/* In the root's group of an intercommunicator, the ranks that pass
	 * MPI_PROC_NULL take no part and only root is significant (MPI-3.1
	 * 5.9.1): their other arguments are not checked (mpi4py passes NULL,
	 * 0, MPI_BYTE with the op, which MPICH accepts; checking the op
	 * against MPI_BYTE had failed those ranks alone and hung the
	 * others).  They still make their (empty) schedule below, which
	 * keeps the communicator's collective sequence in step. */
	if (which == 0 && comm->is_inter && root == MPI_PROC_NULL) {
		/* Insignificant: an empty reduction of valid objects. */
		sbuf = rbuf = NULL;
		count = 0;
		dt = MPI_BYTE;
		op = MPI_BAND;  /* defined on MPI_BYTE */
	}
	CHECK(mpii_coll_check_buf(count, dt, &why));
	CHECK(mpii_coll_check_op(op, dt, &why));
	if (member)
		CHECK(mpii_coll_check_in_place(comm, sbuf, &why));
	/* Off the root a send buffer that moves no bytes is not read, so
	 * MPI_IN_PLACE there is no error (as in MPICH): only where bytes move
	 * is it one this rank alone sees (docs/collectives.md). */
	if (member && sbuf == MPI_IN_PLACE && !is_root && (MPI_Count)count * dt->size > 0)
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "MPI_IN_PLACE is only legal at the root");
	/* Not aliased(): MPI_BOTTOM (NULL) as both buffers with data is
	 * refused here as before. */
	if ((MPI_Count)count * dt->size > 0 && sbuf == rbuf && member && is_root)
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "sendbuf and recvbuf alias (use MPI_IN_PLACE)");
	if (empty(comm, (MPI_Count)count * dt->size))
		return done_empty(fn, comm, request, nb);
	struct mpii_request *req = NULL, **rp = nb ? &req : NULL;
	mpii_lock();
	switch (which) {
	case 0: rc = mpii_reduce(sbuf, rbuf, count, dt, op, root, comm, rp); break;
	case 1: rc = mpii_allreduce(sbuf, rbuf, count, dt, op, comm, rp); break;
	default: rc = mpii_scan(sbuf, rbuf, count, dt, op, which == 3, comm, rp); break;
	}
	mpii_unlock();
	return epilogue(fn, comm, rc, req, request);
}

#pragma weak MPI_Reduce = PMPI_Reduce
int PMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
		int root, MPI_Comm comm)
{
	if (quick_empty_reduce(count, datatype, op, root, comm))
		return MPI_SUCCESS;
	return reduction("MPI_Reduce", 0, sendbuf, recvbuf, count, datatype, op, root, comm, NULL, 0);
}

#pragma weak MPI_Ireduce = PMPI_Ireduce
int PMPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
		 MPI_Op op, int root, MPI_Comm comm, MPI_Request *request)
{
	return reduction("MPI_Ireduce", 0, sendbuf, recvbuf, count, datatype, op, root, comm,
			 request, 1);
}

#pragma weak MPI_Allreduce = PMPI_Allreduce
int PMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
		   MPI_Op op, MPI_Comm comm)
{
	if (quick_empty_allreduce(count, datatype, op, comm))
		return MPI_SUCCESS;
	return reduction("MPI_Allreduce", 1, sendbuf, recvbuf, count, datatype, op, 0, comm, NULL,
			 0);
}

#pragma weak MPI_Iallreduce = PMPI_Iallreduce
int PMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
		    MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
	return reduction("MPI_Iallreduce", 1, sendbuf, recvbuf, count, datatype, op, 0, comm,
			 request, 1);
}

#pragma weak MPI_Scan = PMPI_Scan
int PMPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
	      MPI_Comm comm)
{
	return reduction("MPI_Scan", 2, sendbuf, recvbuf, count, datatype, op, 0, comm, NULL, 0);
}

#pragma weak MPI_Iscan = PMPI_Iscan
int PMPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
	       MPI_Comm comm, MPI_Request *request)
{
	return reduction("MPI_Iscan", 2, sendbuf, recvbuf, count, datatype, op, 0, comm, request, 1);
}

#pragma weak MPI_Exscan = PMPI_Exscan
int PMPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
		MPI_Comm comm)
{
	return reduction("MPI_Exscan", 3, sendbuf, recvbuf, count, datatype, op, 0, comm, NULL, 0);
}

#pragma weak MPI_Iexscan = PMPI_Iexscan
int PMPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
		 MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
	return reduction("MPI_Iexscan", 3, sendbuf, recvbuf, count, datatype, op, 0, comm, request,
			 1);
}

/* The elements of a reduce_scatter's vector: the sum of counts (the same
 * array on every member), or count per member. */
static MPI_Count total_count(MPI_Comm comm, const int *counts, int count)
{
	if (!counts)
		return (MPI_Count)count * comm->size;
	MPI_Count total = 0;
	for (int i = 0; i < comm->size; i++)
		total += counts[i];
	return total;
}

/* reduce_scatter (is_v: rcounts, one per member) and reduce_scatter_block
 * (rcount each). */
static int reduce_scatter(const char *fn, const void *sbuf, void *rbuf, int rcount,
			  const int *rcounts, MPI_Datatype dt, MPI_Op op, MPI_Comm comm,
			  MPI_Request *request, int nb, int is_v)
{
	const char *why = "";
	int comm_ok, rc = prologue(fn, comm, request, nb, &comm_ok);
	if (rc)
		return rc;
	if (is_v && !rcounts)
		return mpii_err(comm, MPI_ERR_ARG, fn, "recvcounts is NULL");
	CHECK(mpii_coll_check_in_place(comm, sbuf, &why));
	CHECK(mpii_coll_check_buf(rcounts ? 0 : rcount, dt, &why));
	if (rcounts)
		CHECK(mpii_coll_check_counts(rcounts, comm->size, &why));
	CHECK(mpii_coll_check_op(op, dt, &why));
	/* sbuf holds every member's block, rbuf this rank's */
	if (!comm->is_inter &&
	    aliased(comm, sbuf, total_count(comm, rcounts, rcount) * dt->size, rbuf,
		    (MPI_Count)(rcounts ? rcounts[comm->rank] : rcount) * dt->size))
		return mpii_err(comm, MPI_ERR_BUFFER, fn, "sendbuf and recvbuf alias (use MPI_IN_PLACE)");
	if (empty(comm, (MPI_Count)total_count(comm, rcounts, rcount) * dt->size))
		return done_empty(fn, comm, request, nb);
	if (!nb && !comm->is_inter) {
		mpii_lock();
		rc = mpii_shm_reduce_scatter(sbuf, rbuf, rcounts, rcount, dt, op, comm);
		mpii_unlock();
		if (rc != MPII_SHM_DECLINED)
			return epilogue(fn, comm, rc, NULL, NULL);
	}
	MPI_Count *c = mpii_coll_counts(comm->size, rcounts, rcount);
	if (!c)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	struct mpii_request *req = NULL;
	mpii_lock();
	rc = mpii_reduce_scatter(sbuf, rbuf, c, dt, op, comm, nb ? &req : NULL);
	mpii_unlock();
	free(c);
	return epilogue(fn, comm, rc, req, request);
}

#pragma weak MPI_Reduce_scatter = PMPI_Reduce_scatter
int PMPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
			MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
	if (quick_empty_reduce_scatter(recvcounts, 1, datatype, op, comm))
		return MPI_SUCCESS;
	return reduce_scatter("MPI_Reduce_scatter", sendbuf, recvbuf, 0, recvcounts, datatype, op,
			      comm, NULL, 0, 1);
}

#pragma weak MPI_Ireduce_scatter = PMPI_Ireduce_scatter
int PMPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
			 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
	return reduce_scatter("MPI_Ireduce_scatter", sendbuf, recvbuf, 0, recvcounts, datatype, op,
			      comm, request, 1, 1);
}

#pragma weak MPI_Reduce_scatter_block = PMPI_Reduce_scatter_block
int PMPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
			      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
	if (quick_empty_reduce_scatter(&recvcount, 0, datatype, op, comm))
		return MPI_SUCCESS;
	return reduce_scatter("MPI_Reduce_scatter_block", sendbuf, recvbuf, recvcount, NULL,
			      datatype, op, comm, NULL, 0, 0);
}

#pragma weak MPI_Ireduce_scatter_block = PMPI_Ireduce_scatter_block
int PMPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
			       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
			       MPI_Request *request)
{
	return reduce_scatter("MPI_Ireduce_scatter_block", sendbuf, recvbuf, recvcount, NULL,
			      datatype, op, comm, request, 1, 0);
}
