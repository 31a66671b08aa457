/*
 * Description: MPI_Type_get_name of MPI_C_COMPLEX is "MPI_C_COMPLEX" and
 * of MPI_C_FLOAT_COMPLEX "MPI_C_FLOAT_COMPLEX" (issue 14.9); both still
 * describe a float _Complex and can be summed.
 * np: 1
 */
#include <complex.h>
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	char name[MPI_MAX_OBJECT_NAME];
	int len, size;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	TEST_MPI(MPI_Type_get_name(MPI_C_COMPLEX, name, &len));
	TEST_CHECK(strcmp(name, "MPI_C_COMPLEX") == 0 && len == 13);
	TEST_MPI(MPI_Type_get_name(MPI_C_FLOAT_COMPLEX, name, &len));
	TEST_CHECK(strcmp(name, "MPI_C_FLOAT_COMPLEX") == 0);
	TEST_MPI(MPI_Type_size(MPI_C_COMPLEX, &size));
	TEST_CHECK(size == (int)sizeof(float _Complex));
	float _Complex a = 1.0f + 2.0f * I, b;
	TEST_MPI(MPI_Allreduce(&a, &b, 1, MPI_C_COMPLEX, MPI_SUM, MPI_COMM_WORLD));
	TEST_CHECK(crealf(b) == 1.0f && cimagf(b) == 2.0f);
	MPI_Finalize();
	return 0;
}
