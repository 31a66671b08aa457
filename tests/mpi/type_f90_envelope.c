/*
 * Description: the types of MPI_Type_create_f90_real/complex/integer
 * decode as MPI_COMBINER_F90_REAL/COMPLEX/INTEGER with the p and r asked
 * for and no datatypes (MPI-3.1 4.1.13; MPICH's datatype/createf90types),
 * the same (p, r) gives the same handle, MPI_Type_free refuses them, and
 * they still move and reduce as the named type they stand for, also
 * after a trip through MPI_Pack(MPI_DATATYPE).
 * np: 1
 */
#include "mpitest.h"

static void expect_f90(MPI_Datatype t, int combiner, int p, int r)
{
	int ni, na, nd, comb, ints[2] = { -1, -1 };
	TEST_MPI(MPI_Type_get_envelope(t, &ni, &na, &nd, &comb));
	TEST_CHECK(comb == combiner && na == 0 && nd == 0);
	TEST_CHECK(ni == (combiner == MPI_COMBINER_F90_INTEGER ? 1 : 2));
	TEST_MPI(MPI_Type_get_contents(t, 2, 0, 0, ints, NULL, NULL));
	TEST_CHECK(ints[0] == p);
	if (ni == 2)
		TEST_CHECK(ints[1] == r);
}

int main(int argc, char **argv)
{
	MPI_Datatype r1, r2, c1, i1, back;
	int size;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	TEST_MPI(MPI_Type_create_f90_real(7, 30, &r1));
	TEST_MPI(MPI_Type_create_f90_real(7, 30, &r2));
	TEST_CHECK(r1 == r2);
	TEST_MPI(MPI_Type_create_f90_complex(3, MPI_UNDEFINED, &c1));
	TEST_MPI(MPI_Type_create_f90_integer(9, &i1));
	expect_f90(r1, MPI_COMBINER_F90_REAL, 7, 30);
	expect_f90(c1, MPI_COMBINER_F90_COMPLEX, 3, MPI_UNDEFINED);
	expect_f90(i1, MPI_COMBINER_F90_INTEGER, 9, 0);
	TEST_MPI(MPI_Type_size(r1, &size));
	TEST_CHECK(size == 8); /* precision 7 needs REAL(8) */
	TEST_MPI(MPI_Type_size(c1, &size));
	TEST_CHECK(size == 8); /* COMPLEX(4) */
	TEST_MPI(MPI_Type_size(i1, &size));
	TEST_CHECK(size == 4);

	/* Predefined: MPI_Type_free refuses, and the type stays usable. */
	MPI_Datatype tmp = r1;
	TEST_CHECK(MPI_Type_free(&tmp) == MPI_ERR_TYPE && tmp == r1);

	double a[2] = { 1.5, 2.5 }, b[2] = { 0, 0 };
	MPI_Request rq[2];
	TEST_MPI(MPI_Irecv(b, 2, r1, 0, 7, MPI_COMM_SELF, &rq[0]));
	TEST_MPI(MPI_Isend(a, 2, r1, 0, 7, MPI_COMM_SELF, &rq[1]));
	TEST_MPI(MPI_Waitall(2, rq, MPI_STATUSES_IGNORE));
	TEST_CHECK(b[0] == 1.5 && b[1] == 2.5);
	TEST_MPI(MPI_Reduce_local(a, b, 2, r1, MPI_SUM));
	TEST_CHECK(b[0] == 3.0 && b[1] == 5.0);
	int x = 40, y = 2;
	TEST_MPI(MPI_Allreduce(&x, &y, 1, i1, MPI_SUM, MPI_COMM_WORLD));
	TEST_CHECK(y == 40);

	/* The binary description names the combiner and its arguments: the
	 * type read back is the same kept type. */
	char buf[256];
	int pos = 0, p2 = 0;
	TEST_MPI(MPI_Pack(&r1, 1, MPI_DATATYPE, buf, (int)sizeof(buf), &pos, MPI_COMM_WORLD));
	TEST_MPI(MPI_Unpack(buf, pos, &p2, &back, 1, MPI_DATATYPE, MPI_COMM_WORLD));
	TEST_CHECK(back == r1);
	expect_f90(back, MPI_COMBINER_F90_REAL, 7, 30);
	MPI_Finalize();
	return 0;
}
