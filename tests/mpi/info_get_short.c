/*
 * Description: MPI_Info_get writes the value and its terminator only: a
 * caller that passes its buffer's size as valuelen is not overrun, the
 * bytes after the terminator are left alone, and a value longer than
 * valuelen is cut to valuelen characters plus the terminator (issue 14.3).
 * np: 1
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	MPI_Info info;
	char buf[32];
	int flag;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	TEST_MPI(MPI_Info_create(&info));
	TEST_MPI(MPI_Info_set(info, "k", "abc"));

	/* valuelen 16 in a 32-byte buffer: bytes 4..31 stay as they were */
	memset(buf, 'X', sizeof(buf));
	TEST_MPI(MPI_Info_get(info, "k", 16, buf, &flag));
	TEST_CHECK(flag && strcmp(buf, "abc") == 0);
	for (int i = 4; i < (int)sizeof(buf); i++)
		TEST_CHECK(buf[i] == 'X');

	/* longer than valuelen: valuelen characters and the terminator */
	memset(buf, 'X', sizeof(buf));
	TEST_MPI(MPI_Info_set(info, "k", "0123456789"));
	TEST_MPI(MPI_Info_get(info, "k", 4, buf, &flag));
	TEST_CHECK(flag && strcmp(buf, "0123") == 0);
	TEST_CHECK(buf[5] == 'X');

	/* exactly valuelen characters */
	memset(buf, 'X', sizeof(buf));
	TEST_MPI(MPI_Info_get(info, "k", 10, buf, &flag));
	TEST_CHECK(flag && strcmp(buf, "0123456789") == 0 && buf[11] == 'X');

	TEST_MPI(MPI_Info_free(&info));
	MPI_Finalize();
	return 0;
}
