/*
 * perf/handler_latency.c - latency from sending a message to its handler
 * starting on the receiver's handler thread (lib/ext/handler.c), the receiver's
 * main thread making no MPI call (it sleeps).  Rank 1 stamps
 * CLOCK_MONOTONIC into each message just before MPI_Send, waits `gap` us,
 * and repeats; rank 0 has a self-restarting persistent receive whose
 * handler takes the difference.  Same clock on one node.
 *
 *   mpirun-shm -n 2 perf/handler_latency [count [gap_us]]
 * Handler thread spinning:  -x SHMPI_HANDLER_SPIN_US=1000000
 * Handler thread sleeping:  -x SHMPI_HANDLER_SPIN_US=0 -x SHMPI_HANDLER_YIELD_US=0
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <mpi.h>

static double stamp;
static double *lat;
static int count;
static atomic_int got;

static double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

static int handler(MPI_Request *req, void *extra)
{
	(void)extra;
	double t = now_us();
	int n = atomic_load(&got);
	lat[n] = t - stamp;
	atomic_store(&got, n + 1);
	return n + 1 < count ? MPI_Start(req) : MPI_SUCCESS;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	count = argc > 1 ? atoi(argv[1]) : 2000;
	long gap = argc > 2 ? atol(argv[2]) : 200;
	if (size < 2 || count < 1) {
		if (rank == 0)
			fprintf(stderr, "handler_latency: needs 2 ranks\n");
		MPI_Finalize();
		return 0;
	}
	if (rank == 0) {
		MPI_Request r;
		lat = calloc((size_t)count, sizeof(double));
		MPI_Recv_init(&stamp, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &r);
		MPI_Post_handler(r, MPI_INFO_NULL, handler, NULL, MPI_HANDLER_DEFAULT);
		MPI_Start(&r);
		MPI_Send(&count, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); /* ready */
		struct timespec ms = { 0, 1000000 };
		while (atomic_load(&got) < count)
			nanosleep(&ms, NULL);
		qsort(lat, (size_t)count, sizeof(double), cmp);
		double sum = 0;
		for (int i = 0; i < count; i++)
			sum += lat[i];
		const char *spin = getenv("SHMPI_HANDLER_SPIN_US");
		printf("handler_latency: %d msgs, gap %ld us, SHMPI_HANDLER_SPIN_US=%s: "
		       "min %.2f median %.2f mean %.2f p90 %.2f p99 %.2f max %.2f us\n",
		       count, gap, spin ? spin : "(default 20)", lat[0], lat[count / 2], sum / count,
		       lat[count * 9 / 10], lat[count * 99 / 100], lat[count - 1]);
		MPI_Wait(&r, MPI_STATUS_IGNORE);
		MPI_Request_free(&r);
		free(lat);
	} else if (rank == 1) {
		int c;
		MPI_Recv(&c, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		struct timespec g = { 0, gap * 1000 };
		for (int i = 0; i < count; i++) {
			nanosleep(&g, NULL);
			double t = now_us();
			MPI_Send(&t, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
		}
	}
	MPI_Barrier_loose(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
