/*
 * Description: an MPI program for tests/launcher/finalize.sh: what the
 * launcher and MPI_Finalize do when a rank ends badly around MPI_Finalize.
 * Usage: lnch-finalize MARK MODE (MARK is ignored: a word for pgrep -f)
 *   late-exit   rank 0 calls MPI_Finalize and exits 1 at once; the others
 *               work outside MPI for 300 ms, exchange a message around a
 *               ring, print "R result V", call MPI_Finalize, sleep 300 ms
 *               and print "R after finalize"
 *   late-kill   as late-exit, but rank 0 kills itself with SIGKILL after
 *               MPI_Finalize
 *   die         rank 1 exits 3 without MPI_Finalize after 300 ms; the
 *               others wait in MPI_Finalize
 *   clean       every rank finalizes and exits 0
 * and, for tests/launcher/keep-going.sh (-disable-auto-cleanup):
 *   dead-peer   rank 1 exits 5 without MPI_Finalize after 100 ms; rank 0
 *               (MPI_ERRORS_RETURN) receives from it with MPI_Recv, then
 *               with MPI_Irecv and MPI_Wait, and prints "0 recv class C" and
 *               "0 wait class C" with the error classes; then ranks 0 and 2
 *               exchange a message, print "R result V" and finalize
 *   subcomm-abort  MPICH's errors/comm/subcomm_abort: the odd ranks'
 *               communicator is aborted by rank 1 (code 8); rank 0 sends
 *               to rank 2 on the even ranks' one, rank 2 prints "No Errors"
 *   world-abort rank 1 calls MPI_Abort(MPI_COMM_WORLD, 6) after 100 ms;
 *               the others wait in MPI_Barrier
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <mpi.h>

static void nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

int main(int argc, char **argv)
{
	int rank, size;
	const char *mode = argc > 2 ? argv[2] : "clean";
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int late = !strcmp(mode, "late-exit") || !strcmp(mode, "late-kill");
	if (late && rank == 0) {
		MPI_Finalize();
		if (!strcmp(mode, "late-kill"))
			raise(SIGKILL);
		exit(1);
	}
	if (late) {
		/* Ranks 1.. keep working: a ring among themselves. */
		nap(300);
		int n = size - 1, me = rank - 1, v = rank, got = -1;
		MPI_Sendrecv(&v, 1, MPI_INT, (me + 1) % n + 1, 0, &got, 1, MPI_INT,
			     (me - 1 + n) % n + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		printf("%d result %d\n", rank, got);
		fflush(stdout);
		MPI_Finalize();
		nap(300);
		printf("%d after finalize\n", rank);
		return 0;
	}
	if (!strcmp(mode, "dead-peer")) {
		MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
		if (rank == 1) {
			nap(100);
			exit(5);
		}
		int v = 0, cls = -1;
		if (rank == 0) {
			MPI_Error_class(MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD,
						 MPI_STATUS_IGNORE), &cls);
			printf("0 recv class %d\n", cls);
			MPI_Request req;
			MPI_Irecv(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
			MPI_Error_class(MPI_Wait(&req, MPI_STATUS_IGNORE), &cls);
			printf("0 wait class %d\n", cls);
			fflush(stdout);
		}
		int peer = rank == 0 ? 2 : 0, got = -1;
		v = rank;
		MPI_Sendrecv(&v, 1, MPI_INT, peer, 2, &got, 1, MPI_INT, peer, 2, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		printf("%d result %d\n", rank, got);
		fflush(stdout);
		MPI_Finalize();
		printf("%d finalized\n", rank);
		return 0;
	}
	if (!strcmp(mode, "subcomm-abort")) {
		MPI_Comm split;
		int buffer = 0;
		MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &split);
		MPI_Barrier(split);
		if (rank == 1)
			MPI_Abort(split, 8);
		if (rank == 0) {
			buffer = 4;
			MPI_Send(&buffer, 1, MPI_INT, 1, 0, split);
		}
		if (rank == 2) {
			MPI_Recv(&buffer, 1, MPI_INT, 0, 0, split, MPI_STATUS_IGNORE);
			if (buffer == 4)
				printf("No Errors\n");
			fflush(stdout);
		}
		MPI_Comm_free(&split);
		MPI_Finalize();
		printf("%d finalized\n", rank);
		return 0;
	}
	if (!strcmp(mode, "world-abort")) {
		if (rank == 1) {
			nap(100);
			MPI_Abort(MPI_COMM_WORLD, 6);
		}
		MPI_Barrier(MPI_COMM_WORLD);
		printf("%d passed the barrier\n", rank);
		return 0;
	}
	if (!strcmp(mode, "die") && rank == 1) {
		nap(300);
		exit(3);
	}
	MPI_Finalize();
	printf("%d finalized\n", rank);
	return 0;
}
