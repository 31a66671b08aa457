/*
 * lib/coll/coll_inter.c - collectives on intercommunicators (MPI-3.1 5.2.2,
 * 5.2.3), blocking and nonblocking: each builds one schedule
 * (lib/coll/nbc.h) whose steps address either the remote group (the
 * intercommunicator itself) or, after mpii_sched_local(s, 1), the local
 * group through the hidden intracommunicator (lib/comm/intercomm.c), so the
 * intracommunicator builders (barrier, binomial bcast and reduce,
 * scatterv) serve the local phases.  Alltoall(v/w) is the intracommunicator
 * algorithm over the remote group (lib/coll/coll_gather.c).
 *
 *   barrier      local barrier; the two rank 0s ("leaders") swap an empty
 *                message; each leader releases its group (local bcast)
 *   bcast        root -> remote leader, then a local bcast there
 *   gather(v)    every remote member sends to the root (MPI_ROOT)
 *   scatter(v)   the root sends block i to remote rank i
 *   allgather(v) every member sends its block to every remote member
 *   reduce       local reduce to the leader (rank order), leader -> root
 *   allreduce    local reduce to the leader, leaders swap, local bcast
 *   reduce_scatter  local reduce of the whole vector to the leader,
 *                leaders swap, local scatterv of the remote group's result
 *
 * Root arguments: MPI_ROOT at the root, MPI_PROC_NULL at the other members
 * of its group (they do nothing), the root's rank in the remote group at
 * the members of the other group.  Every member builds a schedule even
 * when it has nothing to do: a schedule takes the next tag of the
 * intercommunicator and of the local communicator, and those sequences
 * must stay equal on every member.  Reductions fold the remote group's
 * contributions in rank order, so non-commutative ops are right.
 */
#include <stdlib.h>
#include "lib/coll/coll.h"
#include "lib/coll/nbc.h"

static char *at(const void *buf, MPI_Aint disp, const struct mpii_datatype *dt)
{
	return (char *)buf + disp * dt->extent;
}

/* A new schedule on c; a nonblocking one keeps a, b and op alive.  NULL
 * when out of memory. */
static struct mpii_sched *begin(struct mpii_comm *c, struct mpii_request **reqp,
				struct mpii_datatype *a, struct mpii_datatype *b, struct mpii_op *op)
{
	struct mpii_sched *s = mpii_sched_new(c);
	if (s && reqp) {
		mpii_sched_hold_type(s, a);
		mpii_sched_hold_type(s, b);
		mpii_sched_hold_op(s, op);
	}
	return s;
}

/* The leaders send (sbuf, count, dt) to each other into rbuf. */
static void leaders_swap(struct mpii_sched *s, struct mpii_comm *c, const void *sbuf, void *rbuf,
			 MPI_Count count, struct mpii_datatype *dt)
{
	mpii_sched_local(s, 0);
	if (c->rank == 0) {
		mpii_sched_send(s, sbuf, count, dt, 0);
		mpii_sched_recv(s, rbuf, count, dt, 0);
		mpii_sched_fence(s);
	}
	mpii_sched_local(s, 1);
}

/* Scratch for count elements of dt at the leader only (NULL elsewhere:
 * the builders touch it on the leader alone). */
static void *leader_tmp(struct mpii_sched *s, struct mpii_comm *c, MPI_Count count,
			const struct mpii_datatype *dt)
{
	return c->rank == 0 ? mpii_sched_tmp(s, count, dt) : NULL;
}

int mpii_inter_barrier(struct mpii_comm *c, struct mpii_request **reqp)
{
	struct mpii_sched *s = begin(c, reqp, NULL, NULL, NULL);
	if (!s)
		return MPI_ERR_NO_MEM;
	/* No member leaves before its leader knows that both groups came. */
	mpii_sched_local(s, 1);
	mpii_build_barrier(s, c->size, c->rank);
	leaders_swap(s, c, NULL, NULL, 0, MPI_BYTE);
	mpii_build_bcast(s, NULL, 0, MPI_BYTE, 0, c->size, c->rank, 0);
	return mpii_sched_finish(s, reqp);
}

int mpii_inter_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		     struct mpii_comm *c, struct mpii_request **reqp)
{
	struct mpii_sched *s = begin(c, reqp, dt, NULL, NULL);
	if (!s)
		return MPI_ERR_NO_MEM;
	if (root == MPI_ROOT) {
		mpii_sched_send(s, buf, count, dt, 0);
	} else if (root != MPI_PROC_NULL) {
		if (c->rank == 0) {
			mpii_sched_recv(s, buf, count, dt, root);
			mpii_sched_fence(s);
		}
		mpii_sched_local(s, 1);
		mpii_build_bcast(s, buf, count, dt, 0, c->size, c->rank, 0);
	}
	return mpii_sched_finish(s, reqp);
}

int mpii_inter_gatherv(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		       const MPI_Count *rcounts, const MPI_Aint *displs, struct mpii_datatype *rtype,
		       int root, struct mpii_comm *c, struct mpii_request **reqp)
{
	struct mpii_sched *s = begin(c, reqp, stype, rtype, NULL);
	if (!s)
		return MPI_ERR_NO_MEM;
	if (root == MPI_ROOT) {
		for (int i = 0; i < c->remote->size; i++)
			mpii_sched_recv(s, at(rbuf, displs[i], rtype), rcounts[i], rtype, i);
	} else if (root != MPI_PROC_NULL) {
		mpii_sched_send(s, sbuf, scount, stype, root);
	}
	return mpii_sched_finish(s, reqp);
}

int mpii_inter_scatterv(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *displs,
			struct mpii_datatype *stype, void *rbuf, MPI_Count rcount,
			struct mpii_datatype *rtype, int root, struct mpii_comm *c,
			struct mpii_request **reqp)
{
	struct mpii_sched *s = begin(c, reqp, stype, rtype, NULL);
	if (!s)
		return MPI_ERR_NO_MEM;
	if (root == MPI_ROOT) {
		for (int i = 0; i < c->remote->size; i++)
			mpii_sched_send(s, at(sbuf, displs[i], stype), scounts[i], stype, i);
	} else if (root != MPI_PROC_NULL) {
		mpii_sched_recv(s, rbuf, rcount, rtype, root);
	}
	return mpii_sched_finish(s, reqp);
}

int mpii_inter_allgatherv(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype,
			  void *rbuf, const MPI_Count *rcounts, const MPI_Aint *displs,
			  struct mpii_datatype *rtype, struct mpii_comm *c,
			  struct mpii_request **reqp)
{
	struct mpii_sched *s = begin(c, reqp, stype, rtype, NULL);
	if (!s)
		return MPI_ERR_NO_MEM;
	int n = c->remote->size, r = c->rank;
	/* staggered by rank, so members do not all hit remote rank 0 first */
	for (int k = 0; k < n; k++) {
		int i = (r + k) % n;
		mpii_sched_recv(s, at(rbuf, displs[i], rtype), rcounts[i], rtype, i);
	}
	for (int k = 0; k < n; k++)
		mpii_sched_send(s, sbuf, scount, stype, (r + k) % n);
	return mpii_sched_finish(s, reqp);
}

int mpii_inter_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		      struct mpii_op *op, int root, struct mpii_comm *c, struct mpii_request **reqp)
{
	struct mpii_sched *s = begin(c, reqp, dt, NULL, op);
	if (!s)
		return MPI_ERR_NO_MEM;
	if (count > 0 && root == MPI_ROOT) {
		mpii_sched_recv(s, rbuf, count, dt, 0);
	} else if (count > 0 && root != MPI_PROC_NULL) {
		void *acc = leader_tmp(s, c, count, dt);
		mpii_sched_local(s, 1);
		mpii_build_reduce(s, sbuf, acc, count, dt, op, 0, c->size, c->rank);
		mpii_sched_local(s, 0);
		if (c->rank == 0)
			mpii_sched_send(s, acc, count, dt, root);
	}
	return mpii_sched_finish(s, reqp);
}

int mpii_inter_allreduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
			 struct mpii_op *op, struct mpii_comm *c, struct mpii_request **reqp)
{
	struct mpii_sched *s = begin(c, reqp, dt, NULL, op);
	if (!s)
		return MPI_ERR_NO_MEM;
	if (count > 0) {
		void *acc = leader_tmp(s, c, count, dt);
		mpii_sched_local(s, 1);
		mpii_build_reduce(s, sbuf, acc, count, dt, op, 0, c->size, c->rank);
		leaders_swap(s, c, acc, rbuf, count, dt);
		mpii_build_bcast(s, rbuf, count, dt, 0, c->size, c->rank, 0);
	}
	return mpii_sched_finish(s, reqp);
}

int mpii_inter_reduce_scatter(const void *sbuf, void *rbuf, const MPI_Count *rcounts,
			      struct mpii_datatype *dt, struct mpii_op *op, struct mpii_comm *c,
			      struct mpii_request **reqp)
{
	int n = c->size, r = c->rank;
	MPI_Aint *displs = malloc(sizeof(MPI_Aint) * (size_t)n);
	struct mpii_sched *s = displs ? begin(c, reqp, dt, NULL, op) : NULL;
	if (!s) {
		free(displs);
		return MPI_ERR_NO_MEM;
	}
	MPI_Count total = 0;
	for (int i = 0; i < n; i++) {
		displs[i] = (MPI_Aint)total;
		total += rcounts[i];
	}
	if (total > 0) {
		/* mine: this group's reduction, for the other group;
		 * theirs: the other group's, scattered here */
		void *mine = leader_tmp(s, c, total, dt), *theirs = leader_tmp(s, c, total, dt);
		mpii_sched_local(s, 1);
		mpii_build_reduce(s, sbuf, mine, total, dt, op, 0, n, r);
		leaders_swap(s, c, mine, theirs, total, dt);
		mpii_build_scatterv(s, theirs, rcounts, displs, dt, rbuf, rcounts[r], dt, 0, n, r);
	}
	free(displs);
	return mpii_sched_finish(s, reqp);
}
