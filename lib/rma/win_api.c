/*
 * lib/rma/win_api.c - the window as an object: handle checks, errors
 * raised through the window's error handler, the window error-handler
 * calls, MPI_Win_get_group, the info hints and the predefined attributes.
 */
#include <stdarg.h>
#include <string.h>
#include "lib/rma/rma_impl.h"
#include "lib/attr/attr.h"

int mpii_win_check(MPI_Win win)
{
	return MPII_VALID(win, MPII_MAGIC_WIN) ? MPI_SUCCESS : MPI_ERR_WIN;
}

int mpii_win_err(MPI_Win win, int errcode, const char *fn, const char *detail, ...)
{
	va_list ap;
	va_start(ap, detail);
	int ok = MPII_VALID(win, MPII_MAGIC_WIN);
	int rc = mpii_err_win_v(ok ? win : NULL, ok ? win->errh : NULL, errcode, fn, detail, ap);
	va_end(ap);
	return rc;
}

void mpii_win_attr_predefined(struct mpii_win *win, int keyval, void *val, int *flag)
{
	void **out = val;
	*flag = 1;
	switch (keyval) {
	case MPI_WIN_BASE: *out = win->base; break;
	case MPI_WIN_SIZE: *out = &win->size; break;
	case MPI_WIN_DISP_UNIT: *out = &win->disp_unit; break;
	case MPI_WIN_CREATE_FLAVOR: *out = &win->flavor; break;
	case MPI_WIN_MODEL: *out = &win->model; break;
	default: *flag = 0; break;
	}
}

int mpii_Win_create_errhandler(const char *fn, MPI_Win_errhandler_function *f,
			       MPI_Errhandler *errhandler)
{
	if (!f || !errhandler)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "function or errhandler is NULL");
	/* Stored as the communicator flavour; lib/core/errors.c calls it
	 * with the window (mpii_err_win_v). */
	*errhandler = mpii_errhandler_new((MPI_Comm_errhandler_function *)(void (*)(void))f);
	if (!*errhandler)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Win_set_errhandler(const char *fn, MPI_Win win, MPI_Errhandler errhandler)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!mpii_errhandler_valid(errhandler))
		return mpii_win_err(win, MPI_ERR_ARG, fn, "invalid error handler");
	mpii_errhandler_ref(errhandler);
	mpii_lock();
	struct mpii_errhandler *old = win->errh;
	win->errh = errhandler;
	mpii_unlock();
	mpii_errhandler_unref(old);
	return MPI_SUCCESS;
}

int mpii_Win_get_errhandler(const char *fn, MPI_Win win, MPI_Errhandler *errhandler)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!errhandler)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "errhandler is NULL");
	mpii_lock();
	*errhandler = win->errh;
	mpii_errhandler_ref(*errhandler);   /* the caller frees what it gets */
	mpii_unlock();
	return MPI_SUCCESS;
}

int mpii_Win_call_errhandler(const char *fn, MPI_Win win, int errorcode)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	mpii_win_err(win, errorcode, fn, "error raised by the user");
	return MPI_SUCCESS;   /* the handler was called and returned */
}

int mpii_Win_get_group(const char *fn, MPI_Win win, MPI_Group *group)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!group)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "group is NULL");
	*group = mpii_group_ref(win->comm->group);
	return MPI_SUCCESS;
}

int mpii_Win_set_info(const char *fn, MPI_Win win, MPI_Info info)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_win_err(win, MPI_ERR_INFO, fn, "invalid info");
	struct mpii_info *copy = NULL;
	if (mpii_info_dup(info, &copy))
		return mpii_win_err(win, MPI_ERR_NO_MEM, fn, "out of memory");
	mpii_lock();
	struct mpii_info *old = win->info;
	win->info = copy;
	/* no_locks is only a promise; honouring it changes nothing here. */
	const char *v = mpii_info_lookup(copy, "no_locks");
	if (v)
		win->st->no_locks = !strcmp(v, "true");
	mpii_unlock();
	if (old)
		mpii_info_release(old);
	return MPI_SUCCESS;
}

int mpii_Win_get_info(const char *fn, MPI_Win win, MPI_Info *info_used)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!info_used)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "info_used is NULL");
	/* The hints as the user gave them (creation or MPI_Win_set_info):
	 * every hint we know keeps its meaning, none is overridden. */
	struct mpii_info *out = NULL;
	mpii_lock();
	int rc = mpii_info_dup(win->info, &out);
	mpii_unlock();
	if (rc)
		return mpii_win_err(win, rc, fn, "out of memory");
	*info_used = out;
	return MPI_SUCCESS;
}
