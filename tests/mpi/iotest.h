/*
 * tests/mpi/iotest.h - helpers of the MPI-IO tests (tests/mpi/io_*.c): a
 * temporary directory made by rank 0 and known to every rank, removed at
 * the end with whatever the test left in it.
 */
#ifndef IOTEST_H
#define IOTEST_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <mpi.h>
#include "mpitest.h"

static char iotest_dir[256];

/* Make the directory (rank 0 of comm) and share its name. */
static inline void iotest_dir_make(MPI_Comm comm)
{
	int r;
	MPI_Comm_rank(comm, &r);
	if (r == 0) {
		const char *t = getenv("TMPDIR");
		snprintf(iotest_dir, sizeof(iotest_dir), "%s/shmpi-io-XXXXXX", t && *t ? t : "/tmp");
		if (!mkdtemp(iotest_dir))
			mpitest_fail("mkdtemp", __FILE__, __LINE__);
	}
	MPI_Bcast(iotest_dir, sizeof(iotest_dir), MPI_CHAR, 0, comm);
}

/* dir/name into out. */
static inline const char *iotest_path(char *out, size_t len, const char *name)
{
	snprintf(out, len, "%s/%s", iotest_dir, name);
	return out;
}

/* Remove the directory and its files (rank 0, after a barrier). */
static inline void iotest_dir_remove(MPI_Comm comm)
{
	int r;
	MPI_Barrier(comm);
	MPI_Comm_rank(comm, &r);
	if (r != 0)
		return;
	DIR *d = opendir(iotest_dir);
	if (d) {
		struct dirent *e;
		char p[512];
		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				unlink(iotest_path(p, sizeof(p), e->d_name));
		closedir(d);
	}
	rmdir(iotest_dir);
}

/* The class of an error code. */
static inline int iotest_class(int rc)
{
	int c = rc;
	MPI_Error_class(rc, &c);
	return c;
}

#endif
