/*
 * lib/comm/intercomm.c - intercommunicator constructors (MPI-3.1 6.6.2):
 * MPI_Intercomm_create and MPI_Intercomm_merge.
 *
 * An intercommunicator here is a communicator with a remote group (point
 * to point addresses the remote group, lib/comm/comm.h) and, in its collective
 * state, a hidden intracommunicator of the local group (cs->local) that
 * collectives and dup use; it takes two context-id pairs: ctx for the
 * intercommunicator, ctx + 2 for the hidden local one (as dup_comm in
 * lib/comm/comm_create.c does).
 *
 * Intercomm_create: the two leaders exchange {error, size, ctx} headers and
 * then the world ranks of their groups over peer_comm's collective context
 * (tag MPII_TAG_INTERCOMM + the user's tag, so user traffic on peer_comm
 * never matches).  The leader with the lower world rank allocates the ids
 * (mpii_ctx_alloc(2)) and sends them in its header; the other sends 0.
 * Each leader then broadcasts the remote header and group in local_comm.
 * A leader that sees overlapping groups sends an error header, and both
 * groups fail with MPI_ERR_ARG (checked only at the leaders: the groups
 * are known there).
 *
 * Collectives on intercommunicators are schedules (lib/coll/coll_inter.c)
 * whose local phases run on the hidden local communicator.
 *
 * Intercomm_merge: rank 0 of each group sends {high, ctx} to the other's
 * rank 0 over the intercommunicator's collective context
 * (MPII_TAG_MERGE); the one of the group whose rank 0 has the lower world
 * rank allocates the new id.  Each rank 0 broadcasts the remote high flag
 * and the id in the local group.  The group with high = false comes first;
 * with equal flags, the group whose rank 0 has the lower world rank.
 *
 * Split (MPI_Comm_split, split_type and create on an intercommunicator,
 * MPI-3.1 6.4.2): each group gathers its {color, key} pairs over the
 * hidden local communicator; the rank 0s swap the two arrays
 * (MPII_TAG_INTERSPLIT), the one whose world rank is lower allocates two
 * id pairs per color present in both groups and sends the first; each
 * rank 0 broadcasts the remote array and the id locally.  Every process
 * then knows both groups' choices: the i-th shared color (increasing
 * order) takes first + 4 i (itself) and + 2 (its hidden local one), its
 * local and remote groups ordered by key, then by old rank.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/comm/group.h"
#include "lib/p2p/p2p.h"
#include "lib/comm/topo.h"

/* Exchange with the remote leader: send mine[n] and receive theirs[n]
 * from peer rank `peer` of comm at ctx with tag. */
static int swap(const int *mine, int *theirs, int n, int peer, int tag, struct mpii_comm *comm,
		uint32_t ctx)
{
	struct mpii_request *rr = NULL, *sr = NULL;
	int rc = mpii_irecv(theirs, n, MPI_INT, peer, tag, comm, ctx, &rr);
	if (rc)
		return rc;
	rc = mpii_isend(mine, n, MPI_INT, peer, tag, comm, ctx, MPII_MODE_STANDARD, &sr);
	int rc2 = rc ? MPI_SUCCESS : mpii_wait(sr, MPI_STATUS_IGNORE);
	int rc3 = mpii_wait(rr, MPI_STATUS_IGNORE);
	return rc ? rc : rc2 ? rc2 : rc3;
}

/* An intercommunicator of the groups local and remote (references taken
 * over), with parent's error handler, context ids ctx (itself) and ctx + 2
 * (hidden local communicator).  Also the parent-child intercommunicators
 * of MPI_Comm_spawn (lib/comm/dynamic.c). */
int mpii_make_inter_of(struct mpii_comm *parent, uint32_t ctx, struct mpii_group *local,
			 struct mpii_group *remote, struct mpii_comm **out)
{
	struct mpii_comm *c = mpii_comm_derive(parent, ctx, mpii_group_ref(local), remote);
	if (!c) {
		mpii_group_unref(local);
		return MPI_ERR_NO_MEM;
	}
	struct mpii_coll_state *cs = mpii_coll_state(c);
	if (cs)
		cs->local = mpii_comm_derive(parent, ctx + 2, local, NULL);
	else
		mpii_group_unref(local);
	if (!cs || !cs->local) {
		mpii_coll_state_free(c);
		mpii_comm_unref(c);
		return MPI_ERR_NO_MEM;
	}
	*out = c;
	return MPI_SUCCESS;
}

/* An intercommunicator of local_comm's group and the remote group. */
static int make_inter(struct mpii_comm *local_comm, uint32_t ctx, struct mpii_group *remote,
		      struct mpii_comm **out)
{
	return mpii_make_inter_of(local_comm, ctx, mpii_group_ref(local_comm->group), remote, out);
}

/* The leader's part: exchange the headers and groups.  hdr = {error,
 * remote size, ctx}; *rworld (malloc'ed) gets the remote world ranks. */
static int leader_exchange(struct mpii_comm *local_comm, struct mpii_comm *peer, int rleader,
			   int tag, int hdr[3], int **rworld)
{
	struct mpii_group *g = local_comm->group;
	int rw = mpii_comm_peer_world(peer, rleader);
	int mine[3] = { 0, g->size, 0 };
	int first = mpii_g.rank < rw;
	if (rw == mpii_g.rank)
		mine[0] = 1;  /* a process cannot lead both groups */
	if (first)
		mine[2] = (int)mpii_ctx_alloc(2);
	int rc = swap(mine, hdr, 3, rleader, tag, peer, peer->ctx + 1);
	if (rc)
		return rc;
	if (hdr[1] <= 0)
		hdr[0] = 1;
	if (first)
		hdr[2] = mine[2];
	int n = hdr[1] > 0 ? hdr[1] : 1;
	*rworld = malloc(sizeof(int) * (size_t)n);
	if (!*rworld)
		return MPI_ERR_NO_MEM;
	if (hdr[0] || mine[0])  /* no group exchange after an error header */
		return hdr[0] = 1, MPI_SUCCESS;
	/* counts differ by side: send mine, receive theirs */
	struct mpii_request *rr = NULL, *sr = NULL;
	rc = mpii_irecv(*rworld, hdr[1], MPI_INT, rleader, tag, peer, peer->ctx + 1, &rr);
	if (rc)
		return rc;
	rc = mpii_isend(g->world, g->size, MPI_INT, rleader, tag, peer, peer->ctx + 1,
			MPII_MODE_STANDARD, &sr);
	int rc2 = rc ? MPI_SUCCESS : mpii_wait(sr, MPI_STATUS_IGNORE);
	int rc3 = mpii_wait(rr, MPI_STATUS_IGNORE);
	if (rc || rc2 || rc3)
		return rc ? rc : rc2 ? rc2 : rc3;
	/* the groups must be disjoint */
	for (int i = 0; i < hdr[1]; i++)
		for (int j = 0; j < g->size; j++)
			if ((*rworld)[i] == g->world[j])
				hdr[0] = 1;
	return MPI_SUCCESS;
}

int mpii_Intercomm_create(const char *fn, MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
			  int remote_leader, int tag, MPI_Comm *newintercomm)
{
	if (mpii_comm_check(local_comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid local_comm");
	if (local_comm->is_inter)
		return mpii_err(local_comm, MPI_ERR_COMM, fn, "local_comm is an intercommunicator");
	if (!newintercomm)
		return mpii_err(local_comm, MPI_ERR_ARG, fn, "newintercomm is NULL");
	if (local_leader < 0 || local_leader >= local_comm->size)
		return mpii_err(local_comm, MPI_ERR_RANK, fn, "local_leader %d out of range",
				local_leader);
	int leader = local_comm->rank == local_leader;
	if (leader) {
		if (mpii_comm_check(peer_comm))
			return mpii_err(local_comm, MPI_ERR_COMM, fn, "invalid peer_comm");
		if (remote_leader < 0 || remote_leader >= mpii_comm_peer_size(peer_comm))
			return mpii_err(local_comm, MPI_ERR_RANK, fn,
					"remote_leader %d out of range", remote_leader);
		if (tag < 0)
			return mpii_err(local_comm, MPI_ERR_TAG, fn, "negative tag");
	}
	int hdr[3] = { 0, 0, 0 }, *rworld = NULL;
	struct mpii_group *remote = NULL;
	int rc = MPI_SUCCESS;
	mpii_lock();
	if (leader)
		rc = leader_exchange(local_comm, peer_comm, remote_leader,
				     MPII_TAG_INTERCOMM + (tag & 0xfffff), hdr, &rworld);
	if (rc)
		hdr[0] = 1;  /* tell the others, then fail */
	int rc2 = mpii_bcast(hdr, 3, MPI_INT, local_leader, local_comm, NULL);
	if (!rc)
		rc = rc2;
	if (!rc && hdr[0])
		rc = MPI_ERR_ARG;
	if (!rc) {
		remote = mpii_group_new(hdr[1]);
		if (!remote)
			rc = MPI_ERR_NO_MEM;  /* still take part in the bcast */
		if (leader && remote)
			memcpy(remote->world, rworld, sizeof(int) * (size_t)hdr[1]);
		int *buf = remote ? remote->world : malloc(sizeof(int) * (size_t)hdr[1]);
		rc2 = buf ? mpii_bcast(buf, hdr[1], MPI_INT, local_leader, local_comm, NULL)
			  : MPI_ERR_NO_MEM;
		if (!remote)
			free(buf);
		if (!rc)
			rc = rc2;
	}
	if (!rc) {
		mpii_group_set_rank(remote);
		rc = make_inter(local_comm, (uint32_t)hdr[2], remote, newintercomm);
		remote = NULL;  /* taken over */
	}
	mpii_unlock();
	free(rworld);
	if (remote)
		mpii_group_unref(remote);
	if (rc)
		return mpii_err(local_comm, rc, fn, "cannot create the intercommunicator");
	return MPI_SUCCESS;
}

int mpii_Intercomm_merge(const char *fn, MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
	if (!intercomm->is_inter)
		return mpii_err(intercomm, MPI_ERR_COMM, fn, "not an intercommunicator");
	if (!newintracomm)
		return mpii_err(intercomm, MPI_ERR_ARG, fn, "newintracomm is NULL");
	struct mpii_comm *ic = intercomm;
	mpii_lock();
	struct mpii_coll_state *cs = mpii_coll_state(ic);
	int rc = !cs || !cs->local ? MPI_ERR_INTERN : MPI_SUCCESS;
	int lw = ic->group->world[0], rw = ic->remote->world[0];
	int first_alloc = lw < rw;
	int info[3] = { 0, 0, 0 };  /* remote high flag, ctx, error */
	if (!rc && ic->rank == 0) {
		int mine[2] = { !!high, first_alloc ? (int)mpii_ctx_alloc(1) : 0 };
		rc = swap(mine, info, 2, 0, MPII_TAG_MERGE, ic, ic->ctx + 1);
		if (first_alloc)
			info[1] = mine[1];
		info[2] = rc;
	}
	if (cs && cs->local) {
		int rc2 = mpii_bcast(info, 3, MPI_INT, 0, cs->local, NULL);
		if (!rc)
			rc = rc2 ? rc2 : info[2];
	}
	struct mpii_comm *c = NULL;
	if (!rc) {
		/* low group first; ties go to the lower rank-0 world rank */
		int me_first = !!high != info[0] ? !high : first_alloc;
		struct mpii_group *a = me_first ? ic->group : ic->remote;
		struct mpii_group *b = me_first ? ic->remote : ic->group;
		struct mpii_group *g = mpii_group_new(a->size + b->size);
		if (!g) {
			rc = MPI_ERR_NO_MEM;
		} else {
			memcpy(g->world, a->world, sizeof(int) * (size_t)a->size);
			memcpy(g->world + a->size, b->world, sizeof(int) * (size_t)b->size);
			mpii_group_set_rank(g);
			c = mpii_comm_derive(ic, (uint32_t)info[1], g, NULL);
			if (!c)
				rc = MPI_ERR_NO_MEM;
		}
	}
	mpii_unlock();
	if (rc)
		return mpii_err(intercomm, rc, fn, "merge failed");
	*newintracomm = c;
	return MPI_SUCCESS;
}

struct pick { int color, key, rank; };

static int by_color_key(const void *a, const void *b)
{
	const struct pick *x = a, *y = b;
	if (x->color != y->color)
		return x->color < y->color ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->rank - y->rank;
}

/* Is color chosen by some member of the {color, key} array ck[2 n]? */
static int has_color(const int *ck, int n, int color)
{
	for (int i = 0; i < n; i++)
		if (ck[2 * i] == color)
			return 1;
	return 0;
}

/* The colors chosen in both arrays, increasing, into out[]; their count. */
static int shared_colors(const int *a, int na, const int *b, int nb, int *out)
{
	int k = 0;
	for (int i = 0; i < na; i++) {
		int c = a[2 * i];
		if (c == MPI_UNDEFINED || !has_color(b, nb, c))
			continue;
		int j = k;
		while (j > 0 && out[j - 1] > c)
			j--;
		if (j > 0 && out[j - 1] == c)
			continue;
		memmove(out + j + 1, out + j, sizeof(int) * (size_t)(k - j));
		out[j] = c;
		k++;
	}
	return k;
}

/* The members of g (its {color, key} array ck) with the given color,
 * ordered by key then rank, as a new group; NULL when out of memory. */
static struct mpii_group *group_of_color(const struct mpii_group *g, const int *ck, int color)
{
	int n = 0;
	struct pick *p = malloc(sizeof(*p) * (size_t)(g->size ? g->size : 1));
	if (!p)
		return NULL;
	for (int i = 0; i < g->size; i++)
		if (ck[2 * i] == color)
			p[n++] = (struct pick){ color, ck[2 * i + 1], i };
	qsort(p, (size_t)n, sizeof(*p), by_color_key);
	struct mpii_group *r = mpii_group_new(n);
	if (r) {
		for (int i = 0; i < n; i++)
			r->world[i] = g->world[p[i].rank];
		mpii_group_set_rank(r);
	}
	free(p);
	return r;
}

/* Rank 0's part of a split: swap the arrays with the remote rank 0 and
 * agree on the first id; hdr = {error, ctx}. */
static int split_leader(struct mpii_comm *ic, const int *mine, int *theirs, int hdr[2])
{
	int ln = ic->size, rn = ic->remote->size;
	struct mpii_request *rr = NULL, *sr = NULL;
	int rc = mpii_irecv(theirs, 2 * rn, MPI_INT, 0, MPII_TAG_INTERSPLIT, ic, ic->ctx + 1, &rr);
	if (rc)
		return rc;
	rc = mpii_isend(mine, 2 * ln, MPI_INT, 0, MPII_TAG_INTERSPLIT, ic, ic->ctx + 1,
			MPII_MODE_STANDARD, &sr);
	int rc2 = rc ? MPI_SUCCESS : mpii_wait(sr, MPI_STATUS_IGNORE);
	int rc3 = mpii_wait(rr, MPI_STATUS_IGNORE);
	if (rc || rc2 || rc3)
		return rc ? rc : rc2 ? rc2 : rc3;
	int *colors = malloc(sizeof(int) * (size_t)(ln + 1));
	if (!colors)
		return MPI_ERR_NO_MEM;
	int k = shared_colors(mine, ln, theirs, rn, colors);
	free(colors);
	uint32_t v = 0;
	if (ic->group->world[0] < ic->remote->world[0]) {
		v = mpii_ctx_alloc(2 * (uint32_t)(k > 0 ? k : 1));
		rc = mpii_send(&v, 1, MPI_UINT32_T, 0, MPII_TAG_INTERSPLIT, ic, ic->ctx + 1,
			       MPII_MODE_STANDARD);
	} else {
		rc = mpii_recv(&v, 1, MPI_UINT32_T, 0, MPII_TAG_INTERSPLIT, ic, ic->ctx + 1,
			       MPI_STATUS_IGNORE);
	}
	hdr[1] = (int)v;
	return rc;
}

int mpii_inter_split(struct mpii_comm *ic, int color, int key, struct mpii_comm **out)
{
	struct mpii_coll_state *cs = mpii_coll_state(ic);
	*out = MPI_COMM_NULL;
	if (!cs || !cs->local)
		return MPI_ERR_INTERN;
	int ln = ic->size, rn = ic->remote->size;
	int pair[2] = { color, key };
	int *mine = malloc(sizeof(int) * 2 * (size_t)ln);
	int *theirs = malloc(sizeof(int) * 2 * (size_t)rn);
	int *colors = malloc(sizeof(int) * (size_t)(ln + 1));
	int rc = MPI_ERR_NO_MEM;
	if (!mine || !theirs || !colors)
		goto done;
	rc = mpii_allgather(pair, 2, MPI_INT, mine, cs->local);
	if (rc)
		goto done;
	int hdr[2] = { 0, 0 };
	if (ic->rank == 0)
		hdr[0] = split_leader(ic, mine, theirs, hdr);
	/* everyone takes part in both broadcasts, so an error at rank 0
	 * reaches the whole group */
	rc = mpii_bcast(hdr, 2, MPI_INT, 0, cs->local, NULL);
	if (!rc)
		rc = hdr[0];
	int rc2 = mpii_bcast(theirs, 2 * rn, MPI_INT, 0, cs->local, NULL);
	if (!rc)
		rc = rc2;
	if (rc || color == MPI_UNDEFINED || !has_color(theirs, rn, color))
		goto done;
	int k = shared_colors(mine, ln, theirs, rn, colors), idx = 0;
	while (idx < k && colors[idx] != color)
		idx++;
	struct mpii_group *lg = group_of_color(ic->group, mine, color);
	struct mpii_group *rg = group_of_color(ic->remote, theirs, color);
	rc = MPI_ERR_NO_MEM;
	if (!lg || !rg) {
		mpii_group_unref(lg);
		mpii_group_unref(rg);
		goto done;
	}
	rc = mpii_make_inter_of(ic, (uint32_t)hdr[1] + 4 * (uint32_t)idx, lg, rg, out);
done:
	free(mine);
	free(theirs);
	free(colors);
	return rc;
}
