/*
 * Description: persistent buffered sends reclaim the space of delivered
 * copies in time (issue 14.6).  One thread: a buffer with room for one
 * 1 MiB copy, 12 Bsend_init/Start/Wait in a row while the receiver has
 * posted its receives, the sender staying out of MPI between them; then
 * four threads per rank under MPI_THREAD_MULTIPLE with room for one copy
 * per thread, three rounds.  A start that cannot fit says so, not "not an
 * inactive persistent request".
 * np: 2
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

#define BIG (1 << 18)   /* ints: 1 MiB */
#define NTHR 4
#define ITER 8
#define COUNT 16384     /* ints per threaded message: 64 KiB */

static int w;

static void *thread_main(void *arg)
{
	int id = (int)(long)arg;
	int *buf = malloc(sizeof(int) * COUNT);
	MPI_Request r;
	for (int round = 0; round < 3; round++) {
		int tag = 100 + NTHR * round + id;
		if (w == 0)
			TEST_MPI(MPI_Bsend_init(buf, COUNT, MPI_INT, 1, tag, MPI_COMM_WORLD, &r));
		else
			TEST_MPI(MPI_Recv_init(buf, COUNT, MPI_INT, 0, tag, MPI_COMM_WORLD, &r));
		for (int i = 0; i < ITER; i++) {
			if (w == 0)
				for (int k = 0; k < COUNT; k++)
					buf[k] = k + i + id;
			TEST_MPI(MPI_Start(&r));
			TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
			if (w == 1)
				for (int k = 0; k < COUNT; k += 1001)
					TEST_CHECK(buf[k] == k + i + id);
		}
		TEST_MPI(MPI_Request_free(&r));
	}
	free(buf);
	return NULL;
}

int main(int argc, char **argv)
{
	int n, provided;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	MPI_Comm_rank(MPI_COMM_WORLD, &w);
	TEST_CHECK(provided == MPI_THREAD_MULTIPLE);

	/* one thread, room for one copy */
	int *data = malloc(sizeof(int) * BIG);
	int size = (int)sizeof(int) * BIG + MPI_BSEND_OVERHEAD;
	char *attach = malloc((size_t)size);
	MPI_Request r, rr[12];
	if (w == 0) {
		TEST_MPI(MPI_Buffer_attach(attach, size));
		TEST_MPI(MPI_Bsend_init(data, BIG, MPI_INT, 1, 7, MPI_COMM_WORLD, &r));
		for (int i = 0; i < 12; i++) {
			data[0] = i;
			TEST_MPI(MPI_Start(&r));
			TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
			usleep(20000); /* out of MPI: the receiver takes the copy */
		}
		TEST_MPI(MPI_Request_free(&r));
		/* a message larger than the whole buffer: a clear error */
		TEST_MPI(MPI_Bsend_init(data, BIG + 1, MPI_INT, 1, 8, MPI_COMM_WORLD, &r));
		int rc = MPI_Start(&r);
		TEST_CHECK(rc == MPI_ERR_BUFFER);
		TEST_MPI(MPI_Request_free(&r));
		void *p;
		TEST_MPI(MPI_Buffer_detach(&p, &size));
	} else {
		int *in = malloc(sizeof(int) * BIG * 12);
		for (int i = 0; i < 12; i++)
			TEST_MPI(MPI_Irecv(in + (size_t)i * BIG, BIG, MPI_INT, 0, 7, MPI_COMM_WORLD,
					   &rr[i]));
		TEST_MPI(MPI_Waitall(12, rr, MPI_STATUSES_IGNORE));
		for (int i = 0; i < 12; i++)
			TEST_CHECK(in[(size_t)i * BIG] == i);
		free(in);
	}
	free(data);
	free(attach);
	MPI_Barrier(MPI_COMM_WORLD);

	/* threads: room for one copy per thread */
	size = NTHR * ((int)sizeof(int) * COUNT + MPI_BSEND_OVERHEAD);
	attach = malloc((size_t)size);
	if (w == 0)
		TEST_MPI(MPI_Buffer_attach(attach, size));
	pthread_t t[NTHR];
	for (long i = 0; i < NTHR; i++)
		pthread_create(&t[i], NULL, thread_main, (void *)i);
	for (int i = 0; i < NTHR; i++)
		pthread_join(t[i], NULL);
	if (w == 0) {
		void *p;
		TEST_MPI(MPI_Buffer_detach(&p, &size));
	}
	free(attach);
	MPI_Finalize();
	return 0;
}
