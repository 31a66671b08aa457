/*
 * Description: MPI-4.0 sessions one after another and side by side, without
 * MPI_Init: three MPI_Session_init/finalize rounds in a row (the library
 * goes down and comes back between them), each making a communicator from
 * mpi://WORLD with the same stringtag; two sessions open at once, each
 * with its communicator, used in turn and finalized in the other order;
 * then MPI_Init after the last MPI_Session_finalize, and MPI_Finalize.
 * np: 1 2 4
 */
#include "mpitest.h"

static MPI_Comm world_comm(MPI_Session s, const char *tag)
{
	MPI_Group g;
	MPI_Comm c;
	TEST_MPI(MPI_Group_from_session_pset(s, "mpi://WORLD", &g));
	TEST_MPI(MPI_Comm_create_from_group(g, tag, MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &c));
	TEST_MPI(MPI_Group_free(&g));
	return c;
}

static void check_allreduce(MPI_Comm comm, int add)
{
	int rank, size, sum = -1, v;
	TEST_MPI(MPI_Comm_rank(comm, &rank));
	TEST_MPI(MPI_Comm_size(comm, &size));
	v = rank + add;
	TEST_MPI(MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, comm));
	TEST_CHECK(sum == size * (size - 1) / 2 + add * size);
}

int main(int argc, char **argv)
{
	MPI_Session a, b;
	int init, fin;
	for (int round = 0; round < 3; round++) {
		TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &a));
		MPI_Comm c = world_comm(a, "org.shmpi.round");
		check_allreduce(c, round);
		TEST_MPI(MPI_Comm_free(&c));
		TEST_MPI(MPI_Session_finalize(&a));
	}
	TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &a));
	TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &b));
	TEST_CHECK(a != b);
	MPI_Comm ca = world_comm(a, "a"), cb = world_comm(b, "b");
	for (int i = 0; i < 4; i++) {
		check_allreduce(i % 2 ? ca : cb, i);
	}
	TEST_MPI(MPI_Comm_free(&ca));
	TEST_MPI(MPI_Session_finalize(&a));
	check_allreduce(cb, 7);
	TEST_MPI(MPI_Comm_free(&cb));
	TEST_MPI(MPI_Session_finalize(&b));

	TEST_MPI(MPI_Initialized(&init));
	TEST_CHECK(!init);
	TEST_MPI(MPI_Init(&argc, &argv));
	check_allreduce(MPI_COMM_WORLD, 3);
	TEST_MPI(MPI_Finalize());
	TEST_MPI(MPI_Finalized(&fin));
	TEST_CHECK(fin);
	return 0;
}
