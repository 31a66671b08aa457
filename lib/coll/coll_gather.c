/*
 * lib/coll/coll_gather.c - gather(v), scatter(v), allgather(v), alltoall(v/w)
 * as point-to-point schedules: linear gather/scatter (the root posts every
 * transfer at once), ring allgather, and a one-round pairwise exchange for
 * alltoall (all receives and sends posted together, staggered by rank so
 * that members do not all hit the same peer first).
 *
 * Displacements are in elements of the receive/send type (v versions) or
 * bytes (alltoallw), as the standard defines them; the public entry points
 * convert the fixed-size versions into v form.  Alltoall serves
 * intercommunicators too (block i goes to and comes from remote rank i);
 * the rooted and gathering ones hand them to lib/coll/coll_inter.c.
 */
#include <stdlib.h>
#include "lib/coll/coll.h"
#include "lib/coll/coll_check.h"
#include "lib/coll/nbc.h"

static char *at(const void *buf, MPI_Aint disp, const struct mpii_datatype *dt)
{
	return (char *)buf + disp * dt->extent;
}

static void hold2(struct mpii_sched *s, struct mpii_request **reqp, struct mpii_datatype *a,
		  struct mpii_datatype *b)
{
	if (reqp) {
		mpii_sched_hold_type(s, a);
		mpii_sched_hold_type(s, b);
	}
}

/* The linear schedule of a rooted collective at rank r of n.  Gathering,
 * every other rank sends its own block (count x otype at own) to the root,
 * which receives block i into blocks at displs[i] (counts[i] x btype);
 * scattering, the blocks go the other way.  The root copies its own block
 * unless own is MPI_IN_PLACE. */
static void linear(struct mpii_sched *s, int gathering, void *own, MPI_Count count,
		   struct mpii_datatype *otype, void *blocks, const MPI_Count *counts,
		   const MPI_Aint *displs, struct mpii_datatype *btype, int root, int n, int r)
{
	if (r != root && gathering)
		mpii_sched_send_fan_in(s, own, count, otype, root);
	else if (r != root)
		mpii_sched_recv(s, own, count, otype, root);
	for (int k = 1; r == root && k < n; k++) {
		int i = (root + k) % n;
		if (gathering)
			mpii_sched_recv(s, at(blocks, displs[i], btype), counts[i], btype, i);
		else
			mpii_sched_send_fan_out(s, at(blocks, displs[i], btype), counts[i], btype, i);
	}
	if (r != root || own == MPI_IN_PLACE)
		return;
	if (gathering)
		mpii_sched_copy(s, own, count, otype, at(blocks, displs[r], btype), counts[r], btype);
	else
		mpii_sched_copy(s, at(blocks, displs[r], btype), counts[r], btype, own, count, otype);
}

int mpii_gatherv(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		 const MPI_Count *rcounts, const MPI_Aint *displs, struct mpii_datatype *rtype,
		 int root, struct mpii_comm *c, struct mpii_request **reqp)
{
	if (c->is_inter)
		return mpii_inter_gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, c,
					  reqp);
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	hold2(s, reqp, stype, rtype);
	linear(s, 1, (void *)sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, c->size,
	       c->rank);
	return mpii_sched_finish(s, reqp);
}

void mpii_build_scatterv(struct mpii_sched *s, const void *sbuf, const MPI_Count *scounts,
			 const MPI_Aint *displs, struct mpii_datatype *stype, void *rbuf,
			 MPI_Count rcount, struct mpii_datatype *rtype, int root, int n, int r)
{
	linear(s, 0, rbuf, rcount, rtype, (void *)sbuf, scounts, displs, stype, root, n, r);
	mpii_sched_fence(s);
}

int mpii_scatterv(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *displs,
		  struct mpii_datatype *stype, void *rbuf, MPI_Count rcount,
		  struct mpii_datatype *rtype, int root, struct mpii_comm *c,
		  struct mpii_request **reqp)
{
	if (c->is_inter)
		return mpii_inter_scatterv(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, c,
					   reqp);
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	hold2(s, reqp, stype, rtype);
	mpii_build_scatterv(s, sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, c->size,
			    c->rank);
	return mpii_sched_finish(s, reqp);
}

int mpii_allgatherv(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		    const MPI_Count *rcounts, const MPI_Aint *displs, struct mpii_datatype *rtype,
		    struct mpii_comm *c, struct mpii_request **reqp)
{
	if (c->is_inter)
		return mpii_inter_allgatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, c,
					     reqp);
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	hold2(s, reqp, stype, rtype);
	int n = c->size, r = c->rank;
	int in_place = sbuf == MPI_IN_PLACE;
	/* ring: in step k, pass on the block received in step k - 1.  Step 0
	 * sends our own block from sbuf and copies it into rbuf after the
	 * send and receive are posted: the neighbour's single copy from sbuf
	 * and our local copy then overlap instead of following each other
	 * (np=2, 64 KiB: the copy was a third of the time). */
	int right = (r + 1) % n, left = (r - 1 + n) % n;
	for (int k = 0; k < n - 1; k++) {
		int sb = (r - k + n) % n, rb = (r - k - 1 + n) % n;
		if (k == 0 && !in_place)
			mpii_sched_send(s, sbuf, scount, stype, right);
		else
			mpii_sched_send(s, at(rbuf, displs[sb], rtype), rcounts[sb], rtype, right);
		mpii_sched_recv(s, at(rbuf, displs[rb], rtype), rcounts[rb], rtype, left);
		if (k == 0 && !in_place)
			mpii_sched_copy(s, sbuf, scount, stype, at(rbuf, displs[r], rtype), rcounts[r],
					rtype);
		mpii_sched_fence(s);
	}
	if (n == 1 && !in_place)
		mpii_sched_copy(s, sbuf, scount, stype, at(rbuf, displs[r], rtype), rcounts[r], rtype);
	return mpii_sched_finish(s, reqp);
}

int mpii_allgather(const void *sbuf, int count, struct mpii_datatype *dt, void *rbuf,
		   struct mpii_comm *c)
{
	int n = mpii_comm_peer_size(c);
	MPI_Count *cnt = mpii_coll_counts(n, NULL, count);
	MPI_Aint *dsp = mpii_coll_displs(n, NULL, count, 1);
	int rc = MPI_ERR_NO_MEM;
	if (cnt && dsp)
		rc = mpii_allgatherv(sbuf, count, dt, rbuf, cnt, dsp, dt, c, NULL);
	free(cnt);
	free(dsp);
	return rc;
}

int mpii_alltoallw(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *sdispls,
		   struct mpii_datatype *const *stypes, void *rbuf, const MPI_Count *rcounts,
		   const MPI_Aint *rdispls, struct mpii_datatype *const *rtypes,
		   struct mpii_comm *c, struct mpii_request **reqp)
{
	struct mpii_sched *s = mpii_sched_new(c);
	if (!s)
		return MPI_ERR_NO_MEM;
	/* n peers (the remote group of an intercommunicator, where there is
	 * no block for this process itself: first = 0, no local copy) */
	int n = mpii_comm_peer_size(c), r = c->rank, first = c->is_inter ? 0 : 1;
	if (reqp)
		for (int i = 0; i < n; i++)
			hold2(s, reqp, sbuf == MPI_IN_PLACE ? NULL : stypes[i], rtypes[i]);
	const void **src = NULL;
	if (sbuf == MPI_IN_PLACE) { /* intracommunicators only */
		/* Send from a copy of what rbuf held, since it is overwritten. */
		src = (const void **)mpii_sched_tmp(s, n, MPI_AINT);
		for (int i = 0; src && i < n; i++) {
			if (i == r)
				continue;
			void *t = mpii_sched_tmp(s, rcounts[i], rtypes[i]);
			mpii_sched_copy(s, (char *)rbuf + rdispls[i], rcounts[i], rtypes[i], t, rcounts[i],
					rtypes[i]);
			src[i] = t;
		}
	}
	for (int k = first; k < n; k++) {
		int from = (r - k + n) % n;
		mpii_sched_recv(s, (char *)rbuf + rdispls[from], rcounts[from], rtypes[from], from);
	}
	for (int k = first; k < n; k++) {
		int to = (r + k) % n;
		if (src)
			mpii_sched_send(s, src[to], rcounts[to], rtypes[to], to);
		else if (sbuf != MPI_IN_PLACE)
			mpii_sched_send(s, (const char *)sbuf + sdispls[to], scounts[to], stypes[to], to);
	}
	if (!c->is_inter && sbuf != MPI_IN_PLACE)
		mpii_sched_copy(s, (const char *)sbuf + sdispls[r], scounts[r], stypes[r],
				(char *)rbuf + rdispls[r], rcounts[r], rtypes[r]);
	return mpii_sched_finish(s, reqp);
}
