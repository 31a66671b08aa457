/*
 * lib/topo.h - virtual topologies attached to a communicator (comm->topo):
 * cartesian, graph and distributed graph (lib/topo_*.c).
 */
#ifndef MPII_TOPO_H
#define MPII_TOPO_H

#include "lib/comm.h"

struct mpii_topo {
	int kind;              /* MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH */
	int ndims;             /* cart */
	int *dims, *periods;
	int nnodes, nedges;    /* graph: index[nnodes], edges[nedges] */
	int *index, *edges;
	int indeg, outdeg, weighted;  /* dist graph, this rank's view */
	int *sources, *sweights, *dests, *dweights;
};

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
