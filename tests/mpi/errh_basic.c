/*
 * Description: error handlers.  A user handler set on a communicator is
 * called on the calling thread with the communicator and the error code,
 * by library errors and by MPI_Comm_call_errhandler and the seed's
 * MPI_Raise_error_handler (which returns the code it raised);
 * MPI_Comm_get_errhandler returns a reference that can be freed; a freed
 * handler stays in use by the communicator; the MPI-1 MPI_Errhandler_*
 * calls; MPI_ERRORS_RETURN returns codes; MPI_Add_error_class/code/string,
 * MPI_Error_class, MPI_Error_string for every class, MPI_LASTUSEDCODE.
 * np: 1 2
 */
#include <pthread.h>
#include <string.h>
#include "mpitest.h"

static int ncalls, last_code;
static MPI_Comm last_comm;
static pthread_t caller;

static void handler(MPI_Comm *comm, int *code, ...)
{
	ncalls++;
	last_code = *code;
	last_comm = *comm;
	TEST_CHECK(pthread_equal(pthread_self(), caller));
}

int main(int argc, char **argv)
{
	MPI_Errhandler eh, eh2, got;
	int cls, cls2, code, len, *lastused, flag, rank;
	char str[MPI_MAX_ERROR_STRING];

	MPI_Init(&argc, &argv);
	caller = pthread_self();
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);

	/* default is MPI_ERRORS_ARE_FATAL */
	TEST_MPI(MPI_Comm_get_errhandler(MPI_COMM_WORLD, &got));
	TEST_CHECK(got == MPI_ERRORS_ARE_FATAL);
	TEST_MPI(MPI_Errhandler_free(&got));
	TEST_CHECK(got == MPI_ERRHANDLER_NULL);

	TEST_MPI(MPI_Comm_create_errhandler(handler, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, eh));
	/* the communicator keeps its reference */
	TEST_MPI(MPI_Errhandler_free(&eh));
	TEST_MPI(MPI_Comm_get_errhandler(MPI_COMM_SELF, &got));
	TEST_CHECK(got != MPI_ERRHANDLER_NULL && got != MPI_ERRORS_ARE_FATAL);

	/* a library error on SELF reaches the handler and returns the class */
	TEST_CHECK(MPI_Send(NULL, -1, MPI_INT, 0, 0, MPI_COMM_SELF) == MPI_ERR_COUNT);
	TEST_CHECK(ncalls == 1 && last_code == MPI_ERR_COUNT && last_comm == MPI_COMM_SELF);
	TEST_CHECK(MPI_Comm_call_errhandler(MPI_COMM_SELF, MPI_ERR_TAG) == MPI_SUCCESS);
	TEST_CHECK(ncalls == 2 && last_code == MPI_ERR_TAG);
	TEST_CHECK(MPI_Raise_error_handler(MPI_COMM_SELF, MPI_ERR_RANK) == MPI_ERR_RANK);
	TEST_CHECK(ncalls == 3 && last_code == MPI_ERR_RANK);

	/* user classes and codes */
	TEST_MPI(MPI_Add_error_class(&cls));
	TEST_CHECK(cls > MPI_ERR_LASTCODE);
	TEST_MPI(MPI_Add_error_code(cls, &code));
	TEST_MPI(MPI_Add_error_class(&cls2));
	TEST_CHECK(code != cls && cls2 != code && cls2 != cls);
	TEST_MPI(MPI_Error_class(code, &cls2));
	TEST_CHECK(cls2 == cls);
	TEST_MPI(MPI_Error_class(cls, &cls2));
	TEST_CHECK(cls2 == cls);
	TEST_MPI(MPI_Error_string(code, str, &len));
	TEST_CHECK(len == 0 && str[0] == '\0');
	TEST_MPI(MPI_Add_error_string(code, "my library failed"));
	TEST_MPI(MPI_Error_string(code, str, &len));
	TEST_CHECK(strcmp(str, "my library failed") == 0 && len == 17);
	TEST_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &lastused, &flag));
	TEST_CHECK(flag && *lastused >= code && *lastused >= cls);
	TEST_CHECK(MPI_Raise_error_handler(MPI_COMM_SELF, code) == code);
	TEST_CHECK(ncalls == 4 && last_code == code);

	/* MPI_ERRORS_RETURN on WORLD: the bad calls return their class */
	TEST_MPI(MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
	TEST_MPI(MPI_Errhandler_get(MPI_COMM_WORLD, &eh2));
	TEST_CHECK(eh2 == MPI_ERRORS_RETURN);
	TEST_MPI(MPI_Errhandler_free(&eh2));
	TEST_CHECK(MPI_Add_error_string(MPI_ERR_ARG, "no") == MPI_ERR_ARG);
	TEST_CHECK(MPI_Add_error_code(MPI_ERR_LASTCODE + 1000, &code) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Error_class(-5, &cls2) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRHANDLER_NULL) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Raise_error_handler(MPI_COMM_WORLD, MPI_ERR_OTHER) == MPI_ERR_OTHER);
	TEST_CHECK(ncalls == 4);

	/* MPI-1 creation, set on WORLD, replace by another */
	TEST_MPI(MPI_Errhandler_create(handler, &eh2));
	TEST_MPI(MPI_Errhandler_set(MPI_COMM_WORLD, eh2));
	TEST_CHECK(MPI_Comm_rank(MPI_COMM_NULL, &rank) == MPI_ERR_COMM);
	TEST_CHECK(ncalls == 5 && last_comm == MPI_COMM_WORLD && last_code == MPI_ERR_COMM);
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
	TEST_MPI(MPI_Errhandler_free(&eh2));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
	/* got was the last reference to the first handler */
	TEST_MPI(MPI_Errhandler_free(&got));
	TEST_CHECK(MPI_Errhandler_free(&got) == MPI_ERR_ARG);

	/* every predefined class has a string */
	for (int c = MPI_SUCCESS; c <= MPI_ERR_THREAD; c++) {
		TEST_MPI(MPI_Error_string(c, str, &len));
		TEST_CHECK(len > 0 && (int)strlen(str) == len);
		TEST_MPI(MPI_Error_class(c, &cls2));
		TEST_CHECK(cls2 == c);
	}
	MPI_Finalize();
	return 0;
}
