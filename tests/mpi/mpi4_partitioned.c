/*
 * Description: MPI-4.0 partitioned point-to-point between ranks 0 and 1:
 * MPI_Psend_init/MPI_Precv_init, several activations with MPI_Pready,
 * MPI_Pready_range and MPI_Pready_list marking partitions out of order;
 * the receiver sees a partition (MPI_Parrived) before the whole message
 * (the sender waits for the receiver's word before it marks the last
 * partition); sender and receiver partitioned differently; threads
 * marking partitions (MPI_THREAD_MULTIPLE, when provided).  Bad
 * arguments (a partition out of range, MPI_Pready on an inactive request,
 * a partition marked twice) are error classes through the communicator's
 * handler.
 * np: 2
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define P 8
#define N 1000   /* ints per partition */

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

static int rank;
static int buf[P * N];

struct filler {
	MPI_Request req;
	int first, step, round;
};

static void *fill(void *arg)
{
	struct filler *f = arg;
	for (int p = f->first; p < P; p += f->step) {
		for (int i = 0; i < N; i++)
			buf[p * N + i] = f->round * 100000 + p * N + i;
		TEST_MPI(MPI_Pready(p, f->req));
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int provided;
	MPI_Request r;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);

	/* 1. three activations, partitions marked in reverse, as a range,
	 * as a list */
	if (rank == 0)
		TEST_MPI(MPI_Psend_init(buf, P, N, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
	else
		TEST_MPI(MPI_Precv_init(buf, P, N, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
	for (int round = 0; round < 3; round++) {
		if (rank == 1)
			memset(buf, -1, sizeof(buf));
		else
			for (int i = 0; i < P * N; i++)
				buf[i] = round * 100000 + i;
		TEST_MPI(MPI_Start(&r));
		if (rank == 0) {
			if (round == 0) {
				for (int p = P - 1; p >= 0; p--)
					TEST_MPI(MPI_Pready(p, r));
			} else if (round == 1) {
				TEST_MPI(MPI_Pready_range(P / 2, P - 1, r));
				TEST_MPI(MPI_Pready_range(0, P / 2 - 1, r));
			} else {
				int list[P];
				for (int p = 0; p < P; p++)
					list[p] = (p * 3) % P;
				TEST_MPI(MPI_Pready_list(P, list, r));
			}
		}
		MPI_Status st;
		TEST_MPI(MPI_Wait(&r, &st));
		TEST_CHECK(r != MPI_REQUEST_NULL);
		if (rank == 1) {
			int n = -1;
			MPI_Get_count(&st, MPI_INT, &n);
			TEST_CHECK(n == P * N);
			for (int i = 0; i < P * N; i++)
				TEST_CHECK(buf[i] == round * 100000 + i);
		}
	}
	TEST_MPI(MPI_Request_free(&r));

	/* 2. a partition arrives before the whole message */
	if (rank == 0) {
		TEST_MPI(MPI_Psend_init(buf, P, N, MPI_INT, 1, 8, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
		TEST_MPI(MPI_Start(&r));
		TEST_MPI(MPI_Pready(2, r));
		MPI_Recv(NULL, 0, MPI_INT, 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		for (int p = 0; p < P; p++)
			if (p != 2)
				TEST_MPI(MPI_Pready(p, r));
	} else {
		int flag = 0, other = 1;
		TEST_MPI(MPI_Precv_init(buf, P, N, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
		TEST_MPI(MPI_Start(&r));
		while (!flag)
			TEST_MPI(MPI_Parrived(r, 2, &flag));
		TEST_MPI(MPI_Parrived(r, 5, &other));
		TEST_CHECK(other == 0);   /* not marked ready yet */
		MPI_Send(NULL, 0, MPI_INT, 0, 99, MPI_COMM_WORLD);
	}
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	if (rank == 1) {
		int flag = 0;
		/* inactive: MPI_Parrived is an error, below; complete data */
		for (int i = 0; i < P * N; i++)
			TEST_CHECK(buf[i] == 2 * 100000 + i);
		(void)flag;
	}
	TEST_MPI(MPI_Request_free(&r));

	/* 3. different partitioning: 8 partitions sent, 2 received */
	if (rank == 0)
		for (int i = 0; i < P * N; i++)
			buf[i] = 7 * i;
	else
		memset(buf, -1, sizeof(buf));
	if (rank == 0)
		TEST_MPI(MPI_Psend_init(buf, P, N, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
	else
		TEST_MPI(MPI_Precv_init(buf, 2, P * N / 2, MPI_INT, 0, 9, MPI_COMM_WORLD,
					MPI_INFO_NULL, &r));
	TEST_MPI(MPI_Start(&r));
	if (rank == 0)
		TEST_MPI(MPI_Pready_range(0, P - 1, r));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	if (rank == 1)
		for (int i = 0; i < P * N; i++)
			TEST_CHECK(buf[i] == 7 * i);
	TEST_MPI(MPI_Request_free(&r));

	/* 4. four threads mark the partitions */
	if (provided == MPI_THREAD_MULTIPLE) {
		if (rank == 0)
			TEST_MPI(MPI_Psend_init(buf, P, N, MPI_INT, 1, 10, MPI_COMM_WORLD,
						MPI_INFO_NULL, &r));
		else
			TEST_MPI(MPI_Precv_init(buf, P, N, MPI_INT, 0, 10, MPI_COMM_WORLD,
						MPI_INFO_NULL, &r));
		for (int round = 0; round < 2; round++) {
			if (rank == 1)
				memset(buf, -1, sizeof(buf));
			TEST_MPI(MPI_Start(&r));
			if (rank == 0) {
				pthread_t t[4];
				struct filler f[4];
				for (int k = 0; k < 4; k++) {
					f[k] = (struct filler){ r, k, 4, round };
					pthread_create(&t[k], NULL, fill, &f[k]);
				}
				for (int k = 0; k < 4; k++)
					pthread_join(t[k], NULL);
			}
			TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
			if (rank == 1)
				for (int i = 0; i < P * N; i++)
					TEST_CHECK(buf[i] == round * 100000 + i);
		}
		TEST_MPI(MPI_Request_free(&r));
	}

	/* 5. bad arguments */
	MPI_Errhandler eh;
	MPI_Comm_create_errhandler(count_errs, &eh);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
	handled = 0;
	if (rank == 0) {
		TEST_MPI(MPI_Psend_init(buf, P, N, MPI_INT, 1, 11, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
		check_class(MPI_Pready(0, r), MPI_ERR_REQUEST);   /* inactive */
		TEST_MPI(MPI_Start(&r));
		check_class(MPI_Pready(P, r), MPI_ERR_ARG);
		check_class(MPI_Pready(-1, r), MPI_ERR_ARG);
		check_class(MPI_Pready_range(0, P, r), MPI_ERR_ARG);
		int badlist[2] = { 0, P + 3 };
		check_class(MPI_Pready_list(2, badlist, r), MPI_ERR_ARG);
		check_class(MPI_Start(&r), MPI_ERR_REQUEST);       /* active */
		TEST_MPI(MPI_Pready_range(0, P - 1, r));
		check_class(MPI_Pready(1, r), MPI_ERR_REQUEST);   /* twice */
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_CHECK(handled == 7);
	} else {
		int flag;
		TEST_MPI(MPI_Precv_init(buf, P, N, MPI_INT, 0, 11, MPI_COMM_WORLD, MPI_INFO_NULL, &r));
		check_class(MPI_Parrived(r, 0, &flag), MPI_ERR_REQUEST);   /* inactive */
		TEST_MPI(MPI_Start(&r));
		check_class(MPI_Parrived(r, P, &flag), MPI_ERR_ARG);
		check_class(MPI_Pready(0, r), MPI_ERR_REQUEST);   /* not a send */
		check_class(MPI_Psend_init(buf, 0, N, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_INFO_NULL,
					   &r), MPI_ERR_ARG);
		check_class(MPI_Precv_init(buf, P, N, MPI_INT, 5, 1, MPI_COMM_WORLD, MPI_INFO_NULL,
					   &r), MPI_ERR_RANK);
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_CHECK(handled == 5);
	}
	TEST_MPI(MPI_Request_free(&r));
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);
	MPI_Finalize();
	return 0;
}
