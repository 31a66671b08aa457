/*
 * perf/thread_pingpong.c - ping-pong latency and message rate with threads.
 *
 *   mpirun-shm -n 2 perf/thread_pingpong [single|multiple] [threads] [iters] [bytes]
 *
 * "single" initialises MPI_THREAD_SINGLE (threads must be 1); "multiple"
 * initialises MPI_THREAD_MULTIPLE.  Each thread t of rank 0 ping-pongs with
 * thread t of rank 1 on tag t.  Rank 0 prints the mean one-way latency seen
 * by the threads and the aggregate message rate (messages per second, both
 * directions counted).
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int rank, iters, bytes;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *pingpong(void *arg)
{
	int t = (int)(long)arg, peer = 1 - rank;
	char *buf = calloc(1, bytes ? (size_t)bytes : 1);
	int warm = iters / 10;
	for (int i = 0; i < iters + warm; i++) {
		if (rank == 0) {
			MPI_Send(buf, bytes, MPI_BYTE, peer, t, MPI_COMM_WORLD);
			MPI_Recv(buf, bytes, MPI_BYTE, peer, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else {
			MPI_Recv(buf, bytes, MPI_BYTE, peer, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Send(buf, bytes, MPI_BYTE, peer, t, MPI_COMM_WORLD);
		}
	}
	free(buf);
	return NULL;
}

int main(int argc, char **argv)
{
	int multiple = argc > 1 && strcmp(argv[1], "multiple") == 0;
	int nthreads = argc > 2 ? atoi(argv[2]) : 1;
	iters = argc > 3 ? atoi(argv[3]) : 100000;
	bytes = argc > 4 ? atoi(argv[4]) : 8;
	int provided;
	MPI_Init_thread(&argc, &argv, multiple ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (!multiple && nthreads != 1) {
		if (rank == 0)
			fprintf(stderr, "single needs 1 thread\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	/* Start together. */
	char b = 0;
	MPI_Sendrecv(&b, 1, MPI_BYTE, 1 - rank, 999, &b, 1, MPI_BYTE, 1 - rank, 999,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	double t0 = now();
	if (nthreads == 1) {
		pingpong((void *)0L);
	} else {
		pthread_t th[64];
		for (long t = 0; t < nthreads; t++)
			pthread_create(&th[t], NULL, pingpong, (void *)t);
		for (int t = 0; t < nthreads; t++)
			pthread_join(th[t], NULL);
	}
	double dt = now() - t0;
	long total = (long)nthreads * (iters + iters / 10) * 2;
	if (rank == 0)
		printf("%-8s threads %d bytes %d: latency %.3f us, rate %.3f Mmsg/s\n",
		       multiple ? "multiple" : "single", nthreads, bytes,
		       dt / ((double)(iters + iters / 10) * 2) * 1e6, (double)total / dt * 1e-6);
	MPI_Finalize();
	return 0;
}
