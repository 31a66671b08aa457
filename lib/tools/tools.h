/*
 * lib/tools/tools.h - the MPI tools interface (MPI_T, MPI-4.1 15.3): what
 * the files of lib/tools share.  No other folder includes it: lib/tools
 * sits on top of every other folder and reads their counters through their
 * public headers (lib/README.md), while they know nothing of it (the
 * hooks they call, p2p's unexpected-message event and core's blocked-wait
 * event, are function pointers that lib/tools sets).
 *
 * The interface stands apart from MPI_Init: MPI_T_init_thread and
 * MPI_T_finalize are reference counted and work before MPI_Init and after
 * MPI_Finalize.  Its state (handles, sessions, registrations) is guarded
 * by one mutex of its own, mpii_t_lock; where a call also touches library
 * state (a live control variable, the wait timer, the event hooks) it takes
 * the library lock inside mpii_t_lock, never the other way round.  The
 * event path (a callback running inside the library, library lock held)
 * takes no mpii_t_lock: the calls a callback may make (MPI_T_event_read,
 * copy, get_timestamp, get_source) read only the instance it was given.
 *
 * Errors: MPI_T calls return their error class and never call an error
 * handler (MPI-4.1 15.3.10: the tools interface has no handlers), so
 * unlike the rest of lib/ they do not go through mpii_err.
 *
 * docs/mpit.md lists every variable, category, source and event.
 */
#ifndef MPII_TOOLS_H
#define MPII_TOOLS_H

#include <pthread.h>
#include <stdint.h>
#include "mpi.h"

/* Guards everything in lib/tools but the event path (see above). */
extern pthread_mutex_t mpii_t_lock;

/* Take mpii_t_lock if the interface is initialized: MPI_SUCCESS (locked)
 * or MPI_T_ERR_NOT_INITIALIZED (not locked). */
int mpii_t_enter(void);
/* Release mpii_t_lock; returns rc, so that a call ends `return
 * mpii_t_leave(rc)`. */
int mpii_t_leave(int rc);
/* 1 while MPI_T_init_thread calls outnumber MPI_T_finalize calls; read
 * without mpii_t_lock (the event calls). */
int mpii_t_initialized(void);

/* MPI-4.1 15.3.3's string convention: with a NULL len nothing is written;
 * with *len 0 or a NULL buf only *len is set to strlen(src) + 1; else at
 * most *len - 1 characters and a terminating 0 are written and *len becomes
 * the number written including it. */
void mpii_t_str(char *buf, int *len, const char *src);

/* Index of name in names[0..n) (strcmp), or -1. */
int mpii_t_find(const char *const *names, int n, const char *name);

/* Enumerations (MPI_T_enum): a name and items whose values are 0..n-1. */
struct mpii_t_enum {
	uint32_t magic;                  /* MPII_T_MAGIC_ENUM */
	const char *name;
	const char *const *items;        /* NULL-ended */
	int n;
};
#define MPII_T_MAGIC_ENUM 0x54454e55u

/* The enumeration of control variable i (an SHM_CONFIG_ENUM or BOOL row
 * of shm/config_table.c), MPI_T_ENUM_NULL for any other. */
MPI_T_enum mpii_t_cvar_enum(int i);

/* Categories (mpit_category.c): one per folder of lib/ and per other
 * owner of configuration variables. */
enum mpii_t_cat {
	MPII_T_CAT_CORE, MPII_T_CAT_P2P, MPII_T_CAT_COLL, MPII_T_CAT_EXT, MPII_T_CAT_RMA,
	MPII_T_CAT_IO, MPII_T_CAT_LAUNCHER, MPII_T_CAT_PROF, MPII_T_CAT_TESTING, MPII_T_NCATS
};
/* The category of control variable i (from its row's owner). */
enum mpii_t_cat mpii_t_cvar_cat(int i);
/* The category of performance variable i and of event i. */
enum mpii_t_cat mpii_t_pvar_cat(int i);
enum mpii_t_cat mpii_t_event_cat(int i);
int mpii_t_cvar_count(void);
int mpii_t_pvar_count(void);
int mpii_t_event_count(void);

/* The event sources' clock (source 0): CLOCK_MONOTONIC in ns. */
MPI_Count mpii_t_clock(void);

#endif
