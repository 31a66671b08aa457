/*
 * lib/attr/attr_win.c - caching on windows, declared ahead of windows: keyvals
 * (MPI_Win_create_keyval / MPI_Win_free_keyval) work now; the calls that
 * take a window return MPI_ERR_WIN, since no window can exist yet.
 *
 * When one-sided communication lands, its window object gets a
 * `struct mpii_attr_list *attrs` and the three attribute calls become
 * mpii_attr_set/get/delete(&win->attrs, MPII_HK_WIN, win, ...) plus the
 * predefined MPI_WIN_BASE/SIZE/DISP_UNIT/CREATE_FLAVOR/MODEL keys; window
 * free calls mpii_attr_delete_all(&win->attrs, MPII_HK_WIN, win, 0).
 */
#include "lib/attr/attr.h"
#include "lib/core/core.h"

typedef void (*gfn)(void);

#pragma weak MPI_Win_create_keyval = PMPI_Win_create_keyval
int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *copy_fn,
			   MPI_Win_delete_attr_function *delete_fn, int *keyval,
			   void *extra_state)
{
	static const char fn[] = "MPI_Win_create_keyval";
	int rc;

	MPII_CHECK_INIT(fn);
	if (!keyval)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "keyval is NULL");
	rc = mpii_keyval_create(MPII_HK_WIN, (gfn)copy_fn, MPII_CB_WIN, (gfn)delete_fn,
				MPII_CB_WIN, extra_state, keyval);
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "cannot create keyval");
	return MPI_SUCCESS;
}

#pragma weak MPI_Win_free_keyval = PMPI_Win_free_keyval
int PMPI_Win_free_keyval(int *keyval)
{
	static const char fn[] = "MPI_Win_free_keyval";
	int rc;

	MPII_CHECK_INIT(fn);
	if (!keyval)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "keyval is NULL");
	if ((rc = mpii_keyval_free(*keyval, MPII_HK_WIN)) != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "invalid keyval %d", *keyval);
	*keyval = MPI_KEYVAL_INVALID;
	return MPI_SUCCESS;
}

#pragma weak MPI_Win_set_attr = PMPI_Win_set_attr
int PMPI_Win_set_attr(MPI_Win win, int keyval, void *attribute_val)
{
	static const char fn[] = "MPI_Win_set_attr";
	MPII_CHECK_INIT(fn);
	return mpii_err(NULL, MPI_ERR_WIN, fn, "invalid window (windows are not implemented)");
}

#pragma weak MPI_Win_get_attr = PMPI_Win_get_attr
int PMPI_Win_get_attr(MPI_Win win, int keyval, void *attribute_val, int *flag)
{
	static const char fn[] = "MPI_Win_get_attr";
	MPII_CHECK_INIT(fn);
	return mpii_err(NULL, MPI_ERR_WIN, fn, "invalid window (windows are not implemented)");
}

#pragma weak MPI_Win_delete_attr = PMPI_Win_delete_attr
int PMPI_Win_delete_attr(MPI_Win win, int keyval)
{
	static const char fn[] = "MPI_Win_delete_attr";
	MPII_CHECK_INIT(fn);
	return mpii_err(NULL, MPI_ERR_WIN, fn, "invalid window (windows are not implemented)");
}
