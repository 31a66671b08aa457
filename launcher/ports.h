/*
 * launcher/ports.h - the launcher's side of MPI_Open_port, MPI_Close_port,
 * MPI_Comm_accept and MPI_Comm_connect: the job's port table and the
 * rendezvous of an accept with a connect (docs/dynamic.md, "Ports").
 */
#ifndef LNCH_PORTS_H
#define LNCH_PORTS_H

#include <stdbool.h>
#include <stddef.h>
#include "launcher/job.h"

/* Whether a control request (len bytes) is one of ours ("port-..."). */
bool lnch_ports_request(const char *req, size_t len);

/* Serve a port request that came on connection fd.  Returns the length
 * of the answer written into ans (cap bytes), or 0 when the answer is
 * deferred: an accept or connect waits for its partner, and the answer
 * is sent on fd when it arrives (or never, when fd closes first:
 * lnch_ports_closed).  down: the job is going down, refuse all. */
size_t lnch_ports_serve(struct lnch_job *job, int fd, const char *req, size_t len, char *ans,
			size_t cap, bool down);

/* Connection fd closed: forget the accept or connect waiting on it. */
void lnch_ports_closed(int fd);

/* The job's end: refuse what waits, and remove the names the job
 * published (lib/comm/namepub.c) that it did not unpublish. */
void lnch_ports_end(void);

#endif
