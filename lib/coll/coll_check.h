/*
 * lib/coll/coll_check.h - argument checks and handle-to-internal conversions
 * shared by the blocking and nonblocking collective entry points
 * (lib/coll/coll_api.c, lib/coll/coll_neighbor.c).  Each check returns an error class
 * and a detail string through *why.
 */
#ifndef MPII_COLL_CHECK_H
#define MPII_COLL_CHECK_H

#include "mpi.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/coll/op.h"

/* comm usable for a collective (intra- or intercommunicator). */
int mpii_coll_check_comm(MPI_Comm comm, const char **why);
/* count >= 0 and a committed type. */
int mpii_coll_check_buf(int count, MPI_Datatype dt, const char **why);
/* A rank of comm; on an intercommunicator a rank of the remote group,
 * MPI_ROOT or MPI_PROC_NULL. */
int mpii_coll_check_root(MPI_Comm comm, int root, const char **why);
/* This process's part in a rooted collective: *is_root (receives a
 * gather, sends a scatter), *member (sends to a gather, receives from a
 * scatter): every rank of an intracommunicator, the members of the group
 * opposite the root on an intercommunicator. */
void mpii_coll_roles(MPI_Comm comm, int root, int *is_root, int *member);
/* MPI_ERR_BUFFER for MPI_IN_PLACE on an intercommunicator. */
int mpii_coll_check_in_place(MPI_Comm comm, const void *buf, const char **why);
int mpii_coll_check_op(MPI_Op op, MPI_Datatype dt, const char **why);
/* counts[n] >= 0. */
int mpii_coll_check_counts(const int *counts, int n, const char **why);
/* The numbers of blocks a neighbour collective on comm receives (*nin)
 * and sends (*nout); 0 and 0 when comm has no topology
 * (lib/coll/coll_neighbor.c). */
void mpii_coll_neighbor_degrees(MPI_Comm comm, int *nin, int *nout);

/* Uniform or per-rank count/displacement arrays as the internal
 * functions take them (elements; `scale` multiplies displacements, to
 * turn them into bytes for alltoallw).  NULL when out of memory. */
MPI_Count *mpii_coll_counts(int n, const int *counts, int uniform);
MPI_Aint *mpii_coll_displs(int n, const int *displs, int uniform, MPI_Aint scale);

#endif
