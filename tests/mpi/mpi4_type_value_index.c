/*
 * Description: MPI-4.1's MPI_Type_get_value_index names the predefined
 * MINLOC/MAXLOC pair type of a value and an index type (C and Fortran
 * pairs), MPI_DATATYPE_NULL for a combination without one; an invalid
 * type (MPI_ERR_TYPE) or a NULL result (MPI_ERR_ARG) through
 * MPI_COMM_WORLD's handler.
 * np: 1
 */
#include "mpitest.h"

static int handled;
static void count_errs(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	(void)code;
	handled++;
}

static void check_class(int rc, int cls)
{
	int c = -1;
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
}

static MPI_Datatype pair(MPI_Datatype v, MPI_Datatype i)
{
	MPI_Datatype p = MPI_BYTE;
	TEST_MPI(MPI_Type_get_value_index(v, i, &p));
	return p;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	TEST_CHECK(pair(MPI_FLOAT, MPI_INT) == MPI_FLOAT_INT);
	TEST_CHECK(pair(MPI_DOUBLE, MPI_INT) == MPI_DOUBLE_INT);
	TEST_CHECK(pair(MPI_LONG, MPI_INT) == MPI_LONG_INT);
	TEST_CHECK(pair(MPI_INT, MPI_INT) == MPI_2INT);
	TEST_CHECK(pair(MPI_SHORT, MPI_INT) == MPI_SHORT_INT);
	TEST_CHECK(pair(MPI_LONG_DOUBLE, MPI_INT) == MPI_LONG_DOUBLE_INT);
	TEST_CHECK(pair(MPI_REAL, MPI_REAL) == MPI_2REAL);
	TEST_CHECK(pair(MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION) == MPI_2DOUBLE_PRECISION);
	TEST_CHECK(pair(MPI_INTEGER, MPI_INTEGER) == MPI_2INTEGER);
	TEST_CHECK(pair(MPI_INT, MPI_LONG) == MPI_DATATYPE_NULL);
	TEST_CHECK(pair(MPI_CHAR, MPI_INT) == MPI_DATATYPE_NULL);

	/* the pair type works with MINLOC */
	struct { double v; int i; } in = { 1.5, 7 }, out;
	MPI_Allreduce(&in, &out, 1, pair(MPI_DOUBLE, MPI_INT), MPI_MINLOC, MPI_COMM_WORLD);
	TEST_CHECK(out.v == 1.5 && out.i == 7);

	MPI_Errhandler eh;
	MPI_Datatype p;
	TEST_MPI(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errs, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	check_class(MPI_Type_get_value_index(MPI_DATATYPE_NULL, MPI_INT, &p), MPI_ERR_TYPE);
	check_class(MPI_Type_get_value_index(MPI_INT, MPI_DATATYPE_NULL, &p), MPI_ERR_TYPE);
	check_class(MPI_Type_get_value_index(MPI_INT, MPI_INT, NULL), MPI_ERR_ARG);
	TEST_CHECK(handled == 3);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);
	MPI_Finalize();
	return 0;
}
