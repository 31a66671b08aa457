/*
 * Description: MPI_Comm_idup does not block: every rank but 0 starts an
 * idup and then sends to rank 0, which receives from all of them before it
 * starts its own idup (a blocking dup inside idup deadlocks here).  The
 * same on an intercommunicator, and with two idups in flight; the new
 * communicators carry traffic and copied attributes (issue 14.2).
 * np: 2 3 4
 */
#include <unistd.h>
#include "mpitest.h"

static int copy_fn(MPI_Comm c, int key, void *extra, void *in, void *out, int *flag)
{
	(void)c;
	(void)key;
	(void)extra;
	*(void **)out = in;
	*flag = 1;
	return MPI_SUCCESS;
}

/* the pattern on comm: ranks > 0 idup then send to 0; rank 0 receives
 * first.  Returns the new communicator after checking it. */
static MPI_Comm idup_while_p2p(MPI_Comm comm, int key)
{
	int rank, size, x;
	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &size); /* the remote size of an intercommunicator is not used */
	int inter;
	MPI_Comm_test_inter(comm, &inter);
	MPI_Comm nc, nc2;
	MPI_Request req[2];
	if (rank == 0) {
		/* on an intercommunicator the peers are the remote group's
		 * ranks > 0 and rank 0 of the other side does the same */
		int rsize = size;
		if (inter)
			MPI_Comm_remote_size(comm, &rsize);
		for (int i = 1; i < rsize; i++) {
			TEST_MPI(MPI_Recv(&x, 1, MPI_INT, i, 5, comm, MPI_STATUS_IGNORE));
			TEST_CHECK(x == i);
		}
		TEST_MPI(MPI_Comm_idup(comm, &nc, &req[0]));
		TEST_MPI(MPI_Comm_idup(comm, &nc2, &req[1]));
	} else {
		TEST_MPI(MPI_Comm_idup(comm, &nc, &req[0]));
		TEST_MPI(MPI_Comm_idup(comm, &nc2, &req[1]));
		TEST_MPI(MPI_Send(&rank, 1, MPI_INT, 0, 5, comm));
	}
	TEST_MPI(MPI_Waitall(2, req, MPI_STATUSES_IGNORE));
	TEST_CHECK(req[0] == MPI_REQUEST_NULL && req[1] == MPI_REQUEST_NULL);
	int res;
	TEST_MPI(MPI_Comm_compare(comm, nc, &res));
	TEST_CHECK(res == MPI_CONGRUENT);
	void *val;
	int flag;
	TEST_MPI(MPI_Comm_get_attr(nc, key, &val, &flag));
	TEST_CHECK(flag && val == (void *)&copy_fn);
	/* traffic on both: the sum of the ranks of the (remote) group */
	int sum = -1, want = 0, rsize = size;
	if (inter)
		MPI_Comm_remote_size(comm, &rsize);
	for (int i = 0; i < rsize; i++)
		want += i;
	TEST_MPI(MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, nc));
	TEST_CHECK(sum == want);
	TEST_MPI(MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, nc2));
	TEST_CHECK(sum == want);
	TEST_MPI(MPI_Comm_free(&nc2));
	return nc;
}

int main(int argc, char **argv)
{
	int n, w, key;
	mpitest_init(&argc, &argv, 2, &n, &w);
	alarm(30); /* the old blocking idup hangs: fail fast */
	TEST_MPI(MPI_Comm_create_keyval(copy_fn, MPI_COMM_NULL_DELETE_FN, &key, NULL));

	MPI_Comm dup;
	TEST_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
	TEST_MPI(MPI_Comm_set_attr(dup, key, (void *)&copy_fn));
	MPI_Comm nc = idup_while_p2p(dup, key);
	TEST_MPI(MPI_Comm_free(&nc));

	/* an intercommunicator of the even and the odd ranks */
	MPI_Comm local, inter;
	TEST_MPI(MPI_Comm_split(MPI_COMM_WORLD, w % 2, w, &local));
	TEST_MPI(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, !(w % 2), 4, &inter));
	TEST_MPI(MPI_Comm_set_attr(inter, key, (void *)&copy_fn));
	nc = idup_while_p2p(inter, key);
	TEST_MPI(MPI_Comm_free(&nc));
	TEST_MPI(MPI_Comm_free(&inter));
	TEST_MPI(MPI_Comm_free(&local));
	TEST_MPI(MPI_Comm_free(&dup));
	TEST_MPI(MPI_Comm_free_keyval(&key));
	MPI_Finalize();
	return 0;
}
