/*
 * lib/comm/comm_world.c - the predefined communicators and groups, context-id
 * allocation, and the reference counting of communicator and group objects.
 *
 * Context ids: MPI_COMM_WORLD has 0 (collectives 1); each process's
 * MPI_COMM_SELF has 2 + 2*rank; every later communicator takes ids from the
 * job-wide counter in the segment header, so ids are never reused during a
 * job and never shared by two live communicators anywhere.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "lib/comm/comm.h"
#include "lib/core/core.h"

MPII_API struct mpii_comm mpii_obj_comm_world = { .magic = MPII_MAGIC_COMM, .refcount = 1 };
MPII_API struct mpii_comm mpii_obj_comm_self = { .magic = MPII_MAGIC_COMM, .refcount = 1 };
/* Seed 002 6.5: only meaningful to MPI_Pack/Unpack/Pack_size. */
MPII_API struct mpii_comm mpii_obj_comm_universal = { .magic = MPII_MAGIC_COMM, .refcount = 1,
						       .ctx = UINT32_MAX, .name = "MPI_COMM_UNIVERSAL" };
MPII_API struct mpii_group mpii_obj_group_empty = { .magic = MPII_MAGIC_GROUP, .refcount = 1,
						     .size = 0, .rank = MPI_UNDEFINED };

uint32_t mpii_ctx_alloc(uint32_t ncomms)
{
	/* Relaxed: the counter only hands out disjoint ranges; the id reaches
	 * the other members through messages, which order themselves. */
	uint32_t off = shm_fetch_add_relaxed(&mpii_g.seg.hdr->next_id, 2 * ncomms);
	return 2 + 2 * (uint32_t)mpii_g.nmembers + off;
}

/* Freed communicators and groups wait here to be reused (lib/core/pool.h). */
static struct mpii_pool comm_pool = MPII_POOL_INIT(struct mpii_comm);
static struct mpii_pool group_pool = MPII_POOL_INIT(struct mpii_group);

struct mpii_group *mpii_group_new(int n)
{
	struct mpii_group *g = mpii_pool_get(&group_pool);
	if (!g)
		return NULL;
	g->world = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
	if (!g->world) {
		g->magic = MPII_MAGIC_FREED;
		mpii_pool_put(&group_pool, g);
		return NULL;
	}
	g->magic = MPII_MAGIC_GROUP;
	/* Relaxed: not shared until the handle is returned. */
	shm_store_relaxed(&g->refcount, 1);
	g->size = n;
	g->rank = MPI_UNDEFINED;
	return g;
}

void mpii_group_set_rank(struct mpii_group *g)
{
	g->rank = MPI_UNDEFINED;
	for (int i = 0; i < g->size; i++)
		if (g->world[i] == mpii_g.rank) {
			g->rank = i;
			break;
		}
}

void mpii_group_unref(struct mpii_group *g)
{
	if (!g || g == &mpii_obj_group_empty)
		return;
	/* acq_rel: the last owner sees all uses before freeing. */
	if (shm_fetch_sub_acq_rel(&g->refcount, 1) != 1)
		return;
	g->magic = MPII_MAGIC_FREED;
	free(g->world);
	free(g->name);
	/* Not free(): a stale handle must fail, not crash (pool.h). */
	mpii_pool_put(&group_pool, g);
}

struct mpii_comm *mpii_comm_new(uint32_t ctx, struct mpii_group *local, struct mpii_group *remote)
{
	struct mpii_comm *c = mpii_pool_get(&comm_pool);
	if (!c)
		return NULL;
	c->magic = MPII_MAGIC_COMM;
	/* Relaxed: not shared until the handle is returned. */
	shm_store_relaxed(&c->refcount, 1);
	c->ctx = ctx;
	c->group = local;
	c->remote = remote;
	c->is_inter = remote != NULL;
	c->rank = local->rank;
	c->size = local->size;
	/* The creator replaces this with the parent's handler
	 * (mpii_errhandler_set), as MPI says a new communicator inherits it. */
	c->errh = mpii_obj_comm_world.errh;
	/* Relaxed: a new reference to a handler that WORLD keeps alive. */
	shm_fetch_add_relaxed(&c->errh->refcount, 1);
	return c;
}

void mpii_comm_ref_counted(struct mpii_comm *c)
{
	/* Relaxed: taking a reference orders nothing; the taker already holds
	 * one (the handle it was given), so the count cannot reach zero. */
	shm_fetch_add_relaxed(&c->refcount, 1);
}

void mpii_comm_unref_counted(struct mpii_comm *c)
{
	/* acq_rel: the last owner sees all uses before freeing. */
	if (shm_fetch_sub_acq_rel(&c->refcount, 1) != 1)
		return;
	c->magic = MPII_MAGIC_FREED;
	mpii_errhandler_unref(c->errh);
	c->errh = NULL;
	mpii_group_unref(c->group);
	mpii_group_unref(c->remote);
	c->group = c->remote = NULL;
	/* Not free(): a stale handle must fail, not crash (pool.h). */
	mpii_pool_put(&comm_pool, c);
}

static int init_one(struct mpii_comm *c, uint32_t ctx, int n, int first_world, const char *name)
{
	struct mpii_group *g = mpii_group_new(n);
	if (!g)
		return MPI_ERR_NO_MEM;
	for (int i = 0; i < n; i++)
		g->world[i] = first_world + i;
	mpii_group_set_rank(g);
	c->magic = MPII_MAGIC_COMM;
	c->ctx = ctx;
	c->group = g;
	c->rank = g->rank;
	c->size = n;
	c->errh = &mpii_obj_errors_are_fatal;
	snprintf(c->name, sizeof(c->name), "%s", name);
	return MPI_SUCCESS;
}

int mpii_comm_init_predefined(void)
{
	/* A spawned world takes the context id its parents chose
	 * (lib/comm/dynamic.c); the first world has 0. */
	int rc = init_one(&mpii_obj_comm_world, mpii_dyn_world_ctx(), mpii_g.size, mpii_g.world_base,
			  "MPI_COMM_WORLD");
	if (rc)
		return rc;
	return init_one(&mpii_obj_comm_self, 2 + 2 * (uint32_t)mpii_g.rank, 1, mpii_g.rank,
			"MPI_COMM_SELF");
}

void mpii_comm_finalize_predefined(void)
{
	/* The objects are static; their handles stay valid for MPI_Finalized
	 * style queries, so nothing is poisoned here. */
}

int mpii_Comm_size(const char *fn, MPI_Comm comm, int *size)
{
	if (!size)
		return mpii_err(comm, MPI_ERR_ARG, fn, "size is NULL");
	*size = comm->size;
	return MPI_SUCCESS;
}

int mpii_Comm_rank(const char *fn, MPI_Comm comm, int *rank)
{
	if (!rank)
		return mpii_err(comm, MPI_ERR_ARG, fn, "rank is NULL");
	*rank = comm->rank;
	return MPI_SUCCESS;
}
