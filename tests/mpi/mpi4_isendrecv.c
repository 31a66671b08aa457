/*
 * Description: MPI-4.0's MPI_Isendrecv and MPI_Isendrecv_replace: a ring
 * exchange (small and rendezvous-sized, and a strided type for the
 * replace form) completed by MPI_Wait, MPI_Test loops and MPI_Waitall; the
 * status is the receive's; MPI_PROC_NULL on either side; the request may be
 * freed before it completes.  Bad arguments (rank, tag, count, NULL request)
 * raise their class through the communicator's own handler, not
 * MPI_COMM_WORLD's.
 * np: 1 2 3 4
 */
#include "mpitest.h"

#define BIG (256 * 1024)

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
	int rank, size, n;
	MPI_Status st;
	MPI_Request r, rs[2];

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int right = (rank + 1) % size, left = (rank + size - 1) % size;

	int *out = malloc(BIG * sizeof(int)), *in = malloc(BIG * sizeof(int));
	TEST_CHECK(out && in);
	for (int len = 1; len <= BIG; len *= 64) {
		for (int i = 0; i < len; i++)
			out[i] = rank * 1000003 + i, in[i] = -1;
		TEST_MPI(MPI_Isendrecv(out, len, MPI_INT, right, 7, in, len, MPI_INT, left,
				       MPI_ANY_TAG, MPI_COMM_WORLD, &r));
		TEST_CHECK(r != MPI_REQUEST_NULL);
		TEST_MPI(MPI_Wait(&r, &st));
		TEST_CHECK(r == MPI_REQUEST_NULL);
		TEST_CHECK(st.MPI_SOURCE == left && st.MPI_TAG == 7);
		TEST_MPI(MPI_Get_count(&st, MPI_INT, &n));
		TEST_CHECK(n == len);
		for (int i = 0; i < len; i++)
			TEST_CHECK(in[i] == left * 1000003 + i);

		/* replace, completed by a Test loop */
		for (int i = 0; i < len; i++)
			out[i] = rank * 7 + i;
		TEST_MPI(MPI_Isendrecv_replace(out, len, MPI_INT, right, 8, left, 8,
					       MPI_COMM_WORLD, &r));
		int flag = 0;
		while (!flag)
			TEST_MPI(MPI_Test(&r, &flag, &st));
		TEST_CHECK(st.MPI_SOURCE == left && st.MPI_TAG == 8);
		for (int i = 0; i < len; i++)
			TEST_CHECK(out[i] == left * 7 + i);
	}

	/* a strided type with replace: every other int travels */
	MPI_Datatype vec;
	MPI_Type_vector(4, 1, 2, MPI_INT, &vec);
	MPI_Type_commit(&vec);
	for (int i = 0; i < 8; i++)
		out[i] = i % 2 ? -5 : rank * 10 + i;
	TEST_MPI(MPI_Isendrecv_replace(out, 1, vec, right, 9, left, 9, MPI_COMM_WORLD, &r));
	MPI_Type_free(&vec);   /* the operation keeps what it needs */
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	for (int i = 0; i < 8; i++)
		TEST_CHECK(out[i] == (i % 2 ? -5 : left * 10 + i));

	/* two at once, both directions, completed together */
	int a = rank, b = rank, fa = -1, fb = -1;
	TEST_MPI(MPI_Isendrecv(&a, 1, MPI_INT, right, 10, &fa, 1, MPI_INT, left, 10,
			       MPI_COMM_WORLD, &rs[0]));
	TEST_MPI(MPI_Isendrecv(&b, 1, MPI_INT, left, 11, &fb, 1, MPI_INT, right, 11,
			       MPI_COMM_WORLD, &rs[1]));
	TEST_MPI(MPI_Waitall(2, rs, MPI_STATUSES_IGNORE));
	TEST_CHECK(fa == left && fb == right);

	/* MPI_PROC_NULL: nothing received, the status says so */
	TEST_MPI(MPI_Isendrecv(&a, 1, MPI_INT, MPI_PROC_NULL, 0, &fa, 1, MPI_INT, MPI_PROC_NULL,
			       0, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Wait(&r, &st));
	TEST_CHECK(st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG);
	TEST_MPI(MPI_Get_count(&st, MPI_INT, &n));
	TEST_CHECK(n == 0);

	/* freed while in flight: completes on its own */
	TEST_MPI(MPI_Isendrecv(&a, 1, MPI_INT, right, 12, &fa, 1, MPI_INT, left, 12,
			       MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Request_free(&r));
	TEST_CHECK(r == MPI_REQUEST_NULL);
	MPI_Barrier(MPI_COMM_WORLD);

	/* bad arguments: through the communicator's handler */
	MPI_Comm dup;
	MPI_Errhandler eh;
	MPI_Comm_dup(MPI_COMM_WORLD, &dup);
	TEST_MPI(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errs, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(dup, eh));
	check_class(MPI_Isendrecv(&a, 1, MPI_INT, size, 0, &fa, 1, MPI_INT, left, 0, dup, &r),
		    MPI_ERR_RANK);
	check_class(MPI_Isendrecv(&a, 1, MPI_INT, right, -3, &fa, 1, MPI_INT, left, 0, dup, &r),
		    MPI_ERR_TAG);
	check_class(MPI_Isendrecv(&a, 1, MPI_INT, right, 0, &fa, -1, MPI_INT, left, 0, dup, &r),
		    MPI_ERR_COUNT);
	check_class(MPI_Isendrecv(&a, 1, MPI_INT, right, 0, &fa, 1, MPI_INT, left, 0, dup, NULL),
		    MPI_ERR_REQUEST);
	check_class(MPI_Isendrecv_replace(&a, 1, MPI_INT, right, 0, -7, 0, dup, &r),
		    MPI_ERR_RANK);
	check_class(MPI_Isendrecv_replace(&a, 1, MPI_DATATYPE_NULL, right, 0, left, 0, dup, &r),
		    MPI_ERR_TYPE);
	TEST_CHECK(handled == 6);
	MPI_Comm_free(&dup);
	MPI_Errhandler_free(&eh);

	free(out);
	free(in);
	MPI_Finalize();
	return 0;
}
