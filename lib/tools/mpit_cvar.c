/*
 * lib/tools/mpit_cvar.c - control variables: the rows of the configuration
 * table (shm/config_table.c), in its order, under their SHMPI_* names.
 *
 * Types: sizes and durations MPI_UNSIGNED_LONG_LONG (in the row's unit),
 * booleans and enumerations MPI_INT with an MPI_T_enum (values 0..n-1 are
 * the row's choices; booleans off/on), plain integers MPI_INT when their
 * range fits one, else MPI_COUNT ("auto" reads -1), strings MPI_CHAR with
 * a count of MPII_T_STRING_MAX.
 *
 * Value: what the library uses.  A variable the library reads once (at
 * MPI_Init or its first collective) reads as the environment sets it,
 * through shm_config_get (the default when unset, or malformed);
 * SHM_CONFIG_LIVE ones, while MPI is initialized, read the value in force.
 *
 * Writes, by the row's scope (shm/config.h): constant and read-only rows
 * never (MPI_T_ERR_CVAR_SET_NEVER).  The others before MPI_Init (and
 * after MPI_Finalize): the write sets the process's environment, exactly
 * as if the user had set the variable before starting, so MPI_Init and
 * the first collective read it through the table's parser like any
 * other value.  While MPI is initialized only the live rows may be
 * written (they change the owner's state, under the library lock); the
 * rest answer MPI_T_ERR_CVAR_SET_NOT_NOW, and their scope reads
 * MPI_T_SCOPE_READONLY meanwhile, so that a tool that writes whatever is
 * not read-only (the MPICH suite's cvarwrite) leaves them alone.  A value
 * the table does not accept (out of range, not a power of two, not a
 * choice) is MPI_T_ERR_INVALID.
 *
 * setenv is not thread-safe against getenv in other threads; before
 * MPI_Init there is no library thread, and after MPI_Finalize none reads.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/tools/tools.h"
#include "lib/core/core.h"
#include "shm/config.h"

/* Elements of a string control variable (its count). */
#define MPII_T_STRING_MAX 4096
#define MPII_T_MAGIC_CVAR 0x54435648u

struct mpii_t_cvar_handle {
	uint32_t magic;
	int index;
	struct mpii_t_cvar_handle *next;
};

/* Every allocated handle: a handle is valid when it is on this list. */
static struct mpii_t_cvar_handle *handles;

int mpii_t_cvar_count(void)
{
	return (int)shm_config_count;
}

static int mpi_up(void)
{
	return mpii_g.initialized && !mpii_g.finalized;
}

static MPI_Datatype type_of(const struct shm_config_var *v)
{
	switch (v->type) {
	case SHM_CONFIG_SIZE:
	case SHM_CONFIG_DURATION:
		return MPI_UNSIGNED_LONG_LONG;
	case SHM_CONFIG_BOOL:
	case SHM_CONFIG_ENUM:
		return MPI_INT;
	case SHM_CONFIG_INT:
		return v->min >= INT_MIN && v->max <= INT_MAX ? MPI_INT : MPI_COUNT;
	case SHM_CONFIG_STRING:
		return MPI_CHAR;
	}
	return MPI_DATATYPE_NULL;
}

static int live(const struct shm_config_var *v)
{
	return (v->flags & SHM_CONFIG_LIVE) != 0;
}

static int scope_of(const struct shm_config_var *v)
{
	switch (v->scope) {
	case SHM_CONFIG_SCOPE_CONSTANT:
		return MPI_T_SCOPE_CONSTANT;
	case SHM_CONFIG_SCOPE_READONLY:
		return MPI_T_SCOPE_READONLY;
	case SHM_CONFIG_SCOPE_LOCAL:
	case SHM_CONFIG_SCOPE_ALL_EQ:
		if (mpi_up() && !live(v))
			return MPI_T_SCOPE_READONLY;
		return v->scope == SHM_CONFIG_SCOPE_LOCAL ? MPI_T_SCOPE_LOCAL : MPI_T_SCOPE_ALL_EQ;
	}
	return MPI_T_SCOPE_READONLY;
}

enum mpii_t_cat mpii_t_cvar_cat(int i)
{
	static const char *const owners[MPII_T_NCATS] = {
		"lib/core", "lib/p2p", "lib/coll", "lib/ext", "lib/rma", "lib/io", "launcher",
		"perf/prof",
	};
	int c = mpii_t_find(owners, MPII_T_NCATS, shm_config_table[i].owner);
	return c < 0 ? MPII_T_CAT_TESTING : (enum mpii_t_cat)c;
}

#pragma weak MPI_T_cvar_get_num = PMPI_T_cvar_get_num
int PMPI_T_cvar_get_num(int *num_cvar)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!num_cvar)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	*num_cvar = (int)shm_config_count;
	return mpii_t_leave(MPI_SUCCESS);
}

static const int verbosities[] = {
	MPI_T_VERBOSITY_USER_BASIC, MPI_T_VERBOSITY_USER_DETAIL, MPI_T_VERBOSITY_USER_ALL,
	MPI_T_VERBOSITY_TUNER_BASIC, MPI_T_VERBOSITY_TUNER_DETAIL, MPI_T_VERBOSITY_TUNER_ALL,
	MPI_T_VERBOSITY_MPIDEV_BASIC, MPI_T_VERBOSITY_MPIDEV_DETAIL, MPI_T_VERBOSITY_MPIDEV_ALL,
};

#pragma weak MPI_T_cvar_get_info = PMPI_T_cvar_get_info
int PMPI_T_cvar_get_info(int cvar_index, char *name, int *name_len, int *verbosity,
			 MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc, int *desc_len,
			 int *bind, int *scope)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (cvar_index < 0 || (size_t)cvar_index >= shm_config_count)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	const struct shm_config_var *v = &shm_config_table[cvar_index];
	mpii_t_str(name, name_len, v->name);
	mpii_t_str(desc, desc_len, v->desc);
	if (verbosity)
		*verbosity = verbosities[v->verbosity];
	if (datatype)
		*datatype = type_of(v);
	if (enumtype)
		*enumtype = mpii_t_cvar_enum(cvar_index);
	if (bind)
		*bind = MPI_T_BIND_NO_OBJECT;
	if (scope)
		*scope = scope_of(v);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_cvar_get_index = PMPI_T_cvar_get_index
int PMPI_T_cvar_get_index(const char *name, int *cvar_index)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!name || !cvar_index)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	const struct shm_config_var *v = shm_config_find(name);
	if (!v)
		return mpii_t_leave(MPI_T_ERR_INVALID_NAME);
	*cvar_index = (int)(v - shm_config_table);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_cvar_handle_alloc = PMPI_T_cvar_handle_alloc
int PMPI_T_cvar_handle_alloc(int cvar_index, void *obj_handle, MPI_T_cvar_handle *handle,
			     int *count)
{
	(void)obj_handle; /* every variable binds to no object */
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (cvar_index < 0 || (size_t)cvar_index >= shm_config_count)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	if (!handle || !count)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct mpii_t_cvar_handle *h = malloc(sizeof(*h));
	if (!h)
		return mpii_t_leave(MPI_T_ERR_MEMORY);
	h->magic = MPII_T_MAGIC_CVAR;
	h->index = cvar_index;
	h->next = handles;
	handles = h;
	*handle = h;
	*count = shm_config_table[cvar_index].type == SHM_CONFIG_STRING ? MPII_T_STRING_MAX : 1;
	return mpii_t_leave(MPI_SUCCESS);
}

/* The list entry of h, or NULL when h is not a live handle. */
static struct mpii_t_cvar_handle **find(MPI_T_cvar_handle h)
{
	for (struct mpii_t_cvar_handle **p = &handles; *p; p = &(*p)->next)
		if (*p == h)
			return p;
	return NULL;
}

#pragma weak MPI_T_cvar_handle_free = PMPI_T_cvar_handle_free
int PMPI_T_cvar_handle_free(MPI_T_cvar_handle *handle)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	struct mpii_t_cvar_handle **p = handle ? find(*handle) : NULL;
	if (!p)
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	struct mpii_t_cvar_handle *h = *p;
	*p = h->next;
	h->magic = 0;
	free(h);
	*handle = MPI_T_CVAR_HANDLE_NULL;
	return mpii_t_leave(MPI_SUCCESS);
}

void mpii_t_cvar_drop_all(void)
{
	while (handles) {
		struct mpii_t_cvar_handle *h = handles;
		handles = h->next;
		free(h);
	}
}

/* The value in force of a live variable (MPI initialized): 1 and *out,
 * or 0 when v is not one. */
static int live_get(const struct shm_config_var *v, int64_t *out)
{
	mpii_lock();
	int found = 1;
	if (!strcmp(v->name, "SHMPI_EAGER_MAX"))
		*out = (int64_t)mpii_g.cfg.eager_max;
	else if (!strcmp(v->name, "SHMPI_SLEEP_US"))
		*out = mpii_g.cfg.sleep_ns / 1000;
	else
		found = 0;
	mpii_unlock();
	return found;
}

static int live_set(const struct shm_config_var *v, int64_t val)
{
	mpii_lock();
	int found = 1;
	if (!strcmp(v->name, "SHMPI_EAGER_MAX")) {
		/* The sender alone decides (lib/p2p/p2p_send.c): a local
		 * change; it ends the wait for the job's calibration too. */
		mpii_g.cfg.eager_max = (size_t)val;
		mpii_g.eager_pending = 0;
	} else if (!strcmp(v->name, "SHMPI_SLEEP_US")) {
		mpii_g.cfg.sleep_ns = val * 1000;
	} else {
		found = 0;
	}
	mpii_unlock();
	return found;
}

#pragma weak MPI_T_cvar_read = PMPI_T_cvar_read
int PMPI_T_cvar_read(MPI_T_cvar_handle handle, void *buf)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find(handle))
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (!buf)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	const struct shm_config_var *v = &shm_config_table[handle->index];
	if (v->type == SHM_CONFIG_STRING) {
		const char *s = shm_config_get_string(v->name);
		snprintf(buf, MPII_T_STRING_MAX, "%s", s ? s : "");
		return mpii_t_leave(MPI_SUCCESS);
	}
	int64_t val;
	if (!(live(v) && mpi_up() && live_get(v, &val)))
		val = shm_config_get(v->name);
	MPI_Datatype t = type_of(v);
	if (t == MPI_INT)
		*(int *)buf = (int)val;
	else if (t == MPI_COUNT)
		*(MPI_Count *)buf = (MPI_Count)val;
	else
		*(unsigned long long *)buf = (unsigned long long)val;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_cvar_write = PMPI_T_cvar_write
int PMPI_T_cvar_write(MPI_T_cvar_handle handle, const void *buf)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find(handle))
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (!buf)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	const struct shm_config_var *v = &shm_config_table[handle->index];
	if (v->scope == SHM_CONFIG_SCOPE_CONSTANT || v->scope == SHM_CONFIG_SCOPE_READONLY)
		return mpii_t_leave(MPI_T_ERR_CVAR_SET_NEVER);
	if (mpi_up() && !live(v))
		return mpii_t_leave(MPI_T_ERR_CVAR_SET_NOT_NOW);
	char text[MPII_T_STRING_MAX];
	int64_t val = 0;
	if (v->type == SHM_CONFIG_STRING) {
		if (strnlen(buf, MPII_T_STRING_MAX) >= MPII_T_STRING_MAX)
			return mpii_t_leave(MPI_T_ERR_INVALID);
		snprintf(text, sizeof(text), "%s", (const char *)buf);
	} else {
		MPI_Datatype t = type_of(v);
		if (t == MPI_INT)
			val = *(const int *)buf;
		else if (t == MPI_COUNT)
			val = *(const MPI_Count *)buf;
		else if (*(const unsigned long long *)buf > INT64_MAX)
			return mpii_t_leave(MPI_T_ERR_INVALID);
		else
			val = (int64_t)*(const unsigned long long *)buf;
		/* The table's own parser judges the value (range, power of
		 * two, multiple, choice), as it would the environment's. */
		if (v->type == SHM_CONFIG_ENUM) {
			if (val < 0 || val >= mpii_t_cvar_enum(handle->index)->n)
				return mpii_t_leave(MPI_T_ERR_INVALID);
			snprintf(text, sizeof(text), "%s", v->choices[val]);
		} else if (val == -1 && (v->flags & SHM_CONFIG_AUTO)) {
			snprintf(text, sizeof(text), "auto");
		} else {
			snprintf(text, sizeof(text), "%lld", (long long)val);
		}
		char err[256];
		int64_t parsed;
		if (shm_config_parse(v, text, &parsed, err, sizeof(err)) != 0 || parsed != val)
			return mpii_t_leave(MPI_T_ERR_INVALID);
	}
	if (mpi_up()) {
		live_set(v, val);
		return mpii_t_leave(MPI_SUCCESS);
	}
	if (setenv(v->name, text, 1) != 0)
		return mpii_t_leave(MPI_T_ERR_MEMORY);
	return mpii_t_leave(MPI_SUCCESS);
}
