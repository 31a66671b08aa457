/*
 * lib/attr/attr_api.c - the standard caching calls on communicators and
 * datatypes (MPI_Comm_*_keyval/attr, MPI_Type_*_keyval/attr, the MPI-1
 * MPI_Keyval_create/free and MPI_Attr_put/get/delete), the predefined
 * attributes, and the per-kind entry points the dup and free paths call
 * (lib/attr/attr.h).
 *
 * Predefined attributes (MPI_TAG_UB ... MPI_THREADS, ids below
 * MPII_KV_BASE) are not stored in any list: a get of one of them answers,
 * on every communicator, the address of a process-wide int, as the standard
 * C convention wants; setting, deleting or freeing one is MPI_ERR_KEYVAL.
 *
 * Keyvals from MPI_Keyval_create work on every kind of handle (seed 002,
 * 6.7); their callbacks have the MPI_Copy_function convention, so for a
 * handle that is not a communicator the first argument is that handle's
 * value cast to MPI_Comm (docs/handles.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include "lib/attr/attr.h"
#include "shm/config.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/core/core.h"

typedef void (*gfn)(void);

/* ------------------------------------------------ predefined attributes */

static int attr_tag_ub = 0x7fffffff;
static int attr_host = MPI_PROC_NULL;     /* no process is a "host" */
static int attr_io = MPI_ANY_SOURCE;      /* every process can do I/O */
static int attr_wtime_is_global = 1;      /* one node: CLOCK_MONOTONIC is shared */
static int attr_universe_size;
static int attr_appnum = 0;
static int attr_lastusedcode;
static int attr_comm_id_unique = MPI_COMM_ID_UNIQUE;
static int attr_threads = 1;              /* MPI_THREAD_MULTIPLE is always supported */

/* Answer a get of a predefined key on a communicator.  MPI_ERR_KEYVAL for
 * the window keys. */
static int predefined_get(int keyval, void **val, int *flag)
{
	int *p;

	switch (keyval) {
	case MPI_TAG_UB: p = &attr_tag_ub; break;
	case MPI_HOST: p = &attr_host; break;
	case MPI_IO: p = &attr_io; break;
	case MPI_WTIME_IS_GLOBAL: p = &attr_wtime_is_global; break;
	case MPI_UNIVERSE_SIZE:
		/* The launcher's --universe-size, else the CPUs the job may
		 * use (docs/dynamic.md): how many processes can run at once
		 * without oversubscribing, which is what a program sizing a
		 * spawn wants. */
		attr_universe_size = (int)shm_config_get("SHMPI_UNIVERSE_SIZE");
		if (attr_universe_size <= 0)
			attr_universe_size = (int)shm_seg_cpus(&mpii_g.seg);
		p = &attr_universe_size;
		break;
	case MPI_APPNUM: {
		/* Which program of an MPMD launch (`-n 1 a : -n 2 b`) this rank
		 * runs: the launcher's SHMPI_APPNUM, 0 for a singleton. */
		attr_appnum = (int)shm_config_get("SHMPI_APPNUM");
		p = &attr_appnum;
		break;
	}
	case MPI_LASTUSEDCODE:
		attr_lastusedcode = mpii_errcode_lastused();
		p = &attr_lastusedcode;
		break;
	case MPI_COMM_ID_IS_UNIQUE: p = &attr_comm_id_unique; break;
	case MPI_THREADS: p = &attr_threads; break;
	default:
		return MPI_ERR_KEYVAL;
	}
	*val = p;
	*flag = 1;
	return MPI_SUCCESS;
}

/* Get on a communicator, predefined keys included. */
int mpii_attr_comm_get(struct mpii_comm *c, int keyval, void *attribute_val, int *flag)
{
	if (mpii_keyval_is_predefined(keyval))
		return predefined_get(keyval, (void **)attribute_val, flag);
	return mpii_attr_get(&c->attrs, MPII_HK_COMM, keyval, (void **)attribute_val, flag);
}

/* -------------------------------------------------- for dup and free */

int mpii_attr_copy_comm(struct mpii_comm *old, struct mpii_comm *new)
{
	return mpii_attr_copy(&new->attrs, &old->attrs, MPII_HK_COMM, old, new);
}

int mpii_attr_copy_type(struct mpii_datatype *old, struct mpii_datatype *new)
{
	return mpii_attr_copy(&new->attrs, &old->attrs, MPII_HK_DATATYPE, old, new);
}

int mpii_attr_delete_all_comm(struct mpii_comm *c)
{
	return mpii_attr_delete_all(&c->attrs, MPII_HK_COMM, c, 0);
}

int mpii_attr_delete_all_type(struct mpii_datatype *dt)
{
	return mpii_attr_delete_all(&dt->attrs, MPII_HK_DATATYPE, dt, 0);
}

int mpii_attr_delete_all_group(struct mpii_group *g)
{
	return mpii_attr_delete_all(&g->attrs, MPII_HK_GROUP, g, 0);
}

int mpii_attr_delete_all_request(struct mpii_request *r)
{
	return mpii_attr_delete_all(&r->attrs, MPII_HK_PREQUEST, r, 0);
}

void mpii_attr_init(void)
{
	/* MPI_Request_free of a persistent request deletes its attributes
	 * (lib/core/wait_api.c, through the hook: core does not use attr) */
	mpii_request_hooks.attrs_delete = mpii_attr_delete_all_request;
}

int mpii_attr_finalize(void)
{
	int rc = mpii_attr_delete_all(&MPI_COMM_SELF->attrs, MPII_HK_COMM, MPI_COMM_SELF, 1);
	int rc2 = mpii_attr_delete_all(&MPI_COMM_WORLD->attrs, MPII_HK_COMM, MPI_COMM_WORLD, 1);
	return rc != MPI_SUCCESS ? rc : rc2;
}

/* --------------------------------------------- Fortran's attribute calls */

int mpii_lang_attr_set(int which, void *obj, int keyval, MPI_Aint value)
{
	void *v = (void *)(intptr_t)value;
	int rc;

	mpii_attr_lang_begin(which == MPII_LANG_ATTR_MPI1 ? MPII_ATTR_FINT : MPII_ATTR_FAINT);
	switch (which) {
	case MPII_LANG_ATTR_COMM: rc = PMPI_Comm_set_attr(obj, keyval, v); break;
	case MPII_LANG_ATTR_TYPE: rc = PMPI_Type_set_attr(obj, keyval, v); break;
	case MPII_LANG_ATTR_WIN: rc = PMPI_Win_set_attr(obj, keyval, v); break;
	default: rc = PMPI_Attr_put(obj, keyval, v); break;
	}
	mpii_attr_lang_end();
	return rc;
}

int mpii_lang_attr_get(int which, void *obj, int keyval, MPI_Aint *value, int *how, int *flag)
{
	void *v = NULL;
	int rc;

	mpii_attr_lang_begin(MPII_ATTR_FAINT);
	switch (which) {
	case MPII_LANG_ATTR_COMM: rc = PMPI_Comm_get_attr(obj, keyval, &v, flag); break;
	case MPII_LANG_ATTR_TYPE: rc = PMPI_Type_get_attr(obj, keyval, &v, flag); break;
	case MPII_LANG_ATTR_WIN: rc = PMPI_Win_get_attr(obj, keyval, &v, flag); break;
	default: rc = PMPI_Attr_get(obj, keyval, &v, flag); break;
	}
	*how = mpii_attr_lang_end();
	*value = (MPI_Aint)(intptr_t)v;
	return rc;
}

int mpii_lang_keyval_fortran(int keyval)
{
	return mpii_keyval_set_fortran(keyval);
}

/* ------------------------------------------------------ communicators */

int mpii_keyval_create_call(const char *fn, int kind, int sig, void (*copy_fn)(void),
			    void (*delete_fn)(void), void *extra_state, int *keyval)
{
	int rc;

	MPII_CHECK_INIT(fn);
	if (!keyval)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "keyval is NULL");
	rc = mpii_keyval_create(kind, copy_fn, sig, delete_fn, sig, extra_state, keyval);
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "cannot create keyval");
	return MPI_SUCCESS;
}

#pragma weak MPI_Comm_create_keyval = PMPI_Comm_create_keyval
int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy_fn,
			    MPI_Comm_delete_attr_function *delete_fn, int *keyval,
			    void *extra_state)
{
	return mpii_keyval_create_call("MPI_Comm_create_keyval", MPII_HK_COMM, MPII_CB_COMM,
				       (gfn)copy_fn, (gfn)delete_fn, extra_state, keyval);
}

/* Free *keyval (of kind, or ANY) and set it to MPI_KEYVAL_INVALID. */
static int free_keyval(int *keyval, int kind, const char *fn)
{
	int rc;

	MPII_CHECK_INIT(fn);
	if (!keyval)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "keyval is NULL");
	rc = mpii_keyval_free(*keyval, kind);
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "invalid keyval %d (predefined, freed or of "
				"another kind)", *keyval);
	*keyval = MPI_KEYVAL_INVALID;
	return MPI_SUCCESS;
}

/* MPI_Comm_free_keyval and MPI_Keyval_free: MPII_HK_COMM accepts
 * communicator and every-kind keyvals. */
int mpii_Comm_free_keyval(const char *fn, int *keyval)
{
	return free_keyval(keyval, MPII_HK_COMM, fn);
}

/* MPI_Comm_set_attr and MPI_Attr_put (lib/core/entry.c checked comm). */
int mpii_Comm_set_attr(const char *fn, MPI_Comm comm, int keyval, void *val)
{
	int rc;

	if (mpii_keyval_is_predefined(keyval))
		return mpii_err(comm, MPI_ERR_KEYVAL, fn, "keyval %d is predefined", keyval);
	rc = mpii_attr_set(&comm->attrs, MPII_HK_COMM, comm, keyval, val);
	if (rc != MPI_SUCCESS)
		return mpii_err(comm, rc, fn, "keyval %d", keyval);
	return MPI_SUCCESS;
}

/* MPI_Comm_get_attr and MPI_Attr_get. */
int mpii_Comm_get_attr(const char *fn, MPI_Comm comm, int keyval, void *val, int *flag)
{
	int rc;

	if (!val || !flag)
		return mpii_err(comm, MPI_ERR_ARG, fn, "attribute_val or flag is NULL");
	rc = mpii_attr_comm_get(comm, keyval, val, flag);
	if (rc != MPI_SUCCESS)
		return mpii_err(comm, rc, fn, "invalid keyval %d", keyval);
	return MPI_SUCCESS;
}

/* MPI_Comm_delete_attr and MPI_Attr_delete. */
int mpii_Comm_delete_attr(const char *fn, MPI_Comm comm, int keyval)
{
	int rc;

	if (mpii_keyval_is_predefined(keyval))
		return mpii_err(comm, MPI_ERR_KEYVAL, fn, "keyval %d is predefined", keyval);
	rc = mpii_attr_delete(&comm->attrs, MPII_HK_COMM, comm, keyval);
	if (rc != MPI_SUCCESS)
		return mpii_err(comm, rc, fn, "keyval %d: invalid, not set, or its delete "
				"callback failed", keyval);
	return MPI_SUCCESS;
}

/* ------------------------------------------------------------- MPI-1 */

#pragma weak MPI_Keyval_create = PMPI_Keyval_create
int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn,
		       int *keyval, void *extra_state)
{
	/* seed 002 6.7: usable on every kind of handle */
	return mpii_keyval_create_call("MPI_Keyval_create", MPII_HK_ANY, MPII_CB_COMM,
				       (gfn)copy_fn, (gfn)delete_fn, extra_state, keyval);
}

/* ---------------------------------------------------------- datatypes */

#pragma weak MPI_Type_create_keyval = PMPI_Type_create_keyval
int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *copy_fn,
			    MPI_Type_delete_attr_function *delete_fn, int *keyval,
			    void *extra_state)
{
	return mpii_keyval_create_call("MPI_Type_create_keyval", MPII_HK_DATATYPE, MPII_CB_TYPE,
				       (gfn)copy_fn, (gfn)delete_fn, extra_state, keyval);
}

#pragma weak MPI_Type_free_keyval = PMPI_Type_free_keyval
int PMPI_Type_free_keyval(int *keyval)
{
	return free_keyval(keyval, MPII_HK_DATATYPE, "MPI_Type_free_keyval");
}

int mpii_Type_set_attr(const char *fn, MPI_Datatype type, int keyval, void *attribute_val)
{
	int rc;

	if (!MPII_VALID(type, MPII_MAGIC_DATATYPE))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	rc = mpii_attr_set(&type->attrs, MPII_HK_DATATYPE, type, keyval, attribute_val);
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "keyval %d", keyval);
	return MPI_SUCCESS;
}

int mpii_Type_get_attr(const char *fn, MPI_Datatype type, int keyval, void *attribute_val,
		       int *flag)
{
	int rc;

	if (!MPII_VALID(type, MPII_MAGIC_DATATYPE))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (!attribute_val || !flag)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "attribute_val or flag is NULL");
	rc = mpii_attr_get(&type->attrs, MPII_HK_DATATYPE, keyval, (void **)attribute_val, flag);
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "invalid keyval %d", keyval);
	return MPI_SUCCESS;
}

int mpii_Type_delete_attr(const char *fn, MPI_Datatype type, int keyval)
{
	int rc;

	if (!MPII_VALID(type, MPII_MAGIC_DATATYPE))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	rc = mpii_attr_delete(&type->attrs, MPII_HK_DATATYPE, type, keyval);
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "keyval %d: invalid, not set, or its delete "
				"callback failed", keyval);
	return MPI_SUCCESS;
}
