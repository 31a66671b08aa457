/*
 * Description: MPI_Publish_name, MPI_Lookup_name and MPI_Unpublish_name:
 * rank 0 opens a port and publishes it under a name with characters that
 * a file name cannot hold ("a/b c.%"), rank 1 looks it up, gets the same
 * port and connects through it; publishing the name again is
 * MPI_ERR_SERVICE; after the unpublish a lookup is MPI_ERR_NAME and a
 * second unpublish MPI_ERR_SERVICE; a name never published is
 * MPI_ERR_NAME; the name directory is private (mode 0700, ours) while a
 * name is in it.
 * np: 2
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "mpitest.h"

static int cls_of(int rc)
{
	int c;
	MPI_Error_class(rc, &c);
	return c;
}

int main(int argc, char **argv)
{
	int n, w;
	char port[MPI_MAX_PORT_NAME], found[MPI_MAX_PORT_NAME], svc[64];
	MPI_Comm ic;

	mpitest_init(&argc, &argv, 2, &n, &w);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	/* Unique per run: jobs of the same user share the names. */
	int pid = (int)getpid();
	MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
	snprintf(svc, sizeof(svc), "shmpi-test a/b c.%%-%d", pid);

	TEST_CHECK(cls_of(MPI_Lookup_name("shmpi-test never published", MPI_INFO_NULL, found)) ==
		   MPI_ERR_NAME);
	if (w == 0) {
		struct stat st;
		char dir[64];
		TEST_MPI(MPI_Open_port(MPI_INFO_NULL, port));
		TEST_MPI(MPI_Publish_name(svc, MPI_INFO_NULL, port));
		TEST_CHECK(cls_of(MPI_Publish_name(svc, MPI_INFO_NULL, port)) == MPI_ERR_SERVICE);
		snprintf(dir, sizeof(dir), "/dev/shm/shmpi-names-%u", (unsigned)getuid());
		TEST_CHECK(stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid() &&
			   (st.st_mode & 0777) == 0700);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 1) {
		TEST_MPI(MPI_Lookup_name(svc, MPI_INFO_NULL, found));
		TEST_CHECK(strncmp(found, "shmpi-port:", 11) == 0);
		TEST_MPI(MPI_Comm_connect(found, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic));
	} else if (w == 0) {
		TEST_MPI(MPI_Lookup_name(svc, MPI_INFO_NULL, found));
		TEST_CHECK(strcmp(found, port) == 0);
		TEST_MPI(MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic));
	}
	if (w < 2) {
		int v = w == 0 ? 77 : -1;
		TEST_MPI(MPI_Bcast(&v, 1, MPI_INT, w == 0 ? MPI_ROOT : 0, ic));
		TEST_CHECK(v == 77);
		TEST_MPI(MPI_Comm_disconnect(&ic));
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0) {
		TEST_MPI(MPI_Unpublish_name(svc, MPI_INFO_NULL, port));
		TEST_CHECK(cls_of(MPI_Unpublish_name(svc, MPI_INFO_NULL, port)) == MPI_ERR_SERVICE);
		TEST_MPI(MPI_Close_port(port));
	}
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_CHECK(cls_of(MPI_Lookup_name(svc, MPI_INFO_NULL, found)) == MPI_ERR_NAME);
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0)
		printf("PASS\n");
	MPI_Finalize();
	return 0;
}
