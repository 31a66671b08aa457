/*
 * Description: broadcasts beyond the parity buffers through the segment's
 * large-message area (lib/coll/shm_bcast.c): sizes from 5 KB to 1.1 MB so
 * that pieces wrap around the n + 1 area buffers, contiguous and strided
 * (vector) datatypes, rotating roots, a reader delayed so the root must
 * wait for it, and allreduces of large vectors in between (they share the
 * area); every byte checked.
 * np: 1 2 3 4 8
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_COLL_BCAST_LARGE_MAX2=1000000000
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

static int value(int it, long i)
{
	return (int)(it * 1000003L + i * 7);
}

int main(int argc, char **argv)
{
	int n, r;
	mpitest_start(&argc, &argv, &r, &n);
	long sizes[] = { 1300, 20000, 70000, 300000 };   /* ints */
	int *buf = malloc(2 * 300000 * sizeof(int) + 64);
	int *red = malloc(300000 * sizeof(int)), *red_in = malloc(300000 * sizeof(int));
	for (int it = 0; it < 24; it++) {
		long cnt = sizes[it % 4];
		int root = (it / 2) % n, strided = it % 3 == 2;
		MPI_Datatype t = MPI_INT;
		if (strided) {
			MPI_Type_vector((int)cnt, 1, 2, MPI_INT, &t);
			MPI_Type_commit(&t);
		}
		long stride = strided ? 2 : 1;
		for (long i = 0; i < cnt * stride; i++)
			buf[i] = r == root ? value(it, i) : -1;
		if (it % 5 == 1 && r == (root + 1) % n)
			usleep(2000);
		TEST_MPI(MPI_Bcast(buf, strided ? 1 : (int)cnt, t, root, MPI_COMM_WORLD));
		for (long i = 0; i < cnt * stride; i++)
			TEST_CHECK(buf[i] == (i % stride ? (r == root ? value(it, i) : -1) : value(it, i)));
		if (strided)
			MPI_Type_free(&t);
		if (it % 4 == 3) {
			for (long i = 0; i < cnt; i++)
				red_in[i] = r + (int)i;
			TEST_MPI(MPI_Allreduce(red_in, red, (int)cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
			for (long i = 0; i < cnt; i++)
				TEST_CHECK(red[i] == n * (n - 1) / 2 + n * (int)i);
		}
	}
	free(buf), free(red), free(red_in);
	MPI_Finalize();
	return 0;
}
