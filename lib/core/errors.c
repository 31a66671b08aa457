/*
 * lib/core/errors.c - error classes and strings, the predefined error handlers,
 * and mpii_err(): the one place an entry point reports a failure.
 *
 * The fatal handler prints "shmpi: rank R: FN: CLASS: detail" and takes the
 * job down through the launcher (mpii_abort_job).  User handlers are called
 * on the calling thread with the library lock not held.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/comm/comm.h"
#include "lib/core/errhandler.h"
#include "lib/core/errors.h"
#include "lib/core/global.h"

MPII_API struct mpii_errhandler mpii_obj_errors_are_fatal = {
	.magic = MPII_MAGIC_ERRHANDLER, .refcount = 1, .kind = MPII_EH_FATAL };
MPII_API struct mpii_errhandler mpii_obj_errors_return = {
	.magic = MPII_MAGIC_ERRHANDLER, .refcount = 1, .kind = MPII_EH_RETURN };
MPII_API struct mpii_errhandler mpii_obj_errors_abort = {
	.magic = MPII_MAGIC_ERRHANDLER, .refcount = 1, .kind = MPII_EH_ABORT };

static const char *const class_strings[] = {
	[MPI_SUCCESS] = "MPI_SUCCESS: no error",
	[MPI_ERR_BUFFER] = "MPI_ERR_BUFFER: invalid buffer pointer",
	[MPI_ERR_COUNT] = "MPI_ERR_COUNT: invalid count argument",
	[MPI_ERR_TYPE] = "MPI_ERR_TYPE: invalid datatype",
	[MPI_ERR_TAG] = "MPI_ERR_TAG: invalid tag",
	[MPI_ERR_COMM] = "MPI_ERR_COMM: invalid communicator",
	[MPI_ERR_RANK] = "MPI_ERR_RANK: invalid rank",
	[MPI_ERR_REQUEST] = "MPI_ERR_REQUEST: invalid request",
	[MPI_ERR_ROOT] = "MPI_ERR_ROOT: invalid root",
	[MPI_ERR_GROUP] = "MPI_ERR_GROUP: invalid group",
	[MPI_ERR_OP] = "MPI_ERR_OP: invalid reduction operation",
	[MPI_ERR_TOPOLOGY] = "MPI_ERR_TOPOLOGY: invalid topology",
	[MPI_ERR_DIMS] = "MPI_ERR_DIMS: invalid dimension argument",
	[MPI_ERR_ARG] = "MPI_ERR_ARG: invalid argument",
	[MPI_ERR_UNKNOWN] = "MPI_ERR_UNKNOWN: unknown error",
	[MPI_ERR_TRUNCATE] = "MPI_ERR_TRUNCATE: message truncated",
	[MPI_ERR_OTHER] = "MPI_ERR_OTHER: known error not in this list",
	[MPI_ERR_INTERN] = "MPI_ERR_INTERN: internal error",
	[MPI_ERR_IN_STATUS] = "MPI_ERR_IN_STATUS: error code is in status",
	[MPI_ERR_PENDING] = "MPI_ERR_PENDING: pending request",
	[MPI_ERR_KEYVAL] = "MPI_ERR_KEYVAL: invalid keyval",
	[MPI_ERR_NO_MEM] = "MPI_ERR_NO_MEM: out of memory",
	[MPI_ERR_BASE] = "MPI_ERR_BASE: invalid base address",
	[MPI_ERR_INFO_KEY] = "MPI_ERR_INFO_KEY: info key too long",
	[MPI_ERR_INFO_VALUE] = "MPI_ERR_INFO_VALUE: info value too long",
	[MPI_ERR_INFO_NOKEY] = "MPI_ERR_INFO_NOKEY: no such info key",
	[MPI_ERR_SPAWN] = "MPI_ERR_SPAWN: error spawning processes",
	[MPI_ERR_PORT] = "MPI_ERR_PORT: invalid port name",
	[MPI_ERR_SERVICE] = "MPI_ERR_SERVICE: invalid service name",
	[MPI_ERR_NAME] = "MPI_ERR_NAME: invalid name",
	[MPI_ERR_WIN] = "MPI_ERR_WIN: invalid window",
	[MPI_ERR_SIZE] = "MPI_ERR_SIZE: invalid size",
	[MPI_ERR_DISP] = "MPI_ERR_DISP: invalid displacement",
	[MPI_ERR_INFO] = "MPI_ERR_INFO: invalid info object",
	[MPI_ERR_LOCKTYPE] = "MPI_ERR_LOCKTYPE: invalid lock type",
	[MPI_ERR_ASSERT] = "MPI_ERR_ASSERT: invalid assert",
	[MPI_ERR_RMA_CONFLICT] = "MPI_ERR_RMA_CONFLICT: conflicting window accesses",
	[MPI_ERR_RMA_SYNC] = "MPI_ERR_RMA_SYNC: wrong window synchronization",
	[MPI_ERR_FILE] = "MPI_ERR_FILE: invalid file handle",
	[MPI_ERR_NOT_SAME] = "MPI_ERR_NOT_SAME: collective arguments differ",
	[MPI_ERR_AMODE] = "MPI_ERR_AMODE: invalid access mode",
	[MPI_ERR_UNSUPPORTED_DATAREP] = "MPI_ERR_UNSUPPORTED_DATAREP: unsupported data representation",
	[MPI_ERR_UNSUPPORTED_OPERATION] = "MPI_ERR_UNSUPPORTED_OPERATION: operation not supported",
	[MPI_ERR_NO_SUCH_FILE] = "MPI_ERR_NO_SUCH_FILE: no such file",
	[MPI_ERR_FILE_EXISTS] = "MPI_ERR_FILE_EXISTS: file exists",
	[MPI_ERR_BAD_FILE] = "MPI_ERR_BAD_FILE: invalid file name",
	[MPI_ERR_ACCESS] = "MPI_ERR_ACCESS: permission denied",
	[MPI_ERR_NO_SPACE] = "MPI_ERR_NO_SPACE: no space left",
	[MPI_ERR_QUOTA] = "MPI_ERR_QUOTA: quota exceeded",
	[MPI_ERR_READ_ONLY] = "MPI_ERR_READ_ONLY: read-only file",
	[MPI_ERR_FILE_IN_USE] = "MPI_ERR_FILE_IN_USE: file in use",
	[MPI_ERR_DUP_DATAREP] = "MPI_ERR_DUP_DATAREP: data representation already defined",
	[MPI_ERR_CONVERSION] = "MPI_ERR_CONVERSION: conversion function failed",
	[MPI_ERR_IO] = "MPI_ERR_IO: I/O error",
	[MPI_ERR_RMA_RANGE] = "MPI_ERR_RMA_RANGE: target memory out of the window",
	[MPI_ERR_RMA_ATTACH] = "MPI_ERR_RMA_ATTACH: memory cannot be attached",
	[MPI_ERR_RMA_SHARED] = "MPI_ERR_RMA_SHARED: memory cannot be shared",
	[MPI_ERR_RMA_FLAVOR] = "MPI_ERR_RMA_FLAVOR: wrong window flavor",
	[MPI_ERR_GR] = "MPI_ERR_GR: a generalized request failed",
	[MPI_ERR_TYPE_STRING] = "MPI_ERR_TYPE_STRING: malformed datatype representation",
	[MPI_ERR_HANDLER] = "MPI_ERR_HANDLER: a request handler failed",
	[MPI_ERR_THREAD] = "MPI_ERR_THREAD: invalid use of threads",
	[MPI_ERR_SESSION] = "MPI_ERR_SESSION: invalid session",
	[MPI_ERR_PROC_ABORTED] = "MPI_ERR_PROC_ABORTED: a peer process was aborted",
	[MPI_ERR_VALUE_TOO_LARGE] = "MPI_ERR_VALUE_TOO_LARGE: value too large for its argument",
	[MPI_ERR_ERRHANDLER] = "MPI_ERR_ERRHANDLER: invalid error handler",
	/* the tools interface (lib/tools) */
	[MPI_T_ERR_MEMORY] = "MPI_T_ERR_MEMORY: out of memory",
	[MPI_T_ERR_NOT_INITIALIZED] = "MPI_T_ERR_NOT_INITIALIZED: the tools interface is not initialized",
	[MPI_T_ERR_CANNOT_INIT] = "MPI_T_ERR_CANNOT_INIT: the tools interface cannot be initialized",
	[MPI_T_ERR_INVALID_INDEX] = "MPI_T_ERR_INVALID_INDEX: index out of range",
	[MPI_T_ERR_INVALID_ITEM] = "MPI_T_ERR_INVALID_ITEM: item index out of range",
	[MPI_T_ERR_INVALID_HANDLE] = "MPI_T_ERR_INVALID_HANDLE: invalid tools handle",
	[MPI_T_ERR_OUT_OF_HANDLES] = "MPI_T_ERR_OUT_OF_HANDLES: no more handles",
	[MPI_T_ERR_OUT_OF_SESSIONS] = "MPI_T_ERR_OUT_OF_SESSIONS: no more performance variable sessions",
	[MPI_T_ERR_INVALID_SESSION] = "MPI_T_ERR_INVALID_SESSION: invalid performance variable session",
	[MPI_T_ERR_CVAR_SET_NOT_NOW] = "MPI_T_ERR_CVAR_SET_NOT_NOW: the control variable cannot be set now",
	[MPI_T_ERR_CVAR_SET_NEVER] = "MPI_T_ERR_CVAR_SET_NEVER: the control variable can never be set",
	[MPI_T_ERR_PVAR_NO_STARTSTOP] = "MPI_T_ERR_PVAR_NO_STARTSTOP: the performance variable cannot be started or stopped",
	[MPI_T_ERR_PVAR_NO_WRITE] = "MPI_T_ERR_PVAR_NO_WRITE: the performance variable cannot be written or reset",
	[MPI_T_ERR_PVAR_NO_ATOMIC] = "MPI_T_ERR_PVAR_NO_ATOMIC: the performance variable cannot be read and reset atomically",
	[MPI_T_ERR_INVALID_NAME] = "MPI_T_ERR_INVALID_NAME: no variable, category or event of that name",
	[MPI_T_ERR_INVALID] = "MPI_T_ERR_INVALID: invalid use of the tools interface or bad parameter value",
	[MPI_T_ERR_NOT_ACCESSIBLE] = "MPI_T_ERR_NOT_ACCESSIBLE: not accessible now",
	[MPI_T_ERR_NOT_SUPPORTED] = "MPI_T_ERR_NOT_SUPPORTED: not supported",
};

int mpii_err_class(int errcode)
{
	int cls;

	if (errcode >= 0 && errcode <= MPI_ERR_LASTCODE)
		return errcode;
	/* codes from MPI_Add_error_class/code (lib/core/errhandler.c) */
	if ((cls = mpii_errcode_dyn_class(errcode)) >= 0)
		return cls;
	return MPI_ERR_UNKNOWN;
}

/* Classes and codes that exist: predefined ones and those handed out by
 * MPI_Add_error_class/code. */
static int errcode_known(int errcode)
{
	return (errcode >= 0 && errcode <= MPI_ERR_LASTCODE) ||
	       mpii_errcode_dyn_class(errcode) >= 0;
}

const char *mpii_err_string(int errcode)
{
	const char *s;

	if (errcode > MPI_ERR_LASTCODE && (s = mpii_errcode_dyn_string(errcode)) != NULL)
		return s;   /* "" until MPI_Add_error_string (MPI-3.1 8.5) */
	if (errcode >= 0 && errcode < (int)(sizeof(class_strings) / sizeof(class_strings[0])) &&
	    class_strings[errcode])
		return class_strings[errcode];
	return "MPI_ERR_UNKNOWN: unknown error";
}

void mpii_abort_job(int code, const char *why)
{
	if (why)
		fprintf(stderr, "shmpi: rank %d: %s\n", mpii_g.rank, why);
	fflush(stdout);
	fflush(stderr);
	if (code == 0)
		code = 1;
	if (mpii_g.me) {
		/* Relaxed: published by the release store of the state below. */
		shm_store_relaxed(&mpii_g.me->exit_code, code);
		/* Release: the launcher reading ABORTED also sees the code. */
		shm_store_release(&mpii_g.me->state, SHM_MEMBER_ABORTED);
	}
	_exit(code & 0xff ? code & 0xff : 1);
}

/* Hand errcode and its message to the window's (or file's: is_file 1,
 * session's: is_file 2) error handler weh when there is a window (file,
 * session), to weh as a communicator's handler called with
 * MPI_COMM_NULL (is_file 3: a communicator still to be made), else to comm's
 * (MPI_COMM_WORLD's when comm is not a valid communicator).  A file is
 * passed as win: both are pointers, and only the handler's call differs. */
static int deliver(MPI_Comm comm, MPI_Win win, int is_file, struct mpii_errhandler *weh,
		   int errcode, const char *msg);

static int raise_on(MPI_Comm comm, MPI_Win win, int is_file, struct mpii_errhandler *weh,
		    int errcode, const char *fn, const char *detail, va_list ap)
{
	char msg[MPI_MAX_ERROR_STRING + 256];
	const char *what = mpii_err_string(errcode);
	int n = snprintf(msg, sizeof(msg), "%s: %s", fn,
			 *what ? what : mpii_err_string(mpii_err_class(errcode)));
	if (detail && n > 0 && (size_t)n < sizeof(msg)) {
		msg[n++] = ' ';
		msg[n++] = '(';
		int m = vsnprintf(msg + n, sizeof(msg) - (size_t)n - 2, detail, ap);
		if (m > 0)
			n += m < (int)(sizeof(msg) - (size_t)n - 2) ? m : (int)(sizeof(msg) - (size_t)n - 3);
		msg[n++] = ')';
		msg[n] = 0;
	}
	return deliver(comm, win, is_file, weh, errcode, msg);
}

static int deliver(MPI_Comm comm, MPI_Win win, int is_file, struct mpii_errhandler *weh,
		   int errcode, const char *msg)
{
	struct mpii_errhandler *eh = MPII_VALID(comm, MPII_MAGIC_COMM) && comm->errh
					     ? comm->errh
					     : mpii_obj_comm_world.errh;
	if ((win || is_file) && weh)
		eh = weh;   /* a file's includes MPI_FILE_NULL's (errors of opens) */
	if (!eh)
		eh = &mpii_obj_errors_are_fatal;
	switch (eh->kind) {
	case MPII_EH_RETURN:
		return errcode;
	case MPII_EH_USER: {
		int code = errcode;
		if (eh->lang_call) {
			MPI_Win w = win;
			MPI_Comm c = MPII_VALID(comm, MPII_MAGIC_COMM) ? comm : MPI_COMM_WORLD;
			if (is_file == 3)
				c = MPI_COMM_NULL;
			if ((win || is_file) && weh && is_file != 3)
				eh->lang_call(is_file == 2 ? 2 : 1, &w, &code, eh->lang_proc);
			else
				eh->lang_call(0, &c, &code, eh->lang_proc);
			return errcode;
		}
		if (is_file == 3) {
			/* A new communicator's handler, before it exists. */
			MPI_Comm none = MPI_COMM_NULL;
			eh->comm_fn(&none, &code, (char *)msg);
			return errcode;
		}
		if (is_file == 2 && weh) {
			/* A session's handler (MPI_Session_create_errhandler). */
			MPI_Session ses = (MPI_Session)(void *)win;
			((MPI_Session_errhandler_function *)(void (*)(void))eh->comm_fn)(&ses, &code,
											 (char *)msg);
			return errcode;
		}
		if (is_file && weh) {
			/* A file's handler (MPI_File_create_errhandler). */
			MPI_File f = (MPI_File)(void *)win;
			((MPI_File_errhandler_function *)(void (*)(void))eh->comm_fn)(&f, &code,
										  (char *)msg);
			/* The call returns the code as the handler left it: a
			 * file's handler may turn an error into success, as in
			 * ROMIO (the MPICH suite's errors/io/fileerrret). */
			return code;
		}
		if (win && weh) {
			/* A window's handler (MPI_Win_create_errhandler): same
			 * object, called with the window. */
			MPI_Win w = win;
			((MPI_Win_errhandler_function *)(void (*)(void))eh->comm_fn)(&w, &code,
										 (char *)msg);
			return errcode;
		}
		MPI_Comm c = MPII_VALID(comm, MPII_MAGIC_COMM) ? comm : MPI_COMM_WORLD;
		eh->comm_fn(&c, &code, (char *)msg);
		return errcode;
	}
	case MPII_EH_ABORT:
		/* MPI-4.0 9.3: abort the processes of the communicator the
		 * error was raised on, as MPI_Abort(comm) does (a window's:
		 * MPI_COMM_WORLD's processes, the window keeping no group
		 * here). */
		if (mpii_g.initialized && !mpii_g.finalized)
			mpii_abort_group(is_file == 2 && weh ? MPI_COMM_SELF
					 : MPII_VALID(comm, MPII_MAGIC_COMM) && !(win && weh)
						 ? comm
						 : MPI_COMM_WORLD,
					 errcode);
		mpii_abort_job(errcode, msg);
	default:
		mpii_abort_job(errcode, msg);
	}
}

int mpii_err(MPI_Comm comm, int errcode, const char *fn, const char *detail, ...)
{
	va_list ap;
	va_start(ap, detail);
	int rc = raise_on(comm, NULL, 0, NULL, errcode, fn, detail, ap);
	va_end(ap);
	return rc;
}

int mpii_err_init(const char *fn)
{
	char msg[MPI_MAX_ERROR_STRING];
	/* no error handler applies outside MPI_Init..MPI_Finalize; say what
	 * happened instead of the catch-all text of MPI_ERR_OTHER */
	snprintf(msg, sizeof(msg), "%s called %s", fn,
		 !mpii_g.finalized   ? "before MPI_Init (or MPI_Session_init)"
		 : mpii_g.world == 2 ? "after MPI_Finalize"
				     : "after the last MPI_Session_finalize");
	return deliver(NULL, NULL, 0, NULL, MPI_ERR_OTHER, msg);
}

int mpii_err_win_v(MPI_Win win, struct mpii_errhandler *eh, int errcode, const char *fn,
		   const char *detail, va_list ap)
{
	return raise_on(NULL, win, 0, eh, errcode, fn, detail, ap);
}

int mpii_err_file_v(MPI_File fh, struct mpii_errhandler *eh, int errcode, const char *fn,
		    const char *detail, va_list ap)
{
	return raise_on(NULL, (MPI_Win)(void *)fh, 1, eh, errcode, fn, detail, ap);
}

int mpii_err_session(MPI_Session session, struct mpii_errhandler *eh, int errcode, const char *fn,
		     const char *detail, ...)
{
	va_list ap;
	va_start(ap, detail);
	int rc = eh ? raise_on(NULL, (MPI_Win)(void *)session, 2, eh, errcode, fn, detail, ap)
		    : raise_on(MPI_COMM_SELF, NULL, 0, NULL, errcode, fn, detail, ap);
	va_end(ap);
	return rc;
}

int mpii_err_eh(struct mpii_errhandler *eh, int errcode, const char *fn, const char *detail, ...)
{
	va_list ap;
	va_start(ap, detail);
	int rc = raise_on(NULL, NULL, 3, eh, errcode, fn, detail, ap);
	va_end(ap);
	return rc;
}

int mpii_err_self(int errcode, const char *fn, const char *detail, ...)
{
	va_list ap;
	va_start(ap, detail);
	int rc = raise_on(MPI_COMM_SELF, NULL, 0, NULL, errcode, fn, detail, ap);
	va_end(ap);
	return rc;
}

#pragma weak MPI_Error_string = PMPI_Error_string
int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
	if (!string || !resultlen)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Error_string", "NULL argument");
	snprintf(string, MPI_MAX_ERROR_STRING, "%s", mpii_err_string(errorcode));
	*resultlen = (int)strlen(string);
	return MPI_SUCCESS;
}

#pragma weak MPI_Error_class = PMPI_Error_class
int PMPI_Error_class(int errorcode, int *errorclass)
{
	if (!errorclass)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Error_class", "errorclass is NULL");
	if (!errcode_known(errorcode))
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Error_class", "unknown error code %d", errorcode);
	*errorclass = mpii_err_class(errorcode);
	return MPI_SUCCESS;
}
