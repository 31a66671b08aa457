/*
 * Description: MPI_Info: set/get/get_valuelen/delete/get_nkeys/get_nthkey
 * (insertion order, replacement in place), dup independence, free, the
 * error classes for bad keys, values and handles, and MPI_INFO_ENV.
 * np: 1
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Info info, dup, none = MPI_INFO_NULL;
	char key[MPI_MAX_INFO_KEY], val[MPI_MAX_INFO_VAL + 1], longkey[MPI_MAX_INFO_KEY + 10];
	int flag, n, len;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	TEST_MPI(MPI_Info_create(&info));
	TEST_MPI(MPI_Info_get_nkeys(info, &n));
	TEST_CHECK(n == 0);
	TEST_MPI(MPI_Info_set(info, "b", "one"));
	TEST_MPI(MPI_Info_set(info, "a", "two"));
	TEST_MPI(MPI_Info_set(info, "c", "three"));
	TEST_MPI(MPI_Info_set(info, "b", "uno"));   /* replaced in place */
	TEST_MPI(MPI_Info_get_nkeys(info, &n));
	TEST_CHECK(n == 3);
	TEST_MPI(MPI_Info_get_nthkey(info, 0, key));
	TEST_CHECK(strcmp(key, "b") == 0);
	TEST_MPI(MPI_Info_get_nthkey(info, 2, key));
	TEST_CHECK(strcmp(key, "c") == 0);
	TEST_MPI(MPI_Info_get(info, "b", MPI_MAX_INFO_VAL, val, &flag));
	TEST_CHECK(flag && strcmp(val, "uno") == 0);
	TEST_MPI(MPI_Info_get_valuelen(info, "c", &len, &flag));
	TEST_CHECK(flag && len == 5);
	TEST_MPI(MPI_Info_get(info, "c", 2, val, &flag));   /* truncated */
	TEST_CHECK(flag && strcmp(val, "th") == 0);
	TEST_MPI(MPI_Info_get(info, "zz", MPI_MAX_INFO_VAL, val, &flag));
	TEST_CHECK(!flag);
	TEST_MPI(MPI_Info_get_valuelen(info, "zz", &len, &flag));
	TEST_CHECK(!flag);

	TEST_MPI(MPI_Info_dup(info, &dup));
	TEST_MPI(MPI_Info_delete(info, "a"));
	TEST_MPI(MPI_Info_get_nkeys(info, &n));
	TEST_CHECK(n == 2);
	TEST_MPI(MPI_Info_get_nthkey(info, 1, key));
	TEST_CHECK(strcmp(key, "c") == 0);
	TEST_MPI(MPI_Info_get_nkeys(dup, &n));
	TEST_CHECK(n == 3);
	TEST_MPI(MPI_Info_get(dup, "a", MPI_MAX_INFO_VAL, val, &flag));
	TEST_CHECK(flag && strcmp(val, "two") == 0);

	/* errors */
	memset(longkey, 'k', sizeof(longkey) - 1);
	longkey[sizeof(longkey) - 1] = '\0';
	TEST_CHECK(MPI_Info_set(info, longkey, "v") == MPI_ERR_INFO_KEY);
	TEST_CHECK(MPI_Info_set(info, "", "v") == MPI_ERR_INFO_KEY);
	TEST_CHECK(MPI_Info_delete(info, "a") == MPI_ERR_INFO_NOKEY);
	TEST_CHECK(MPI_Info_get_nthkey(info, 2, key) == MPI_ERR_ARG);
	TEST_CHECK(MPI_Info_get_nkeys(MPI_INFO_NULL, &n) == MPI_ERR_INFO);
	TEST_CHECK(MPI_Info_free(&none) == MPI_ERR_INFO);

	TEST_MPI(MPI_Info_free(&info));
	TEST_CHECK(info == MPI_INFO_NULL);
	TEST_MPI(MPI_Info_free(&dup));

	/* MPI_INFO_ENV: readable, not writable, not freeable */
	TEST_MPI(MPI_Info_get(MPI_INFO_ENV, "maxprocs", MPI_MAX_INFO_VAL, val, &flag));
	TEST_CHECK(flag && strcmp(val, "1") == 0);
	TEST_MPI(MPI_Info_get_nkeys(MPI_INFO_ENV, &n));
	TEST_CHECK(n >= 1);
	TEST_CHECK(MPI_Info_set(MPI_INFO_ENV, "x", "y") == MPI_ERR_INFO);
	info = MPI_INFO_ENV;
	TEST_CHECK(MPI_Info_free(&info) == MPI_ERR_INFO);

	MPI_Finalize();
	return 0;
}
