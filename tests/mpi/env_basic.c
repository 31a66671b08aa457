/*
 * Description: environment queries: Initialized/Finalized, version strings,
 * processor name, Wtime/Wtick, thread levels, Alloc_mem.
 * np: 1 2
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int flag, provided, v, sv, len;
	MPI_Initialized(&flag);
	TEST_CHECK(!flag);
	TEST_MPI(MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided));
	TEST_CHECK(provided == MPI_THREAD_MULTIPLE);
	MPI_Initialized(&flag);
	TEST_CHECK(flag);
	MPI_Query_thread(&v);
	TEST_CHECK(v == MPI_THREAD_MULTIPLE);
	MPI_Is_thread_main(&flag);
	TEST_CHECK(flag);
	MPI_Get_version(&v, &sv);
	TEST_CHECK(v == 3 && sv == 1);
	char s[MPI_MAX_LIBRARY_VERSION_STRING];
	MPI_Get_library_version(s, &len);
	TEST_CHECK(len > 0 && strstr(s, "shmpi"));
	char name[MPI_MAX_PROCESSOR_NAME];
	MPI_Get_processor_name(name, &len);
	TEST_CHECK(len > 0 && (int)strlen(name) == len);
	double t0 = MPI_Wtime(), t1 = MPI_Wtime();
	TEST_CHECK(t1 >= t0 && MPI_Wtick() > 0 && MPI_Wtick() < 1e-3);
	void *p;
	TEST_MPI(MPI_Alloc_mem(1000, MPI_INFO_NULL, &p));
	memset(p, 1, 1000);
	TEST_MPI(MPI_Free_mem(p));
	MPI_Finalize();
	MPI_Finalized(&flag);
	TEST_CHECK(flag);
	return 0;
}
