/*
 * Description: MPI-4.1's MPI_Status_get/set_source/tag/error read and write
 * the public fields of a status (the ones a receive filled, and any value a
 * generalized request's query_fn would set), the C constants
 * MPI_F_STATUS_SIZE/MPI_F_SOURCE/MPI_F_TAG/MPI_F_ERROR index a Fortran status
 * as MPI_Status_c2f writes it; a NULL or ignored status is MPI_ERR_ARG
 * through MPI_COMM_WORLD's handler.
 * np: 2
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

int main(int argc, char **argv)
{
	int rank, x = 5, v;
	MPI_Status st;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank == 1)
		MPI_Send(&x, 1, MPI_INT, 0, 42, MPI_COMM_WORLD);
	else {
		MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
		TEST_MPI(MPI_Status_get_source(&st, &v));
		TEST_CHECK(v == 1);
		TEST_MPI(MPI_Status_get_tag(&st, &v));
		TEST_CHECK(v == 42);
	}

	MPI_Status s;
	TEST_MPI(MPI_Status_set_source(&s, 3));
	TEST_MPI(MPI_Status_set_tag(&s, 77));
	TEST_MPI(MPI_Status_set_error(&s, MPI_ERR_TRUNCATE));
	TEST_MPI(MPI_Status_set_elements(&s, MPI_INT, 2));
	TEST_CHECK(s.MPI_SOURCE == 3 && s.MPI_TAG == 77 && s.MPI_ERROR == MPI_ERR_TRUNCATE);
	TEST_MPI(MPI_Status_get_source(&s, &v));
	TEST_CHECK(v == 3);
	TEST_MPI(MPI_Status_get_tag(&s, &v));
	TEST_CHECK(v == 77);
	TEST_MPI(MPI_Status_get_error(&s, &v));
	TEST_CHECK(v == MPI_ERR_TRUNCATE);
	/* the setters leave the other fields alone */
	int n;
	TEST_MPI(MPI_Get_count(&s, MPI_INT, &n));
	TEST_CHECK(n == 2);

	/* MPI-4.0 19.3.5: the C view of a Fortran status */
	MPI_Fint f[MPI_F_STATUS_SIZE];
	TEST_CHECK(MPI_F_STATUS_SIZE >= 3);
	TEST_MPI(MPI_Status_c2f(&s, f));
	TEST_CHECK(f[MPI_F_SOURCE] == 3 && f[MPI_F_TAG] == 77 && f[MPI_F_ERROR] == MPI_ERR_TRUNCATE);
	TEST_CHECK(sizeof(MPI_F08_status) == MPI_F_STATUS_SIZE * sizeof(MPI_Fint));

	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errs, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	check_class(MPI_Status_get_source(NULL, &v), MPI_ERR_ARG);
	check_class(MPI_Status_get_tag(MPI_STATUS_IGNORE, &v), MPI_ERR_ARG);
	check_class(MPI_Status_get_error(&s, NULL), MPI_ERR_ARG);
	check_class(MPI_Status_set_source(MPI_STATUS_IGNORE, 1), MPI_ERR_ARG);
	check_class(MPI_Status_set_tag(NULL, 1), MPI_ERR_ARG);
	check_class(MPI_Status_set_error(MPI_STATUS_IGNORE, 1), MPI_ERR_ARG);
	TEST_CHECK(handled == 6);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);

	MPI_Finalize();
	return 0;
}
