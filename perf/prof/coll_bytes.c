/*
 * coll_bytes.c - what a collective call moves, seen from the calling rank.
 *
 * "sent" is the data the rank hands to the call, "recv" the data it gets
 * back, both as count x type size at the API (MPI_IN_PLACE moves nothing
 * of its own); the algorithm's internal traffic is the library's business
 * and is not in these figures nor in the traffic matrix.  Called by the
 * blocking and nonblocking collective wrappers (wrap_mpi.c, generated from
 * the io_* rules of api/mpi.api).
 */
#include "perf/prof/prof.h"

/* Ranks a rooted or all-to-all collective talks to: the remote group of an
 * intercommunicator, else the communicator. */
static int peers(MPI_Comm comm)
{
	int inter = 0, n = 0;

	PMPI_Comm_test_inter(comm, &inter);
	if (inter)
		PMPI_Comm_remote_size(comm, &n);
	else
		PMPI_Comm_size(comm, &n);
	return n;
}

/* 1: this rank is the root; 0: another rank is; -1: takes no part
 * (MPI_PROC_NULL in the non-root group of an intercommunicator). */
static int root_role(int root, MPI_Comm comm)
{
	int inter = 0, rank = -1;

	PMPI_Comm_test_inter(comm, &inter);
	if (inter)
		return root == MPI_ROOT ? 1 : root == MPI_PROC_NULL ? -1 : 0;
	PMPI_Comm_rank(comm, &rank);
	return rank == root;
}

static uint64_t sum_bytes(const int *counts, int n, MPI_Datatype type)
{
	uint64_t s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += prof_bytes(counts[i], type);
	return s;
}

static uint64_t sum_bytes_w(const int *counts, const MPI_Datatype *types, int n)
{
	uint64_t s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += prof_bytes(counts[i], types[i]);
	return s;
}

/* In-degree and out-degree of a process topology (0, 0 without one). */
static void degrees(MPI_Comm comm, int *in, int *out)
{
	int topo = MPI_UNDEFINED, rank, weighted, nd;

	*in = *out = 0;
	if (PMPI_Topo_test(comm, &topo) != MPI_SUCCESS)
		return;
	if (topo == MPI_DIST_GRAPH) {
		PMPI_Dist_graph_neighbors_count(comm, in, out, &weighted);
	} else if (topo == MPI_GRAPH) {
		PMPI_Comm_rank(comm, &rank);
		PMPI_Graph_neighbors_count(comm, rank, in);
		*out = *in;
	} else if (topo == MPI_CART) {
		PMPI_Cartdim_get(comm, &nd);
		*in = *out = 2 * nd;
	}
}

struct prof_io prof_io_bcast(int count, MPI_Datatype type, int root, MPI_Comm comm)
{
	struct prof_io io = { 0, 0 };
	int role = root_role(root, comm);

	if (role == 1)
		io.sent = prof_bytes(count, type);
	else if (role == 0)
		io.recv = prof_bytes(count, type);
	return io;
}

/* What a rooted collective moves: gathering, the root receives and the
 * others send; scattering, the other way.  The root's side is peers(comm)
 * blocks of counts[i] (counts NULL: count each) x type; the others' (and the
 * root's own, unless in place) one block of own x own_type at own_buf. */
static struct prof_io rooted(int gathering, const void *own_buf, int own, MPI_Datatype own_type,
			     int count, const int *counts, MPI_Datatype type, int root, MPI_Comm comm)
{
	struct prof_io io = { 0, 0 };
	uint64_t at_root = 0, mine = 0;
	int role = root_role(root, comm);

	if (role < 0)
		return io;
	if (role == 1)
		at_root = counts ? sum_bytes(counts, peers(comm), type)
				 : prof_bytes(count, type) * (uint64_t)peers(comm);
	if (own_buf != MPI_IN_PLACE && (role == 0 || root != MPI_ROOT))
		mine = prof_bytes(own, own_type);
	io.recv = gathering ? at_root : mine;
	io.sent = gathering ? mine : at_root;
	return io;
}

struct prof_io prof_io_gather(const void *sbuf, int scount, MPI_Datatype stype, int rcount,
			      MPI_Datatype rtype, int root, MPI_Comm comm)
{
	return rooted(1, sbuf, scount, stype, rcount, NULL, rtype, root, comm);
}

struct prof_io prof_io_gatherv(const void *sbuf, int scount, MPI_Datatype stype,
			       const int *rcounts, MPI_Datatype rtype, int root, MPI_Comm comm)
{
	return rooted(1, sbuf, scount, stype, 0, rcounts, rtype, root, comm);
}

struct prof_io prof_io_scatter(int scount, MPI_Datatype stype, void *rbuf, int rcount,
			       MPI_Datatype rtype, int root, MPI_Comm comm)
{
	return rooted(0, rbuf, rcount, rtype, scount, NULL, stype, root, comm);
}

struct prof_io prof_io_scatterv(const int *scounts, MPI_Datatype stype, void *rbuf, int rcount,
				MPI_Datatype rtype, int root, MPI_Comm comm)
{
	return rooted(0, rbuf, rcount, rtype, 0, scounts, stype, root, comm);
}

struct prof_io prof_io_allgather(const void *sbuf, int scount, MPI_Datatype stype, int rcount,
				 MPI_Datatype rtype, MPI_Comm comm)
{
	struct prof_io io;

	io.recv = prof_bytes(rcount, rtype) * (uint64_t)peers(comm);
	io.sent = sbuf == MPI_IN_PLACE ? prof_bytes(rcount, rtype) : prof_bytes(scount, stype);
	return io;
}

struct prof_io prof_io_allgatherv(const void *sbuf, int scount, MPI_Datatype stype,
				  const int *rcounts, MPI_Datatype rtype, MPI_Comm comm)
{
	struct prof_io io;
	int rank = 0;

	io.recv = sum_bytes(rcounts, peers(comm), rtype);
	if (sbuf == MPI_IN_PLACE) {
		PMPI_Comm_rank(comm, &rank);
		io.sent = prof_bytes(rcounts[rank], rtype);
	} else {
		io.sent = prof_bytes(scount, stype);
	}
	return io;
}

struct prof_io prof_io_alltoall(const void *sbuf, int scount, MPI_Datatype stype, int rcount,
				MPI_Datatype rtype, MPI_Comm comm)
{
	struct prof_io io;
	uint64_t n = (uint64_t)peers(comm);

	io.recv = prof_bytes(rcount, rtype) * n;
	io.sent = sbuf == MPI_IN_PLACE ? io.recv : prof_bytes(scount, stype) * n;
	return io;
}

struct prof_io prof_io_alltoallv(const void *sbuf, const int *scounts, MPI_Datatype stype,
				 const int *rcounts, MPI_Datatype rtype, MPI_Comm comm)
{
	struct prof_io io;
	int n = peers(comm);

	io.recv = sum_bytes(rcounts, n, rtype);
	io.sent = sbuf == MPI_IN_PLACE ? io.recv : sum_bytes(scounts, n, stype);
	return io;
}

struct prof_io prof_io_alltoallw(const void *sbuf, const int *scounts, const MPI_Datatype *stypes,
				 const int *rcounts, const MPI_Datatype *rtypes, MPI_Comm comm)
{
	struct prof_io io;
	int n = peers(comm);

	io.recv = sum_bytes_w(rcounts, rtypes, n);
	io.sent = sbuf == MPI_IN_PLACE ? io.recv : sum_bytes_w(scounts, stypes, n);
	return io;
}

struct prof_io prof_io_reduce(const void *sbuf, int count, MPI_Datatype type, int root,
			      MPI_Comm comm)
{
	struct prof_io io = { 0, 0 };
	int role = root_role(root, comm);

	if (role < 0)
		return io;
	if (role == 1)
		io.recv = prof_bytes(count, type);
	if (sbuf != MPI_IN_PLACE && (role == 0 || root != MPI_ROOT))
		io.sent = prof_bytes(count, type);
	return io;
}

struct prof_io prof_io_allreduce(int count, MPI_Datatype type)
{
	struct prof_io io;

	io.sent = io.recv = prof_bytes(count, type);
	return io;
}

struct prof_io prof_io_reduce_scatter(const int *rcounts, MPI_Datatype type, MPI_Comm comm)
{
	struct prof_io io;
	int n = 0, rank = 0;

	PMPI_Comm_size(comm, &n);
	PMPI_Comm_rank(comm, &rank);
	io.sent = sum_bytes(rcounts, n, type);
	io.recv = prof_bytes(rcounts[rank], type);
	return io;
}

struct prof_io prof_io_reduce_scatter_block(int rcount, MPI_Datatype type, MPI_Comm comm)
{
	struct prof_io io;
	int n = 0;

	PMPI_Comm_size(comm, &n);
	io.recv = prof_bytes(rcount, type);
	io.sent = io.recv * (uint64_t)n;
	return io;
}

struct prof_io prof_io_neighbor(int scount, MPI_Datatype stype, int rcount, MPI_Datatype rtype,
				MPI_Comm comm, int alltoall)
{
	struct prof_io io;
	int in, out;

	degrees(comm, &in, &out);
	io.sent = prof_bytes(scount, stype) * (uint64_t)(alltoall ? out : (out > 0));
	io.recv = prof_bytes(rcount, rtype) * (uint64_t)in;
	return io;
}

struct prof_io prof_io_neighbor_v(int scount, const int *scounts, MPI_Datatype stype,
				  const int *rcounts, MPI_Datatype rtype, MPI_Comm comm)
{
	struct prof_io io;
	int in, out;

	degrees(comm, &in, &out);
	io.sent = scounts ? sum_bytes(scounts, out, stype) : prof_bytes(scount, stype) * (out > 0);
	io.recv = sum_bytes(rcounts, in, rtype);
	return io;
}
