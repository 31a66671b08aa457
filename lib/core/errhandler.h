/*
 * lib/core/errhandler.h - error handler objects' reference counts and the
 * user-added error classes, codes and strings (lib/core/errhandler.c).
 *
 * A communicator holds one reference to its error handler; the predefined
 * handlers (MPI_ERRORS_ARE_FATAL, MPI_ERRORS_RETURN, MPI_ERRORS_ABORT) are
 * never freed, so taking and dropping references on them is harmless.
 *
 * Error codes above MPI_ERR_LASTCODE are handed out by MPI_Add_error_class
 * and MPI_Add_error_code from one counter; a class is its own code.
 */
#ifndef MPII_ERRHANDLER_H
#define MPII_ERRHANDLER_H

#include "lib/core/errors.h"

/* Take / drop a reference (thread-safe).  The last reference of a user
 * handler poisons it (MPII_MAGIC_FREED) and keeps it for reuse. */
void mpii_errhandler_ref(struct mpii_errhandler *eh);
void mpii_errhandler_unref(struct mpii_errhandler *eh);

/* Set comm's handler (takes a reference on eh, drops the old one). */
void mpii_errhandler_set(struct mpii_comm *c, struct mpii_errhandler *eh);

/* A new user error handler calling f (a window's handler function is
 * passed cast to this type: lib/core/errors.c calls it with the window).
 * NULL when out of memory. */
struct mpii_errhandler *mpii_errhandler_new(MPI_Comm_errhandler_function *f);

/* True when eh is a live error handler object. */
int mpii_errhandler_valid(const struct mpii_errhandler *eh);

/* For a code above MPI_ERR_LASTCODE: its class, or -1 when never handed
 * out; its string (NULL when never handed out, "" when none was added). */
int mpii_errcode_dyn_class(int code);
const char *mpii_errcode_dyn_string(int code);

/* The largest error code or class in use (MPI_LASTUSEDCODE). */
int mpii_errcode_lastused(void);

#endif
