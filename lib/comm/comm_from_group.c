/*
 * lib/comm/comm_from_group.c - MPI-4.0's communicators made from a group
 * alone (7.4.2, 7.6.2): MPI_Comm_create_from_group and
 * MPI_Intercomm_create_from_groups, the way the sessions model
 * (lib/core/session.c) gets communicators without MPI_COMM_WORLD.
 *
 * Context id agreement without a parent communicator: the group's rank 0
 * takes an id from the job-wide counter (mpii_ctx_alloc, as every other
 * constructor) and the members pass it down a binomial tree of the group.
 * The messages travel between world ranks on a context of their own,
 * MPII_CTX_FROM_GROUP, that no communicator has (the counter would need
 * 2^31 communicators to reach it), so no user or collective message can
 * match them, whether or not MPI_Init was called.  Their tag is a hash of
 * the stringtag: the standard asks that concurrent calls whose groups
 * overlap use different stringtags, and the non-overtaking order of one
 * sender's messages keeps successive calls with the same stringtag
 * apart.  Each message carries a fingerprint of the stringtag and the
 * group (64 bits): a member whose fingerprint differs (members that gave
 * different groups or stringtags; two concurrent stringtags whose 29-bit
 * hashes collide) fails with MPI_ERR_ARG rather than take a wrong id.
 *
 * MPI_Intercomm_create_from_groups: the leader of lower world rank takes
 * two id pairs (the intercommunicator, its hidden local communicator, as
 * lib/comm/intercomm.c lays them out) and sends them to the other leader;
 * each leader then passes them down its own group's tree.  No group
 * exchange is needed: every member knows both groups.
 *
 * Errors go to the errhandler argument, called with MPI_COMM_NULL (the
 * communicator does not exist yet); it becomes the new communicator's
 * handler.  MPI_GROUP_EMPTY gives MPI_COMM_NULL; a caller outside its
 * group gets MPI_ERR_GROUP.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/attr/attr.h"
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/comm/group.h"
#include "lib/p2p/p2p.h"
#include "lib/comm/topo.h"

/* The context of the agreement messages (not a communicator's). */
#define MPII_CTX_FROM_GROUP 0xfffffff0u
/* Tags (hash & HASH_MASK, plus one of these): the tree of an
 * intracommunicator's group, the tree of an intercommunicator's group,
 * the two leaders of an intercommunicator. */
#define HASH_MASK 0x1fffffff
#define TAG_INTRA 0x00000000
#define TAG_INTER_TREE 0x20000000
#define TAG_INTER_LEADERS 0x40000000

/* FNV-1a, 64 bits, over the stringtag and the world ranks of the groups. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

static uint64_t fingerprint(const char *tag, const struct mpii_group *a, const struct mpii_group *b)
{
	uint64_t h = fnv(0xcbf29ce484222325ull, tag, strlen(tag) + 1);
	h = fnv(h, a->world, sizeof(int) * (size_t)a->size);
	if (b)
		h = fnv(h, b->world, sizeof(int) * (size_t)b->size);
	return h;
}

static int tag_hash(const char *tag)
{
	return (int)(fnv(0xcbf29ce484222325ull, tag, strlen(tag)) & HASH_MASK);
}

/* The message: the first context id (0: the sender failed) and the
 * fingerprint. */
struct agree {
	uint32_t ctx, fp_lo, fp_hi;
};

/* Pass m down the binomial tree of group g rooted at group rank root:
 * receive it from the parent (non-root), then send it to the children.
 * Called with the library lock held.  An error class. */
static int tree(struct mpii_group *g, int root, int tag, struct agree *m)
{
	int n = g->size, r = (g->rank - root + n) % n, low = r & -r, rc;
	if (r) {
		int parent = g->world[(r - low + root) % n];
		rc = mpii_recv(m, 3, MPI_UINT32_T, parent, tag, &mpii_obj_comm_world,
			       MPII_CTX_FROM_GROUP, MPI_STATUS_IGNORE);
		if (rc)
			return rc;
	} else {
		for (low = 1; low < n; low <<= 1)
			;
	}
	for (int k = low >> 1; k > 0; k >>= 1) {
		if (r + k >= n)
			continue;
		rc = mpii_send(m, 3, MPI_UINT32_T, g->world[(r + k + root) % n], tag,
			       &mpii_obj_comm_world, MPII_CTX_FROM_GROUP, MPII_MODE_STANDARD);
		if (rc)
			return rc;
	}
	return MPI_SUCCESS;
}

/* Checks common to both calls.  MPI_SUCCESS or the error raised. */
static int check_common(const char *fn, const char *stringtag, MPI_Info info,
			MPI_Errhandler errhandler, MPI_Comm *newcomm)
{
	if (!mpii_errhandler_valid(errhandler))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid error handler");
	if (!newcomm)
		return mpii_err_eh(errhandler, MPI_ERR_ARG, fn, "newcomm is NULL");
	*newcomm = MPI_COMM_NULL;
	if (!stringtag || strlen(stringtag) >= MPI_MAX_STRINGTAG_LEN)
		return mpii_err_eh(errhandler, MPI_ERR_ARG, fn, "stringtag is NULL or too long");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err_eh(errhandler, MPI_ERR_INFO, fn, "invalid info");
	return MPI_SUCCESS;
}

/* The new communicator's handler and hints (the library lock not held:
 * mpii_errhandler_set takes it).  An error class. */
static int finish(struct mpii_comm *c, MPI_Info info, MPI_Errhandler errhandler)
{
	mpii_errhandler_set(c, errhandler);
	if (info != MPI_INFO_NULL && mpii_info_dup(info, &c->info) != MPI_SUCCESS)
		return MPI_ERR_NO_MEM;
	mpii_comm_read_asserts(c);
	return MPI_SUCCESS;
}

int mpii_Comm_create_from_group(const char *fn, MPI_Group group, const char *stringtag,
				MPI_Info info, MPI_Errhandler errhandler, MPI_Comm *newcomm)
{
	int rc = check_common(fn, stringtag, info, errhandler, newcomm);
	if (rc)
		return rc;
	if (!MPII_VALID(group, MPII_MAGIC_GROUP))
		return mpii_err_eh(errhandler, MPI_ERR_GROUP, fn, "invalid group");
	if (group->size == 0)
		return MPI_SUCCESS;   /* MPI_GROUP_EMPTY: MPI_COMM_NULL */
	if (group->rank == MPI_UNDEFINED)
		return mpii_err_eh(errhandler, MPI_ERR_GROUP, fn,
				   "the calling process is not in the group");
	uint64_t fp = fingerprint(stringtag, group, NULL);
	struct agree m = { 0, 0, 0 };
	mpii_lock();
	if (group->rank == 0) {
		m.ctx = mpii_ctx_alloc(1);
		m.fp_lo = (uint32_t)fp;
		m.fp_hi = (uint32_t)(fp >> 32);
	}
	rc = tree(group, 0, TAG_INTRA + tag_hash(stringtag), &m);
	if (!rc && (m.fp_lo != (uint32_t)fp || m.fp_hi != (uint32_t)(fp >> 32)))
		rc = MPI_ERR_ARG;
	struct mpii_comm *c = NULL;
	if (!rc) {
		c = mpii_comm_derive(NULL, m.ctx, mpii_group_ref(group), NULL);
		rc = !c ? MPI_ERR_NO_MEM : MPI_SUCCESS;
		if (c)   /* its buffered sends may use the session's buffer */
			c->session = group->session;
	}
	mpii_unlock();
	if (!rc)
		rc = finish(c, info, errhandler);
	if (rc) {
		if (c)
			mpii_comm_unref(c);
		return mpii_err_eh(errhandler, rc, fn,
				   rc == MPI_ERR_ARG ? "the members gave different groups or stringtags"
						     : "cannot agree on a context id");
	}
	*newcomm = c;
	return MPI_SUCCESS;
}

int mpii_Intercomm_create_from_groups(const char *fn, MPI_Group local_group, int local_leader,
				      MPI_Group remote_group, int remote_leader,
				      const char *stringtag, MPI_Info info,
				      MPI_Errhandler errhandler, MPI_Comm *newintercomm)
{
	int rc = check_common(fn, stringtag, info, errhandler, newintercomm);
	if (rc)
		return rc;
	if (!MPII_VALID(local_group, MPII_MAGIC_GROUP) || !MPII_VALID(remote_group, MPII_MAGIC_GROUP) ||
	    local_group->size == 0 || remote_group->size == 0)
		return mpii_err_eh(errhandler, MPI_ERR_GROUP, fn, "invalid or empty group");
	if (local_group->rank == MPI_UNDEFINED || remote_group->rank != MPI_UNDEFINED)
		return mpii_err_eh(errhandler, MPI_ERR_GROUP, fn,
				   "the calling process must be in local_group and not in remote_group");
	if (local_leader < 0 || local_leader >= local_group->size || remote_leader < 0 ||
	    remote_leader >= remote_group->size)
		return mpii_err_eh(errhandler, MPI_ERR_RANK, fn, "leader out of range");
	int lw = local_group->world[local_leader], rw = remote_group->world[remote_leader];
	int first = lw < rw;
	/* Both sides hash the groups in the same order: the group of the
	 * lower leader first. */
	uint64_t fp = first ? fingerprint(stringtag, local_group, remote_group)
			    : fingerprint(stringtag, remote_group, local_group);
	int h = tag_hash(stringtag);
	struct agree m = { 0, 0, 0 };
	mpii_lock();
	if (local_group->rank == local_leader) {
		if (first) {
			m.ctx = mpii_ctx_alloc(2);
			m.fp_lo = (uint32_t)fp;
			m.fp_hi = (uint32_t)(fp >> 32);
			rc = mpii_send(&m, 3, MPI_UINT32_T, rw, TAG_INTER_LEADERS + h,
				       &mpii_obj_comm_world, MPII_CTX_FROM_GROUP, MPII_MODE_STANDARD);
		} else {
			rc = mpii_recv(&m, 3, MPI_UINT32_T, rw, TAG_INTER_LEADERS + h,
				       &mpii_obj_comm_world, MPII_CTX_FROM_GROUP, MPI_STATUS_IGNORE);
		}
		if (rc)
			m.ctx = 0;   /* the members still hear, and fail */
	}
	int rc2 = tree(local_group, local_leader, TAG_INTER_TREE + h, &m);
	if (!rc)
		rc = rc2;
	if (!rc && (m.ctx == 0 || m.fp_lo != (uint32_t)fp || m.fp_hi != (uint32_t)(fp >> 32)))
		rc = MPI_ERR_ARG;
	struct mpii_comm *c = NULL;
	if (!rc) {
		/* As lib/comm/intercomm.c makes them: ctx for the
		 * intercommunicator, ctx + 2 for its hidden local one. */
		c = mpii_comm_derive(NULL, m.ctx, mpii_group_ref(local_group),
				     mpii_group_ref(remote_group));
		if (c)
			c->session = local_group->session;
		struct mpii_coll_state *cs = c ? mpii_coll_state(c) : NULL;
		if (cs)
			cs->local = mpii_comm_derive(NULL, m.ctx + 2, mpii_group_ref(local_group), NULL);
		rc = !cs || !cs->local ? MPI_ERR_NO_MEM : MPI_SUCCESS;
	}
	mpii_unlock();
	if (!rc)
		rc = finish(c, info, errhandler);
	if (rc) {
		if (c) {
			mpii_coll_state_free(c);
			mpii_comm_unref(c);
		}
		return mpii_err_eh(errhandler, rc, fn,
				   rc == MPI_ERR_ARG ? "the members gave different groups or stringtags"
						     : "cannot agree on a context id");
	}
	*newintercomm = c;
	return MPI_SUCCESS;
}
