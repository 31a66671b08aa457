/*
 * Description: counts above 2^31 end to end between two ranks: a message
 * of 2^31 + 8 bytes (MPI_Send_c / MPI_Recv_c of MPI_BYTE) arrives whole,
 * MPI_Get_count_c and MPI_Get_elements_c give 2^31 + 8 and the int
 * MPI_Get_count MPI_UNDEFINED; the same message as one element of a type
 * of 2^31 + 8 bytes (MPI_Type_contiguous_c) sent with the int MPI_Send;
 * MPI_Bcast_c of 2^31 + 8 bytes.  Needs about 6 GiB free: skipped (77)
 * with less.  (MPI_Allreduce_c of more than 2^31 bytes is in
 * perf/large_count coll: a minute here under load.)
 * np: 2
 */
#include <limits.h>
#include <stdint.h>
#include "mpitest.h"

#define N (((MPI_Count)1 << 31) + 8)

static long long mem_available(void)
{
	char line[256];
	long long kb = -1;
	FILE *f = fopen("/proc/meminfo", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "MemAvailable: %lld kB", &kb) == 1)
			break;
	fclose(f);
	return kb * 1024;
}

/* The byte at i: one value per 4 KiB block, so that filling is a memset
 * a block and a block copied to the wrong place, or shifted, shows in the
 * samples check_pattern reads. */
static unsigned char pat(MPI_Count i, int salt)
{
	return (unsigned char)(((i >> 12) * 7 + salt) & 0xff);
}

static void fill(unsigned char *b, int salt)
{
	for (MPI_Count i = 0; i < N; i += 4096)
		memset(b + i, pat(i, salt), (size_t)(N - i < 4096 ? N - i : 4096));
}

static void check_pattern(const unsigned char *b, int salt)
{
	/* every 4093rd byte (prime: every page, every offset class), and the
	 * last 64 bytes around and after 2^31 */
	for (MPI_Count i = 0; i < N; i += 4093)
		TEST_CHECK(b[i] == pat(i, salt));
	for (MPI_Count i = N - 64; i < N; i++)
		TEST_CHECK(b[i] == pat(i, salt));
}

int main(int argc, char **argv)
{
	int rank, size, skip;
	MPI_Status st;
	MPI_Count n;
	int in;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	skip = size != 2 || mem_available() < 6LL << 30;
	MPI_Bcast(&skip, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (skip) {
		if (rank == 0)
			printf("large_msg: needs 2 ranks and 6 GiB available; skipped\n");
		MPI_Finalize();
		return 77;
	}
	unsigned char *buf = malloc((size_t)N);
	TEST_CHECK(buf != NULL);

	/* 1. MPI_Send_c / MPI_Recv_c of 2^31 + 8 bytes */
	if (rank == 0) {
		fill(buf, 1);
		TEST_MPI(MPI_Send_c(buf, N, MPI_BYTE, 1, 0, MPI_COMM_WORLD));
	} else {
		memset(buf, 0, (size_t)N);
		TEST_MPI(MPI_Recv_c(buf, N, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &st));
		TEST_MPI(MPI_Get_count_c(&st, MPI_BYTE, &n));
		TEST_CHECK(n == N);
		TEST_MPI(MPI_Get_elements_c(&st, MPI_BYTE, &n));
		TEST_CHECK(n == N);
		TEST_MPI(MPI_Get_count(&st, MPI_BYTE, &in));
		TEST_CHECK(in == MPI_UNDEFINED);
		check_pattern(buf, 1);
	}

	/* 2. one element of a type of 2^31 + 8 bytes, with the int forms */
	MPI_Datatype big;
	TEST_MPI(MPI_Type_contiguous_c(N, MPI_BYTE, &big));
	TEST_MPI(MPI_Type_commit(&big));
	if (rank == 1) {
		fill(buf, 2);
		TEST_MPI(MPI_Send(buf, 1, big, 0, 1, MPI_COMM_WORLD));
	} else {
		memset(buf, 0, (size_t)N);
		TEST_MPI(MPI_Recv(buf, 1, big, 1, 1, MPI_COMM_WORLD, &st));
		TEST_MPI(MPI_Get_count_c(&st, big, &n));
		TEST_CHECK(n == 1);
		TEST_MPI(MPI_Get_count_c(&st, MPI_BYTE, &n));
		TEST_CHECK(n == N);
		check_pattern(buf, 2);
	}
	TEST_MPI(MPI_Type_free(&big));

	/* 3. MPI_Bcast_c of 2^31 + 8 bytes from rank 1 */
	if (rank == 1)
		fill(buf, 3);
	else
		memset(buf, 0, (size_t)N);
	TEST_MPI(MPI_Bcast_c(buf, N, MPI_BYTE, 1, MPI_COMM_WORLD));
	check_pattern(buf, 3);

	free(buf);
	MPI_Finalize();
	return 0;
}
