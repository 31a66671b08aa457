/*
 * lib/coll/nbc.h - schedules: the state machine behind every point-to-point
 * collective algorithm, blocking or not.
 *
 * A schedule is a list of steps executed in order: SEND and RECV start a
 * transfer on the communicator's collective context (ctx + 1) with the tag
 * the schedule took from comm->coll_seq; COPY and REDUCE are local; FENCE
 * waits until every transfer started before it has completed.  The end of
 * the list is an implicit fence.  An algorithm builds the whole schedule
 * when the collective starts (every rank knows its part up front), then:
 *   - blocking: mpii_sched_run() advances it and sleeps in
 *     mpii_progress_wait() between fences;
 *   - nonblocking: mpii_sched_start() wraps it in a polled request
 *     (MPII_REQ_COLL) that the progress engine advances.
 * Collectives are started in the same order on every member, so the tag
 * (sequence number) of a schedule is the same everywhere and two
 * collectives in flight on one communicator never match each other.
 *
 * Buffers named by steps must stay valid until the schedule completes;
 * mpii_sched_tmp() hands out scratch memory freed with the schedule.
 * Locking: called with the library lock held.
 */
#ifndef MPII_NBC_H
#define MPII_NBC_H

#include "mpi.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/coll/op.h"
#include "lib/core/core.h"

struct mpii_sched;

/* A new empty schedule on comm (takes a reference to comm and the next
 * collective tag; on an intercommunicator also to its hidden local
 * communicator and the next tag of that one).  NULL when out of memory. */
struct mpii_sched *mpii_sched_new(struct mpii_comm *comm);

/* Intercommunicators: while on, the SEND and RECV steps added address
 * ranks of the local group (through the hidden local communicator), so
 * the builders of intracommunicator algorithms serve the local phases of
 * an intercommunicator collective.  No effect on an intracommunicator. */
void mpii_sched_local(struct mpii_sched *s, int on);

/* Append steps.  Errors (no memory) are remembered and reported by
 * mpii_sched_run/start.  peer is a rank of the group point-to-point ranks
 * of comm address (the remote group of an intercommunicator). */
void mpii_sched_send(struct mpii_sched *s, const void *buf, MPI_Count count,
		     struct mpii_datatype *dt, int peer);
/* A send to a rank that receives from many at once (a gather's root):
 * MPII_MODE_FAN_IN. */
void mpii_sched_send_fan_in(struct mpii_sched *s, const void *buf, MPI_Count count,
			    struct mpii_datatype *dt, int peer);
/* One of a root's sends to every other rank (a linear scatter or bcast):
 * MPII_MODE_FAN_OUT. */
void mpii_sched_send_fan_out(struct mpii_sched *s, const void *buf, MPI_Count count,
			     struct mpii_datatype *dt, int peer);
void mpii_sched_recv(struct mpii_sched *s, void *buf, MPI_Count count, struct mpii_datatype *dt,
		     int peer);
void mpii_sched_copy(struct mpii_sched *s, const void *sbuf, MPI_Count scount,
		     struct mpii_datatype *stype, void *rbuf, MPI_Count rcount,
		     struct mpii_datatype *rtype);
/* inout = in op inout (see lib/coll/op.h for the order). */
void mpii_sched_reduce(struct mpii_sched *s, const void *in, void *inout, MPI_Count count,
		       struct mpii_datatype *dt, struct mpii_op *op);
void mpii_sched_fence(struct mpii_sched *s);

/* Scratch for count elements of dt, laid out as a user buffer of dt would
 * be (the returned address is what a user would pass).  Freed with the
 * schedule; NULL (and the error remembered) when out of memory. */
void *mpii_sched_tmp(struct mpii_sched *s, MPI_Count count, const struct mpii_datatype *dt);

/* Keep dt / op alive until the schedule is freed (nonblocking calls). */
void mpii_sched_hold_type(struct mpii_sched *s, struct mpii_datatype *dt);
void mpii_sched_hold_op(struct mpii_sched *s, struct mpii_op *op);

/* Run to completion and free the schedule.  Returns an error class. */
int mpii_sched_run(struct mpii_sched *s);

/* Start as a nonblocking request; on error the schedule is freed and
 * *reqp left untouched.  Returns an error class. */
int mpii_sched_start(struct mpii_sched *s, struct mpii_request **reqp);

/* Free a schedule that was never run (error paths). */
void mpii_sched_free(struct mpii_sched *s);

/* Run (req == NULL) or start (req != NULL). */
int mpii_sched_finish(struct mpii_sched *s, struct mpii_request **reqp);

/* A completed request with an empty status for nonblocking calls with
 * nothing to do. */
int mpii_sched_null_request(struct mpii_comm *comm, struct mpii_request **reqp);

#endif
