/*
 * Description: a partitioned receive of zero-size partitions: partition i
 * arrives (MPI_Parrived) only once the sender has marked its partition i
 * ready, as with data, not as soon as partition 0 came (the receiver
 * mapped each of its partitions to sender partitions by bytes, and with
 * no bytes every partition to partition 0: mpi4py's test_p2p_buf_part,
 * issue 38).  Self and ring, 1-3 partitions, three activations each.
 * np: 1 2 3
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank, n, flag;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	int sbuf[1], rbuf[1];
	int to = (rank + 1) % n, from = (rank + n - 1) % n;
	for (int p = 1; p < 4; p++) {
		MPI_Request s, r;
		TEST_CHECK(MPI_Psend_init(sbuf, p, 0, MPI_INT, to, 7, MPI_COMM_WORLD,
					  MPI_INFO_NULL, &s) == MPI_SUCCESS);
		TEST_CHECK(MPI_Precv_init(rbuf, p, 0, MPI_INT, from, 7, MPI_COMM_WORLD,
					  MPI_INFO_NULL, &r) == MPI_SUCCESS);
		for (int it = 0; it < 3; it++) {
			TEST_CHECK(MPI_Start(&r) == MPI_SUCCESS);
			for (int i = 0; i < p; i++) {
				TEST_CHECK(MPI_Parrived(r, i, &flag) == MPI_SUCCESS);
				TEST_CHECK(!flag);
			}
			/* everyone has checked before anyone starts sending */
			MPI_Barrier(MPI_COMM_WORLD);
			TEST_CHECK(MPI_Start(&s) == MPI_SUCCESS);
			for (int i = 0; i < p; i++) {
				TEST_CHECK(MPI_Pready(i, s) == MPI_SUCCESS);
				/* my sender marks i now: i + 1 .. are not ready
				 * until every rank passed this point */
				do
					TEST_CHECK(MPI_Parrived(r, i, &flag) == MPI_SUCCESS);
				while (!flag);
				for (int j = i + 1; j < p; j++) {
					TEST_CHECK(MPI_Parrived(r, j, &flag) == MPI_SUCCESS);
					TEST_CHECK(!flag);
				}
				MPI_Barrier(MPI_COMM_WORLD);
			}
			TEST_CHECK(MPI_Wait(&r, MPI_STATUS_IGNORE) == MPI_SUCCESS);
			TEST_CHECK(MPI_Wait(&s, MPI_STATUS_IGNORE) == MPI_SUCCESS);
		}
		TEST_CHECK(MPI_Request_free(&r) == MPI_SUCCESS);
		TEST_CHECK(MPI_Request_free(&s) == MPI_SUCCESS);
	}
	MPI_Finalize();
	return 0;
}
