/*
 * lib/coll/coll_quick.h - zero-byte collectives answered before the full
 * argument checks.
 *
 * A blocking fixed-size collective on an intracommunicator that moves no
 * bytes returns at once (lib/coll/coll_api.c, empty()).  Reaching that
 * answer through the full checks took ~300 instructions a call (perf/coll
 * -m 0:0 under callgrind; the error strings, the stuck note, the calls
 * between the checks), where Open MPI takes ~70: 0 B collectives ran at
 * 3-6x the peers' time.  These predicates give the same answer in a few
 * dozen instructions when every argument is plainly valid: the library
 * runs, comm is a valid intracommunicator, every count the call reads is 0
 * with a committed type, root is in range, the op is defined on the type.
 * A send buffer that is its receive buffer is no error when neither moves
 * a byte (coll_api.c, aliased()), so the pointers are not compared.
 * Anything else (an error, a zero-size type with a nonzero count,
 * MPI_IN_PLACE where it is not allowed) answers 0 and the call takes the
 * full path, which reports the error or does the work; so each predicate
 * only has to imply what the full path would decide, never to match it.
 *
 * The stuck note (lib/core/stuck.h) is left alone: it only matters to a
 * call that blocks, and these never do.
 */
#ifndef MPII_COLL_QUICK_H
#define MPII_COLL_QUICK_H

#include "lib/coll/coll_check.h"
#include "lib/core/core.h"

/* The library runs and comm is a valid intracommunicator. */
static inline int quick_intra(MPI_Comm comm)
{
	return mpii_g.initialized && !mpii_g.finalized && !mpii_comm_check(comm) &&
	       !comm->is_inter;
}

/* dt is fit to communicate. */
static inline int quick_type(MPI_Datatype dt)
{
	return !mpii_type_check_comm(dt);
}

/* count elements of dt are plainly none. */
static inline int quick_none(int count, MPI_Datatype dt)
{
	return count == 0 && quick_type(dt);
}

static inline int quick_root(MPI_Comm comm, int root)
{
	return root >= 0 && root < comm->size;
}

static inline int quick_op(MPI_Op op, MPI_Datatype dt)
{
	return MPII_VALID(op, MPII_MAGIC_OP) && !mpii_op_check_type(op, dt);
}

/* MPI_Bcast of nothing. */
static inline int quick_empty_bcast(int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
	return quick_intra(comm) && quick_none(count, dt) && quick_root(comm, root);
}

/* MPI_Allgather and MPI_Alltoall of nothing. */
static inline int quick_empty_all(const void *sbuf, int scount, MPI_Datatype stype, int rcount,
				  MPI_Datatype rtype, MPI_Comm comm)
{
	return quick_intra(comm) && quick_none(rcount, rtype) &&
	       (sbuf == MPI_IN_PLACE || quick_none(scount, stype));
}

/* MPI_Gather and MPI_Scatter of nothing: own is this member's block
 * (count x type), the root's blocks bcount x btype each. */
static inline int quick_empty_rooted(const void *own, int count, MPI_Datatype type, int bcount,
				     MPI_Datatype btype, int root, MPI_Comm comm)
{
	if (!quick_intra(comm) || !quick_root(comm, root))
		return 0;
	if (comm->rank != root)
		return quick_none(count, type);
	return quick_none(bcount, btype) &&
	       (own == MPI_IN_PLACE || quick_none(count, type));
}

/* MPI_Allreduce of nothing. */
static inline int quick_empty_allreduce(int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
	return quick_intra(comm) && quick_none(count, dt) && quick_op(op, dt);
}

/* MPI_Reduce of nothing (MPI_IN_PLACE, for the root only, is no error
 * where no byte is read). */
static inline int quick_empty_reduce(int count, MPI_Datatype dt, MPI_Op op, int root,
				     MPI_Comm comm)
{
	return quick_empty_allreduce(count, dt, op, comm) && quick_root(comm, root);
}

/* MPI_Reduce_scatter (counts, one per member: per_member) and
 * MPI_Reduce_scatter_block (&count) of nothing. */
static inline int quick_empty_reduce_scatter(const int *counts, int per_member, MPI_Datatype dt,
					     MPI_Op op, MPI_Comm comm)
{
	if (!counts || !quick_intra(comm) || !quick_type(dt) || !quick_op(op, dt))
		return 0;
	int n = per_member ? comm->size : 1;
	for (int i = 0; i < n; i++)
		if (counts[i] != 0)
			return 0;
	return 1;
}

#endif
