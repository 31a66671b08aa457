/*
 * perf/large_count.c - what the large-count forms (MPI_X_c, MPI-4.0) cost
 * and move, between exactly 2 ranks:
 *
 *   lat   an 8-byte pingpong with MPI_Send/MPI_Recv and with
 *         MPI_Send_c/MPI_Recv_c, the two in alternating rounds (the order
 *         flipping every round, so that drift of the machine cancels);
 *         prints the median half round trip of each in microseconds and
 *         their ratio (_c / int)
 *   bw    one-way bandwidth of a 1 GiB MPI_Send and of a 2^31 + 8 byte
 *         MPI_Send_c (each acknowledged by an empty message), the median
 *         of the rounds in GB/s and their ratio (_c / int): needs about
 *         6 GiB of memory
 *   coll  MPI_Bcast_c and MPI_Allreduce_c (MPI_BXOR of MPI_BYTE, in place)
 *         of 2^31 + 8 bytes, checked, and their times in seconds beside
 *         MPI_Bcast/MPI_Allreduce of 1 GiB: needs about 10 GiB
 *
 *   mpirun-shm -n 2 perf/large_count [lat|bw|coll] [ROUNDS]
 *
 * Builds with shmpi and with an MPI-4 MPICH (mpicc.mpich); not part of
 * perf/compare.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

#define LAT_ITERS 20000

static int rank;

static double lat_int(char *b)
{
	double t = MPI_Wtime();
	for (int i = 0; i < LAT_ITERS; i++) {
		if (rank == 0) {
			MPI_Send(b, 8, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
			MPI_Recv(b, 8, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else {
			MPI_Recv(b, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Send(b, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
		}
	}
	return (MPI_Wtime() - t) / LAT_ITERS / 2 * 1e6;
}

static double lat_c(char *b)
{
	double t = MPI_Wtime();
	for (int i = 0; i < LAT_ITERS; i++) {
		if (rank == 0) {
			MPI_Send_c(b, 8, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
			MPI_Recv_c(b, 8, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else {
			MPI_Recv_c(b, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Send_c(b, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
		}
	}
	return (MPI_Wtime() - t) / LAT_ITERS / 2 * 1e6;
}

/* Seconds for one message of n bytes from rank 0 to rank 1, acknowledged. */
static double one_way(char *b, MPI_Count n, int large)
{
	MPI_Barrier(MPI_COMM_WORLD);
	double t = MPI_Wtime();
	if (rank == 0) {
		if (large)
			MPI_Send_c(b, n, MPI_BYTE, 1, 2, MPI_COMM_WORLD);
		else
			MPI_Send(b, (int)n, MPI_BYTE, 1, 2, MPI_COMM_WORLD);
		MPI_Recv(NULL, 0, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	} else {
		if (large)
			MPI_Recv_c(b, n, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		else
			MPI_Recv(b, (int)n, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		MPI_Send(NULL, 0, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
	}
	return MPI_Wtime() - t;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	int size;
	const char *what = argc > 1 ? argv[1] : "lat";
	int rounds = argc > 2 ? atoi(argv[2]) : 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size != 2) {
		if (rank == 0)
			fprintf(stderr, "large_count: needs exactly 2 ranks\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	if (strcmp(what, "lat") == 0) {
		char b[8] = { 0 };
		if (rounds <= 0)
			rounds = 21;
		double *ti = malloc(sizeof(double) * (size_t)rounds);
		double *tc = malloc(sizeof(double) * (size_t)rounds);
		lat_int(b);
		lat_c(b);
		for (int r = 0; r < rounds; r++) {
			if (r % 2) {
				ti[r] = lat_int(b);
				tc[r] = lat_c(b);
			} else {
				tc[r] = lat_c(b);
				ti[r] = lat_int(b);
			}
		}
		double mi = median(ti, rounds), mc = median(tc, rounds);
		if (rank == 0)
			printf("# large_count lat: 8 B half round trip, median of %d rounds of %d\n"
			       "MPI_Send %.4f us\nMPI_Send_c %.4f us\nratio %.4f\n",
			       rounds, LAT_ITERS, mi, mc, mc / mi);
		free(ti);
		free(tc);
	} else if (strcmp(what, "bw") == 0) {
		const MPI_Count gib = (MPI_Count)1 << 30, big = ((MPI_Count)1 << 31) + 8;
		char *b = malloc((size_t)big);
		if (!b)
			MPI_Abort(MPI_COMM_WORLD, 3);
		memset(b, rank + 1, (size_t)big); /* touch every page before timing */
		if (rounds <= 0)
			rounds = 5;
		double *ti = malloc(sizeof(double) * (size_t)rounds);
		double *tc = malloc(sizeof(double) * (size_t)rounds);
		one_way(b, gib, 0);
		one_way(b, big, 1);
		for (int r = 0; r < rounds; r++) {
			ti[r] = one_way(b, gib, 0);
			tc[r] = one_way(b, big, 1);
		}
		double gi = gib / median(ti, rounds) / 1e9, gc = big / median(tc, rounds) / 1e9;
		if (rank == 0)
			printf("# large_count bw: one-way, median of %d rounds\n"
			       "MPI_Send 1GiB %.2f GB/s\nMPI_Send_c 2^31+8 %.2f GB/s\nratio %.3f\n",
			       rounds, gi, gc, gc / gi);
		free(b);
		free(ti);
		free(tc);
	} else if (strcmp(what, "coll") == 0) {
		const MPI_Count gib = (MPI_Count)1 << 30, big = ((MPI_Count)1 << 31) + 8;
		unsigned char *b = malloc((size_t)big);
		if (!b)
			MPI_Abort(MPI_COMM_WORLD, 3);
		double t[4];
		memset(b, rank == 0 ? 0x5a : 0, (size_t)big);
		MPI_Barrier(MPI_COMM_WORLD);
		t[0] = MPI_Wtime();
		MPI_Bcast(b, (int)gib, MPI_BYTE, 0, MPI_COMM_WORLD);
		t[0] = MPI_Wtime() - t[0];
		memset(b, rank == 0 ? 0x5a : 0, (size_t)big);
		MPI_Barrier(MPI_COMM_WORLD);
		t[1] = MPI_Wtime();
		MPI_Bcast_c(b, big, MPI_BYTE, 0, MPI_COMM_WORLD);
		t[1] = MPI_Wtime() - t[1];
		int bad = b[0] != 0x5a || b[big - 1] != 0x5a || b[big / 2] != 0x5a;
		memset(b, rank == 0 ? 0x0f : 0xf0, (size_t)big);
		MPI_Barrier(MPI_COMM_WORLD);
		t[2] = MPI_Wtime();
		MPI_Allreduce(MPI_IN_PLACE, b, (int)gib, MPI_BYTE, MPI_BXOR, MPI_COMM_WORLD);
		t[2] = MPI_Wtime() - t[2];
		memset(b, rank == 0 ? 0x0f : 0xf0, (size_t)big);
		MPI_Barrier(MPI_COMM_WORLD);
		t[3] = MPI_Wtime();
		MPI_Allreduce_c(MPI_IN_PLACE, b, big, MPI_BYTE, MPI_BXOR, MPI_COMM_WORLD);
		t[3] = MPI_Wtime() - t[3];
		bad |= b[0] != 0xff || b[big - 1] != 0xff || b[gib + 12345] != 0xff;
		if (bad)
			fprintf(stderr, "large_count coll: rank %d: wrong data\n", rank);
		if (rank == 0)
			printf("# large_count coll: seconds, rank 0\nMPI_Bcast 1GiB %.3f\n"
			       "MPI_Bcast_c 2^31+8 %.3f\nMPI_Allreduce 1GiB %.3f\n"
			       "MPI_Allreduce_c 2^31+8 %.3f\n", t[0], t[1], t[2], t[3]);
		free(b);
		if (bad)
			MPI_Abort(MPI_COMM_WORLD, 1);
	}
	MPI_Finalize();
	return 0;
}
