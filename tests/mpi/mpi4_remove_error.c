/*
 * Description: MPI-4.1's MPI_Remove_error_string/code/class undo
 * MPI_Add_error_string/code/class: a removed string reads "" again, a
 * removed code is no longer a code (MPI_Error_class refuses it), a class
 * goes only after its codes, and a code or class only after its string
 * (MPICH's order; mpi4py's testAddErrorClassCodeString); predefined classes, codes not added, and
 * twice-removed ones are MPI_ERR_ARG through MPI_COMM_WORLD's handler.
 * np: 1 2
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
	int cls, code, c, len;
	char s[MPI_MAX_ERROR_STRING];

	MPI_Init(&argc, &argv);
	TEST_MPI(MPI_Add_error_class(&cls));
	TEST_MPI(MPI_Add_error_code(cls, &code));
	TEST_MPI(MPI_Add_error_string(cls, "my class"));
	TEST_MPI(MPI_Add_error_string(code, "my code"));
	TEST_MPI(MPI_Error_string(code, s, &len));
	TEST_CHECK(strcmp(s, "my code") == 0);

	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errs, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));

	/* a code with its string still attached stays (MPICH's order) */
	check_class(MPI_Remove_error_code(code), MPI_ERR_ARG);
	/* the string: removed once, then there is none to remove */
	TEST_MPI(MPI_Remove_error_string(code));
	TEST_MPI(MPI_Error_string(code, s, &len));
	TEST_CHECK(len == 0);
	check_class(MPI_Remove_error_string(code), MPI_ERR_ARG);

	/* the class still has a code */
	check_class(MPI_Remove_error_class(cls), MPI_ERR_ARG);
	/* a class is not a code, a code not a class */
	check_class(MPI_Remove_error_code(cls), MPI_ERR_ARG);
	check_class(MPI_Remove_error_class(code), MPI_ERR_ARG);
	TEST_MPI(MPI_Remove_error_code(code));
	check_class(MPI_Error_class(code, &c), MPI_ERR_ARG);
	check_class(MPI_Remove_error_code(code), MPI_ERR_ARG);
	check_class(MPI_Add_error_string(code, "again"), MPI_ERR_ARG);

	/* the class's string is still attached */
	check_class(MPI_Remove_error_class(cls), MPI_ERR_ARG);
	TEST_MPI(MPI_Remove_error_string(cls));
	TEST_MPI(MPI_Remove_error_class(cls));
	check_class(MPI_Error_class(cls, &c), MPI_ERR_ARG);
	check_class(MPI_Add_error_code(cls, &c), MPI_ERR_ARG);
	check_class(MPI_Remove_error_class(cls), MPI_ERR_ARG);

	/* predefined ones cannot be removed */
	check_class(MPI_Remove_error_class(MPI_ERR_TRUNCATE), MPI_ERR_ARG);
	check_class(MPI_Remove_error_code(MPI_ERR_OTHER), MPI_ERR_ARG);
	check_class(MPI_Remove_error_string(MPI_ERR_RANK), MPI_ERR_ARG);
	TEST_CHECK(handled == 15);

	/* new ones get new numbers: the removed are not reused */
	int cls2;
	TEST_MPI(MPI_Add_error_class(&cls2));
	TEST_CHECK(cls2 != cls && cls2 != code);
	TEST_MPI(MPI_Error_class(cls2, &c));
	TEST_CHECK(c == cls2);

	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);
	MPI_Finalize();
	return 0;
}
