/*
 * Description: MPI-4.0's communicator assertions and hardware split types.
 * The mpi_assert_* hints (no_any_source, no_any_tag, exact_length,
 * allow_overtaking) given to MPI_Comm_dup_with_info are returned by
 * MPI_Comm_get_info; a receive or probe with the wildcard a communicator
 * asserted it would not use is MPI_ERR_ARG through its handler, named
 * sources and tags still work, and MPI_Comm_set_info with "false" lifts
 * the assertion.  MPI_Comm_split_type with MPI_COMM_TYPE_HW_GUIDED
 * ("mpi_shared_memory": everyone; "Package", "NUMANode": the members on
 * this one, named in the new communicator's info; an unknown type:
 * MPI_COMM_NULL) and MPI_COMM_TYPE_HW_UNGUIDED (a strict subset, or
 * MPI_COMM_NULL).
 * np: 1 2 4
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_COLL_FAKE_NUMA=2
 */
#include "mpitest.h"

static void check_class(int rc, int cls)
{
	int c = -1;
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
}

static int info_is(MPI_Comm c, const char *key, const char *want)
{
	MPI_Info used;
	char v[MPI_MAX_INFO_VAL];
	int flag;
	TEST_MPI(MPI_Comm_get_info(c, &used));
	TEST_MPI(MPI_Info_get(used, key, sizeof(v) - 1, v, &flag));
	TEST_MPI(MPI_Info_free(&used));
	return flag && strcmp(v, want) == 0;
}

static MPI_Comm guided(const char *type)
{
	MPI_Info info;
	MPI_Comm c;
	TEST_MPI(MPI_Info_create(&info));
	TEST_MPI(MPI_Info_set(info, "mpi_hw_resource_type", type));
	TEST_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, 0, info, &c));
	TEST_MPI(MPI_Info_free(&info));
	return c;
}

int main(int argc, char **argv)
{
	MPI_Comm c;
	MPI_Info info;
	int rank, size, flag, v = 5, got = 0;
	TEST_MPI(MPI_Init(&argc, &argv));
	TEST_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
	TEST_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));

	TEST_MPI(MPI_Info_create(&info));
	TEST_MPI(MPI_Info_set(info, "mpi_assert_no_any_source", "true"));
	TEST_MPI(MPI_Info_set(info, "mpi_assert_no_any_tag", "true"));
	TEST_MPI(MPI_Info_set(info, "mpi_assert_exact_length", "true"));
	TEST_MPI(MPI_Info_set(info, "mpi_assert_allow_overtaking", "false"));
	TEST_MPI(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &c));
	TEST_MPI(MPI_Info_free(&info));
	TEST_CHECK(info_is(c, "mpi_assert_no_any_source", "true"));
	TEST_CHECK(info_is(c, "mpi_assert_no_any_tag", "true"));
	TEST_CHECK(info_is(c, "mpi_assert_exact_length", "true"));
	TEST_CHECK(info_is(c, "mpi_assert_allow_overtaking", "false"));
	TEST_MPI(MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN));
	MPI_Request r = MPI_REQUEST_NULL;
	check_class(MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 0, c, &r), MPI_ERR_ARG);
	TEST_CHECK(r == MPI_REQUEST_NULL);
	check_class(MPI_Iprobe(0, MPI_ANY_TAG, c, &flag, MPI_STATUS_IGNORE), MPI_ERR_ARG);
	check_class(MPI_Recv(&got, 1, MPI_INT, rank, MPI_ANY_TAG, c, MPI_STATUS_IGNORE), MPI_ERR_ARG);
	TEST_MPI(MPI_Sendrecv(&v, 1, MPI_INT, rank, 3, &got, 1, MPI_INT, rank, 3, c,
			      MPI_STATUS_IGNORE));
	TEST_CHECK(got == 5);
	/* lifted */
	TEST_MPI(MPI_Info_create(&info));
	TEST_MPI(MPI_Info_set(info, "mpi_assert_no_any_source", "false"));
	TEST_MPI(MPI_Comm_set_info(c, info));
	TEST_MPI(MPI_Info_free(&info));
	got = 0;
	TEST_MPI(MPI_Sendrecv(&v, 1, MPI_INT, rank, 4, &got, 1, MPI_INT, MPI_ANY_SOURCE, 4, c,
			      MPI_STATUS_IGNORE));
	TEST_CHECK(got == 5);
	TEST_MPI(MPI_Comm_free(&c));

	/* hardware split types */
	int n;
	c = guided("mpi_shared_memory");
	TEST_CHECK(c != MPI_COMM_NULL);
	TEST_MPI(MPI_Comm_size(c, &n));
	TEST_CHECK(n == size);
	TEST_MPI(MPI_Comm_free(&c));
	c = guided("Package");
	TEST_CHECK(c != MPI_COMM_NULL);   /* one package here, the ranks bound to cores */
	TEST_CHECK(info_is(c, "mpi_hw_resource_type", "Package"));
	TEST_MPI(MPI_Comm_free(&c));
	c = guided("NUMANode");
	TEST_CHECK(c != MPI_COMM_NULL);
	TEST_MPI(MPI_Comm_size(c, &n));
	if (getenv("SHMPI_COLL_FAKE_NUMA"))   /* rank r on node r * 2 / size */
		TEST_CHECK(n == (size >= 2 ? size / 2 + (rank >= size / 2 ? size % 2 : 0) : 1));
	TEST_MPI(MPI_Comm_free(&c));
	c = guided("NoSuchResource");
	TEST_CHECK(c == MPI_COMM_NULL);
	TEST_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_UNGUIDED, 0, MPI_INFO_NULL, &c));
	if (c != MPI_COMM_NULL) {
		TEST_MPI(MPI_Comm_size(c, &n));
		TEST_CHECK(n < size);
		TEST_MPI(MPI_Comm_get_info(c, &info));
		char lvl[64];
		TEST_MPI(MPI_Info_get(info, "mpi_hw_resource_type", sizeof(lvl) - 1, lvl, &flag));
		TEST_CHECK(flag);
		TEST_MPI(MPI_Info_free(&info));
		TEST_MPI(MPI_Comm_free(&c));
	}
	if (size == 1)
		TEST_CHECK(c == MPI_COMM_NULL);
	TEST_MPI(MPI_Finalize());
	return 0;
}
