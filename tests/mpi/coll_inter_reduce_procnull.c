/*
 * Description: on an intercommunicator {0} x {1,2}, MPI_Reduce and
 * MPI_Ireduce into group {1,2}: its rank 0 is the root (MPI_ROOT), its
 * rank 1 passes MPI_PROC_NULL with insignificant arguments (NULL, NULL, 0,
 * MPI_BYTE, MPI_SUM) as mpi4py does; MPICH accepts them, and shmpi had
 * raised MPI_ERR_OP on that rank alone (the op checked against MPI_BYTE),
 * after which the others hung in the next collective.  A barrier on the
 * intercommunicator afterwards checks that every rank stayed in step.
 * np: 3
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	int wr, lr, buf[2] = { 1, 2 }, out[2] = { -1, -1 };
	MPI_Comm intra, inter;
	MPI_Request req;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &wr);
	int color = wr < 1 ? 0 : 1;
	MPI_Comm_split(MPI_COMM_WORLD, color, 0, &intra);
	MPI_Intercomm_create(intra, 0, MPI_COMM_WORLD, color ? 0 : 1, 7, &inter);
	MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
	MPI_Comm_rank(intra, &lr);
	for (int round = 0; round < 2; round++) {
		int rc;
		if (color == 0)
			rc = round ? MPI_Ireduce(buf, NULL, 2, MPI_INT, MPI_SUM, 0, inter, &req)
				   : MPI_Reduce(buf, NULL, 2, MPI_INT, MPI_SUM, 0, inter);
		else if (lr == 0)
			rc = round ? MPI_Ireduce(buf, out, 2, MPI_INT, MPI_SUM, MPI_ROOT, inter, &req)
				   : MPI_Reduce(buf, out, 2, MPI_INT, MPI_SUM, MPI_ROOT, inter);
		else
			rc = round ? MPI_Ireduce(NULL, NULL, 0, MPI_BYTE, MPI_SUM, MPI_PROC_NULL, inter,
						 &req)
				   : MPI_Reduce(NULL, NULL, 0, MPI_BYTE, MPI_SUM, MPI_PROC_NULL, inter);
		TEST_CHECK(rc == MPI_SUCCESS);
		if (round)
			TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
		if (color == 1 && lr == 0)
			TEST_CHECK(out[0] == 1 && out[1] == 2);
		TEST_MPI(MPI_Barrier(inter));
	}
	MPI_Comm_free(&inter);
	MPI_Comm_free(&intra);
	MPI_Finalize();
	return 0;
}
