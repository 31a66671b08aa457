/*
 * Description: an MPI program for the stalled-job tests
 * (tests/launcher/stall-ask.sh, deadlock.sh).  Usage: lnch-stall MARK MODE
 * [ARG], two ranks; MARK is ignored (a word for pgrep -f).  Modes:
 *   deadlock      each rank receives from the other (tag 5): never ends
 *   late MS       rank 0 sleeps MS ms outside MPI, then sends rank 1 the
 *                 message (tag 5) it waits for in MPI_Recv
 *   file PATH     the same, rank 0 waiting outside MPI until PATH exists
 *                 (at most 20 s)
 *   slow MS N     N rounds of a ping-pong, each side computing (sleeping)
 *                 MS ms before it answers
 * Every mode that ends prints "R done" and exits 0.
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <mpi.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000 + (double)ts.tv_nsec / 1e6;
}

/* Sleep ms outside MPI; a signal (the stuck report) does not shorten it. */
static void compute(double ms)
{
	double end = now_ms() + ms;
	while (now_ms() < end) {
		struct timespec ts = { 0, 10 * 1000000L };
		nanosleep(&ts, NULL);
	}
}

static void wait_for_file(const char *path)
{
	double end = now_ms() + 20000;
	while (access(path, F_OK) != 0 && now_ms() < end)
		compute(20);
}

/* Rank 0 waits outside MPI (ms, or for path), then sends; rank 1 waits
 * for it in MPI_Recv from rank 0, tag 5. */
static void late_send(int rank, double ms, const char *path)
{
	int v = 42;
	if (rank == 0) {
		if (path)
			wait_for_file(path);
		else
			compute(ms);
		MPI_Send(&v, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
	} else {
		MPI_Recv(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	}
}

static void slow_pingpong(int rank, double ms, int rounds)
{
	int v = 0;
	for (int k = 0; k < rounds; k++) {
		if (rank == 0) {
			compute(ms);
			MPI_Send(&v, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
			MPI_Recv(&v, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else {
			MPI_Recv(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			compute(ms);
			MPI_Send(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
		}
	}
}

int main(int argc, char **argv)
{
	int rank, size, v = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *mode = argc > 2 ? argv[2] : "";
	if (size != 2) {
		fprintf(stderr, "lnch-stall: needs 2 ranks\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	if (strcmp(mode, "deadlock") == 0)
		MPI_Recv(&v, 1, MPI_INT, 1 - rank, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	else if (strcmp(mode, "late") == 0 && argc > 3)
		late_send(rank, atof(argv[3]), NULL);
	else if (strcmp(mode, "file") == 0 && argc > 3)
		late_send(rank, 0, argv[3]);
	else if (strcmp(mode, "slow") == 0 && argc > 4)
		slow_pingpong(rank, atof(argv[3]), atoi(argv[4]));
	else {
		fprintf(stderr, "usage: lnch-stall MARK deadlock|late MS|file PATH|slow MS N\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	printf("%d done\n", rank);
	MPI_Finalize();
	return 0;
}
