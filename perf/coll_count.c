/*
 * perf/coll_count.c - a fixed number of one collective, for
 * perf/coll_count.sh (instructions per call under callgrind, which the
 * machine's load does not move).  Usage: coll_count KIND BYTES N, KIND one
 * of barrier, bcast, allreduce, reduce; BYTES the message (floats summed
 * for the reductions).  Ten calls first, outside what is counted, so that
 * the set-up of the communicator's collective area is not counted either
 * (perf/coll_count.sh takes the difference of two N).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

static void one(const char *kind, float *s, float *r, int count)
{
	if (!strcmp(kind, "barrier"))
		MPI_Barrier(MPI_COMM_WORLD);
	else if (!strcmp(kind, "bcast"))
		MPI_Bcast(s, count, MPI_FLOAT, 0, MPI_COMM_WORLD);
	else if (!strcmp(kind, "reduce"))
		MPI_Reduce(s, r, count, MPI_FLOAT, MPI_SUM, 0, MPI_COMM_WORLD);
	else
		MPI_Allreduce(s, r, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	if (argc != 4) {
		fprintf(stderr, "usage: %s barrier|bcast|allreduce|reduce BYTES N\n", argv[0]);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	const char *kind = argv[1];
	int count = atoi(argv[2]) / (int)sizeof(float);
	long n = atol(argv[3]);
	float *s = calloc((size_t)count + 1, sizeof(float)), *r = calloc((size_t)count + 1, sizeof(float));
	for (int i = 0; i < 10; i++)
		one(kind, s, r, count);
	for (long i = 0; i < n; i++)
		one(kind, s, r, count);
	MPI_Finalize();
	free(s);
	free(r);
	return 0;
}
