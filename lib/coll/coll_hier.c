/*
 * lib/coll/coll_hier.c - two-level barrier, bcast, reduce and allreduce for a
 * communicator whose members sit on several NUMA nodes.
 *
 * One leader per node: its member of lowest rank.  Every member belongs to
 * a node communicator (the members of its node, in rank order) and every
 * leader to the leaders' communicator (one member per node, nodes numbered
 * in the order of their leaders' ranks).  Both are internal, made once per
 * communicator at its first blocking collective, so that the
 * shared-memory algorithms of lib/coll_shm*.c run inside each node and
 * only the leaders touch memory across nodes:
 *
 *   barrier    node barrier, leaders' barrier, node barrier (the release)
 *   bcast      the root's node from the root, the leaders from the root's
 *              leader, every other node from its leader
 *   reduce     every other node to its leader, the leaders to the root's
 *              leader (which gives its own data), then the root's node to
 *              the root, the leader giving the leaders' result
 *   allreduce  node reduce to the leader, leaders' allreduce, node bcast
 *
 * Reductions combine in node order, not rank order: they go through here
 * only for commutative ops.
 *
 * Agreement: every member takes the same path.  The decision depends on
 * the configuration and mpii_g.numa_multi (one environment and machine for
 * the job) and on the node ids members published at MPI_Init (lib/coll/numa.c),
 * read after a barrier on the communicator, so every member has written its
 * own before anyone reads it.  While the decision is made, and forever on
 * the internal communicators, hier_state is -1, so the collectives used
 * here run flat and never come back.
 */
#include <stdlib.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/comm/comm.h"

struct mpii_coll_hier {
	struct mpii_comm *node;     /* the members on this member's node */
	struct mpii_comm *leaders;  /* one member per node; NULL unless a leader */
	int *node_of;               /* [size] each member's node = its leader's rank in leaders */
	int *rank_in_node;          /* [size] each member's rank in its node communicator */
};

void mpii_hier_free(struct mpii_coll_state *cs)
{
	struct mpii_coll_hier *h = cs->hier;
	if (!h)
		return;
	struct mpii_comm *sub[2] = { h->node, h->leaders };
	for (int i = 0; i < 2; i++) {
		if (sub[i]) {
			mpii_coll_state_free(sub[i]);
			mpii_comm_unref(sub[i]);
		}
	}
	free(h->node_of);
	free(h->rank_in_node);
	free(h);
	cs->hier = NULL;
}

/* Number the nodes of c's members in order of their lowest member; fill
 * h->node_of and h->rank_in_node.  Returns the node count, -1 when out of
 * memory. */
static int number_nodes(struct mpii_comm *c, struct mpii_coll_hier *h)
{
	int n = c->size, k = 0;
	int32_t *ids = malloc(sizeof(*ids) * (size_t)n);
	int *members = calloc((size_t)n, sizeof(*members));
	if (!ids || !members) {
		free(ids);
		free(members);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		int32_t id = shm_seg_member(&mpii_g.seg, (uint32_t)c->group->world[i])->numa_node;
		int j = 0;
		while (j < k && ids[j] != id)
			j++;
		if (j == k)
			ids[k++] = id;
		h->node_of[i] = j;
		h->rank_in_node[i] = members[j]++;
	}
	free(ids);
	free(members);
	return k;
}

/* An internal communicator of c holding the members for which
 * pick(h, i, arg) holds, in rank order, with context id ctx; flat. */
static struct mpii_comm *sub_comm(struct mpii_comm *c, struct mpii_coll_hier *h, uint32_t ctx,
				  int (*pick)(const struct mpii_coll_hier *, int, int), int arg)
{
	int m = 0;
	for (int i = 0; i < c->size; i++)
		m += pick(h, i, arg);
	struct mpii_group *g = mpii_group_new(m);
	if (!g)
		return NULL;
	for (int i = 0, j = 0; i < c->size; i++)
		if (pick(h, i, arg))
			g->world[j++] = c->group->world[i];
	mpii_group_set_rank(g);
	struct mpii_comm *sub = mpii_comm_derive(c, ctx, g, NULL);
	struct mpii_coll_state *cs = sub ? mpii_coll_state(sub) : NULL;
	if (!cs) {
		if (sub)
			mpii_comm_unref(sub);
		return NULL;
	}
	cs->hier_state = -1;
	return sub;
}

static int on_node(const struct mpii_coll_hier *h, int i, int node)
{
	return h->node_of[i] == node;
}

static int is_leader(const struct mpii_coll_hier *h, int i, int unused)
{
	(void)unused;
	return h->rank_in_node[i] == 0;
}

/* Decide (collectively) whether c spans several nodes and, if so, build
 * cs->hier.  Returns an error class; cs->hier stays NULL for a flat
 * communicator.  A member out of memory here stays flat while the others
 * wait for it: as in shm_setup (lib/coll/shm.c), this needs malloc of a
 * few bytes to fail, where the job is lost anyway. */
static int hier_setup(struct mpii_comm *c, struct mpii_coll_state *cs)
{
	/* Every member has published its node once it entered the barrier. */
	int rc = mpii_barrier(c, NULL);
	if (rc)
		return rc;
	struct mpii_coll_hier *h = calloc(1, sizeof(*h));
	if (!h)
		return MPI_ERR_NO_MEM;
	cs->hier = h;
	h->node_of = malloc(sizeof(int) * (size_t)c->size);
	h->rank_in_node = malloc(sizeof(int) * (size_t)c->size);
	int k = h->node_of && h->rank_in_node ? number_nodes(c, h) : -1;
	/* One node, or one member per node: the flat algorithm is it. */
	if (k < 2 || k == c->size) {
		mpii_hier_free(cs);
		return k < 0 ? MPI_ERR_NO_MEM : MPI_SUCCESS;
	}
	/* Node i takes ctx + 2 i, the leaders ctx + 2 k (comm.h: two ids
	 * per communicator). */
	uint32_t ctx = c->rank == 0 ? mpii_ctx_alloc((uint32_t)k + 1) : 0;
	rc = mpii_bcast(&ctx, 1, MPI_UINT32_T, 0, c, NULL);
	if (rc) {
		mpii_hier_free(cs);
		return rc;
	}
	int mine = h->node_of[c->rank];
	h->node = sub_comm(c, h, ctx + 2 * (uint32_t)mine, on_node, mine);
	if (h->rank_in_node[c->rank] == 0)
		h->leaders = sub_comm(c, h, ctx + 2 * (uint32_t)k, is_leader, 0);
	if (!h->node || (h->rank_in_node[c->rank] == 0 && !h->leaders)) {
		mpii_hier_free(cs);
		return MPI_ERR_NO_MEM;
	}
	return MPI_SUCCESS;
}

/* The node layout of c when its collectives go in two levels, else NULL
 * (the same answer on every member).  Two members are one node or one
 * member per node, flat either way, so they skip the setup's barrier. */
static struct mpii_coll_hier *hier_ready(struct mpii_comm *c)
{
	if (!mpii_coll_cfg.hier || !mpii_g.numa_multi || c->is_inter || c->size < 3)
		return NULL;
	struct mpii_coll_state *cs = mpii_coll_state(c);
	if (!cs)
		return NULL;
	if (!cs->hier_state) {
		cs->hier_state = -1;  /* the setup's own collectives run flat */
		if (hier_setup(c, cs) == MPI_SUCCESS && cs->hier)
			cs->hier_state = 1;
	}
	return cs->hier_state > 0 ? cs->hier : NULL;
}

int mpii_hier_barrier(struct mpii_comm *c)
{
	struct mpii_coll_hier *h = hier_ready(c);
	if (!h)
		return MPII_SHM_DECLINED;
	int rc = mpii_barrier(h->node, NULL);
	if (!rc && h->leaders)
		rc = mpii_barrier(h->leaders, NULL);
	/* Nobody leaves before its leader came back from the leaders. */
	if (!rc)
		rc = mpii_barrier(h->node, NULL);
	return rc;
}

int mpii_hier_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		    struct mpii_comm *c)
{
	struct mpii_coll_hier *h = hier_ready(c);
	if (!h)
		return MPII_SHM_DECLINED;
	int rn = h->node_of[root];
	int root_node = h->node_of[c->rank] == rn;
	int rc = MPI_SUCCESS;
	if (root_node)
		rc = mpii_bcast(buf, count, dt, h->rank_in_node[root], h->node, NULL);
	if (!rc && h->leaders)
		rc = mpii_bcast(buf, count, dt, rn, h->leaders, NULL);
	if (!rc && !root_node)
		rc = mpii_bcast(buf, count, dt, 0, h->node, NULL);
	return rc;
}

/* Scratch for count elements of dt, addressed like a user buffer of dt
 * (as mpii_sched_tmp); *base is what to free. */
static void *tmp_new(MPI_Count count, const struct mpii_datatype *dt, void **base)
{
	MPI_Aint span = dt->true_extent + (count - 1) * dt->extent;
	if (span < 0)
		span = -span;
	*base = malloc((size_t)span + 16);
	return *base ? (char *)*base - dt->true_lb : NULL;
}

/* The leader of a node other than the root's: the node's result, reduced
 * in tmp (or its own data when alone), goes to the root's leader. */
static int reduce_other_node(struct mpii_coll_hier *h, const void *sbuf, MPI_Count count,
			     struct mpii_datatype *dt, struct mpii_op *op, int rn)
{
	if (h->node->size == 1)
		return mpii_reduce(sbuf, NULL, count, dt, op, rn, h->leaders, NULL);
	void *base, *tmp = tmp_new(count, dt, &base);
	if (!tmp)
		return MPI_ERR_NO_MEM;
	int rc = mpii_reduce(sbuf, tmp, count, dt, op, 0, h->node, NULL);
	if (!rc)
		rc = mpii_reduce(tmp, NULL, count, dt, op, rn, h->leaders, NULL);
	free(base);
	return rc;
}

/* The leader of the root's node, not itself the root: its own data joins
 * the other nodes' results in tmp, which is its contribution to the
 * node's reduce to the root. */
static int reduce_root_leader(struct mpii_coll_hier *h, const void *sbuf, MPI_Count count,
			      struct mpii_datatype *dt, struct mpii_op *op, int rn, int root_in_node)
{
	void *base, *tmp = tmp_new(count, dt, &base);
	if (!tmp)
		return MPI_ERR_NO_MEM;
	int rc = mpii_reduce(sbuf, tmp, count, dt, op, rn, h->leaders, NULL);
	if (!rc)
		rc = mpii_reduce(tmp, NULL, count, dt, op, root_in_node, h->node, NULL);
	free(base);
	return rc;
}

int mpii_hier_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		     struct mpii_op *op, int root, struct mpii_comm *c)
{
	struct mpii_coll_hier *h = op->commute ? hier_ready(c) : NULL;
	if (!h)
		return MPII_SHM_DECLINED;
	int me = c->rank, rn = h->node_of[root], root_in_node = h->rank_in_node[root];
	if (h->node_of[me] != rn) {
		if (h->leaders)
			return reduce_other_node(h, sbuf, count, dt, op, rn);
		return mpii_reduce(sbuf, NULL, count, dt, op, 0, h->node, NULL);
	}
	if (h->leaders && me != root)
		return reduce_root_leader(h, sbuf, count, dt, op, rn, root_in_node);
	if (h->leaders) {
		/* The root leads its node: the other nodes' results come
		 * first, then its node's members join in place. */
		int rc = mpii_reduce(sbuf, rbuf, count, dt, op, rn, h->leaders, NULL);
		if (!rc)
			rc = mpii_reduce(MPI_IN_PLACE, rbuf, count, dt, op, 0, h->node, NULL);
		return rc;
	}
	return mpii_reduce(sbuf, me == root ? rbuf : NULL, count, dt, op, root_in_node, h->node, NULL);
}

int mpii_hier_allreduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
			struct mpii_op *op, struct mpii_comm *c)
{
	struct mpii_coll_hier *h = op->commute ? hier_ready(c) : NULL;
	if (!h)
		return MPII_SHM_DECLINED;
	int rc = MPI_SUCCESS;
	if (h->node->size > 1) {
		/* A non-leader's rbuf is not written by the reduce, so in
		 * place it serves as the send buffer. */
		const void *in = sbuf == MPI_IN_PLACE && !h->leaders ? rbuf : sbuf;
		rc = mpii_reduce(in, rbuf, count, dt, op, 0, h->node, NULL);
		sbuf = MPI_IN_PLACE;
	}
	if (!rc && h->leaders)
		rc = mpii_allreduce(sbuf, rbuf, count, dt, op, h->leaders, NULL);
	if (!rc)
		rc = mpii_bcast(rbuf, count, dt, 0, h->node, NULL);
	return rc;
}
