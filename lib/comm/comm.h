/*
 * lib/comm/comm.h - groups and communicators as the core sees them.
 *
 * A communicator maps its ranks to world ranks (the transport addresses
 * members by world rank) and owns two context ids: ctx for point-to-point
 * and ctx + 1 for collectives, so the two never match each other.  Context
 * ids come from a job-wide counter in the segment (mpii_ctx_alloc), so no
 * two live communicators of a process ever share one, and ids are unique
 * across the job (MPI_Communicator_id).
 *
 * Owner of creation/destruction beyond MPI_COMM_WORLD/SELF: lib/comm_*.c
 * (groups, communicators, topologies).
 */
#ifndef MPII_COMM_H
#define MPII_COMM_H

#include <stdint.h>
#include "mpi.h"
#include "lib/core/core.h"

struct mpii_attr_list;
struct mpii_topo;
struct mpii_coll_state;
struct mpii_bsend_buf;
struct mpii_session;

struct mpii_group {
	uint32_t magic;
	_Atomic int refcount;
	int size;
	int rank;          /* this process's rank in the group, or MPI_UNDEFINED */
	int *world;        /* world rank of each member */
	char *name;        /* MPI_Handle_name_put */
	struct mpii_attr_list *attrs;
	struct mpii_session *session;  /* from MPI_Group_from_session_pset (and groups made of it) */
};

struct mpii_comm {
	uint32_t magic;
	_Atomic int refcount;
	uint32_t ctx;                  /* p2p context; ctx + 1 for collectives */
	int rank, size;                /* in the local group */
	int is_inter;
	struct mpii_group *group;      /* local group */
	struct mpii_group *remote;     /* intercommunicators: remote group, else NULL */
	struct mpii_errhandler *errh;
	char name[MPI_MAX_OBJECT_NAME];
	struct mpii_attr_list *attrs;
	struct mpii_topo *topo;
	struct mpii_coll_state *coll;  /* collective algorithms' per-comm state */
	MPI_Info info;
	uint32_t coll_seq;             /* collectives started on this comm */
	uint32_t asserts;              /* MPII_ASSERT_*: the mpi_assert_* hints in info */
	struct mpii_bsend_buf *bsend;  /* MPI_Comm_attach_buffer's (lib/p2p/p2p.h), or NULL */
	struct mpii_session *session;  /* the session it derives from (MPI-4.0), or NULL */
};

/* MPI-4.0 7.4.4: the mpi_assert_* hints a communicator's info set "true"
 * (mpii_comm_read_asserts); point-to-point refuses what they rule out. */
enum {
	MPII_ASSERT_NO_ANY_SOURCE = 1,
	MPII_ASSERT_NO_ANY_TAG = 2,
	MPII_ASSERT_EXACT_LENGTH = 4,
	MPII_ASSERT_ALLOW_OVERTAKING = 8,
};

/* Set c->asserts from c->info (call after every change of c->info). */
void mpii_comm_read_asserts(struct mpii_comm *c);

/* World rank of rank r of the group a message to comm's rank r goes to
 * (the remote group of an intercommunicator). */
static inline int mpii_comm_peer_world(const struct mpii_comm *c, int r)
{
	return c->is_inter ? c->remote->world[r] : c->group->world[r];
}

/* Size of the group that point-to-point ranks on comm refer to. */
static inline int mpii_comm_peer_size(const struct mpii_comm *c)
{
	return c->is_inter ? c->remote->size : c->size;
}

/* Check that comm is a usable communicator.  Returns MPI_SUCCESS or
 * MPI_ERR_COMM.  Inline: every communicating call starts with it. */
static inline int mpii_comm_check(MPI_Comm comm)
{
	if (!MPII_VALID(comm, MPII_MAGIC_COMM) || comm == &mpii_obj_comm_universal)
		return MPI_ERR_COMM;
	return MPI_SUCCESS;
}

/* n fresh context ids (each comm takes two: ctx and ctx + 1) from the
 * job-wide counter; returns the first.  One member calls it and shares the
 * result. */
uint32_t mpii_ctx_alloc(uint32_t ncomms);

/* Allocate a communicator object with one reference and the given groups
 * (the references to the groups are taken over).  NULL when out of memory. */
struct mpii_comm *mpii_comm_new(uint32_t ctx, struct mpii_group *local, struct mpii_group *remote);

/* The counted halves of mpii_comm_ref/unref (lib/comm/comm_world.c). */
void mpii_comm_ref_counted(struct mpii_comm *c);
void mpii_comm_unref_counted(struct mpii_comm *c);

/* Take a reference (a pending operation keeps its communicator alive).
 * The predefined communicators live as long as the process: no count (no
 * locked instruction on every message sent on them), and inline, so that
 * a message on them makes no call for it either. */
static inline void mpii_comm_ref(struct mpii_comm *c)
{
	if (c != &mpii_obj_comm_world && c != &mpii_obj_comm_self)
		mpii_comm_ref_counted(c);
}

/* Drop a reference; the last one frees the communicator and its groups. */
static inline void mpii_comm_unref(struct mpii_comm *c)
{
	if (c != &mpii_obj_comm_world && c != &mpii_obj_comm_self)
		mpii_comm_unref_counted(c);
}

/* Allocate a group of n members (world array uninitialised; rank set by
 * mpii_group_set_rank). */
struct mpii_group *mpii_group_new(int n);
void mpii_group_set_rank(struct mpii_group *g);  /* finds mpii_g.rank in world[] */
void mpii_group_unref(struct mpii_group *g);

/* Set up / tear down MPI_COMM_WORLD, MPI_COMM_SELF and MPI_GROUP_EMPTY. */
int mpii_comm_init_predefined(void);
void mpii_comm_finalize_predefined(void);

/* Dynamic processes (lib/comm/dynamic.c), for MPI_Init: the world of a
 * spawned rank (SHMPI_WORLD: its first member and size; 0 and untouched
 * for the first ranks, -1 when malformed), its context id (0 for the
 * first world), and the parent intercommunicator, made after the
 * predefined communicators and the transport. */
int mpii_dyn_world(int *base, int *size);
/* Member slots a singleton keeps for the processes it spawns. */
#define MPII_SINGLETON_SPARE 64
uint32_t mpii_dyn_world_ctx(void);
int mpii_dyn_init(void);
/* Ports (lib/comm/port.c, namepub.c): the job's launcher control socket
 * name, which names the job; mpii_dyn_launcher starts a singleton's own
 * launcher first (NULL and *why when it cannot), _if_any does not. */
const char *mpii_dyn_launcher(const char **why);
/* The first checks of spawn, accept and connect (lib/comm/dynamic.c):
 * 0, or the class already raised. */
int mpii_dyn_check_root(const char *fn, struct mpii_comm *comm, int root, const void *out,
			const char *name);
const char *mpii_dyn_launcher_if_any(void);

/* The rest of lib/comm/'s interface: group helpers and topologies. */
#include "lib/comm/group.h"
#include "lib/comm/topo.h"

#endif
