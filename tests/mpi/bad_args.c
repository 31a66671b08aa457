/* Description: bad arguments the MPICH suite's errors directory tries,
 * each answered with an error class through MPI_ERRORS_RETURN, alike on
 * every member so no collective is left half started: MPI_Comm_create
 * with a group that is not a subgroup of the communicator's (every member
 * gets MPI_ERR_GROUP; it used to create a communicator from the part it
 * could find), MPI_Group_range_incl/excl with a NULL newgroup and ranges
 * that are also invalid (MPI_ERR_ARG first, as MPICH), a message that
 * ends inside a basic element of the receive type (3 chars into ints,
 * eager and rendezvous: MPI_ERR_TYPE; it used to succeed) while whole
 * elements still arrive fine; collectives whose send buffer is the
 * receive buffer (or, for allgather, this rank's block of it): MPI_ERR_BUFFER
 * on every rank that passes them, blocking and nonblocking, and then the
 * same collectives with proper buffers still work (MPICH's
 * errors/coll/noalias*: the root's aliased MPI_Gather used to wait forever
 * for ranks that do not call it, and an accepted MPI_Iallgather crashed a
 * later collective); MPI_Reduce_local with inbuf == inoutbuf.
 * np: 1 4
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Group world, high;
	TEST_MPI(MPI_Comm_group(MPI_COMM_WORLD, &world));

	/* the upper half of world is not in the lower half's communicator */
	MPI_Comm low;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, rank < (size + 1) / 2, rank, &low));
	MPI_Comm_set_errhandler(low, MPI_ERRORS_RETURN);
	int ranges[1][3] = { { size / 2, size - 1, 1 } };
	TEST_MPI(MPI_Group_range_incl(world, 1, ranges, &high));
	if (rank < (size + 1) / 2 && size > 1) {
		MPI_Comm bad = MPI_COMM_WORLD;
		int rc = MPI_Comm_create(low, high, &bad), cls;
		MPI_Error_class(rc, &cls);
		TEST_CHECK(cls == MPI_ERR_GROUP);
		TEST_CHECK(bad == MPI_COMM_WORLD);   /* untouched */
	}
	/* a subgroup still works, on the same communicator */
	MPI_Group lowgroup, first;
	TEST_MPI(MPI_Comm_group(low, &lowgroup));
	int zero = 0;
	TEST_MPI(MPI_Group_incl(lowgroup, 1, &zero, &first));
	MPI_Comm one;
	TEST_MPI(MPI_Comm_create(low, first, &one));
	int lrank;
	MPI_Comm_rank(low, &lrank);
	TEST_CHECK((lrank == 0) == (one != MPI_COMM_NULL));
	if (one != MPI_COMM_NULL)
		MPI_Comm_free(&one);

	/* NULL newgroup with ranges past the group's end */
	int past[1][3] = { { 1, size, 1 } };
	int cls;
	MPI_Error_class(MPI_Group_range_incl(world, 1, past, NULL), &cls);
	TEST_CHECK(cls == MPI_ERR_ARG);
	MPI_Error_class(MPI_Group_range_excl(world, 1, past, NULL), &cls);
	TEST_CHECK(cls == MPI_ERR_ARG);

	/* message signatures: rank 0 receives from the last rank */
	int last = size - 1;
	char chars[3] = { 1, 2, 3 };
	int ints[4];
	static char big[100003];
	static int bigints[25001];
	MPI_Request rq[4];
	MPI_Status st;
	if (rank == last) {
		TEST_MPI(MPI_Isend(chars, 3, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &rq[0]));
		TEST_MPI(MPI_Isend(ints, 2, MPI_INT, 0, 2, MPI_COMM_WORLD, &rq[1]));
		TEST_MPI(MPI_Isend(big, (int)sizeof(big), MPI_CHAR, 0, 3, MPI_COMM_WORLD, &rq[2]));
		TEST_MPI(MPI_Isend(chars, 3, MPI_CHAR, 0, 4, MPI_COMM_WORLD, &rq[3]));
	}
	if (rank == 0) {
		MPI_Error_class(MPI_Recv(ints, 4, MPI_INT, last, 1, MPI_COMM_WORLD, &st), &cls);
		TEST_CHECK(cls == MPI_ERR_TYPE);
		TEST_MPI(MPI_Recv(ints, 4, MPI_INT, last, 2, MPI_COMM_WORLD, &st));
		int n;
		MPI_Get_count(&st, MPI_INT, &n);
		TEST_CHECK(n == 2);
		MPI_Error_class(MPI_Recv(bigints, 25001, MPI_INT, last, 3, MPI_COMM_WORLD, &st), &cls);
		TEST_CHECK(cls == MPI_ERR_TYPE);
		TEST_MPI(MPI_Recv(ints, 4 * (int)sizeof(int), MPI_BYTE, last, 4, MPI_COMM_WORLD, &st));
	}
	if (rank == last)
		TEST_MPI(MPI_Waitall(4, rq, MPI_STATUSES_IGNORE));

	/* aliased collective buffers */
	int *buf = calloc((size_t)size * 4, sizeof(int)), *out = calloc((size_t)size * 4, sizeof(int));
	TEST_CHECK(buf && out);
	int e;
#define ALIAS(call) do { e = (call); MPI_Error_class(e, &cls); TEST_CHECK(cls == MPI_ERR_BUFFER); } while (0)
	if (rank == 0) {
		ALIAS(MPI_Gather(buf, 1, MPI_INT, buf, 1, MPI_INT, 0, MPI_COMM_WORLD));
		ALIAS(MPI_Scatter(buf, 1, MPI_INT, buf, 1, MPI_INT, 0, MPI_COMM_WORLD));
		ALIAS(MPI_Reduce(buf, buf, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD));
	}
	ALIAS(MPI_Allgather(&buf[rank], 1, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD));
	ALIAS(MPI_Alltoall(buf, 1, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD));
	ALIAS(MPI_Reduce_scatter_block(buf, buf, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
	ALIAS(MPI_Allreduce(buf, buf, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
	MPI_Request rq2 = MPI_REQUEST_NULL;
	ALIAS(MPI_Iallgather(&buf[rank], 1, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD, &rq2));
	ALIAS(MPI_Ialltoall(buf, 1, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD, &rq2));
	ALIAS(MPI_Reduce_local(buf, buf, 1, MPI_INT, MPI_SUM));
	/* the proper calls after them still match up */
	buf[0] = rank;
	TEST_MPI(MPI_Gather(buf, 1, MPI_INT, out, 1, MPI_INT, 0, MPI_COMM_WORLD));
	if (rank == 0)
		for (int r = 0; r < size; r++)
			TEST_CHECK(out[r] == r);
	TEST_MPI(MPI_Iallgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, out, 1, MPI_INT, MPI_COMM_WORLD,
				&rq2));
	TEST_MPI(MPI_Wait(&rq2, MPI_STATUS_IGNORE));
	TEST_MPI(MPI_Alltoall(buf, 1, MPI_INT, out, 1, MPI_INT, MPI_COMM_WORLD));
	free(buf);
	free(out);

	MPI_Group_free(&first);
	MPI_Group_free(&lowgroup);
	MPI_Group_free(&high);
	MPI_Group_free(&world);
	MPI_Comm_free(&low);
	MPI_Finalize();
	return 0;
}
