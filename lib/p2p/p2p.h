/*
 * lib/p2p/p2p.h - internal point-to-point API used by the public entry points,
 * the collectives and everything else that moves messages.
 *
 * All functions take the library lock's protection for granted (the caller
 * holds it) and return MPI error classes.  ctx is comm->ctx for user
 * point-to-point and comm->ctx + 1 for collectives.
 */
#ifndef MPII_P2P_H
#define MPII_P2P_H

#include "mpi.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/core/core.h"

/* Start a send; *reqp receives the request. */
int mpii_isend(const void *buf, MPI_Count count, struct mpii_datatype *dt, int dest, int tag,
	       struct mpii_comm *comm, uint32_t ctx, int mode, struct mpii_request **reqp);

/* Blocking standard send with a fast path that allocates no request when
 * the message fits the ring at once. */
int mpii_send(const void *buf, MPI_Count count, struct mpii_datatype *dt, int dest, int tag,
	      struct mpii_comm *comm, uint32_t ctx, int mode);

/* Start a receive. */
int mpii_irecv(void *buf, MPI_Count count, struct mpii_datatype *dt, int source, int tag,
	       struct mpii_comm *comm, uint32_t ctx, struct mpii_request **reqp);

/* Blocking receive. */
int mpii_recv(void *buf, MPI_Count count, struct mpii_datatype *dt, int source, int tag,
	      struct mpii_comm *comm, uint32_t ctx, MPI_Status *status);

/* Wait for an internal request, copy its status, release it. */
int mpii_wait(struct mpii_request *req, MPI_Status *status);

/* Start the transfer of a (persistent) send or receive request whose
 * operation fields are filled in. */
int mpii_p2p_start(struct mpii_request *req);

/* Probe for a matching unexpected message.  *flag set when found. */
int mpii_iprobe(int source, int tag, struct mpii_comm *comm, uint32_t ctx, int *flag,
		MPI_Status *status);

/* Cancel a pending send or receive.  Sets status.mpii_cancelled when it
 * was cancelled. */
int mpii_p2p_cancel(struct mpii_request *req);

/* Set up the transport at init; tear down at finalize. */
int mpii_p2p_init(void);
void mpii_p2p_finalize(void);

#endif
