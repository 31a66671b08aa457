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

/* A standard-mode send that fits one ring cell and has nothing queued
 * before it to the same peer goes out at once, with no request: 1 when it
 * did (the send is complete), 0 when the caller must use mpii_isend. */
int mpii_send_now(const void *buf, MPI_Count count, struct mpii_datatype *dt, int dest, int tag,
		  struct mpii_comm *comm, uint32_t ctx);

/* Start a receive. */
int mpii_irecv(void *buf, MPI_Count count, struct mpii_datatype *dt, int source, int tag,
	       struct mpii_comm *comm, uint32_t ctx, struct mpii_request **reqp);

/* Blocking receive. */
int mpii_recv(void *buf, MPI_Count count, struct mpii_datatype *dt, int source, int tag,
	      struct mpii_comm *comm, uint32_t ctx, MPI_Status *status);

/* MPI_Init, after mpii_p2p_init: world ranks 0 and 1 time round trips
 * to choose the job's eager limit (lib/p2p/p2p_calibrate.c). */
void mpii_eager_calibrate(void);

/* While mpii_g.eager_pending: take the job's eager limit if rank 0 has
 * published it; 1 when a message of bytes is then eager. */
int mpii_eager_adopt(size_t bytes);

/* Start an inactive persistent send or receive request (MPI_Start, through
 * mpii_request_start), its status already emptied. */
int mpii_p2p_start(struct mpii_request *req);

/* Probe for a matching unexpected message.  *flag set when found. */
int mpii_iprobe(int source, int tag, struct mpii_comm *comm, uint32_t ctx, int *flag,
		MPI_Status *status);

/* Cancel a send or receive (MPI_Cancel, lock held; a send also when it is
 * complete but not yet collected): a receive still in the posted queue, or
 * a send whose header has not left the transmit queue, completes with
 * status.mpii_cancelled set; a send whose message the receiver has not
 * matched yet is asked back from it, and completes (again) when it
 * answers, cancelled or not (lib/p2p/p2p_cancel.c).  MPI_SUCCESS, or
 * MPI_ERR_NO_MEM (a request too far along simply completes as usual). */
int mpii_p2p_cancel(struct mpii_request *req);

/* What the progress engine (lib/core/progress.c) and the waiters ask of
 * point-to-point (lib/p2p/p2p_progress.c); lock held. */

/* One pass: drain the incoming rings whose summary bits are set (world
 * rank hint_peer's first, without waiting for its bit, when >= 0), push
 * the queued outgoing cells, and end the shared large copies whose chunks
 * are all in place (copying the unclaimed ones too when copy_shared: the
 * caller is not a waiter that helps between polls).  Non-zero when
 * anything happened. */
int mpii_p2p_progress(int hint_peer, int copy_shared);

/* Outgoing cells wait for ring space, or a shared copy is in flight: a
 * waiter must not sleep (neither rings its doorbell). */
int mpii_p2p_busy(void);

/* Messages or control answers wait in the transmit queues. */
int mpii_p2p_tx_pending(void);

/* For a waiting thread: copy the unclaimed chunks of shared copies with the
 * library lock dropped (the other threads poll meanwhile).  1 if there
 * were any. */
int mpii_p2p_help_copy(void);

/* This process's point-to-point counters, read by the tools interface
 * (lib/tools: performance variables p2p_*).  Plain increments under the
 * library lock, per process (never shared with other processes): a counter
 * costs one add on a line the path already writes, so they always count.
 * Messages and bytes are the user's and the collectives' alike. */
struct mpii_p2p_counters {
	uint64_t eager_msgs, eager_bytes;   /* sent through the ring in one go */
	uint64_t rndv_msgs, rndv_bytes;     /* sent by rendezvous (RTS) */
	uint64_t cma_msgs, cma_bytes;       /* received by single copy (process_vm_readv) */
	uint64_t unexp_msgs;                /* arrived before their receive was posted */
	uint64_t unexp_len, unexp_hwm;      /* the unexpected queue now, and its longest */
};
extern struct mpii_p2p_counters mpii_p2p_ctr;

/* Called, when set, with each message that joins the unexpected queue
 * (world rank of the sender, communicator rank, tag, bytes): the tools
 * interface's "unexpected message" event sets it while a tool listens. */
extern void (*mpii_p2p_unexp_hook)(int world_src, int src, int tag, uint64_t bytes);

/* Set up the transport at init; tear down at finalize. */
int mpii_p2p_init(void);
void mpii_p2p_finalize(void);

/* A buffered-send buffer (MPI-4.1 3.6): the process's (MPI_Buffer_attach,
 * mpii_p2p.bsend), a communicator's (comm->bsend) or a session's
 * (mpii_session_bsend).  A buffered send uses its communicator's, else
 * that of the session its communicator came from, else the process's.
 * The copies are malloc'ed and counted against capacity (lib/p2p/
 * p2p_api.c); buf MPI_BUFFER_AUTOMATIC bounds nothing.  A communicator's
 * or session's is allocated at its first attach and never freed (a
 * detached one stays for the next attach; one left attached when its
 * communicator is freed is left behind): copies in flight and iflush
 * requests point at it.  Library lock held. */
struct mpii_bsend_buf {
	void *buf;              /* what was attached; NULL: nothing */
	MPI_Count capacity;     /* its size in bytes */
	MPI_Count used;         /* bytes of copies not yet delivered */
};

#endif
