/*
 * lib/core/errors.h - error classes, error handlers and the single place where
 * an MPI entry point reports an error.
 *
 * Convention: internal functions return an MPI error class and never call
 * a handler; the public entry point passes a failure to mpii_err() with the
 * communicator (or NULL for MPI_COMM_WORLD's handler), its own name and a
 * detail message, and returns what mpii_err() returns.
 */
#ifndef MPII_ERRORS_H
#define MPII_ERRORS_H

#include <stdarg.h>
#include "mpi.h"
#include "lib/core/object.h"
#include "lib/core/stuck.h"

/* How a handler written in another language is called
 * (mpii_lang_errhandler_create): obj is the MPI_Comm * or, when is_win,
 * the MPI_Win * (is_win 2: the MPI_Session *) the error was raised on. */
typedef void mpii_lang_eh_call(int is_win, void *obj, int *errcode, void (*proc)(void));

struct mpii_errhandler {
	uint32_t magic;
	_Atomic int refcount;
	int kind;                                 /* enum below */
	MPI_Comm_errhandler_function *comm_fn;    /* for MPII_EH_USER */
	mpii_lang_eh_call *lang_call;             /* non-NULL: comm_fn unused, */
	void (*lang_proc)(void);                  /* another language's procedure */
};

/* MPI_Comm_create_errhandler (and MPI_Win_create_errhandler: one kind of
 * object) for another language's procedure (the Fortran bindings,
 * lib/fortran/callbacks.c): the handler calls call(is_win, &obj, &errcode,
 * proc).  MPI_SUCCESS or an error class (the handler called).  Exported
 * for libshmpi_fortran only. */
MPII_API int mpii_lang_errhandler_create(mpii_lang_eh_call *call, void (*proc)(void),
					 MPI_Errhandler *errhandler);

enum { MPII_EH_FATAL = 1, MPII_EH_RETURN, MPII_EH_ABORT, MPII_EH_USER };

/* Report errcode raised by fn on comm (NULL: MPI_COMM_WORLD) through the
 * communicator's error handler; detail is printf-style and goes into the
 * message of the fatal handler.  Returns errcode (if the handler returns). */
int mpii_err(MPI_Comm comm, int errcode, const char *fn, const char *detail, ...)
	__attribute__((format(printf, 4, 5)));

/* MPI_ERR_OTHER for fn called before MPI_Init or after MPI_Finalize, with
 * a message that says which (MPII_CHECK_INIT). */
int mpii_err_init(const char *fn);

/* Same, through the error handler of MPI_COMM_SELF, as used for errors of
 * requests not tied to a communicator (generalized requests). */
int mpii_err_self(int errcode, const char *fn, const char *detail, ...)
	__attribute__((format(printf, 3, 4)));

/* Same, for an error on window win (lib/rma/): through eh, the window's
 * handler (a user one is called with the window); MPI_COMM_WORLD's when
 * win or eh is NULL. */
int mpii_err_win_v(MPI_Win win, struct mpii_errhandler *eh, int errcode, const char *fn,
		   const char *detail, va_list ap);

/* Same, for an error on file fh (lib/io/): through eh, the file's handler
 * (a user one is called with the file; a Fortran one gets MPI_File_c2f's
 * integer, which the windows' conversion gives too: c2f does not look at
 * the kind); MPI_COMM_WORLD's when fh or eh is NULL. */
int mpii_err_file_v(MPI_File fh, struct mpii_errhandler *eh, int errcode, const char *fn,
		    const char *detail, va_list ap);

/* Same, for an error on session (lib/core/session.c) through eh, the
 * session's handler (or the handler MPI_Session_init was given); a user
 * one is called with the session, MPI_ERRORS_ABORT ends this process.
 * eh NULL (no valid session): through MPI_COMM_SELF's handler. */
int mpii_err_session(MPI_Session session, struct mpii_errhandler *eh, int errcode, const char *fn,
		     const char *detail, ...) __attribute__((format(printf, 5, 6)));

/* Same, through eh as the handler of a communicator still to be made
 * (MPI-4.0 7.4.2: MPI_Comm_create_from_group's errhandler argument): a
 * user one is called with MPI_COMM_NULL.  eh NULL: MPI_COMM_WORLD's. */
int mpii_err_eh(struct mpii_errhandler *eh, int errcode, const char *fn, const char *detail, ...)
	__attribute__((format(printf, 4, 5)));

/* Print a message naming this rank and take the whole job down with code.
 * Never returns. */
void mpii_abort_job(int code, const char *why) __attribute__((noreturn));
/* Before mpii_abort_job(code): end the other processes of comm's group
 * (lib/core/env.c: under -disable-auto-cleanup; else the launcher ends the
 * job), this rank marked ABORTED with code first. */
void mpii_abort_group(MPI_Comm comm, int code);

/* At MPI_Init of a process without a shmpi segment: when another MPI's
 * launcher started it as one of several processes, print one line (its
 * rank 0) and exit with status 1 (lib/core/foreign.c says why);
 * SHMPI_ALLOW_FOREIGN=1 skips the check.  Returns otherwise. */
void mpii_foreign_launcher_check(void);

/* The class of an error code (codes from MPI_Add_error_code map to their
 * class); MPI_ERR_UNKNOWN for codes never handed out. */
int mpii_err_class(int errcode);

/* Text of a class or code; never NULL. */
const char *mpii_err_string(int errcode);

/* Entry-point guard: MPI_ERR_OTHER through MPI_COMM_WORLD's handler when
 * the library is not initialized or already finalized. */
#define MPII_CHECK_INIT(fn)                                                   \
	do {                                                                  \
		mpii_stuck.call = fn;                                         \
		mpii_stuck.kind = 0;                                          \
		if (!mpii_g.initialized || mpii_g.finalized)                 \
			return mpii_err_init(fn);                             \
		mpii_stuck_count();                                           \
	} while (0)

#endif
