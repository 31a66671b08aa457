/*
 * lib/core/session.h - what other folders need of MPI-4.0's sessions
 * (lib/core/session.c): a session's buffered-send buffer slot, for
 * MPI_Session_attach_buffer and the buffered sends of its communicators
 * (lib/p2p/p2p_api.c), and raising an error on a session.
 */
#ifndef MPII_SESSION_H
#define MPII_SESSION_H

#include "mpi.h"

struct mpii_bsend_buf;

/* The slot of session s's buffered-send buffer, or NULL when s is not a
 * valid (live) session. */
struct mpii_bsend_buf **mpii_session_bsend(MPI_Session s);

/* Raise errcode for fn on session s through its handler (MPI_COMM_SELF's
 * when s is not valid); returns errcode if the handler returns. */
int mpii_session_raise(MPI_Session s, int errcode, const char *fn, const char *detail);

#endif
