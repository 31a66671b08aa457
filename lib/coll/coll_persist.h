/*
 * lib/coll/coll_persist.h - the plan of a persistent collective
 * (lib/coll/coll_persist.c), shared with its shared-memory fast path
 * (lib/coll/coll_persist_shm.c).  Private to lib/coll/.
 */
#ifndef MPII_COLL_PERSIST_H
#define MPII_COLL_PERSIST_H

#include "mpi.h"
#include "lib/core/core.h"

enum pcoll_which {
	PCOLL_BARRIER = 1,
	PCOLL_BCAST,
	PCOLL_GATHER,
	PCOLL_GATHERV,
	PCOLL_SCATTER,
	PCOLL_SCATTERV,
	PCOLL_ALLGATHER,
	PCOLL_ALLGATHERV,
	PCOLL_ALLTOALL,
	PCOLL_ALLTOALLV,
	PCOLL_ALLTOALLW,
	PCOLL_REDUCE,
	PCOLL_ALLREDUCE,
	PCOLL_REDUCE_SCATTER,
	PCOLL_REDUCE_SCATTER_BLOCK,
	PCOLL_SCAN,
	PCOLL_EXSCAN,
	/* the neighbour forms last (coll_persist.c tests which >= this) */
	PCOLL_NEIGHBOR_ALLGATHER,
	PCOLL_NEIGHBOR_ALLGATHERV,
	PCOLL_NEIGHBOR_ALLTOALL,
	PCOLL_NEIGHBOR_ALLTOALLV,
	PCOLL_NEIGHBOR_ALLTOALLW,
};

/* The arguments of the _init call as the user gave them (the arrays are
 * the user's: MPI-4.0 forbids changing them while the request exists).
 * A one-buffer call (bcast, the reductions) uses the r side.  stype and
 * rtype are NULL where insignificant; otherwise the plan holds a
 * reference to them, and to op. */
struct pcoll_args {
	const void *sbuf;
	void *rbuf;
	int scount, rcount;
	const int *scounts, *rcounts;
	const int *sdispls, *rdispls;
	const MPI_Aint *sdispls_a, *rdispls_a;   /* MPI_Neighbor_alltoallw */
	MPI_Datatype stype, rtype;
	const MPI_Datatype *stypes, *rtypes;
	MPI_Op op;
	int root;
};

struct pcoll_shm;

struct pcoll_plan {
	int which;                    /* enum pcoll_which */
	struct pcoll_args a;
	struct mpii_request *inner;   /* the running nonblocking operation */
	struct pcoll_shm *shm;        /* the shared-memory plan, or NULL */
	/* the arrays an MPI_X_init_c handed over (mpii_pcoll_keep): at most
	 * four (counts and displacements of both sides) */
	void *kept[4];
};

/* lib/coll/coll_persist_shm.c (lock held for all three). */
/* At init: prepare the shared-memory plan of req (p->shm) when p's
 * operation can take it; else leave p->shm NULL. */
void mpii_pcoll_shm_plan(struct mpii_request *req, struct pcoll_plan *p);
/* MPI_Start through the plan.  An error class. */
int mpii_pcoll_shm_start(struct mpii_request *req, struct pcoll_plan *p);
/* Drop the plan (the request is released). */
void mpii_pcoll_shm_free(struct pcoll_plan *p);

#endif
