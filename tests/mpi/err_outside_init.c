/*
 * Description: a call before MPI_Init or after MPI_Finalize is reported
 * plainly: the function's name and "called before MPI_Init" or "called
 * after MPI_Finalize", not MPI_ERR_OTHER's catch-all text (issue 14.13).
 * Before MPI_Init a forked child makes the call (the default handler ends
 * it) and its stderr is read; after MPI_Finalize a user error handler set
 * on MPI_COMM_WORLD sees the message.
 * np: 1
 */
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "mpitest.h"

static char seen[MPI_MAX_ERROR_STRING + 256];


/* shmpi passes the message after the code (as MPICH and Open MPI do) */
static void record_msg(MPI_Comm *comm, int *code, ...)
{
	va_list ap;
	(void)comm;
	va_start(ap, code);
	const char *msg = va_arg(ap, const char *);
	va_end(ap);
	snprintf(seen, sizeof(seen), "%s", msg ? msg : "");
}

int main(int argc, char **argv)
{
	int fd[2], r;
	if (pipe(fd) != 0)
		return 1;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fd[1], 2);
		close(fd[0]);
		MPI_Comm_rank(MPI_COMM_WORLD, &r);
		_exit(0); /* not reached: the call is fatal */
	}
	close(fd[1]);
	char out[1024] = "";
	size_t got = 0;
	ssize_t k;
	while (got < sizeof(out) - 1 && (k = read(fd[0], out + got, sizeof(out) - 1 - got)) > 0)
		got += (size_t)k;
	out[got] = 0;
	int status;
	waitpid(pid, &status, 0);
	if (!(WIFEXITED(status) && WEXITSTATUS(status) != 0) ||
	    !strstr(out, "MPI_Comm_rank called before MPI_Init") ||
	    strstr(out, "known error not in this list")) {
		fprintf(stderr, "FAIL: child status %d, stderr: %s\n", status, out);
		return 1;
	}

	MPI_Init(&argc, &argv);
	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_create_errhandler(record_msg, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	MPI_Finalize();
	int x = 0;
	int rc = MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
	if (rc != MPI_ERR_OTHER || !strstr(seen, "MPI_Send called after MPI_Finalize") ||
	    strstr(seen, "known error not in this list")) {
		fprintf(stderr, "FAIL: rc %d, message: %s\n", rc, seen);
		return 1;
	}
	return 0;
}
