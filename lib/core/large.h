/*
 * lib/core/large.h - the helpers of the generated large-count forms
 * MPI_X_c (lib/core/large.c, from api/mpi.api's "large=" items; the
 * helpers are in lib/core/large_util.c): narrowing a widened value or
 * array to the int (or MPI_Aint) the int form takes, the length of a
 * per-process array, and the error report.
 *
 * A value that does not fit is MPI_ERR_COUNT; a negative one below
 * INT_MIN becomes -1, so that the int form reports the negative count
 * itself, with its own error class.  Arrays are copied into memory the
 * caller frees (free(NULL) when the array was NULL or empty).
 */
#ifndef MPII_LARGE_H
#define MPII_LARGE_H

#include <limits.h>
#include "mpi.h"

static inline int mpii_large_int(MPI_Count v, int *n)
{
	if (v > INT_MAX)
		return MPI_ERR_COUNT;
	*n = v < INT_MIN ? -1 : (int)v;
	return MPI_SUCCESS;
}

/* An inout count (a pack position): NULL stays NULL (the int form says). */
static inline int mpii_large_int_in(const MPI_Count *p, int *n)
{
	*n = 0;
	return p ? mpii_large_int(*p, n) : MPI_SUCCESS;
}

static inline int mpii_large_aint_in(const MPI_Count *p, MPI_Aint *n)
{
	*n = p ? (MPI_Aint)*p : 0;
	return MPI_SUCCESS;
}

/* The elements a ":split" large count is moved by at a time, and where
 * the buffer of the call that starts at element done is (MPI_IN_PLACE
 * stays itself; MPI_BOTTOM advances like any address, as absolute
 * displacements want). */
#define MPII_LARGE_SPLIT ((MPI_Count)1 << 30)
static inline void *mpii_large_at(const void *buf, MPI_Count done, MPI_Aint ext)
{
	if (buf == MPI_IN_PLACE)
		return (void *)buf;
	return (char *)buf + done * ext;
}

/* Which length a per-process array has (api/mpi.api's @size, @local, @root,
 * @indegree, @outdegree): 0 for an invalid communicator (the int form
 * reports it). */
enum { MPII_LARGE_LEN_SIZE, MPII_LARGE_LEN_LOCAL, MPII_LARGE_LEN_ROOT, MPII_LARGE_LEN_INDEGREE,
       MPII_LARGE_LEN_OUTDEGREE };
MPI_Count mpii_large_len(MPI_Comm comm, int how, int root);

int mpii_large_ints(const MPI_Count *a, MPI_Count len, int **out);
int mpii_large_ints_aint(const MPI_Aint *a, MPI_Count len, int **out);
int mpii_large_aints(const MPI_Count *a, MPI_Count len, MPI_Aint **out);

/* Report a narrowing failure of fn (rc: MPI_ERR_COUNT or MPI_ERR_NO_MEM)
 * through the handler of the call's communicator (MPI_COMM_NULL or an
 * invalid one: MPI_COMM_WORLD's), window or file; returns what the
 * handler leaves. */
int mpii_large_err_comm(MPI_Comm comm, int rc, const char *fn);
int mpii_large_err_win(MPI_Win win, int rc, const char *fn);
int mpii_large_err_file(MPI_File fh, int rc, const char *fn);

#endif
