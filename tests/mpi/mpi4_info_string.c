/*
 * Description: MPI-4.0's MPI_Info_get_string (buflen in and out, truncation
 * with the NUL, buflen 0 writes nothing, a missing key leaves value and
 * buflen alone) and MPI_Info_create_env (before MPI_Init too: a new, freeable
 * info with MPI_INFO_ENV's keys); bad arguments are error classes through
 * MPI_COMM_WORLD's handler (MPI_ERR_INFO, MPI_ERR_INFO_KEY, MPI_ERR_ARG).
 * MPI-4.1's MPI_Get_hw_resource_info: a new info naming the resource type.
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
	MPI_Info env, info;
	char val[64];
	int buflen, flag, n, rank;

	/* before MPI_Init: allowed (MPI-4.0 11.2.1) */
	TEST_MPI(MPI_Info_create_env(argc, argv, &env));
	TEST_MPI(MPI_Info_get_nkeys(env, &n));
	TEST_CHECK(n >= 1);
	TEST_MPI(MPI_Info_free(&env));
	TEST_CHECK(env == MPI_INFO_NULL);

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);

	TEST_MPI(MPI_Info_create_env(0, NULL, &env));
	TEST_CHECK(env != MPI_INFO_ENV);
	buflen = sizeof(val);
	TEST_MPI(MPI_Info_get_string(env, "maxprocs", &buflen, val, &flag));
	TEST_CHECK(flag);
	int size;
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	TEST_CHECK(atoi(val) == size && buflen == (int)strlen(val) + 1);
	/* same keys as MPI_INFO_ENV */
	int nenv, nnew;
	TEST_MPI(MPI_Info_get_nkeys(MPI_INFO_ENV, &nenv));
	TEST_MPI(MPI_Info_get_nkeys(env, &nnew));
	TEST_CHECK(nenv == nnew);
	/* it is the user's: writable, freeable */
	TEST_MPI(MPI_Info_set(env, "mine", "yes"));
	TEST_MPI(MPI_Info_free(&env));

	/* MPI-4.1's hardware info: the caller's, with the resource type */
	MPI_Info hw;
	TEST_MPI(MPI_Get_hw_resource_info(&hw));
	buflen = sizeof(val);
	TEST_MPI(MPI_Info_get_string(hw, "mpi_hw_resource_type", &buflen, val, &flag));
	TEST_CHECK(flag && strcmp(val, "mpi_shared_memory") == 0);
	TEST_MPI(MPI_Info_free(&hw));

	TEST_MPI(MPI_Info_create(&info));
	TEST_MPI(MPI_Info_set(info, "key", "abcdefgh"));

	buflen = sizeof(val);
	memset(val, 'x', sizeof(val));
	TEST_MPI(MPI_Info_get_string(info, "key", &buflen, val, &flag));
	TEST_CHECK(flag && strcmp(val, "abcdefgh") == 0 && buflen == 9);
	TEST_CHECK(val[9] == 'x');   /* nothing past the NUL */

	buflen = 4;   /* truncated to 3 characters and the NUL */
	memset(val, 'x', sizeof(val));
	TEST_MPI(MPI_Info_get_string(info, "key", &buflen, val, &flag));
	TEST_CHECK(flag && strcmp(val, "abc") == 0 && buflen == 9 && val[4] == 'x');

	buflen = 0;   /* the length only: value not referenced */
	TEST_MPI(MPI_Info_get_string(info, "key", &buflen, NULL, &flag));
	TEST_CHECK(flag && buflen == 9);

	buflen = 5;
	strcpy(val, "keep");
	TEST_MPI(MPI_Info_get_string(info, "nokey", &buflen, val, &flag));
	TEST_CHECK(!flag && buflen == 5 && strcmp(val, "keep") == 0);

	/* bad arguments through MPI_COMM_WORLD's handler */
	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errs, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	buflen = sizeof(val);
	check_class(MPI_Info_get_string(MPI_INFO_NULL, "key", &buflen, val, &flag), MPI_ERR_INFO);
	check_class(MPI_Info_get_string(info, "", &buflen, val, &flag), MPI_ERR_INFO_KEY);
	check_class(MPI_Info_get_string(info, "key", NULL, val, &flag), MPI_ERR_ARG);
	buflen = -1;
	check_class(MPI_Info_get_string(info, "key", &buflen, val, &flag), MPI_ERR_ARG);
	buflen = sizeof(val);
	check_class(MPI_Info_get_string(info, "key", &buflen, val, NULL), MPI_ERR_ARG);
	check_class(MPI_Info_create_env(0, NULL, NULL), MPI_ERR_ARG);
	check_class(MPI_Info_create_env(-1, NULL, &env), MPI_ERR_ARG);
	check_class(MPI_Get_hw_resource_info(NULL), MPI_ERR_ARG);
	TEST_CHECK(handled == 8);

	TEST_MPI(MPI_Info_free(&info));
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);
	MPI_Finalize();
	if (rank == 0)
		printf("ok\n");
	return 0;
}
