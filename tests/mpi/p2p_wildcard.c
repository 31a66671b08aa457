/*
 * Description: MPI_ANY_SOURCE and MPI_ANY_TAG receive every message exactly
 * once, with the true source and tag in the status; Waitany/Waitsome/Testall
 * on mixed requests.
 * np: 2 4 8
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	if (rank != 0) {
		for (int t = 0; t < 5; t++) {
			int v = rank * 10 + t;
			TEST_MPI(MPI_Send(&v, 1, MPI_INT, 0, t, MPI_COMM_WORLD));
		}
	} else {
		int seen[8][5] = { { 0 } };
		int n = 5 * (size - 1);
		MPI_Request *r = malloc(sizeof(MPI_Request) * (size_t)n);
		int *v = malloc(sizeof(int) * (size_t)n);
		for (int i = 0; i < n; i++)
			TEST_MPI(MPI_Irecv(&v[i], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &r[i]));
		int done = 0;
		while (done < n) {
			int idx[64], outc;
			MPI_Status st[64];
			if (done % 2) {
				TEST_MPI(MPI_Waitany(n, r, &idx[0], &st[0]));
				outc = 1;
			} else {
				TEST_MPI(MPI_Waitsome(n, r, &outc, idx, st));
			}
			for (int k = 0; k < outc; k++) {
				int i = idx[k];
				TEST_CHECK(v[i] == st[k].MPI_SOURCE * 10 + st[k].MPI_TAG);
				seen[st[k].MPI_SOURCE][st[k].MPI_TAG]++;
			}
			done += outc;
		}
		for (int s = 1; s < size; s++)
			for (int t = 0; t < 5; t++)
				TEST_CHECK(seen[s][t] == 1);
		int flag, idx;
		TEST_MPI(MPI_Testall(n, r, &flag, MPI_STATUSES_IGNORE));
		TEST_CHECK(flag);
		TEST_MPI(MPI_Waitany(n, r, &idx, MPI_STATUS_IGNORE));
		TEST_CHECK(idx == MPI_UNDEFINED);
		free(r);
		free(v);
	}
	MPI_Finalize();
	return 0;
}
