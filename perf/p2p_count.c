/*
 * perf/p2p_count.c - the point-to-point paths of one process to itself, for
 * perf/p2p_count.sh to count in instructions (callgrind), which unlike times
 * do not depend on the machine's load:
 *   win: 64 MPI_Irecv, 64 MPI_Isend, MPI_Waitall on each (perf/bw's window)
 *   sr:  MPI_Send + MPI_Recv
 *   sx:  MPI_Sendrecv
 *   pp:  MPI_Isend + MPI_Recv + MPI_Wait
 * Usage: p2p_count KIND ITERS [SIZE]  (SIZE bytes of MPI_CHAR, default 8).
 * Standard MPI only: the script builds it against older shmpi trees too.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 64

static void win(char *s, char *r, int sz)
{
	MPI_Request q[2 * WINDOW];
	for (int i = 0; i < WINDOW; i++)
		MPI_Irecv(r + (size_t)i * sz, sz, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &q[i]);
	for (int i = 0; i < WINDOW; i++)
		MPI_Isend(s + (size_t)i * sz, sz, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &q[WINDOW + i]);
	MPI_Waitall(WINDOW, q + WINDOW, MPI_STATUSES_IGNORE);
	MPI_Waitall(WINDOW, q, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s win|sr|sx|pp ITERS [SIZE]\n", argv[0]);
		return 2;
	}
	const char *kind = argv[1];
	int n = atoi(argv[2]), sz = argc > 3 ? atoi(argv[3]) : 8;
	char *s = calloc(WINDOW, (size_t)sz + 1), *r = calloc(WINDOW, (size_t)sz + 1);
	MPI_Init(&argc, &argv);
	for (int it = 0; it < n; it++) {
		if (!strcmp(kind, "win")) {
			win(s, r, sz);
		} else if (!strcmp(kind, "sr")) {
			MPI_Send(s, sz, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
			MPI_Recv(r, sz, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else if (!strcmp(kind, "sx")) {
			MPI_Sendrecv(s, sz, MPI_CHAR, 0, 1, r, sz, MPI_CHAR, 0, 1, MPI_COMM_WORLD,
				     MPI_STATUS_IGNORE);
		} else {
			MPI_Request q;
			MPI_Isend(s, sz, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &q);
			MPI_Recv(r, sz, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Wait(&q, MPI_STATUS_IGNORE);
		}
	}
	MPI_Finalize();
	free(s);
	free(r);
	return 0;
}
