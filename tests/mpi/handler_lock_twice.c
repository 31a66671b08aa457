/* Description: MPI_Handler_lock does not nest: a second lock is an error
 * (MPI_ERR_OTHER through MPI_COMM_WORLD's handler, fatal by default).
 * np: 1
 * expect-exit: 16
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	TEST_CHECK(MPI_ERR_OTHER == 16);
	TEST_MPI(MPI_Handler_lock());
	MPI_Handler_lock();
	MPI_Finalize();
	return 0; /* not reached */
}
