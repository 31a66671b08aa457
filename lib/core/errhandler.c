/*
 * lib/core/errhandler.c - error handler objects (MPI_Comm_create_errhandler,
 * _set, _get, MPI_Errhandler_free and the MPI-1 MPI_Errhandler_* names),
 * invoking a handler on request (MPI_Comm_call_errhandler and the seed's
 * MPI_Raise_error_handler, 6.10), and user-added error classes, codes and
 * strings (MPI_Add_error_class/code/string, and MPI-4.1's
 * MPI_Remove_error_class/code/string).
 *
 * How an error reaches a handler is lib/core/errors.c's business (mpii_err); this
 * file only owns the objects.  Handlers run on the calling thread, without
 * the library lock.
 *
 * Life of a user handler: one reference for the user's handle plus one per
 * communicator using it (and one per MPI_Comm_get_errhandler result, as the
 * standard makes the caller free what get returns).  The last unref poisons
 * it and parks it on a free list for reuse, never in malloc, so a stale
 * handle is caught by its magic.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "lib/comm/comm.h"
#include "lib/core/errhandler.h"
#include "lib/core/errors.h"
#include "lib/core/global.h"
#include "lib/core/lock.h"
#include "lib/core/pool.h"

/* ------------------------------------------------------------ objects */

/* Freed user error handlers wait here before reuse (lib/core/pool.h): a
 * stale handle reads a poisoned magic word until 256 more were freed (a
 * free list reused the object at the next creation). */
static struct mpii_pool eh_pool = MPII_POOL_INIT(struct mpii_errhandler);

static pthread_mutex_t eh_mu = PTHREAD_MUTEX_INITIALIZER; /* the error classes and codes below */

static int eh_is_predefined(const struct mpii_errhandler *eh)
{
	return eh == MPI_ERRORS_ARE_FATAL || eh == MPI_ERRORS_RETURN || eh == MPI_ERRORS_ABORT;
}

static int eh_valid(const struct mpii_errhandler *eh)
{
	return MPII_VALID(eh, MPII_MAGIC_ERRHANDLER);
}

void mpii_errhandler_ref(struct mpii_errhandler *eh)
{
	/* Relaxed: the caller holds a reference; only the decrement that
	 * frees needs ordering (acq_rel in mpii_errhandler_unref). */
	if (eh && !eh_is_predefined(eh))
		shm_fetch_add_relaxed(&eh->refcount, 1);
}

void mpii_errhandler_unref(struct mpii_errhandler *eh)
{
	if (!eh || eh_is_predefined(eh))
		return;
	/* acq_rel: the last owner sees every use before it recycles. */
	if (shm_fetch_sub_acq_rel(&eh->refcount, 1) != 1)
		return;
	eh->magic = MPII_MAGIC_FREED;
	mpii_pool_put(&eh_pool, eh);
}

void mpii_errhandler_set(struct mpii_comm *c, struct mpii_errhandler *eh)
{
	struct mpii_errhandler *old;

	mpii_errhandler_ref(eh);
	mpii_lock();
	old = c->errh;
	c->errh = eh;
	mpii_unlock();
	mpii_errhandler_unref(old);
}

static struct mpii_errhandler *eh_new(MPI_Comm_errhandler_function *f)
{
	struct mpii_errhandler *eh = mpii_pool_get(&eh_pool);
	if (!eh)
		return NULL;
	/* Relaxed: not shared until the handle is returned. */
	shm_store_relaxed(&eh->refcount, 1);
	eh->kind = MPII_EH_USER;
	eh->comm_fn = f;
	eh->magic = MPII_MAGIC_ERRHANDLER;
	return eh;
}

struct mpii_errhandler *mpii_errhandler_new(MPI_Comm_errhandler_function *f)
{
	return eh_new(f);
}

int mpii_errhandler_valid(const struct mpii_errhandler *eh)
{
	return eh_valid(eh);
}

/* A new error handler that calls f, or, for another language's binding,
 * call with proc.  Returns an error class (the handler called). */
static int eh_create(const char *fn, MPI_Comm_errhandler_function *f, mpii_lang_eh_call *call,
		     void (*proc)(void), MPI_Errhandler *errhandler)
{
	if ((!f && (!call || !proc)) || !errhandler)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "function or errhandler is NULL");
	if (!(*errhandler = eh_new(f)))
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	(*errhandler)->lang_call = call;
	(*errhandler)->lang_proc = proc;
	return MPI_SUCCESS;
}

/* MPI_Comm_create_errhandler and MPI_Errhandler_create. */
int mpii_Comm_create_errhandler(const char *fn, MPI_Comm_errhandler_function *f,
				MPI_Errhandler *errhandler)
{
	return eh_create(fn, f, NULL, NULL, errhandler);
}

int mpii_lang_errhandler_create(mpii_lang_eh_call *call, void (*proc)(void),
				MPI_Errhandler *errhandler)
{
	static const char fn[] = "MPI_Comm_create_errhandler";
	MPII_CHECK_INIT(fn);
	return eh_create(fn, NULL, call, proc, errhandler);
}

/* MPI_Comm_set_errhandler and MPI_Errhandler_set. */
int mpii_Comm_set_errhandler(const char *fn, MPI_Comm comm, MPI_Errhandler eh)
{
	if (!eh_valid(eh))
		return mpii_err(comm, MPI_ERR_ARG, fn, "invalid error handler");
	mpii_errhandler_set(comm, eh);
	return MPI_SUCCESS;
}

/* MPI_Comm_get_errhandler and MPI_Errhandler_get. */
int mpii_Comm_get_errhandler(const char *fn, MPI_Comm comm, MPI_Errhandler *eh)
{
	if (!eh)
		return mpii_err(comm, MPI_ERR_ARG, fn, "errhandler is NULL");
	mpii_lock();
	*eh = comm->errh;
	mpii_errhandler_ref(*eh);   /* the caller frees what it gets */
	mpii_unlock();
	return MPI_SUCCESS;
}

int mpii_Errhandler_free(const char *fn, MPI_Errhandler *errhandler)
{
	if (!errhandler || !eh_valid(*errhandler))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid error handler");
	/* predefined ones are not freed, but a reference obtained from
	 * MPI_Comm_get_errhandler must be releasable */
	mpii_errhandler_unref(*errhandler);
	*errhandler = MPI_ERRHANDLER_NULL;
	return MPI_SUCCESS;
}

int mpii_Comm_call_errhandler(const char *fn, MPI_Comm comm, int errorcode)
{
	mpii_err(comm, errorcode, fn, "error raised by the user");
	return MPI_SUCCESS;   /* the handler was called and returned */
}

int mpii_Raise_error_handler(const char *fn, MPI_Comm comm, int errorcode)
{
	/* seed 002 6.10: returns the code it raised if the handler returns */
	mpii_err(comm, errorcode, fn, "error raised by a layered library");
	return errorcode;
}

/* --------------------------------------------- user classes and codes */

struct dyn_code {
	int cls;
	char *str;     /* NULL: no string added */
};

static struct dyn_code *dyn;   /* dyn[i] is code MPI_ERR_LASTCODE + 1 + i */
static int ndyn, capdyn;

int mpii_errcode_dyn_class(int code)
{
	int i = code - MPI_ERR_LASTCODE - 1, cls = -1;

	pthread_mutex_lock(&eh_mu);
	if (i >= 0 && i < ndyn && dyn[i].cls >= 0)   /* not removed (below) */
		cls = dyn[i].cls;
	pthread_mutex_unlock(&eh_mu);
	return cls;
}

const char *mpii_errcode_dyn_string(int code)
{
	int i = code - MPI_ERR_LASTCODE - 1;
	const char *s = NULL;

	pthread_mutex_lock(&eh_mu);
	if (i >= 0 && i < ndyn && dyn[i].cls >= 0)
		s = dyn[i].str ? dyn[i].str : "";
	pthread_mutex_unlock(&eh_mu);
	return s;
}

int mpii_errcode_lastused(void)
{
	int n;

	pthread_mutex_lock(&eh_mu);
	n = MPI_ERR_LASTCODE + ndyn;
	pthread_mutex_unlock(&eh_mu);
	return n;
}

/* Hand out the next code with class cls (-1: the code is a class of its
 * own).  Returns the code, or -1 when out of memory. */
static int dyn_add(int cls)
{
	int code = -1;

	pthread_mutex_lock(&eh_mu);
	if (ndyn == capdyn) {
		int ncap = capdyn ? 2 * capdyn : 16;
		struct dyn_code *nd = realloc(dyn, ncap * sizeof(*nd));
		if (!nd)
			goto out;
		dyn = nd;
		capdyn = ncap;
	}
	code = MPI_ERR_LASTCODE + 1 + ndyn;
	dyn[ndyn].cls = cls < 0 ? code : cls;
	dyn[ndyn].str = NULL;
	ndyn++;
out:
	pthread_mutex_unlock(&eh_mu);
	return code;
}

int mpii_Add_error_class(const char *fn, int *errorclass)
{
	int code;

	if (!errorclass)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "errorclass is NULL");
	if ((code = dyn_add(-1)) < 0)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	*errorclass = code;
	return MPI_SUCCESS;
}

/* True when cls is a predefined or user-added error class. */
static int is_class(int cls)
{
	if (cls >= MPI_SUCCESS && cls <= MPI_ERR_LASTCODE)
		return 1;
	return mpii_errcode_dyn_class(cls) == cls;
}

int mpii_Add_error_code(const char *fn, int errorclass, int *errorcode)
{
	int code;

	if (!errorcode)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "errorcode is NULL");
	if (!is_class(errorclass) || errorclass == MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "%d is not an error class", errorclass);
	if ((code = dyn_add(errorclass)) < 0)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	*errorcode = code;
	return MPI_SUCCESS;
}

int mpii_Add_error_string(const char *fn, int errorcode, const char *string)
{
	int i = errorcode - MPI_ERR_LASTCODE - 1;
	size_t len;
	char *s;

	MPII_CHECK_INIT(fn);
	if (!string)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "string is NULL");
	len = strnlen(string, MPI_MAX_ERROR_STRING);
	if (len >= MPI_MAX_ERROR_STRING)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "string longer than MPI_MAX_ERROR_STRING - 1");
	if (!(s = strndup(string, len)))
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	pthread_mutex_lock(&eh_mu);
	if (i < 0 || i >= ndyn || dyn[i].cls < 0) {
		pthread_mutex_unlock(&eh_mu);
		free(s);
		/* predefined codes cannot be renamed (MPI-3.1 8.5) */
		return mpii_err(NULL, MPI_ERR_ARG, fn, "%d is not a user-added error code", errorcode);
	}
	/* the old string is kept (leaked) on purpose: mpii_errcode_dyn_string
	 * returned it to callers that may still be printing it */
	dyn[i].str = s;
	pthread_mutex_unlock(&eh_mu);
	return MPI_SUCCESS;
}

/* MPI-4.1 9.5: MPI_Remove_error_class/code/string undo the Add calls.
 * A removed code keeps its number, never handed out again (MPI_LASTUSEDCODE
 * only grows), and is no longer a code: MPI_Error_class and
 * MPI_Add_error_code refuse it, MPI_Error_string calls it unknown.  Only
 * user-added codes and classes can be removed (MPI_ERR_ARG otherwise);
 * a class goes only once no code of it is left, and a code or class only
 * once its string was removed (MPICH's order, which mpi4py's
 * testAddErrorClassCodeString checks).  The strings themselves are kept (leaked), as
 * in MPI_Add_error_string: callers may still be printing them. */
#define DYN_REMOVED (-2)

/* eh_mu held: the index in dyn of user code code, or -1. */
static int dyn_index(int code)
{
	int i = code - MPI_ERR_LASTCODE - 1;
	return i >= 0 && i < ndyn && dyn[i].cls != DYN_REMOVED ? i : -1;
}

int mpii_Remove_error_class(const char *fn, int errorclass)
{
	const char *why = NULL;
	pthread_mutex_lock(&eh_mu);
	int i = dyn_index(errorclass);
	if (i < 0 || dyn[i].cls != errorclass)
		why = "not a user-added error class";
	for (int j = 0; !why && j < ndyn; j++)
		if (j != i && dyn[j].cls == errorclass)
			why = "error codes of the class are not removed yet";
	if (!why && dyn[i].str)
		why = "its error string is not removed yet";
	if (!why) {
		dyn[i].cls = DYN_REMOVED;
		dyn[i].str = NULL;
	}
	pthread_mutex_unlock(&eh_mu);
	return why ? mpii_err(NULL, MPI_ERR_ARG, fn, "%d: %s", errorclass, why) : MPI_SUCCESS;
}

int mpii_Remove_error_code(const char *fn, int errorcode)
{
	pthread_mutex_lock(&eh_mu);
	int i = dyn_index(errorcode);
	int ok = i >= 0 && dyn[i].cls != errorcode;   /* a code, not a class */
	const char *why = ok ? NULL : "not a user-added error code";
	if (ok && dyn[i].str) {
		ok = 0;
		why = "its error string is not removed yet";
	}
	if (ok) {
		dyn[i].cls = DYN_REMOVED;
		dyn[i].str = NULL;
	}
	pthread_mutex_unlock(&eh_mu);
	return ok ? MPI_SUCCESS : mpii_err(NULL, MPI_ERR_ARG, fn, "%d: %s", errorcode, why);
}

int mpii_Remove_error_string(const char *fn, int errorcode)
{
	pthread_mutex_lock(&eh_mu);
	int i = dyn_index(errorcode);
	int ok = i >= 0 && dyn[i].str;
	if (ok)
		dyn[i].str = NULL;
	pthread_mutex_unlock(&eh_mu);
	return ok ? MPI_SUCCESS
		  : mpii_err(NULL, MPI_ERR_ARG, fn,
			     "%d is not a user-added error code or class with a string", errorcode);
}
