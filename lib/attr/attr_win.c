/*
 * lib/attr/attr_win.c - caching on windows (lib/rma/): keyvals
 * (MPI_Win_create_keyval / MPI_Win_free_keyval) and the attribute calls on
 * a window's `attrs` list, plus the predefined MPI_WIN_BASE, MPI_WIN_SIZE,
 * MPI_WIN_DISP_UNIT, MPI_WIN_CREATE_FLAVOR and MPI_WIN_MODEL keys, which
 * lib/rma/ answers.  MPI_Win_free deletes the attributes
 * (mpii_attr_delete_all(&win->attrs, MPII_HK_WIN, win, 0)).
 */
#include "lib/attr/attr.h"
#include "lib/core/core.h"
#include "lib/rma/rma.h"

typedef void (*gfn)(void);

#pragma weak MPI_Win_create_keyval = PMPI_Win_create_keyval
int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *copy_fn,
			   MPI_Win_delete_attr_function *delete_fn, int *keyval,
			   void *extra_state)
{
	return mpii_keyval_create_call("MPI_Win_create_keyval", MPII_HK_WIN, MPII_CB_WIN,
				       (gfn)copy_fn, (gfn)delete_fn, extra_state, keyval);
}

int mpii_Win_free_keyval(const char *fn, int *keyval)
{
	int rc;

	if (!keyval)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "keyval is NULL");
	if ((rc = mpii_keyval_free(*keyval, MPII_HK_WIN)) != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "invalid keyval %d", *keyval);
	*keyval = MPI_KEYVAL_INVALID;
	return MPI_SUCCESS;
}

int mpii_Win_set_attr(const char *fn, MPI_Win win, int keyval, void *attribute_val)
{
	int rc;

	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if ((rc = mpii_attr_set(&win->attrs, MPII_HK_WIN, win, keyval, attribute_val)) != MPI_SUCCESS)
		return mpii_win_err(win, rc, fn, "cannot set attribute %d", keyval);
	return MPI_SUCCESS;
}

int mpii_Win_get_attr(const char *fn, MPI_Win win, int keyval, void *attribute_val, int *flag)
{
	int rc;

	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!attribute_val || !flag)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "attribute_val or flag is NULL");
	mpii_win_attr_predefined(win, keyval, attribute_val, flag);
	if (*flag)
		return MPI_SUCCESS;
	if ((rc = mpii_attr_get(&win->attrs, MPII_HK_WIN, keyval, (void **)attribute_val, flag)) !=
	    MPI_SUCCESS)
		return mpii_win_err(win, rc, fn, "invalid keyval %d", keyval);
	return MPI_SUCCESS;
}

int mpii_Win_delete_attr(const char *fn, MPI_Win win, int keyval)
{
	int rc;

	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if ((rc = mpii_attr_delete(&win->attrs, MPII_HK_WIN, win, keyval)) != MPI_SUCCESS)
		return mpii_win_err(win, rc, fn, "cannot delete attribute %d", keyval);
	return MPI_SUCCESS;
}
