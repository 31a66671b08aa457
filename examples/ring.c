/* Description: a token goes round the ring of ranks ten times; each rank
 * adds one, so rank 0 ends with 10 * size. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
	int rank, size, token = 0;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int next = (rank + 1) % size, prev = (rank + size - 1) % size;
	for (int lap = 0; lap < 10; lap++) {
		if (rank == 0) {
			token++;
			MPI_Send(&token, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
			MPI_Recv(&token, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else {
			MPI_Recv(&token, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			token++;
			MPI_Send(&token, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
		}
	}
	if (rank == 0) {
		printf("ring of %d ranks: token %d (expected %d)\n", size, token, 10 * size);
		MPI_Finalize();
		return token == 10 * size ? 0 : 1;
	}
	MPI_Finalize();
	return 0;
}
