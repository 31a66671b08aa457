/*
 * lib/tools/mpit_env.c - MPI_T_init_thread and MPI_T_finalize, the
 * interface's lock, the string convention and the enumerations.
 *
 * MPI_T_init_thread may be called any number of times, before MPI_Init,
 * between it and MPI_Finalize and after it; the interface stays usable
 * until as many MPI_T_finalize calls have been made (MPI-4.1 15.3.4).  It
 * provides MPI_THREAD_MULTIPLE whatever is asked: every call takes
 * mpii_t_lock.  Nothing is allocated at init (the tables are static), so
 * the last MPI_T_finalize only frees what the tool left: its sessions,
 * handles and event registrations stay valid only while the interface is
 * initialized, and a handle of an earlier initialization is refused.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/tools/tools.h"
#include "shm/atomic.h"
#include "shm/config.h"

pthread_mutex_t mpii_t_lock = PTHREAD_MUTEX_INITIALIZER;

/* MPI_T_init_thread calls not yet finalized.  Written under mpii_t_lock;
 * the event calls read it without (acquire pairs with the release of the
 * writer: a callback that sees the interface up sees its tables). */
static _Atomic uint32_t refs;

int mpii_t_initialized(void)
{
	return shm_load_acquire(&refs) > 0;
}

int mpii_t_enter(void)
{
	pthread_mutex_lock(&mpii_t_lock);
	/* Relaxed: the lock orders it with every writer. */
	if (shm_load_relaxed(&refs) == 0) {
		pthread_mutex_unlock(&mpii_t_lock);
		return MPI_T_ERR_NOT_INITIALIZED;
	}
	return MPI_SUCCESS;
}

int mpii_t_leave(int rc)
{
	pthread_mutex_unlock(&mpii_t_lock);
	return rc;
}

void mpii_t_str(char *buf, int *len, const char *src)
{
	int need = (int)strlen(src) + 1;
	if (!len)
		return;
	if (!buf || *len <= 0) {
		*len = need;
		return;
	}
	int n = need < *len ? need : *len;
	memcpy(buf, src, (size_t)n - 1);
	buf[n - 1] = 0;
	*len = n;
}

int mpii_t_find(const char *const *names, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], name))
			return i;
	return -1;
}

#pragma weak MPI_T_init_thread = PMPI_T_init_thread
int PMPI_T_init_thread(int required, int *provided)
{
	if (required < MPI_THREAD_SINGLE || required > MPI_THREAD_MULTIPLE)
		return MPI_T_ERR_INVALID;
	if (!provided)
		return MPI_T_ERR_INVALID;
	pthread_mutex_lock(&mpii_t_lock);
	/* Release: see refs. */
	shm_store_release(&refs, shm_load_relaxed(&refs) + 1);
	pthread_mutex_unlock(&mpii_t_lock);
	*provided = MPI_THREAD_MULTIPLE;
	return MPI_SUCCESS;
}

/* What the last MPI_T_finalize frees (mpit_pvar.c, mpit_event.c, mpit_cvar.c). */
void mpii_t_pvar_drop_all(void);
void mpii_t_event_drop_all(void);
void mpii_t_cvar_drop_all(void);

#pragma weak MPI_T_finalize = PMPI_T_finalize
int PMPI_T_finalize(void)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	uint32_t n = shm_load_relaxed(&refs) - 1;
	if (n == 0) {
		mpii_t_pvar_drop_all();
		mpii_t_event_drop_all();
		mpii_t_cvar_drop_all();
	}
	shm_store_release(&refs, n);
	return mpii_t_leave(MPI_SUCCESS);
}

/* ------------------------------------------------------- enumerations */

static const char *const bool_items[] = { "off", "on", NULL };
/* Built once, on first use, from the table (which never changes). */
static struct mpii_t_enum *cvar_enums;
static pthread_once_t enums_once = PTHREAD_ONCE_INIT;

static void build_enums(void)
{
	cvar_enums = calloc(shm_config_count, sizeof(*cvar_enums));
	if (!cvar_enums)
		return;
	for (size_t i = 0; i < shm_config_count; i++) {
		const struct shm_config_var *v = &shm_config_table[i];
		struct mpii_t_enum *e = &cvar_enums[i];
		if (v->type == SHM_CONFIG_ENUM)
			e->items = v->choices;
		else if (v->type == SHM_CONFIG_BOOL)
			e->items = bool_items;
		else
			continue;
		e->magic = MPII_T_MAGIC_ENUM;
		e->name = v->name;
		while (e->items[e->n])
			e->n++;
	}
}

MPI_T_enum mpii_t_cvar_enum(int i)
{
	pthread_once(&enums_once, build_enums);
	if (!cvar_enums || i < 0 || (size_t)i >= shm_config_count || !cvar_enums[i].magic)
		return MPI_T_ENUM_NULL;
	return &cvar_enums[i];
}

/* The enumerations are the table's: a handle is valid when it points at
 * one of them. */
static struct mpii_t_enum *enum_of(MPI_T_enum e)
{
	pthread_once(&enums_once, build_enums);
	if (!cvar_enums || e < cvar_enums || e >= cvar_enums + shm_config_count || !e->magic)
		return NULL;
	return e;
}

#pragma weak MPI_T_enum_get_info = PMPI_T_enum_get_info
int PMPI_T_enum_get_info(MPI_T_enum enumtype, int *num, char *name, int *name_len)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	struct mpii_t_enum *e = enum_of(enumtype);
	if (!e)
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (num)
		*num = e->n;
	mpii_t_str(name, name_len, e->name);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_enum_get_item = PMPI_T_enum_get_item
int PMPI_T_enum_get_item(MPI_T_enum enumtype, int index, int *value, char *name, int *name_len)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	struct mpii_t_enum *e = enum_of(enumtype);
	if (!e)
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (index < 0 || index >= e->n)
		return mpii_t_leave(MPI_T_ERR_INVALID_ITEM);
	if (value)
		*value = index;
	mpii_t_str(name, name_len, e->items[index]);
	return mpii_t_leave(MPI_SUCCESS);
}
