/*
 * Description: MPI_Comm_join over a connected socket between ranks 0 and
 * 1 (an abstract Unix stream socket that rank 0 listens on): each gets an
 * intercommunicator of one local and one remote process that carries
 * point-to-point both ways and a broadcast; a socket whose other end is
 * not in MPI_Comm_join (it writes garbage) is MPI_ERR_ARG, not a hang.
 * np: 2 3
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include "mpitest.h"

static socklen_t addr(struct sockaddr_un *sa, int id)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	int k = snprintf(sa->sun_path + 1, sizeof(sa->sun_path) - 1, "shmpi-join-test-%d", id);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)k);
}

/* A connected socket between ranks 0 and 1. */
static int connected(int w, int id)
{
	struct sockaddr_un sa;
	socklen_t len = addr(&sa, id);
	int fd = -1;
	if (w == 0) {
		int l = socket(AF_UNIX, SOCK_STREAM, 0);
		TEST_CHECK(l >= 0 && bind(l, (struct sockaddr *)&sa, len) == 0 && listen(l, 1) == 0);
		MPI_Barrier(MPI_COMM_WORLD);
		fd = accept(l, NULL, NULL);
		close(l);
	} else {
		MPI_Barrier(MPI_COMM_WORLD);
		if (w == 1) {
			fd = socket(AF_UNIX, SOCK_STREAM, 0);
			TEST_CHECK(fd >= 0 && connect(fd, (struct sockaddr *)&sa, len) == 0);
		}
	}
	TEST_CHECK(w > 1 || fd >= 0);
	return fd;
}

int main(int argc, char **argv)
{
	int n, w;
	MPI_Comm ic;

	mpitest_init(&argc, &argv, 2, &n, &w);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	int id = (int)getpid();
	MPI_Bcast(&id, 1, MPI_INT, 0, MPI_COMM_WORLD);

	int fd = connected(w, id);
	if (w < 2) {
		int s, r, rs, v = 0;
		TEST_MPI(MPI_Comm_join(fd, &ic));
		close(fd);
		MPI_Comm_size(ic, &s);
		MPI_Comm_rank(ic, &r);
		MPI_Comm_remote_size(ic, &rs);
		TEST_CHECK(s == 1 && r == 0 && rs == 1);
		v = 100 + w;
		TEST_MPI(MPI_Sendrecv_replace(&v, 1, MPI_INT, 0, 0, 0, 0, ic, MPI_STATUS_IGNORE));
		TEST_CHECK(v == 100 + (1 - w));
		v = w == 0 ? 9 : -1;
		TEST_MPI(MPI_Bcast(&v, 1, MPI_INT, w == 0 ? MPI_ROOT : 0, ic));
		TEST_CHECK(v == 9);
		TEST_MPI(MPI_Comm_disconnect(&ic));
	}

	/* The other end writes garbage and closes: an error at once. */
	fd = connected(w, id + 1);
	if (w == 1) {
		char junk[256];
		memset(junk, 'x', sizeof(junk));
		TEST_CHECK(write(fd, junk, sizeof(junk)) == (ssize_t)sizeof(junk));
		close(fd);
	} else if (w == 0) {
		int c, rc = MPI_Comm_join(fd, &ic);
		MPI_Error_class(rc, &c);
		TEST_CHECK(c == MPI_ERR_ARG && ic == MPI_COMM_NULL);
		close(fd);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (w == 0)
		printf("PASS\n");
	MPI_Finalize();
	return 0;
}
