/*
 * Description: the helper program of tests/mpi/port_jobs.sh (ports and
 * names across separate mpirun-shm jobs); one mode per run:
 *   publish SVC FILE   open a port, publish it as SVC, write it to FILE,
 *                      end without unpublishing or closing (the launcher
 *                      removes the name at the job's end)
 *   hold SVC FILE      the same, then write our pid to FILE.pid and wait
 *                      to be killed
 *   lookup SVC         expect MPI_ERR_NAME from MPI_Lookup_name
 *   found SVC FILE     expect MPI_Lookup_name to give FILE's port
 *   connect FILE       expect MPI_ERR_PORT from MPI_Comm_connect to FILE's
 *                      port (its job is gone), at once
 * Exit 0 when the mode's expectation holds, 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "mpitest.h"

static void read_port(const char *file, char *port)
{
	FILE *f = fopen(file, "r");
	TEST_CHECK(f && fgets(port, MPI_MAX_PORT_NAME, f));
	fclose(f);
	port[strcspn(port, "\n")] = '\0';
}

int main(int argc, char **argv)
{
	char port[MPI_MAX_PORT_NAME], found[MPI_MAX_PORT_NAME];
	int c;
	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	TEST_CHECK(argc >= 3);
	const char *mode = argv[1];
	if (!strcmp(mode, "publish") || !strcmp(mode, "hold")) {
		TEST_CHECK(argc == 4);
		TEST_MPI(MPI_Open_port(MPI_INFO_NULL, port));
		TEST_MPI(MPI_Publish_name(argv[2], MPI_INFO_NULL, port));
		char tmp[4096];
		snprintf(tmp, sizeof(tmp), "%s.tmp", argv[3]);
		FILE *f = fopen(tmp, "w");
		TEST_CHECK(f && fprintf(f, "%s\n", port) > 0 && fclose(f) == 0);
		if (!strcmp(mode, "hold")) {
			snprintf(tmp, sizeof(tmp), "%s.pid", argv[3]);
			f = fopen(tmp, "w");
			TEST_CHECK(f && fprintf(f, "%d\n", (int)getpid()) > 0 && fclose(f) == 0);
			snprintf(tmp, sizeof(tmp), "%s.tmp", argv[3]);
			TEST_CHECK(rename(tmp, argv[3]) == 0);
			for (;;)
				pause();
		}
		TEST_CHECK(rename(tmp, argv[3]) == 0);
	} else if (!strcmp(mode, "lookup")) {
		MPI_Error_class(MPI_Lookup_name(argv[2], MPI_INFO_NULL, found), &c);
		TEST_CHECK(c == MPI_ERR_NAME);
	} else if (!strcmp(mode, "found")) {
		TEST_CHECK(argc == 4);
		read_port(argv[3], port);
		TEST_MPI(MPI_Lookup_name(argv[2], MPI_INFO_NULL, found));
		TEST_CHECK(strcmp(found, port) == 0);
	} else if (!strcmp(mode, "connect")) {
		MPI_Comm ic;
		read_port(argv[2], port);
		double t0 = mpitest_now();
		MPI_Error_class(MPI_Comm_connect(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic), &c);
		TEST_CHECK(c == MPI_ERR_PORT && ic == MPI_COMM_NULL);
		TEST_CHECK(mpitest_now() - t0 < 5.0);
	} else {
		TEST_CHECK(!"unknown mode");
	}
	MPI_Finalize();
	return 0;
}
