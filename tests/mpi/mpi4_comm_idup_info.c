/*
 * Description: MPI-4.0's MPI_Comm_idup_with_info: the new communicator,
 * usable once the request completes, has the info given (not the
 * parent's), its own context (a message on the parent does not match on
 * it) and works for point-to-point and collectives; several idups in
 * flight complete in order.  An invalid info (MPI_ERR_INFO), a NULL
 * request (MPI_ERR_ARG) go through the parent's handler; an invalid
 * communicator (MPI_ERR_COMM) through MPI_COMM_WORLD's.
 * np: 1 2 3
 */
#include "mpitest.h"

static int handled;
static void count_errs(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	(void)code;
	handled++;
}

static void check_class(int rc, int cls)
{
	int c = -1;
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
}

int main(int argc, char **argv)
{
	int rank, size, flag, sum;
	char val[MPI_MAX_INFO_VAL];
	MPI_Info info, got, pinfo;
	MPI_Comm parent, c[2];
	MPI_Request r[2];

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);

	MPI_Info_create(&pinfo);
	MPI_Info_set(pinfo, "parent_key", "p");
	MPI_Comm_dup_with_info(MPI_COMM_WORLD, pinfo, &parent);
	MPI_Info_free(&pinfo);

	MPI_Info_create(&info);
	MPI_Info_set(info, "child_key", "c");
	TEST_MPI(MPI_Comm_idup_with_info(parent, info, &c[0], &r[0]));
	TEST_MPI(MPI_Comm_idup_with_info(parent, MPI_INFO_NULL, &c[1], &r[1]));
	MPI_Info_free(&info);   /* the communicator keeps its own copy */
	TEST_MPI(MPI_Waitall(2, r, MPI_STATUSES_IGNORE));

	TEST_MPI(MPI_Comm_get_info(c[0], &got));
	TEST_MPI(MPI_Info_get(got, "child_key", sizeof(val) - 1, val, &flag));
	TEST_CHECK(flag && strcmp(val, "c") == 0);
	TEST_MPI(MPI_Info_get(got, "parent_key", sizeof(val) - 1, val, &flag));
	TEST_CHECK(!flag);
	MPI_Info_free(&got);

	/* usable, and a context of its own */
	int x = rank, y = -1;
	MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, c[0]);
	TEST_CHECK(sum == size * (size - 1) / 2);
	if (size > 1) {
		int right = (rank + 1) % size, left = (rank + size - 1) % size;
		MPI_Request s;
		MPI_Isend(&x, 1, MPI_INT, right, 3, parent, &s);
		MPI_Iprobe(left, 3, c[0], &flag, MPI_STATUS_IGNORE);
		MPI_Recv(&y, 1, MPI_INT, left, 3, parent, MPI_STATUS_IGNORE);
		TEST_CHECK(!flag && y == left);
		MPI_Wait(&s, MPI_STATUS_IGNORE);
	}
	MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_MAX, c[1]);
	TEST_CHECK(sum == size - 1);

	/* bad arguments */
	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errs, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(parent, eh));
	MPI_Comm bad;
	MPI_Request br;
	check_class(MPI_Comm_idup_with_info(parent, (MPI_Info)&x, &bad, &br), MPI_ERR_INFO);
	check_class(MPI_Comm_idup_with_info(parent, MPI_INFO_NULL, &bad, NULL), MPI_ERR_ARG);
	check_class(MPI_Comm_idup_with_info(parent, MPI_INFO_NULL, NULL, &br), MPI_ERR_ARG);
	TEST_CHECK(handled == 3);
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	check_class(MPI_Comm_idup_with_info(MPI_COMM_NULL, MPI_INFO_NULL, &bad, &br), MPI_ERR_COMM);
	TEST_CHECK(handled == 4);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);

	MPI_Comm_free(&c[0]);
	MPI_Comm_free(&c[1]);
	MPI_Comm_free(&parent);
	MPI_Finalize();
	return 0;
}
