/*
 * Description: MPI_Type_match_size answers every size of every class for
 * which a predefined Fortran type exists, with that type, as MPICH does
 * (REAL 2/4/8/16, INTEGER 1/2/4/8/16, COMPLEX 4/8/16/32: COMPLEX 4 had
 * returned MPI_ERR_ARG although MPI_COMPLEX4 exists, issue 38), and
 * MPI_ERR_ARG for a size no type of the class has or an unknown class.
 * np: 1
 */
#include "mpitest.h"

static void match(int cls, int size, MPI_Datatype want, const char *name)
{
	MPI_Datatype got = MPI_DATATYPE_NULL;
	int rc = MPI_Type_match_size(cls, size, &got);
	int tsize = -1;
	if (rc == MPI_SUCCESS)
		MPI_Type_size(got, &tsize);
	if (rc != MPI_SUCCESS || got != want || tsize != size) {
		fprintf(stderr, "class %d size %d: rc %d, want %s\n", cls, size, rc, name);
		mpitest_fail(name, __FILE__, __LINE__);
	}
}

static void none(int cls, int size)
{
	MPI_Datatype got = MPI_DATATYPE_NULL;
	int rc = MPI_Type_match_size(cls, size, &got), ec = MPI_SUCCESS;
	MPI_Error_class(rc, &ec);
	if (ec != MPI_ERR_ARG) {
		fprintf(stderr, "class %d size %d: class %d, want MPI_ERR_ARG\n", cls, size, ec);
		mpitest_fail("no match", __FILE__, __LINE__);
	}
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	match(MPI_TYPECLASS_REAL, 2, MPI_REAL2, "MPI_REAL2");
	match(MPI_TYPECLASS_REAL, 4, MPI_REAL4, "MPI_REAL4");
	match(MPI_TYPECLASS_REAL, 8, MPI_REAL8, "MPI_REAL8");
	match(MPI_TYPECLASS_REAL, 16, MPI_REAL16, "MPI_REAL16");
	match(MPI_TYPECLASS_INTEGER, 1, MPI_INTEGER1, "MPI_INTEGER1");
	match(MPI_TYPECLASS_INTEGER, 2, MPI_INTEGER2, "MPI_INTEGER2");
	match(MPI_TYPECLASS_INTEGER, 4, MPI_INTEGER4, "MPI_INTEGER4");
	match(MPI_TYPECLASS_INTEGER, 8, MPI_INTEGER8, "MPI_INTEGER8");
	match(MPI_TYPECLASS_INTEGER, 16, MPI_INTEGER16, "MPI_INTEGER16");
	match(MPI_TYPECLASS_COMPLEX, 4, MPI_COMPLEX4, "MPI_COMPLEX4");
	match(MPI_TYPECLASS_COMPLEX, 8, MPI_COMPLEX8, "MPI_COMPLEX8");
	match(MPI_TYPECLASS_COMPLEX, 16, MPI_COMPLEX16, "MPI_COMPLEX16");
	match(MPI_TYPECLASS_COMPLEX, 32, MPI_COMPLEX32, "MPI_COMPLEX32");
	int odd[] = {0, 1, 3, 6, 12, 24, 64, -4};
	for (unsigned i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		if (odd[i] != 1)
			none(MPI_TYPECLASS_REAL, odd[i]);
		none(MPI_TYPECLASS_INTEGER, odd[i] == 1 ? 32 : odd[i]);
		none(MPI_TYPECLASS_COMPLEX, odd[i] == 1 ? 2 : odd[i]);
	}
	none(MPI_TYPECLASS_COMPLEX, 2);
	none(12345, 4);
	MPI_Finalize();
	return 0;
}
