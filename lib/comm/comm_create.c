/*
 * lib/comm/comm_create.c - intracommunicator constructors and destructors:
 * MPI_Comm_dup/idup/dup_with_info/idup_with_info, split, split_type, create,
 * create_group, free, compare, test_inter, set_info/get_info.  split_type
 * knows MPI-4.0's MPI_COMM_TYPE_HW_GUIDED and HW_UNGUIDED (lib/core/hwtopo.h).
 *
 * Context ids: one member calls mpii_ctx_alloc() (a job-wide counter in
 * the segment) and shares the first id over the parent's collective
 * context, so ids never collide anywhere in the job.  A split that makes k
 * communicators allocates k ids at once; the i-th color (in increasing
 * color order) takes first + 2 i.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lib/attr/attr.h"
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/comm/group.h"
#include "lib/p2p/p2p.h"
#include "lib/comm/topo.h"

/* Context id base for k new communicators, agreed over parent. */
static int share_ctx(struct mpii_comm *parent, uint32_t k, uint32_t *ctx)
{
	uint32_t v = 0;
	if (parent->rank == 0)
		v = mpii_ctx_alloc(k);
	int rc = mpii_bcast(&v, 1, MPI_UINT32_T, 0, parent, NULL);
	*ctx = v;
	return rc;
}

/* A new communicator with parent's error handler; takes over the group
 * references. */
struct mpii_comm *mpii_comm_derive(struct mpii_comm *parent, uint32_t ctx,
				   struct mpii_group *local, struct mpii_group *remote)
{
	struct mpii_comm *c = mpii_comm_new(ctx, local, remote);
	if (!c) {
		mpii_group_unref(local);
		mpii_group_unref(remote);
		return NULL;
	}
	if (parent)
		c->session = parent->session;
	if (parent && parent->errh && parent->errh != c->errh) {
		mpii_errhandler_ref(parent->errh);
		mpii_errhandler_unref(c->errh);
		c->errh = parent->errh;
	}
	return c;
}

/* dup of an intracommunicator or intercommunicator (the local leaders
 * agree on the id through the hidden local communicator). */
static int dup_comm(struct mpii_comm *old, struct mpii_comm **out)
{
	uint32_t ctx;
	struct mpii_comm *over = old;
	if (old->is_inter) {
		struct mpii_coll_state *cs = mpii_coll_state(old);
		if (!cs || !cs->local)
			return MPI_ERR_INTERN;
		over = cs->local;
	}
	int rc;
	if (old->is_inter) {
		/* Local rank 0s: the one of the group holding world rank
		 * min allocates and tells the other, with a tag no collective
		 * schedule uses (one may still be in flight on old). */
		uint32_t v = 0;
		if (over->rank == 0) {
			int first = old->group->world[0] < old->remote->world[0];
			if (first) {
				v = mpii_ctx_alloc(2);
				rc = mpii_send(&v, 1, MPI_UINT32_T, 0, MPII_TAG_INTERDUP, old,
					       old->ctx + 1, MPII_MODE_STANDARD);
			} else {
				rc = mpii_recv(&v, 1, MPI_UINT32_T, 0, MPII_TAG_INTERDUP, old,
					       old->ctx + 1, MPI_STATUS_IGNORE);
			}
			if (rc)
				return rc;
		}
		rc = mpii_bcast(&v, 1, MPI_UINT32_T, 0, over, NULL);
		ctx = v;
	} else {
		rc = share_ctx(old, 1, &ctx);
	}
	if (rc)
		return rc;
	struct mpii_comm *c = mpii_comm_derive(old, ctx, mpii_group_ref(old->group),
					       old->remote ? mpii_group_ref(old->remote) : NULL);
	if (!c)
		return MPI_ERR_NO_MEM;
	if (old->is_inter) {
		struct mpii_coll_state *cs = mpii_coll_state(c);
		if (cs)
			cs->local = mpii_comm_derive(old, ctx + 2, mpii_group_ref(old->group), NULL);
		if (!cs || !cs->local) {
			mpii_coll_state_free(c);
			mpii_comm_unref(c);
			return MPI_ERR_NO_MEM;
		}
	}
	rc = mpii_topo_copy(old, c);
	if (rc) {
		mpii_coll_state_free(c);
		mpii_comm_unref(c);
		return rc;
	}
	*out = c;
	return MPI_SUCCESS;
}

/* Free a communicator created here: attributes, collective and topology
 * state, the object.  Returns an error class (a failing delete callback
 * leaves the communicator usable). */
static int comm_destroy(struct mpii_comm *c)
{
	int rc = mpii_attr_delete_all_comm(c);
	if (rc)
		return rc;
	mpii_coll_state_free(c);
	if (c->info) {
		mpii_info_release(c->info);
		c->info = NULL;
	}
	mpii_comm_unref(c);
	return MPI_SUCCESS;
}

/* MPI_Comm_idup in flight: the new communicator exists from the call on
 * (attributes copied, handle returned) with context id 0; a schedule
 * agrees on the id without blocking and idup_poll() installs it. */
struct idup {
	struct mpii_comm *c;        /* the new communicator */
	struct mpii_request *inner; /* the schedule agreeing on the id */
	uint32_t v;                 /* the id, once the schedule is done */
};

/* The progress engine's poll of an idup request: 1 once complete. */
static int idup_poll(struct mpii_request *req)
{
	struct idup *st = req->state;
	/* acquire: pairs with the release in mpii_request_complete, so the
	 * id the schedule received is visible */
	if (shm_load_acquire(&req->done))
		return 1;
	if (!shm_load_acquire(&st->inner->done))
		return 0;
	int rc = st->inner->status.MPI_ERROR;
	mpii_request_release(st->inner);
	st->inner = NULL;
	if (!rc) {
		st->c->ctx = st->v;
		if (st->c->is_inter) {
			struct mpii_coll_state *cs = mpii_coll_state(st->c);
			if (cs)
				cs->local = mpii_comm_derive(st->c, st->v + 2,
							     mpii_group_ref(st->c->group), NULL);
			if (!cs || !cs->local)
				rc = MPI_ERR_NO_MEM;
		}
	}
	mpii_status_empty(&req->status);
	req->status.MPI_ERROR = rc;
	mpii_request_complete(req);
	return 1;
}

static void idup_free(void *state)
{
	struct idup *st = state;
	if (st->inner)
		mpii_request_release(st->inner);
	free(st);
}

/* Start the agreement on the id of st->c over old; on success *reqp is
 * the idup request.  Called with the library lock held. */
static int idup_start(struct mpii_comm *old, struct idup *st, struct mpii_request **reqp)
{
	struct mpii_sched *s = mpii_sched_new(old);
	if (!s)
		return MPI_ERR_NO_MEM;
	if (!old->is_inter) {
		if (old->rank == 0)
			st->v = mpii_ctx_alloc(1);
		mpii_build_bcast(s, &st->v, 1, MPI_UINT32_T, 0, old->size, old->rank, 0);
	} else {
		/* the rank 0 of the group holding the lower world rank
		 * allocates two ids (itself, hidden local) and tells the other
		 * rank 0; each broadcasts in its group */
		if (old->rank == 0) {
			if (old->group->world[0] < old->remote->world[0]) {
				st->v = mpii_ctx_alloc(2);
				mpii_sched_send(s, &st->v, 1, MPI_UINT32_T, 0);
			} else {
				mpii_sched_recv(s, &st->v, 1, MPI_UINT32_T, 0);
			}
			mpii_sched_fence(s);
		}
		mpii_sched_local(s, 1);
		mpii_build_bcast(s, &st->v, 1, MPI_UINT32_T, 0, old->size, old->rank, 0);
	}
	/* the outer request first: once started, the schedule must be let
	 * run (its steps point into st) */
	struct mpii_request *req = mpii_request_new(MPII_REQ_COLL);
	if (!req) {
		mpii_sched_free(s);
		return MPI_ERR_NO_MEM;
	}
	int rc = mpii_sched_start(s, &st->inner);
	if (rc) {
		mpii_request_release(req);
		return rc;
	}
	req->active = 1;
	req->poll = idup_poll;
	req->state = st;
	req->state_free = idup_free;
	*reqp = req;
	if (!idup_poll(req))
		mpii_progress_poll_add(req);
	return MPI_SUCCESS;
}

static int do_dup(const char *fn, MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm,
		  MPI_Request *request)
{
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (!newcomm)
		return mpii_err(comm, MPI_ERR_ARG, fn, "newcomm is NULL");
	struct mpii_comm *c = NULL;
	struct idup *st = NULL;
	int rc;
	mpii_lock();
	if (!request) {
		rc = dup_comm(comm, &c);
	} else {
		/* nonblocking: the communicator now, its id when the request
		 * completes (MPI-3.1 6.4.2: not usable before) */
		c = mpii_comm_derive(comm, 0, mpii_group_ref(comm->group),
				     comm->remote ? mpii_group_ref(comm->remote) : NULL);
		st = calloc(1, sizeof(*st));
		rc = c && st ? mpii_topo_copy(comm, c) : MPI_ERR_NO_MEM;
	}
	mpii_unlock();
	if (rc)
		goto fail;
	rc = mpii_attr_copy_comm(comm, c);
	if (!rc && (info || comm->info))
		rc = mpii_info_dup(info ? info : comm->info, &c->info);
	if (!rc)
		mpii_comm_read_asserts(c);
	if (rc)
		goto fail;
	if (request) {
		struct mpii_request *req = NULL;
		st->c = c;
		mpii_lock();
		rc = idup_start(comm, st, &req);
		mpii_unlock();
		if (rc)
			goto fail;
		*request = req;
	}
	*newcomm = c;
	return MPI_SUCCESS;
fail:
	mpii_lock();
	free(st); /* never holds a started schedule here */
	if (c) {
		mpii_coll_state_free(c);
		mpii_comm_unref(c);
	}
	mpii_unlock();
	return mpii_err(comm, rc, fn, request ? "cannot start the duplication" : "cannot duplicate");
}

#pragma weak MPI_Comm_dup = PMPI_Comm_dup
int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
	return do_dup("MPI_Comm_dup", comm, NULL, newcomm, NULL);
}

#pragma weak MPI_Comm_dup_with_info = PMPI_Comm_dup_with_info
int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(comm, MPI_ERR_INFO, "MPI_Comm_dup_with_info", "invalid info");
	return do_dup("MPI_Comm_dup_with_info", comm, info, newcomm, NULL);
}

#pragma weak MPI_Comm_idup = PMPI_Comm_idup
int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
	if (!request)
		return mpii_err(comm, MPI_ERR_ARG, "MPI_Comm_idup", "request is NULL");
	return do_dup("MPI_Comm_idup", comm, NULL, newcomm, request);
}

/* MPI-4.0 7.4.2: MPI_Comm_idup with MPI_Comm_dup_with_info's info (the
 * new communicator's hints are info's, not comm's). */
#pragma weak MPI_Comm_idup_with_info = PMPI_Comm_idup_with_info
int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm,
			     MPI_Request *request)
{
	static const char fn[] = "MPI_Comm_idup_with_info";
	MPII_CHECK_INIT(fn);
	if (mpii_comm_check(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(comm, MPI_ERR_INFO, fn, "invalid info");
	if (!request)
		return mpii_err(comm, MPI_ERR_ARG, fn, "request is NULL");
	return do_dup(fn, comm, info, newcomm, request);
}

struct member { int color, key, rank; };

static int by_color_key(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	if (x->color != y->color)
		return x->color < y->color ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->rank - y->rank;
}

/* The split itself; *out is MPI_COMM_NULL for MPI_UNDEFINED. */
static int split(struct mpii_comm *comm, int color, int key, struct mpii_comm **out)
{
	int n = comm->size;
	int mine[2] = { color, key };
	int *all = malloc(sizeof(int) * 2 * (size_t)n);
	struct member *m = malloc(sizeof(*m) * (size_t)n);
	int rc = MPI_ERR_NO_MEM;
	*out = MPI_COMM_NULL;
	if (!all || !m)
		goto done;
	rc = mpii_allgather(mine, 2, MPI_INT, all, comm);
	if (rc)
		goto done;
	int k = 0;
	for (int i = 0; i < n; i++)
		m[i] = (struct member){ all[2 * i], all[2 * i + 1], i };
	qsort(m, (size_t)n, sizeof(*m), by_color_key);
	for (int i = 0; i < n; i++)
		if (m[i].color != MPI_UNDEFINED && (i == 0 || m[i].color != m[i - 1].color))
			k++;
	uint32_t ctx = 0;
	rc = share_ctx(comm, k > 0 ? (uint32_t)k : 1, &ctx);
	if (rc || color == MPI_UNDEFINED)
		goto done;
	/* find my color's index and members */
	int idx = -1, first = 0, cnt_mine = 0;
	for (int i = 0; i < n; i++) {
		if (m[i].color == MPI_UNDEFINED)
			continue;
		if (i == 0 || m[i].color != m[i - 1].color)
			idx++;
		if (m[i].color == color) {
			if (!cnt_mine)
				first = i;
			cnt_mine++;
		}
	}
	/* idx counted up to the last color; recount for mine */
	idx = -1;
	for (int i = 0; i <= first; i++)
		if (m[i].color != MPI_UNDEFINED && (i == 0 || m[i].color != m[i - 1].color))
			idx++;
	struct mpii_group *g = mpii_group_new(cnt_mine);
	rc = MPI_ERR_NO_MEM;
	if (!g)
		goto done;
	for (int i = 0; i < cnt_mine; i++)
		g->world[i] = comm->group->world[m[first + i].rank];
	mpii_group_set_rank(g);
	*out = mpii_comm_derive(comm, ctx + 2 * (uint32_t)idx, g, NULL);
	rc = *out ? MPI_SUCCESS : MPI_ERR_NO_MEM;
done:
	free(all);
	free(m);
	return rc;
}

/* The split of MPI_Comm_split and MPI_Comm_split_type (fn), on an intra-
 * or an intercommunicator.  MPI_SUCCESS or what mpii_err() returned. */
static int split_call(const char *fn, MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
	mpii_lock();
	int rc = comm->is_inter ? mpii_inter_split(comm, color, key, newcomm)
				: split(comm, color, key, newcomm);
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, "split failed");
	return MPI_SUCCESS;
}

int mpii_Comm_split(const char *fn, MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
	if (!newcomm)
		return mpii_err(comm, MPI_ERR_ARG, fn, "newcomm is NULL");
	if (color < 0 && color != MPI_UNDEFINED)
		return mpii_err(comm, MPI_ERR_ARG, fn, "negative color");
	return split_call(fn, comm, color, key, newcomm);
}

/* This process's color for a split by the hardware resource `type`
 * (lib/core/hwtopo.h): the resource's index, MPI_UNDEFINED when its CPUs
 * span several or type names none. */
static int hw_color(const char *type)
{
	int id;
	return type && mpii_hw_my_resource(type, &id) == 1 ? id : MPI_UNDEFINED;
}

/* The new communicator's info names the resource it was split by
 * (MPI-4.0 7.4.2: mpi_hw_resource_type).  An error class. */
static int name_resource(MPI_Comm c, const char *type)
{
	if (c == MPI_COMM_NULL)
		return MPI_SUCCESS;
	if (!c->info && mpii_info_dup(NULL, &c->info))
		return MPI_ERR_NO_MEM;
	return mpii_Info_set("MPI_Comm_split_type", c->info, "mpi_hw_resource_type", type);
}

/* MPI_COMM_TYPE_HW_UNGUIDED: the widest level of mpii_hw_levels at which
 * comm's members are on more than one resource; each member's part is
 * the members on its resource (MPI_COMM_NULL for one whose CPUs span
 * several); no such level: MPI_COMM_NULL everywhere (MPI-4.0 7.4.2: each
 * new group a strict subset of comm's).  Collective over comm: one
 * allreduce per level tried.  *level gets the level's name. */
static int hw_unguided_color(MPI_Comm comm, const char **level, int *color)
{
	*color = MPI_UNDEFINED;
	*level = NULL;
	for (int i = 0; mpii_hw_levels[i]; i++) {
		int c = hw_color(mpii_hw_levels[i]);
		/* max of -c and of c over the members placed: -min and max */
		int mine[2] = { c == MPI_UNDEFINED ? INT_MIN : -c, c == MPI_UNDEFINED ? -1 : c },
		    all[2];
		mpii_lock();
		int rc = mpii_allreduce(mine, all, 2, MPI_INT, MPI_MAX, comm, NULL);
		mpii_unlock();
		if (rc)
			return rc;
		/* all[0] is INT_MIN when no member is placed at this level */
		if (all[0] != INT_MIN && all[1] > -all[0]) {
			*color = c;
			*level = mpii_hw_levels[i];
			return MPI_SUCCESS;
		}
	}
	return MPI_SUCCESS;
}

int mpii_Comm_split_type(const char *fn, MPI_Comm comm, int split_type, int key, MPI_Info info,
			 MPI_Comm *newcomm)
{
	if (!newcomm)
		return mpii_err(comm, MPI_ERR_ARG, fn, "newcomm is NULL");
	const char *type = NULL;
	int color, rc;
	switch (split_type) {
	case MPI_UNDEFINED:
		color = MPI_UNDEFINED;
		break;
	case MPI_COMM_TYPE_SHARED:
		color = 0;  /* one node: every member shares memory with every other */
		break;
	case MPI_COMM_TYPE_HW_GUIDED:
		/* MPI-4.0 7.4.2: by the resource the info names; a member that
		 * names none, or one it is not within, gets MPI_COMM_NULL */
		type = info != MPI_INFO_NULL && MPII_VALID(info, MPII_MAGIC_INFO)
			       ? mpii_info_lookup(info, "mpi_hw_resource_type")
			       : NULL;
		color = hw_color(type);
		break;
	case MPI_COMM_TYPE_HW_UNGUIDED:
		if (comm->is_inter)
			return mpii_err(comm, MPI_ERR_COMM, fn,
					"MPI_COMM_TYPE_HW_UNGUIDED on an intercommunicator");
		rc = hw_unguided_color(comm, &type, &color);
		if (rc)
			return mpii_err(comm, rc, fn, "split failed");
		break;
	default:
		return mpii_err(comm, MPI_ERR_ARG, fn, "unknown split type %d", split_type);
	}
	rc = split_call(fn, comm, color, key, newcomm);
	if (!rc && type && name_resource(*newcomm, type))
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	return rc;
}

/* Rank in comm of world rank w, or -1. */
static int comm_rank_of_world(const struct mpii_comm *c, int w)
{
	for (int i = 0; i < c->size; i++)
		if (c->group->world[i] == w)
			return i;
	return -1;
}

/* Whether every member of g is in c's (local) group: 1, 0, or -1 when
 * out of memory.  One pass over each (a flag per world rank). */
static int group_within(const struct mpii_comm *c, const struct mpii_group *g)
{
	uint8_t *in = calloc((size_t)mpii_g.nmembers, 1);
	if (!in)
		return -1;
	for (int i = 0; i < c->size; i++)
		in[c->group->world[i]] = 1;
	int ok = 1;
	for (int i = 0; i < g->size && ok; i++)
		ok = in[g->world[i]];
	free(in);
	return ok;
}

int mpii_Comm_create(const char *fn, MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
	if (!MPII_VALID(group, MPII_MAGIC_GROUP))
		return mpii_err(comm, MPI_ERR_GROUP, fn, "invalid group");
	if (!newcomm)
		return mpii_err(comm, MPI_ERR_ARG, fn, "newcomm is NULL");
	/* MPI-3.1 6.4.2: group is a subgroup of comm's (local) group.  Every
	 * member passes the same group, so all of them fail alike and no
	 * collective step is left half done (MPICH's errors/comm/ccreate1). */
	int within = group_within(comm, group);
	if (within < 0)
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	if (!within)
		return mpii_err(comm, MPI_ERR_GROUP, fn, "group is not a subgroup of the communicator's group");
	uint32_t ctx;
	if (comm->is_inter) {
		/* The result joins group with the subgroup the other side gave,
		 * which is a split with one color and the group's order as key */
		mpii_lock();
		int rc = mpii_inter_split(comm, group->rank == MPI_UNDEFINED ? MPI_UNDEFINED : 0,
					  group->rank, newcomm);
		mpii_unlock();
		if (rc)
			return mpii_err(comm, rc, fn, "create failed");
		return MPI_SUCCESS;
	}
	mpii_lock();
	int rc = share_ctx(comm, 1, &ctx);
	*newcomm = MPI_COMM_NULL;
	if (!rc && group->rank != MPI_UNDEFINED) {
		*newcomm = mpii_comm_derive(comm, ctx, mpii_group_ref(group), NULL);
		if (!*newcomm)
			rc = MPI_ERR_NO_MEM;
	}
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, "create failed");
	return MPI_SUCCESS;
}

int mpii_Comm_create_group(const char *fn, MPI_Comm comm, MPI_Group group, int tag,
			   MPI_Comm *newcomm)
{
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "intercommunicator is not supported");
	if (!MPII_VALID(group, MPII_MAGIC_GROUP))
		return mpii_err(comm, MPI_ERR_GROUP, fn, "invalid group");
	if (!newcomm)
		return mpii_err(comm, MPI_ERR_ARG, fn, "newcomm is NULL");
	if (tag < 0)
		return mpii_err(comm, MPI_ERR_TAG, fn, "invalid tag");
	*newcomm = MPI_COMM_NULL;
	if (group->rank == MPI_UNDEFINED)
		return MPI_SUCCESS;
	/* Only the group's members take part: the group's rank 0 allocates the
	 * id and sends it to each member over comm's collective context, with
	 * a tag outside the range collective sequence numbers use. */
	int itag = 0x40000000 | (tag & 0x3fffffff);
	uint32_t ctx = 0;
	int rc = MPI_SUCCESS;
	mpii_lock();
	int leader = comm_rank_of_world(comm, group->world[0]);
	if (leader < 0) {
		rc = MPI_ERR_GROUP;
	} else if (group->rank == 0) {
		ctx = mpii_ctx_alloc(1);
		for (int i = 1; i < group->size && !rc; i++) {
			int r = comm_rank_of_world(comm, group->world[i]);
			rc = r < 0 ? MPI_ERR_GROUP
				   : mpii_send(&ctx, 1, MPI_UINT32_T, r, itag, comm, comm->ctx + 1,
					       MPII_MODE_STANDARD);
		}
	} else {
		rc = mpii_recv(&ctx, 1, MPI_UINT32_T, leader, itag, comm, comm->ctx + 1,
			       MPI_STATUS_IGNORE);
	}
	if (!rc) {
		*newcomm = mpii_comm_derive(comm, ctx, mpii_group_ref(group), NULL);
		if (!*newcomm)
			rc = MPI_ERR_NO_MEM;
	}
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, "create_group failed");
	return MPI_SUCCESS;
}

/* Free a valid *comm for MPI_Comm_free and MPI_Comm_disconnect (fn names
 * the caller in errors). */
static int comm_free(MPI_Comm *comm, const char *fn)
{
	if (*comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF)
		return mpii_err(*comm, MPI_ERR_COMM, fn, "cannot free a predefined communicator");
	int rc = comm_destroy(*comm);
	if (rc)
		return mpii_err(*comm, rc, fn, "an attribute delete callback failed");
	*comm = MPI_COMM_NULL;
	return MPI_SUCCESS;
}

int mpii_Comm_free(const char *fn, MPI_Comm *comm)
{
	if (!comm || mpii_comm_check(*comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	return comm_free(comm, fn);
}

int mpii_Comm_disconnect(const char *fn, MPI_Comm *comm)
{
	if (!comm || mpii_comm_check(*comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	/* Pending communication completes inside the free of every member's
	 * handle here: a barrier on the local side is enough on one node. */
	if (!(*comm)->is_inter) {
		mpii_lock();
		int rc = mpii_barrier(*comm, NULL);
		mpii_unlock();
		if (rc)
			return mpii_err(*comm, rc, fn, "barrier failed");
	}
	return comm_free(comm, fn);
}

int mpii_Comm_compare(const char *fn, MPI_Comm comm1, MPI_Comm comm2, int *result)
{
	if (mpii_comm_check(comm1) || mpii_comm_check(comm2))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (!result)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "result is NULL");
	if (comm1 == comm2) {
		*result = MPI_IDENT;
		return MPI_SUCCESS;
	}
	if (comm1->is_inter != comm2->is_inter) {
		*result = MPI_UNEQUAL;
		return MPI_SUCCESS;
	}
	int r = mpii_group_compare(comm1->group, comm2->group);
	if (r >= 0 && comm1->is_inter) {
		int r2 = mpii_group_compare(comm1->remote, comm2->remote);
		if (r2 < 0 || r2 > r)
			r = r2;
	}
	if (r < 0)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	*result = r == MPI_IDENT ? MPI_CONGRUENT : r;
	return MPI_SUCCESS;
}

int mpii_Comm_test_inter(const char *fn, MPI_Comm comm, int *flag)
{
	if (!flag)
		return mpii_err(comm, MPI_ERR_ARG, fn, "flag is NULL");
	*flag = comm->is_inter;
	return MPI_SUCCESS;
}

int mpii_Comm_set_info(const char *fn, MPI_Comm comm, MPI_Info info)
{
	if (!MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(comm, MPI_ERR_INFO, fn, "invalid info");
	/* Remembered for MPI_Comm_get_info; the mpi_assert_* ones are also
	 * read into comm->asserts. */
	struct mpii_info *copy;
	if (mpii_info_dup(info, &copy))
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	mpii_lock();
	if (comm->info)
		mpii_info_release(comm->info);
	comm->info = copy;
	mpii_comm_read_asserts(comm);
	mpii_unlock();
	return MPI_SUCCESS;
}

/* The assertions are booleans: "true" (any case) sets one, anything else
 * leaves it unset (MPI-4.0 7.4.4: false is their default). */
void mpii_comm_read_asserts(struct mpii_comm *c)
{
	static const struct {
		const char *key;
		uint32_t bit;
	} keys[] = {
		{ "mpi_assert_no_any_source", MPII_ASSERT_NO_ANY_SOURCE },
		{ "mpi_assert_no_any_tag", MPII_ASSERT_NO_ANY_TAG },
		{ "mpi_assert_exact_length", MPII_ASSERT_EXACT_LENGTH },
		{ "mpi_assert_allow_overtaking", MPII_ASSERT_ALLOW_OVERTAKING },
	};
	uint32_t a = 0;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const char *v = mpii_info_lookup(c->info, keys[i].key);
		if (v && strcasecmp(v, "true") == 0)
			a |= keys[i].bit;
	}
	c->asserts = a;
}

int mpii_Comm_get_info(const char *fn, MPI_Comm comm, MPI_Info *info_used)
{
	if (!info_used)
		return mpii_err(comm, MPI_ERR_ARG, fn, "info_used is NULL");
	if (mpii_info_dup(comm->info, info_used))
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}
