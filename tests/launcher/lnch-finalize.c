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
	if (!strcmp(mode, "die") && rank == 1) {
		nap(300);
		exit(3);
	}
	MPI_Finalize();
	printf("%d finalized\n", rank);
	return 0;
}
