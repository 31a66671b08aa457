/*
 * lib/core/env.h - who keeps the library up (lib/core/env.c): the world model
 * (MPI_Init .. MPI_Finalize) and each open session (lib/core/session.c).
 * Private to lib/core.
 */
#ifndef MPII_ENV_H
#define MPII_ENV_H

/* One more user of the library.  The first one joins the job (maps the
 * segment, starts the transport: what MPI_Init did alone before sessions);
 * a later one only raises the thread level to `required` when it is
 * higher.  world: the caller is MPI_Init (refused, MPI_ERR_OTHER through
 * fn, when the world model was initialized before).  *provided (may be
 * NULL) gets the process's thread level.  MPI_SUCCESS or an error class
 * (not raised: the caller raises it through its own handler). */
int mpii_env_up(int required, int *provided, int world);

/* One user fewer.  The world model's end (MPI_Finalize, world = 1) or the
 * last session's after it does the job-wide end when nobody is left:
 * collective over every member of the job (finalize_wait), then the
 * transport is drained.  The last session of a program that never
 * finalized the world model leaves that end to the process's exit (an
 * atexit handler), so that MPI_Init or another session may still come. */
void mpii_env_down(int world);

/* The number of open sessions (MPI_Finalize leaves the end to the last). */
int mpii_env_sessions(void);

#endif
