/*
 * Description: names round trip.  Default names of MPI_COMM_WORLD,
 * MPI_COMM_SELF and predefined datatypes; MPI_Comm_set_name/get_name and
 * MPI_Type_set_name/get_name copy the string in (the caller's buffer can
 * change afterwards) and truncate to MPI_MAX_OBJECT_NAME - 1; the seed's
 * MPI_Handle_name_put/get on communicators, datatypes, groups and
 * persistent requests: get returns the internal copy, "" when unset, never
 * NULL.
 * np: 1 2
 */
#include <string.h>
#include "mpitest.h"

/* The seed's name of handle h (of kind t) is want. */
static void handle_name_is(void *h, MPI_Handletype t, const char *want)
{
	char *p;
	TEST_MPI(MPI_Handle_name_get(h, t, &p));
	TEST_CHECK(p && strcmp(p, want) == 0);
}

/* The names of comm and type are want. */
static void comm_name_is(MPI_Comm comm, const char *want)
{
	char name[MPI_MAX_OBJECT_NAME];
	int len;
	TEST_MPI(MPI_Comm_get_name(comm, name, &len));
	TEST_CHECK(strcmp(name, want) == 0);
}

static void type_name_is(MPI_Datatype type, const char *want)
{
	char name[MPI_MAX_OBJECT_NAME];
	int len;
	TEST_MPI(MPI_Type_get_name(type, name, &len));
	TEST_CHECK(strcmp(name, want) == 0);
}

int main(int argc, char **argv)
{
	char name[MPI_MAX_OBJECT_NAME], buf[64], longname[300];
	char *p;
	int len, x = 0;
	MPI_Comm comm = MPI_COMM_SELF;
	MPI_Datatype type = MPI_DOUBLE;
	MPI_Group group = MPI_GROUP_EMPTY;
	MPI_Request preq, req;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	TEST_MPI(MPI_Comm_get_name(MPI_COMM_WORLD, name, &len));
	TEST_CHECK(strcmp(name, "MPI_COMM_WORLD") == 0 && len == 14);
	comm_name_is(MPI_COMM_SELF, "MPI_COMM_SELF");
	TEST_MPI(MPI_Type_get_name(MPI_INT, name, &len));
	TEST_CHECK(strcmp(name, "MPI_INT") == 0 && len == 7);
	type_name_is(MPI_DOUBLE, "MPI_DOUBLE");

	/* copied in */
	strcpy(buf, "my world");
	TEST_MPI(MPI_Comm_set_name(MPI_COMM_WORLD, buf));
	strcpy(buf, "changed");
	TEST_MPI(MPI_Comm_get_name(MPI_COMM_WORLD, name, &len));
	TEST_CHECK(strcmp(name, "my world") == 0 && len == 8);
	strcpy(buf, "my int");
	TEST_MPI(MPI_Type_set_name(MPI_INT, buf));
	buf[0] = 'X';
	type_name_is(MPI_INT, "my int");

	/* truncated */
	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	TEST_MPI(MPI_Comm_set_name(MPI_COMM_SELF, longname));
	TEST_MPI(MPI_Comm_get_name(MPI_COMM_SELF, name, &len));
	TEST_CHECK(len == MPI_MAX_OBJECT_NAME - 1 && strlen(name) == (size_t)len);
	TEST_MPI(MPI_Type_set_name(MPI_INT, longname));
	TEST_MPI(MPI_Type_get_name(MPI_INT, name, &len));
	TEST_CHECK(len == MPI_MAX_OBJECT_NAME - 1);

	/* the seed's calls */
	TEST_MPI(MPI_Handle_name_put(&comm, MPI_HANDLE_COMM, "self"));
	handle_name_is(&comm, MPI_HANDLE_COMM, "self");
	comm_name_is(MPI_COMM_SELF, "self");
	handle_name_is(&type, MPI_HANDLE_DATATYPE, "MPI_DOUBLE");
	TEST_MPI(MPI_Handle_name_put(&type, MPI_HANDLE_DATATYPE, "dbl"));
	handle_name_is(&type, MPI_HANDLE_DATATYPE, "dbl");
	type_name_is(MPI_DOUBLE, "dbl");

	handle_name_is(&group, MPI_HANDLE_GROUP, "");
	TEST_MPI(MPI_Handle_name_put(&group, MPI_HANDLE_GROUP, "nobody"));
	handle_name_is(&group, MPI_HANDLE_GROUP, "nobody");

	TEST_MPI(MPI_Recv_init(&x, 1, MPI_INT, 0, 5, MPI_COMM_SELF, &preq));
	handle_name_is(&preq, MPI_HANDLE_PREQUEST, "");
	TEST_MPI(MPI_Handle_name_put(&preq, MPI_HANDLE_PREQUEST, "halo recv"));
	handle_name_is(&preq, MPI_HANDLE_PREQUEST, "halo recv");
	TEST_MPI(MPI_Request_free(&preq));

	/* errors: a non-persistent request, files, bad kinds; get stays "" */
	TEST_MPI(MPI_Irecv(&x, 1, MPI_INT, 0, 6, MPI_COMM_SELF, &req));
	p = NULL;
	TEST_CHECK(MPI_Handle_name_get(&req, MPI_HANDLE_PREQUEST, &p) == MPI_ERR_REQUEST);
	TEST_CHECK(p && p[0] == '\0');
	TEST_CHECK(MPI_Handle_name_put(&req, MPI_HANDLE_PREQUEST, "no") == MPI_ERR_REQUEST);
	TEST_CHECK(MPI_Handle_name_put(&comm, MPI_HANDLE_FILE, "no") == MPI_ERR_FILE);
	TEST_CHECK(MPI_Handle_name_put(&comm, 42, "no") == MPI_ERR_ARG);
	TEST_CHECK(MPI_Comm_set_name(MPI_COMM_NULL, "no") == MPI_ERR_COMM);
	TEST_CHECK(MPI_Type_set_name(MPI_DATATYPE_NULL, "no") == MPI_ERR_TYPE);
	MPI_Send(&x, 1, MPI_INT, 0, 6, MPI_COMM_SELF);
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));

	MPI_Finalize();
	return 0;
}
