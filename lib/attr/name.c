/*
 * lib/attr/name.c - print names of handles: MPI_Comm_set_name/get_name,
 * MPI_Type_set_name/get_name and the seed's MPI_Handle_name_put/get (6.9)
 * on communicators, datatypes, groups and persistent requests.
 *
 * Storage: a communicator keeps its name in comm->name (fixed array); the
 * other objects keep a malloc'd copy (dt->name, group->name, req->name;
 * NULL while unset; their free paths free it).  Names are truncated to
 * MPI_MAX_OBJECT_NAME - 1 characters.  Unset names read as the default:
 * "MPI_COMM_WORLD", "MPI_COMM_SELF", the predefined types' names
 * (dt->predef_name), and "" for everything else.  A dup'ed communicator
 * starts unnamed (the dup path leaves comm->name empty).
 *
 * MPI_Handle_name_get hands out a pointer to the internal copy; it stays
 * valid until the name is set again or the object is freed (seed 002 6.9).
 * name_mu makes set and get of the same object safe between threads.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "lib/attr/attr.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/core/core.h"
#include "lib/rma/rma.h"

static pthread_mutex_t name_mu = PTHREAD_MUTEX_INITIALIZER;

/* The name of a communicator as the user sees it.  name_mu held. */
static const char *comm_name(const struct mpii_comm *c)
{
	if (c->name[0])
		return c->name;
	if (c == MPI_COMM_WORLD)
		return "MPI_COMM_WORLD";
	if (c == MPI_COMM_SELF)
		return "MPI_COMM_SELF";
	return "";
}

static const char *type_name(const struct mpii_datatype *dt)
{
	if (dt->name)
		return dt->name;
	if (dt->predef_name)
		return dt->predef_name;
	return "";
}

/* Replace a malloc'd name.  MPI_SUCCESS or MPI_ERR_NO_MEM. */
static int set_heap_name(char **slot, const char *name)
{
	char *s = strndup(name, MPI_MAX_OBJECT_NAME - 1);
	char *old;

	if (!s)
		return MPI_ERR_NO_MEM;
	pthread_mutex_lock(&name_mu);
	old = *slot;
	*slot = s;
	pthread_mutex_unlock(&name_mu);
	free(old);
	return MPI_SUCCESS;
}

static void set_comm_name(struct mpii_comm *c, const char *name)
{
	pthread_mutex_lock(&name_mu);
	strncpy(c->name, name, MPI_MAX_OBJECT_NAME - 1);
	c->name[MPI_MAX_OBJECT_NAME - 1] = '\0';
	pthread_mutex_unlock(&name_mu);
}

/* Copy src into the user's buffer of MPI_MAX_OBJECT_NAME chars. */
static void copy_out(const char *src, char *out, int *resultlen)
{
	size_t n;

	pthread_mutex_lock(&name_mu);
	n = strnlen(src, MPI_MAX_OBJECT_NAME - 1);
	memcpy(out, src, n);
	out[n] = '\0';
	pthread_mutex_unlock(&name_mu);
	*resultlen = (int)n;
}

int mpii_Comm_set_name(const char *fn, MPI_Comm comm, const char *comm_name_in)
{
	if (!comm_name_in)
		return mpii_err(comm, MPI_ERR_ARG, fn, "name is NULL");
	set_comm_name(comm, comm_name_in);
	return MPI_SUCCESS;
}

int mpii_Comm_get_name(const char *fn, MPI_Comm comm, char *name, int *resultlen)
{
	if (!name || !resultlen)
		return mpii_err(comm, MPI_ERR_ARG, fn, "name or resultlen is NULL");
	copy_out(comm_name(comm), name, resultlen);
	return MPI_SUCCESS;
}

int mpii_Win_set_name(const char *fn, MPI_Win win, const char *win_name)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!win_name)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "name is NULL");
	pthread_mutex_lock(&name_mu);
	strncpy(win->name, win_name, MPI_MAX_OBJECT_NAME - 1);
	win->name[MPI_MAX_OBJECT_NAME - 1] = '\0';
	pthread_mutex_unlock(&name_mu);
	return MPI_SUCCESS;
}

int mpii_Win_get_name(const char *fn, MPI_Win win, char *win_name, int *resultlen)
{
	if (mpii_win_check(win))
		return mpii_win_err(NULL, MPI_ERR_WIN, fn, "invalid window");
	if (!win_name || !resultlen)
		return mpii_win_err(win, MPI_ERR_ARG, fn, "name or resultlen is NULL");
	copy_out(win->name, win_name, resultlen);
	return MPI_SUCCESS;
}

int mpii_Type_set_name(const char *fn, MPI_Datatype type, const char *name)
{
	int rc;

	if (!MPII_VALID(type, MPII_MAGIC_DATATYPE))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (!name)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "name is NULL");
	if ((rc = set_heap_name(&type->name, name)) != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Type_get_name(const char *fn, MPI_Datatype type, char *name, int *resultlen)
{
	if (!MPII_VALID(type, MPII_MAGIC_DATATYPE))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (!name || !resultlen)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "name or resultlen is NULL");
	copy_out(type_name(type), name, resultlen);
	return MPI_SUCCESS;
}

int mpii_Handle_name_put(const char *fn, MPI_Handle *handle, MPI_Handletype handletype,
			 const char *name)
{
	struct mpii_attr_list **list;
	void *obj;
	int rc;

	rc = mpii_handle_resolve(handle, handletype, &obj, &list);
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "invalid handle or handletype %d", handletype);
	if (!name)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "name is NULL");
	switch (handletype) {
	case MPI_HANDLE_COMM:
		set_comm_name(obj, name);
		break;
	case MPI_HANDLE_DATATYPE:
		rc = set_heap_name(&((struct mpii_datatype *)obj)->name, name);
		break;
	case MPI_HANDLE_GROUP:
		rc = set_heap_name(&((struct mpii_group *)obj)->name, name);
		break;
	case MPI_HANDLE_PREQUEST:
		rc = set_heap_name(&((struct mpii_request *)obj)->name, name);
		break;
	}
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Handle_name_get(const char *fn, MPI_Handle *handle, MPI_Handletype handletype, char **name)
{
	struct mpii_attr_list **list;
	const char *s = "";
	void *obj;
	int rc;

	MPII_CHECK_INIT(fn);
	if (!name)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "name is NULL");
	*name = (char *)"";   /* seed 6.9: a null string on error too */
	rc = mpii_handle_resolve(handle, handletype, &obj, &list);
	if (rc != MPI_SUCCESS)
		return mpii_err(NULL, rc, fn, "invalid handle or handletype %d", handletype);
	pthread_mutex_lock(&name_mu);
	switch (handletype) {
	case MPI_HANDLE_COMM:
		s = comm_name(obj);
		break;
	case MPI_HANDLE_DATATYPE:
		s = type_name(obj);
		break;
	case MPI_HANDLE_GROUP:
		s = ((struct mpii_group *)obj)->name;
		break;
	case MPI_HANDLE_PREQUEST:
		s = ((struct mpii_request *)obj)->name;
		break;
	}
	pthread_mutex_unlock(&name_mu);
	*name = (char *)(s ? s : "");
	return MPI_SUCCESS;
}
