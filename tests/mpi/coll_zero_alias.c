/*
 * Description: a collective whose buffers move no bytes on this rank
 * (every count 0, or a zero-size type) accepts the same pointer as send
 * and receive buffer on every rank, as mpi4py passes one static "" for
 * every empty buffer (issue 38): each collective that takes two buffers,
 * blocking and nonblocking, neighbour ones included, returns MPI_SUCCESS
 * on every rank and none hangs (Gatherv and Scatterv had the root alone
 * raise MPI_ERR_BUFFER while the others went on).  Buffers that do move
 * bytes are still refused as aliased, on every rank that passes them.
 * np: 1 2 3
 */
#include "mpitest.h"

#define MAXN 8

static char empty[] = ""; /* the one pointer for every buffer */
static int zeros[MAXN], displs[MAXN];
static MPI_Datatype types[MAXN];
static int rank, size;

/* rc of a blocking call, or of the nonblocking call and its wait */
static void ok(int rc, MPI_Request *req, const char *what)
{
	if (rc == MPI_SUCCESS && req)
		rc = MPI_Wait(req, MPI_STATUS_IGNORE);
	if (rc != MPI_SUCCESS) {
		char msg[MPI_MAX_ERROR_STRING];
		int len;
		MPI_Error_string(rc, msg, &len);
		fprintf(stderr, "rank %d: %s: %s\n", rank, what, msg);
		mpitest_fail(what, __FILE__, __LINE__);
	}
}

/* Every collective of comm with buf as both buffers, count elements of
 * type (moving no bytes: count 0 or a zero-size type); counts is count
 * per member, types type per member. */
static void all_empty(MPI_Comm comm, void *buf, int count, MPI_Datatype type, const int *counts)
{
	MPI_Request r;
	ok(MPI_Gather(buf, count, type, buf, count, type, 0, comm), NULL, "Gather");
	ok(MPI_Igather(buf, count, type, buf, count, type, 0, comm, &r), &r, "Igather");
	ok(MPI_Gatherv(buf, count, type, buf, counts, displs, type, 0, comm), NULL, "Gatherv");
	ok(MPI_Igatherv(buf, count, type, buf, counts, displs, type, 0, comm, &r), &r, "Igatherv");
	ok(MPI_Scatter(buf, count, type, buf, count, type, 0, comm), NULL, "Scatter");
	ok(MPI_Iscatter(buf, count, type, buf, count, type, 0, comm, &r), &r, "Iscatter");
	ok(MPI_Scatterv(buf, counts, displs, type, buf, count, type, 0, comm), NULL, "Scatterv");
	ok(MPI_Iscatterv(buf, counts, displs, type, buf, count, type, 0, comm, &r), &r,
	   "Iscatterv");
	/* the last rank as root too: the root is not always rank 0 */
	ok(MPI_Gatherv(buf, count, type, buf, counts, displs, type, size - 1, comm), NULL,
	   "Gatherv root n-1");
	ok(MPI_Scatterv(buf, counts, displs, type, buf, count, type, size - 1, comm), NULL,
	   "Scatterv root n-1");
	ok(MPI_Allgather(buf, count, type, buf, count, type, comm), NULL, "Allgather");
	ok(MPI_Iallgather(buf, count, type, buf, count, type, comm, &r), &r, "Iallgather");
	ok(MPI_Allgatherv(buf, count, type, buf, counts, displs, type, comm), NULL, "Allgatherv");
	ok(MPI_Iallgatherv(buf, count, type, buf, counts, displs, type, comm, &r), &r,
	   "Iallgatherv");
	ok(MPI_Alltoall(buf, count, type, buf, count, type, comm), NULL, "Alltoall");
	ok(MPI_Ialltoall(buf, count, type, buf, count, type, comm, &r), &r, "Ialltoall");
	ok(MPI_Alltoallv(buf, counts, displs, type, buf, counts, displs, type, comm), NULL,
	   "Alltoallv");
	ok(MPI_Ialltoallv(buf, counts, displs, type, buf, counts, displs, type, comm, &r), &r,
	   "Ialltoallv");
	ok(MPI_Alltoallw(buf, counts, displs, types, buf, counts, displs, types, comm), NULL,
	   "Alltoallw");
	ok(MPI_Ialltoallw(buf, counts, displs, types, buf, counts, displs, types, comm, &r), &r,
	   "Ialltoallw");
}

/* The reductions: count elements of type, moving no bytes. */
static void reductions(MPI_Comm comm, void *buf, int count, MPI_Datatype type, MPI_Op op,
		       const int *counts)
{
	MPI_Request r;
	ok(MPI_Reduce(buf, buf, count, type, op, 0, comm), NULL, "Reduce");
	ok(MPI_Ireduce(buf, buf, count, type, op, 0, comm, &r), &r, "Ireduce");
	ok(MPI_Allreduce(buf, buf, count, type, op, comm), NULL, "Allreduce");
	ok(MPI_Iallreduce(buf, buf, count, type, op, comm, &r), &r, "Iallreduce");
	ok(MPI_Scan(buf, buf, count, type, op, comm), NULL, "Scan");
	ok(MPI_Iscan(buf, buf, count, type, op, comm, &r), &r, "Iscan");
	ok(MPI_Exscan(buf, buf, count, type, op, comm), NULL, "Exscan");
	ok(MPI_Iexscan(buf, buf, count, type, op, comm, &r), &r, "Iexscan");
	ok(MPI_Reduce_scatter(buf, buf, counts, type, op, comm), NULL, "Reduce_scatter");
	ok(MPI_Ireduce_scatter(buf, buf, counts, type, op, comm, &r), &r, "Ireduce_scatter");
	ok(MPI_Reduce_scatter_block(buf, buf, count, type, op, comm), NULL,
	   "Reduce_scatter_block");
	ok(MPI_Ireduce_scatter_block(buf, buf, count, type, op, comm, &r), &r,
	   "Ireduce_scatter_block");
	ok(MPI_Reduce_local(buf, buf, count, type, op), NULL, "Reduce_local");
}

/* The neighbour collectives of a ring (a periodic 1-d Cartesian
 * communicator: two neighbours each). */
static void neighbours(MPI_Comm cart, void *buf)
{
	MPI_Request r;
	ok(MPI_Neighbor_allgather(buf, 0, MPI_INT, buf, 0, MPI_INT, cart), NULL,
	   "Neighbor_allgather");
	ok(MPI_Ineighbor_allgather(buf, 0, MPI_INT, buf, 0, MPI_INT, cart, &r), &r,
	   "Ineighbor_allgather");
	ok(MPI_Neighbor_allgatherv(buf, 0, MPI_INT, buf, zeros, displs, MPI_INT, cart), NULL,
	   "Neighbor_allgatherv");
	ok(MPI_Ineighbor_allgatherv(buf, 0, MPI_INT, buf, zeros, displs, MPI_INT, cart, &r), &r,
	   "Ineighbor_allgatherv");
	ok(MPI_Neighbor_alltoall(buf, 0, MPI_INT, buf, 0, MPI_INT, cart), NULL,
	   "Neighbor_alltoall");
	ok(MPI_Ineighbor_alltoall(buf, 0, MPI_INT, buf, 0, MPI_INT, cart, &r), &r,
	   "Ineighbor_alltoall");
	ok(MPI_Neighbor_alltoallv(buf, zeros, displs, MPI_INT, buf, zeros, displs, MPI_INT, cart),
	   NULL, "Neighbor_alltoallv");
	ok(MPI_Ineighbor_alltoallv(buf, zeros, displs, MPI_INT, buf, zeros, displs, MPI_INT, cart,
				   &r),
	   &r, "Ineighbor_alltoallv");
	MPI_Aint adispls[MAXN] = {0};
	ok(MPI_Neighbor_alltoallw(buf, zeros, adispls, types, buf, zeros, adispls, types, cart),
	   NULL, "Neighbor_alltoallw");
	ok(MPI_Ineighbor_alltoallw(buf, zeros, adispls, types, buf, zeros, adispls, types, cart,
				   &r),
	   &r, "Ineighbor_alltoallw");
}

static void nothing(void *in, void *inout, int *len, MPI_Datatype *type)
{
	(void)in;
	(void)inout;
	(void)len;
	(void)type;
}

/* A call expected to fail with class MPI_ERR_BUFFER (aliased buffers
 * that move bytes). */
static void refused(int rc, const char *what)
{
	int cls = MPI_SUCCESS;
	MPI_Error_class(rc, &cls);
	if (cls != MPI_ERR_BUFFER) {
		fprintf(stderr, "rank %d: %s returned class %d, expected MPI_ERR_BUFFER\n", rank, what,
			cls);
		mpitest_fail(what, __FILE__, __LINE__);
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	TEST_CHECK(size <= MAXN);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	/* every count 0, one pointer */
	for (int i = 0; i < MAXN; i++)
		types[i] = MPI_INT;
	all_empty(MPI_COMM_WORLD, empty, 0, MPI_INT, zeros);
	reductions(MPI_COMM_WORLD, empty, 0, MPI_INT, MPI_SUM, zeros);

	/* nonzero counts of a zero-size type: no byte moves either */
	MPI_Datatype none;
	MPI_Type_contiguous(0, MPI_INT, &none);
	MPI_Type_commit(&none);
	int threes[MAXN];
	for (int i = 0; i < MAXN; i++) {
		threes[i] = 3;
		types[i] = none;
	}
	all_empty(MPI_COMM_WORLD, empty, 3, none, threes);
	/* a derived type: a user op is defined on every type */
	MPI_Op nop;
	MPI_Op_create(nothing, 1, &nop);
	reductions(MPI_COMM_WORLD, empty, 3, none, nop, threes);
	MPI_Op_free(&nop);
	for (int i = 0; i < MAXN; i++)
		types[i] = MPI_INT;

	MPI_Comm cart;
	int dims[1] = {size}, periods[1] = {1};
	MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
	MPI_Comm_set_errhandler(cart, MPI_ERRORS_RETURN);
	neighbours(cart, empty);
	MPI_Comm_free(&cart);

	/* Buffers that move bytes are still aliased, on every rank that
	 * passes them (all of them here, so nobody waits for another). */
	int buf[MAXN * 2] = {0}, ones[MAXN];
	for (int i = 0; i < MAXN; i++)
		ones[i] = 1;
	for (int i = 0; i < size; i++)
		displs[i] = i;
	refused(MPI_Allgather(buf + rank, 1, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD),
		"Allgather own block");
	refused(MPI_Alltoall(buf, 1, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD), "Alltoall");
	refused(MPI_Alltoallv(buf, ones, displs, MPI_INT, buf, ones, displs, MPI_INT,
			      MPI_COMM_WORLD),
		"Alltoallv");
	refused(MPI_Allreduce(buf, buf, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD), "Allreduce");
	refused(MPI_Reduce_scatter_block(buf, buf, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD),
		"Reduce_scatter_block");
	if (rank == 0) /* the root alone (MPICH's errors/coll/noalias2) */
		refused(MPI_Gather(buf, 1, MPI_INT, buf, 1, MPI_INT, 0, MPI_COMM_WORLD), "Gather root");

	MPI_Type_free(&none);
	TEST_MPI(MPI_Barrier(MPI_COMM_WORLD));
	MPI_Finalize();
	return 0;
}
