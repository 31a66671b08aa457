/*
 * perf/ports.c - MPI_Comm_accept/MPI_Comm_connect plus a first message
 * and its answer (issue 42, docs/dynamic.md "Ports").  A standard MPI
 * program, so that it builds against Open MPI and MPICH too:
 *   mpirun-shm -n 2 perf/ports [ROUNDS]
 * Rank 0 opens a port and sends its name to rank 1 over MPI_COMM_WORLD
 * (outside the clock); each round rank 0 accepts on MPI_COMM_SELF and
 * rank 1 connects on MPI_COMM_SELF, then rank 1 sends an int and rank 0
 * answers; the round's clock (on rank 1, from before the connect to the
 * answer) stops before MPI_Comm_disconnect.  The two ranks are of one
 * job: accept/connect between two separately started jobs is not done in
 * shmpi yet.  Median and best round in microseconds.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	char port[MPI_MAX_PORT_NAME];
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int rounds = argc > 1 ? atoi(argv[1]) : 50;
	if (rounds < 1 || rounds > 100000)
		rounds = 50;
	if (size != 2) {
		if (rank == 0)
			fprintf(stderr, "perf/ports: run it with 2 processes\n");
		MPI_Finalize();
		return 1;
	}
	if (rank == 0)
		MPI_Open_port(MPI_INFO_NULL, port);
	MPI_Bcast(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, MPI_COMM_WORLD);
	double *t = malloc(sizeof(double) * (size_t)rounds);
	for (int r = 0; r < rounds; r++) {
		MPI_Comm ic;
		int v = r;
		MPI_Barrier(MPI_COMM_WORLD);
		double t0 = MPI_Wtime();
		if (rank == 0) {
			MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic);
			MPI_Recv(&v, 1, MPI_INT, 0, 0, ic, MPI_STATUS_IGNORE);
			MPI_Send(&v, 1, MPI_INT, 0, 1, ic);
		} else {
			MPI_Comm_connect(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic);
			MPI_Send(&v, 1, MPI_INT, 0, 0, ic);
			MPI_Recv(&v, 1, MPI_INT, 0, 1, ic, MPI_STATUS_IGNORE);
		}
		t[r] = (MPI_Wtime() - t0) * 1e6;
		MPI_Comm_disconnect(&ic);
	}
	if (rank == 1) {
		qsort(t, (size_t)rounds, sizeof(double), cmp);
		printf("accept/connect + first message: median %.1f us, best %.1f us (%d rounds)\n",
		       t[rounds / 2], t[0], rounds);
	}
	free(t);
	if (rank == 0)
		MPI_Close_port(port);
	MPI_Finalize();
	return 0;
}
