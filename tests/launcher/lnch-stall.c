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
 * Waits outside the message path that never end (issue 40), two ranks:
 * rank 1 waits in MPI_Recv from rank 0 (tag 5) while rank 0
 *   fence         waits in MPI_Win_fence
 *   pscw-complete starts an access epoch to rank 1 and waits in
 *                 MPI_Win_complete for rank 1's post
 *   pscw-wait     posts to rank 1 and waits in MPI_Win_wait
 *   cond          waits in MPI_Cond_wait; rank 1 signalled it before
 *                 (lost), then takes the mutex and waits in MPI_Recv
 *   loose         waits in MPI_Barrier_loose
 *   handler       waits in MPI_Handler_lock while its handler thread runs
 *                 a handler waiting in MPI_Recv from rank 1 (tag 7)
 * Any number of ranks:
 *   stop          every rank calls MPI_Allreduce, rank 1 stops itself
 *                 (SIGSTOP) first
 *   mismatch      rank 0 calls MPI_Bcast (root: the last rank), the others
 *                 MPI_Allreduce
 * Every mode that ends prints "R done" and exits 0.
 */
#include <signal.h>
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

/* The handler of the handler mode: waits for a message rank 1 never sends. */
static int handler_recv(MPI_Request *req, void *extra)
{
	int v;
	(void)req;
	(void)extra;
	MPI_Recv(&v, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	return MPI_SUCCESS;
}

/* Rank 0's side of the waits outside the message path; 0 when mode is
 * none of them. */
static int object_wait(const char *mode, int rank)
{
	int v = 0, one = 1;
	MPI_Win win;
	MPI_Group world, peer;
	if (!strcmp(mode, "fence") || !strncmp(mode, "pscw-", 5)) {
		MPI_Comm_group(MPI_COMM_WORLD, &world);
		MPI_Group_incl(world, 1, &one, &peer);
		MPI_Win_create(&v, sizeof(v), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
		MPI_Win_set_name(win, "stallwin");
		if (rank == 0 && !strcmp(mode, "fence")) {
			MPI_Win_fence(0, win);
		} else if (rank == 0 && !strcmp(mode, "pscw-complete")) {
			MPI_Win_start(peer, 0, win);
			MPI_Win_complete(win);
		} else if (rank == 0 && !strcmp(mode, "pscw-wait")) {
			MPI_Win_post(peer, 0, win);
			MPI_Win_wait(win);
		}
	} else if (!strcmp(mode, "cond")) {
		MPI_Mutex m;
		MPI_Cond c;
		MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &m);
		MPI_Cond_create(MPI_COMM_WORLD, MPI_INFO_NULL, &c);
		if (rank == 1)
			MPI_Cond_signal(c); /* nobody waits yet: lost */
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 0) {
			MPI_Mutex_lock(m);
			MPI_Cond_wait(c, m);
		} else {
			compute(300); /* rank 0 waits by then, the mutex free */
			MPI_Mutex_lock(m);
		}
	} else if (!strcmp(mode, "loose")) {
		if (rank == 0)
			MPI_Barrier_loose(MPI_COMM_WORLD);
	} else if (!strcmp(mode, "handler")) {
		if (rank == 0) {
			MPI_Request r;
			MPI_Grequest_start(NULL, NULL, NULL, NULL, &r);
			MPI_Post_handler(r, MPI_INFO_NULL, handler_recv, NULL, MPI_HANDLER_DEFAULT);
			MPI_Grequest_complete(r);
			compute(300); /* the handler thread starts the handler */
			MPI_Handler_lock();
		}
	} else {
		return 0;
	}
	if (rank == 1)
		MPI_Recv(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	return 1;
}

int main(int argc, char **argv)
{
	int rank, size, v = 0, provided;

	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *mode = argc > 2 ? argv[2] : "";
	if (!strcmp(mode, "stop")) {
		if (rank == 1)
			raise(SIGSTOP);
		MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
		MPI_Finalize();
		return 0;
	}
	if (!strcmp(mode, "mismatch")) {
		if (rank == 0)
			MPI_Bcast(&v, 1, MPI_INT, size - 1, MPI_COMM_WORLD);
		else
			MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
		MPI_Finalize();
		return 0;
	}
	if (size != 2) {
		fprintf(stderr, "lnch-stall: needs 2 ranks\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	if (object_wait(mode, rank))
		;
	else if (strcmp(mode, "deadlock") == 0)
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
