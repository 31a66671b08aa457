/*
 * lib/attr/attr_handle.c - seed 002, 6.7: caching on every kind of handle
 * (MPI_Handle_keyval_create, MPI_Handle_attr_put/get/delete).
 *
 * The handle argument is the address of a handle variable of the kind
 * named by handletype (MPI_HANDLE_COMM, _DATATYPE, _GROUP, _PREQUEST;
 * MPI_HANDLE_FILE is reserved and always an error since there are no
 * files).  Only persistent requests can carry attributes.  A keyval from
 * MPI_Handle_keyval_create or MPI_Keyval_create works on every kind; a
 * typed one (MPI_Comm_create_keyval, MPI_Type_create_keyval) on its own
 * kind only.  MPI_Handle_attr_get follows the standard convention: its
 * attribute_val is the address of a void * that receives the value.
 */
#include "lib/attr/attr.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/core/core.h"

typedef void (*gfn)(void);

int mpii_handle_resolve(MPI_Handle *handle, int handletype, void **obj,
			struct mpii_attr_list ***list)
{
	if (!handle)
		return MPI_ERR_ARG;
	switch (handletype) {
	case MPI_HANDLE_COMM: {
		MPI_Comm c = *(MPI_Comm *)handle;
		if (mpii_comm_check(c))
			return MPI_ERR_COMM;
		*obj = c;
		*list = &c->attrs;
		return MPI_SUCCESS;
	}
	case MPI_HANDLE_DATATYPE: {
		MPI_Datatype t = *(MPI_Datatype *)handle;
		if (!MPII_VALID(t, MPII_MAGIC_DATATYPE))
			return MPI_ERR_TYPE;
		*obj = t;
		*list = &t->attrs;
		return MPI_SUCCESS;
	}
	case MPI_HANDLE_GROUP: {
		MPI_Group g = *(MPI_Group *)handle;
		if (!MPII_VALID(g, MPII_MAGIC_GROUP))
			return MPI_ERR_GROUP;
		*obj = g;
		*list = &g->attrs;
		return MPI_SUCCESS;
	}
	case MPI_HANDLE_PREQUEST: {
		MPI_Request r = *(MPI_Request *)handle;
		if (!MPII_VALID(r, MPII_MAGIC_REQUEST) || !r->persistent)
			return MPI_ERR_REQUEST;
		*obj = r;
		*list = &r->attrs;
		return MPI_SUCCESS;
	}
	case MPI_HANDLE_FILE:
		return MPI_ERR_FILE;
	default:
		return MPI_ERR_ARG;
	}
}

/* The communicator whose handler reports an error on this handle. */
static MPI_Comm err_comm(MPI_Handle *handle, int handletype, int rc)
{
	if (handletype == MPI_HANDLE_COMM && rc != MPI_ERR_COMM && rc != MPI_ERR_ARG)
		return *(MPI_Comm *)handle;
	return NULL;
}

static const char *bad_handle(int rc)
{
	switch (rc) {
	case MPI_ERR_COMM: return "invalid communicator";
	case MPI_ERR_TYPE: return "invalid datatype";
	case MPI_ERR_GROUP: return "invalid group";
	case MPI_ERR_REQUEST: return "not a persistent request";
	case MPI_ERR_FILE: return "MPI_HANDLE_FILE is reserved (no files)";
	default: return "handle is NULL or handletype unknown";
	}
}

/* Entry of the MPI_Handle_attr_* call fn: the init check and the handle.
 * MPI_SUCCESS with *obj and *list resolved, or what mpii_err() returned. */
static int enter(MPI_Handle *handle, int handletype, void **obj,
		 struct mpii_attr_list ***list, const char *fn)
{
	MPII_CHECK_INIT(fn);
	int rc = mpii_handle_resolve(handle, handletype, obj, list);
	if (rc != MPI_SUCCESS)
		return mpii_err(err_comm(handle, handletype, rc), rc, fn, "%s", bad_handle(rc));
	return MPI_SUCCESS;
}

#pragma weak MPI_Handle_keyval_create = PMPI_Handle_keyval_create
int PMPI_Handle_keyval_create(MPI_Handle_copy_function *copy_fn,
			      MPI_Handle_delete_function *delete_fn, int *keyval,
			      void *extra_state)
{
	return mpii_keyval_create_call("MPI_Handle_keyval_create", MPII_HK_ANY, MPII_CB_HANDLE,
				       (gfn)copy_fn, (gfn)delete_fn, extra_state, keyval);
}

int mpii_Handle_attr_put(const char *fn, MPI_Handle *handle, MPI_Handletype handletype, int keyval,
			 void *attribute_val)
{
	struct mpii_attr_list **list;
	void *obj;
	int rc;

	rc = enter(handle, handletype, &obj, &list, fn);
	if (rc != MPI_SUCCESS)
		return rc;
	rc = mpii_attr_set(list, handletype, obj, keyval, attribute_val);
	if (rc != MPI_SUCCESS)
		return mpii_err(err_comm(handle, handletype, rc), rc, fn,
				"keyval %d (predefined, freed, or not for this kind of handle)",
				keyval);
	return MPI_SUCCESS;
}

int mpii_Handle_attr_get(const char *fn, MPI_Handle *handle, MPI_Handletype handletype, int keyval,
			 void *attribute_val, int *flag)
{
	struct mpii_attr_list **list;
	void *obj;
	int rc;

	rc = enter(handle, handletype, &obj, &list, fn);
	if (rc != MPI_SUCCESS)
		return rc;
	if (!attribute_val || !flag)
		return mpii_err(err_comm(handle, handletype, MPI_SUCCESS), MPI_ERR_ARG, fn,
				"attribute_val or flag is NULL");
	if (handletype == MPI_HANDLE_COMM)
		rc = mpii_attr_comm_get(obj, keyval, attribute_val, flag);
	else
		rc = mpii_attr_get(list, handletype, keyval, (void **)attribute_val, flag);
	if (rc != MPI_SUCCESS)
		return mpii_err(err_comm(handle, handletype, rc), rc, fn,
				"keyval %d is not valid for this kind of handle", keyval);
	return MPI_SUCCESS;
}

int mpii_Handle_attr_delete(const char *fn, MPI_Handle *handle, MPI_Handletype handletype,
			    int keyval)
{
	struct mpii_attr_list **list;
	void *obj;
	int rc;

	rc = enter(handle, handletype, &obj, &list, fn);
	if (rc != MPI_SUCCESS)
		return rc;
	rc = mpii_attr_delete(list, handletype, obj, keyval);
	if (rc != MPI_SUCCESS)
		return mpii_err(err_comm(handle, handletype, rc), rc, fn,
				"keyval %d: invalid, not set, or its delete callback failed",
				keyval);
	return MPI_SUCCESS;
}
