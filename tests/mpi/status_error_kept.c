/*
 * Description: calls that return one status do not modify its MPI_ERROR
 * field (MPI-3.1 3.2.5): MPI_Recv, Sendrecv, Probe, Iprobe, Mprobe,
 * Improbe, Mrecv, Wait, Test, Waitany, Testany, Request_get_status, and
 * the same with MPI_PROC_NULL and MPI_REQUEST_NULL (issue 14.12).
 * np: 2
 */
#include "mpitest.h"

#define MARK 12345

static MPI_Status st;
#define FRESH() (st.MPI_ERROR = MARK, &st)
#define KEPT(what)                                                            \
	do {                                                                  \
		if (st.MPI_ERROR != MARK) {                                   \
			fprintf(stderr, "%s wrote MPI_ERROR %d\n", what, st.MPI_ERROR); \
			TEST_CHECK(st.MPI_ERROR == MARK);                     \
		}                                                             \
	} while (0)

int main(int argc, char **argv)
{
	int n, w, x = 1, y, flag, idx;
	MPI_Request r;
	MPI_Message m;
	mpitest_init(&argc, &argv, 2, &n, &w);
	int peer = w == 0 ? 1 : 0;
	if (w > 1)
		goto done;
	if (w == 0) {
		for (int i = 0; i < 9; i++)
			TEST_MPI(MPI_Send(&x, 1, MPI_INT, 1, i, MPI_COMM_WORLD));
		TEST_MPI(MPI_Sendrecv(&x, 1, MPI_INT, peer, 20, &y, 1, MPI_INT, peer, 20,
				      MPI_COMM_WORLD, FRESH()));
		KEPT("MPI_Sendrecv");
	} else {
		TEST_MPI(MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, FRESH()));
		KEPT("MPI_Recv");
		TEST_MPI(MPI_Probe(0, 1, MPI_COMM_WORLD, FRESH()));
		KEPT("MPI_Probe");
		do
			TEST_MPI(MPI_Iprobe(0, 1, MPI_COMM_WORLD, &flag, FRESH()));
		while (!flag);
		KEPT("MPI_Iprobe");
		TEST_MPI(MPI_Recv(&y, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		TEST_MPI(MPI_Mprobe(0, 2, MPI_COMM_WORLD, &m, FRESH()));
		KEPT("MPI_Mprobe");
		TEST_MPI(MPI_Mrecv(&y, 1, MPI_INT, &m, FRESH()));
		KEPT("MPI_Mrecv");
		do
			TEST_MPI(MPI_Improbe(0, 3, MPI_COMM_WORLD, &flag, &m, FRESH()));
		while (!flag);
		KEPT("MPI_Improbe");
		TEST_MPI(MPI_Mrecv(&y, 1, MPI_INT, &m, MPI_STATUS_IGNORE));
		TEST_MPI(MPI_Irecv(&y, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, &r));
		TEST_MPI(MPI_Wait(&r, FRESH()));
		KEPT("MPI_Wait");
		TEST_MPI(MPI_Irecv(&y, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r));
		do
			TEST_MPI(MPI_Test(&r, &flag, FRESH()));
		while (!flag);
		KEPT("MPI_Test");
		TEST_MPI(MPI_Irecv(&y, 1, MPI_INT, 0, 6, MPI_COMM_WORLD, &r));
		TEST_MPI(MPI_Waitany(1, &r, &idx, FRESH()));
		KEPT("MPI_Waitany");
		TEST_MPI(MPI_Irecv(&y, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, &r));
		do
			TEST_MPI(MPI_Testany(1, &r, &idx, &flag, FRESH()));
		while (!flag);
		KEPT("MPI_Testany");
		TEST_MPI(MPI_Irecv(&y, 1, MPI_INT, 0, 8, MPI_COMM_WORLD, &r));
		do
			TEST_MPI(MPI_Request_get_status(r, &flag, FRESH()));
		while (!flag);
		KEPT("MPI_Request_get_status");
		TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
		TEST_MPI(MPI_Sendrecv(&x, 1, MPI_INT, peer, 20, &y, 1, MPI_INT, peer, 20,
				      MPI_COMM_WORLD, FRESH()));
		KEPT("MPI_Sendrecv");
	}
	/* MPI_PROC_NULL and null requests */
	TEST_MPI(MPI_Recv(&y, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, FRESH()));
	KEPT("MPI_Recv from MPI_PROC_NULL");
	TEST_MPI(MPI_Probe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, FRESH()));
	KEPT("MPI_Probe of MPI_PROC_NULL");
	TEST_MPI(MPI_Irecv(&y, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r));
	TEST_MPI(MPI_Wait(&r, FRESH()));
	KEPT("MPI_Wait on a MPI_PROC_NULL receive");
	r = MPI_REQUEST_NULL;
	TEST_MPI(MPI_Wait(&r, FRESH()));
	KEPT("MPI_Wait on MPI_REQUEST_NULL");
	TEST_MPI(MPI_Test(&r, &flag, FRESH()));
	KEPT("MPI_Test on MPI_REQUEST_NULL");
done:
	MPI_Finalize();
	return 0;
}
