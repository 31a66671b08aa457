/*
 * lib/comm/topo.h - virtual topologies attached to a communicator (comm->topo):
 * cartesian, graph and distributed graph (lib/topo_*.c), and the helpers
 * their constructors share (lib/comm/topo.c).
 *
 * Tags: the intercommunicator constructors talk point to point on the
 * collective context (ctx + 1) with tags of their own, above every tag a
 * sequence-numbered collective (neighbour collectives included) uses
 * (< 2^30) and below MPI_Barrier_loose's (>= 0x7ff00000).
 */
#ifndef MPII_TOPO_H
#define MPII_TOPO_H

#include "lib/comm/comm.h"

struct mpii_topo {
	int kind;              /* MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH */
	int ndims;             /* cart */
	int *dims, *periods;
	int nnodes, nedges;    /* graph: index[nnodes], edges[nedges] */
	int *index, *edges;
	int indeg, outdeg, weighted;  /* dist graph, this rank's view */
	int *sources, *sweights, *dests, *dweights;
};

#define MPII_TAG_INTERCOMM 0x7fd00000  /* + (user tag & 0xfffff) on peer_comm */
#define MPII_TAG_MERGE     0x7fd80000  /* leaders of MPI_Intercomm_merge */
#define MPII_TAG_INTERDUP  0x7fd90000  /* leaders of an intercommunicator dup */
#define MPII_TAG_INTERSPLIT 0x7fda0000 /* leaders of an intercommunicator split */

/* MPI_Comm_split on the intercommunicator ic (lib/comm/intercomm.c):
 * collective over both groups; *out is MPI_COMM_NULL for MPI_UNDEFINED and
 * for a color that no process of the other group chose.  Called with the
 * library lock held.  Returns an error class. */
int mpii_inter_split(struct mpii_comm *ic, int color, int key, struct mpii_comm **out);

/* A new communicator with parent's error handler; takes over the group
 * references (lib/comm/comm_create.c).  NULL when out of memory. */
struct mpii_comm *mpii_comm_derive(struct mpii_comm *parent, uint32_t ctx,
				   struct mpii_group *local, struct mpii_group *remote);

/* k context-id pairs agreed over the intracommunicator c (its rank 0
 * allocates and broadcasts; collective over c). */
int mpii_topo_share_ctx(struct mpii_comm *c, uint32_t k, uint32_t *ctx);

/* Collective over the intracommunicator old: a communicator of old's
 * first n ranks (identity mapping: reorder is ignored) carrying topology
 * t, in *out; MPI_COMM_NULL on ranks >= n.  Takes t over (freed on every
 * rank it is not attached to, and on error).  n == 0 makes no
 * communicator anywhere. */
int mpii_topo_comm(struct mpii_comm *old, int n, struct mpii_topo *t, struct mpii_comm **out);

/* Entry-point checks of a topology constructor or map call fn: the
 * library is initialized (MPII_CHECK_INIT), comm_old is an
 * intracommunicator, info valid (MPI_INFO_NULL for a call without one) and
 * out not NULL (out_null: the detail).  MPI_SUCCESS or what mpii_err()
 * returned. */
int mpii_topo_check_args(const char *fn, MPI_Comm comm_old, MPI_Info info, const void *out,
			 const char *out_null);

/* The end of topology constructor fn, collective over old: *out gets the
 * communicator of topology t (taken over) over old's first n ranks, as
 * mpii_topo_comm (the library lock is taken here).  MPI_SUCCESS or what
 * mpii_err() returned. */
int mpii_topo_finish(const char *fn, MPI_Comm old, int n, struct mpii_topo *t, MPI_Comm *out);

/* Entry-point checks of call fn on comm's topology of kind (MPI_CART,
 * MPI_GRAPH, MPI_DIST_GRAPH): the library is initialized (MPII_CHECK_INIT),
 * comm valid and with such a topology.  MPI_SUCCESS with *t the topology,
 * or what mpii_err() returned. */
int mpii_topo_of(MPI_Comm comm, int kind, const char *fn, struct mpii_topo **t);

/* A copy of a[n]; NULL for n <= 0 or a NULL (*ok cleared when out of
 * memory). */
int *mpii_topo_ints(const int *a, int n, int *ok);

/* Free a topology not attached to a communicator (NULL is fine). */
void mpii_topo_destroy(struct mpii_topo *t);

/* Cartesian helpers: coordinates of rank r (coords[ndims]) and back. */
void mpii_cart_coords(const struct mpii_topo *t, int r, int *coords);
int mpii_cart_rank(const struct mpii_topo *t, const int *coords);

/* Give new a copy of old's topology (dup).  MPI_SUCCESS or MPI_ERR_NO_MEM. */
int mpii_topo_copy(struct mpii_comm *old, struct mpii_comm *new);

/* Free c's topology. */
void mpii_topo_free(struct mpii_comm *c);

/* Neighbours of this rank in the order neighbour collectives use:
 * *in[nin] (receive from) and *out[nout] (send to); pointers into the
 * topology or a malloc'ed array in *scratch (free it).  MPI_ERR_TOPOLOGY
 * when comm has no topology. */
int mpii_topo_neighbors(struct mpii_comm *c, int *nin, const int **in, int *nout,
			const int **out, int **scratch);

#endif
