/*
 * Description: count x size products that do not fit are errors, never a
 * crash and never a wrong MPI_SUCCESS.  With MPI_ERRORS_RETURN, calls with
 * 2^31-1 elements of an 8 GiB type (2^64 bytes) give MPI_ERR_COUNT:
 * MPI_Pack, MPI_Unpack, MPI_Pack_size, MPI_Pack_external (it used to
 * segfault), MPI_Unpack_external, MPI_Pack_external_size, MPI_Send,
 * MPI_Recv, MPI_Sendrecv, MPI_Bcast, MPI_Allreduce, MPI_Gather; type
 * constructors whose extent does not fit an MPI_Aint give MPI_ERR_ARG
 * (a struct whose displacements span the address range used to compute
 * its extent with a signed overflow).
 * np: 1 2
 */
#include <stdint.h>
#include "mpitest.h"

#define HUGE_COUNT 0x7fffffff

static void expect_class(int rc, int cls)
{
	int c;
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
}

int main(int argc, char **argv)
{
	int rank, size;
	char buf[256];
	int pos = 0, psz = -1;
	MPI_Aint apos = 0, asz = -1;
	MPI_Datatype big;

	mpitest_start(&argc, &argv, &rank, &size);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	TEST_CHECK(MPI_Type_contiguous(1 << 30, MPI_DOUBLE, &big) == MPI_SUCCESS);
	TEST_CHECK(MPI_Type_commit(&big) == MPI_SUCCESS);

	expect_class(MPI_Pack_size(HUGE_COUNT, big, MPI_COMM_WORLD, &psz), MPI_ERR_COUNT);
	TEST_CHECK(psz == -1);
	expect_class(MPI_Pack(buf, HUGE_COUNT, big, buf, sizeof(buf), &pos, MPI_COMM_WORLD), MPI_ERR_COUNT);
	expect_class(MPI_Unpack(buf, sizeof(buf), &pos, buf, HUGE_COUNT, big, MPI_COMM_WORLD), MPI_ERR_COUNT);
	TEST_CHECK(pos == 0);
	expect_class(MPI_Pack_external("external32", buf, HUGE_COUNT, big, buf, sizeof(buf), &apos),
		     MPI_ERR_COUNT);
	expect_class(MPI_Unpack_external("external32", buf, sizeof(buf), &apos, buf, HUGE_COUNT, big),
		     MPI_ERR_COUNT);
	expect_class(MPI_Pack_external_size("external32", HUGE_COUNT, big, &asz), MPI_ERR_COUNT);
	TEST_CHECK(apos == 0 && asz == -1);

	int peer = (rank + 1) % size;
	expect_class(MPI_Send(buf, HUGE_COUNT, big, peer, 0, MPI_COMM_WORLD), MPI_ERR_COUNT);
	expect_class(MPI_Recv(buf, HUGE_COUNT, big, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_COUNT);
	expect_class(MPI_Sendrecv(buf, HUGE_COUNT, big, peer, 0, buf, HUGE_COUNT, big, peer, 0, MPI_COMM_WORLD,
				  MPI_STATUS_IGNORE),
		     MPI_ERR_COUNT);
	/* Every rank gives the same bad count, so every rank returns at once. */
	expect_class(MPI_Bcast(buf, HUGE_COUNT, big, 0, MPI_COMM_WORLD), MPI_ERR_COUNT);
	expect_class(MPI_Allreduce(MPI_IN_PLACE, buf, HUGE_COUNT, big, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_COUNT);
	expect_class(MPI_Gather(buf, HUGE_COUNT, big, buf, HUGE_COUNT, big, 0, MPI_COMM_WORLD), MPI_ERR_COUNT);

	/* Extents that do not fit an MPI_Aint. */
	int bl[2] = { 1, 1 };
	MPI_Aint d[2] = { INT64_MIN + 16, INT64_MAX - 16 };
	MPI_Datatype ts[2] = { MPI_INT, MPI_INT }, t;
	expect_class(MPI_Type_create_struct(2, bl, d, ts, &t), MPI_ERR_ARG);
	expect_class(MPI_Type_create_hvector(3, 1, INT64_MAX / 2, MPI_INT, &t), MPI_ERR_ARG);
	expect_class(MPI_Type_create_resized(MPI_INT, INT64_MAX - 8, 64, &t), MPI_ERR_ARG);

	/* Still working afterwards. */
	int v = rank, sum = 0;
	TEST_CHECK(MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD) == MPI_SUCCESS);
	TEST_CHECK(sum == size * (size - 1) / 2);
	MPI_Type_free(&big);
	MPI_Finalize();
	return 0;
}
