/*
 * lib/attr/info.c - MPI_Info: create, set, get, get_valuelen, delete,
 * get_nkeys, get_nthkey, dup, free, the predefined MPI_INFO_ENV, and
 * MPI-4.0's MPI_Info_get_string and MPI_Info_create_env, and MPI-4.1's
 * MPI_Get_hw_resource_info.
 *
 * An info is a small array of (key, value) pairs kept in insertion order,
 * which is the order MPI_Info_get_nthkey reports; setting an existing key
 * replaces its value in place.  Keys are at most MPI_MAX_INFO_KEY - 1
 * characters and values MPI_MAX_INFO_VAL - 1 (MPI_ERR_INFO_KEY /
 * MPI_ERR_INFO_VALUE beyond).  Freed infos are poisoned (MPII_MAGIC_FREED)
 * and their memory is released; their handle was set to MPI_INFO_NULL.
 *
 * MPI_INFO_ENV is filled on first use with the standard keys the launcher
 * environment can answer (command, maxprocs, host, arch, wdir,
 * thread_level) and is read-only.  As the standard allows, info objects
 * are not locked: two threads must not use one info at the same time
 * (MPI_INFO_ENV excepted, whose filling is guarded).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "lib/core/core.h"
#include "lib/attr/info.h"
#include "shm/config.h"

/* Freed infos wait here before reuse (lib/core/pool.h): a stale handle
 * reads a poisoned magic word, never freed memory. */
static struct mpii_pool info_pool = MPII_POOL_INIT(struct mpii_info);

MPII_API struct mpii_info mpii_obj_info_env = { .magic = MPII_MAGIC_INFO };

static pthread_once_t env_once = PTHREAD_ONCE_INIT;

/* ------------------------------------------------------------ entries */

static int find(const struct mpii_info *info, const char *key)
{
	for (int i = 0; i < info->n; i++)
		if (strcmp(info->ent[i].key, key) == 0)
			return i;
	return -1;
}

/* Set key = val.  MPI_SUCCESS or MPI_ERR_NO_MEM. */
static int put(struct mpii_info *info, const char *key, const char *val)
{
	int i = find(info, key);
	char *v = strdup(val), *k = NULL;

	if (!v)
		return MPI_ERR_NO_MEM;
	if (i >= 0) {
		free(info->ent[i].val);
		info->ent[i].val = v;
		return MPI_SUCCESS;
	}
	if (info->n == info->cap) {
		int ncap = info->cap ? 2 * info->cap : 8;
		struct mpii_info_entry *ne = realloc(info->ent, ncap * sizeof(*ne));
		if (!ne)
			goto fail_grow;
		info->ent = ne;
		info->cap = ncap;
	}
	if (!(k = strdup(key)))
		goto fail_grow;
	info->ent[info->n].key = k;
	info->ent[info->n].val = v;
	info->n++;
	return MPI_SUCCESS;

fail_grow:
	free(v);
	return MPI_ERR_NO_MEM;
}

/* The keys of MPI_INFO_ENV into e.  launch: MPI_Info_create_env's, the same
 * before and after MPI_Init (the MPICH suite's info/infocreateenv checks
 * that): maxprocs and thread_level as the launcher set them (MPI-4.0
 * 11.2.1: "the requested thread level, if requested before the program
 * started execution"), not as MPI_Init made them. */
static void fill_env_into(struct mpii_info *e, int launch)
{
	char buf[4096];
	struct utsname u;
	static const char *levels[] = { "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED",
					"MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE" };
	ssize_t n;

	/* out of memory here leaves keys out; nothing to report them to */
	if ((n = readlink("/proc/self/exe", buf, sizeof(buf) - 1)) > 0) {
		buf[n] = '\0';
		(void)put(e, "command", buf);
	}
	snprintf(buf, sizeof(buf), "%d", launch ? (int)shm_config_get("SHMPI_SIZE") : mpii_g.size);
	(void)put(e, "maxprocs", buf);
	if (gethostname(buf, sizeof(buf) - 1) == 0) {
		buf[sizeof(buf) - 1] = '\0';
		(void)put(e, "host", buf);
	}
	if (uname(&u) == 0)
		(void)put(e, "arch", u.machine);
	if (getcwd(buf, sizeof(buf)))
		(void)put(e, "wdir", buf);
	int level = launch ? (int)shm_config_get("SHMPI_THREAD_LEVEL") : mpii_g.thread_level;
	if (level >= 0 && level <= 3)
		(void)put(e, "thread_level", levels[level]);
}

static void fill_env(void)
{
	fill_env_into(&mpii_obj_info_env, 0);
}

/* Check an info handle for reading; fills MPI_INFO_ENV on first use. */
static int check(MPI_Info info)
{
	if (!MPII_VALID(info, MPII_MAGIC_INFO))
		return MPI_ERR_INFO;
	if (info == MPI_INFO_ENV)
		pthread_once(&env_once, fill_env);
	return MPI_SUCCESS;
}

/* A key the standard accepts: 1 .. MPI_MAX_INFO_KEY - 1 characters. */
static int key_ok(const char *key)
{
	size_t n;
	if (!key)
		return 0;
	n = strnlen(key, MPI_MAX_INFO_KEY);
	return n > 0 && n < MPI_MAX_INFO_KEY;
}

/* --------------------------------------------------------- internal */

const char *mpii_info_lookup(struct mpii_info *info, const char *key)
{
	int i;
	if (!info || check(info) != MPI_SUCCESS || (i = find(info, key)) < 0)
		return NULL;
	return info->ent[i].val;
}

int mpii_info_dup(struct mpii_info *src, struct mpii_info **out)
{
	struct mpii_info *d = mpii_pool_get(&info_pool);

	if (!d)
		return MPI_ERR_NO_MEM;
	d->magic = MPII_MAGIC_INFO;
	for (int i = 0; src && i < src->n; i++) {
		if (put(d, src->ent[i].key, src->ent[i].val) != MPI_SUCCESS) {
			mpii_info_release(d);
			return MPI_ERR_NO_MEM;
		}
	}
	*out = d;
	return MPI_SUCCESS;
}

void mpii_info_release(struct mpii_info *info)
{
	if (!info || info == MPI_INFO_ENV)
		return;
	for (int i = 0; i < info->n; i++) {
		free(info->ent[i].key);
		free(info->ent[i].val);
	}
	free(info->ent);
	info->magic = MPII_MAGIC_FREED;
	mpii_pool_put(&info_pool, info);
}

/* ------------------------------------------------------------ public */

int mpii_Info_create(const char *fn, MPI_Info *info)
{
	if (!info)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "info is NULL");
	if (mpii_info_dup(NULL, info) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Info_set(const char *fn, MPI_Info info, const char *key, const char *value)
{
	if (check(info) != MPI_SUCCESS || info == MPI_INFO_ENV)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid or read-only info");
	if (!key_ok(key))
		return mpii_err(NULL, MPI_ERR_INFO_KEY, fn, "key empty, NULL or too long");
	if (!value || strnlen(value, MPI_MAX_INFO_VAL) >= MPI_MAX_INFO_VAL)
		return mpii_err(NULL, MPI_ERR_INFO_VALUE, fn, "value NULL or too long");
	if (put(info, key, value) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Info_get(const char *fn, MPI_Info info, const char *key, int valuelen, char *value,
		  int *flag)
{
	int i;

	if (check(info) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid info");
	if (!key_ok(key))
		return mpii_err(NULL, MPI_ERR_INFO_KEY, fn, "key empty, NULL or too long");
	if (valuelen < 0 || !value || !flag)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "bad valuelen, value or flag");
	if ((i = find(info, key)) < 0) {
		*flag = 0;
		return MPI_SUCCESS;
	}
	/* value has room for valuelen characters and the NUL (MPI-3.1 9.2);
	 * write only the value and its terminator, never pad up to valuelen:
	 * callers that pass their buffer's size as valuelen must not be
	 * overrun when the value is shorter (issue 14 item 3). */
	size_t len = strlen(info->ent[i].val);
	if (len > (size_t)valuelen)
		len = (size_t)valuelen;
	memcpy(value, info->ent[i].val, len);
	value[len] = '\0';
	*flag = 1;
	return MPI_SUCCESS;
}

int mpii_Info_get_valuelen(const char *fn, MPI_Info info, const char *key, int *valuelen, int *flag)
{
	int i;

	if (check(info) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid info");
	if (!key_ok(key))
		return mpii_err(NULL, MPI_ERR_INFO_KEY, fn, "key empty, NULL or too long");
	if (!valuelen || !flag)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "valuelen or flag is NULL");
	if ((i = find(info, key)) < 0) {
		*flag = 0;
		return MPI_SUCCESS;
	}
	*valuelen = (int)strlen(info->ent[i].val);
	*flag = 1;
	return MPI_SUCCESS;
}

int mpii_Info_delete(const char *fn, MPI_Info info, const char *key)
{
	int i;

	if (check(info) != MPI_SUCCESS || info == MPI_INFO_ENV)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid or read-only info");
	if (!key_ok(key))
		return mpii_err(NULL, MPI_ERR_INFO_KEY, fn, "key empty, NULL or too long");
	if ((i = find(info, key)) < 0)
		return mpii_err(NULL, MPI_ERR_INFO_NOKEY, fn, "key \"%s\" not set", key);
	free(info->ent[i].key);
	free(info->ent[i].val);
	memmove(&info->ent[i], &info->ent[i + 1], (info->n - i - 1) * sizeof(info->ent[0]));
	info->n--;
	return MPI_SUCCESS;
}

int mpii_Info_get_nkeys(const char *fn, MPI_Info info, int *nkeys)
{
	if (check(info) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid info");
	if (!nkeys)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "nkeys is NULL");
	*nkeys = info->n;
	return MPI_SUCCESS;
}

int mpii_Info_get_nthkey(const char *fn, MPI_Info info, int n, char *key)
{
	if (check(info) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid info");
	if (n < 0 || n >= info->n || !key)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "n = %d out of range [0, %d) or key NULL",
				n, info->n);
	strcpy(key, info->ent[n].key);   /* at most MPI_MAX_INFO_KEY - 1 chars */
	return MPI_SUCCESS;
}

int mpii_Info_dup(const char *fn, MPI_Info info, MPI_Info *newinfo)
{
	if (check(info) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid info");
	if (!newinfo)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newinfo is NULL");
	if (mpii_info_dup(info, newinfo) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Info_free(const char *fn, MPI_Info *info)
{
	if (!info || check(*info) != MPI_SUCCESS || *info == MPI_INFO_ENV)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid or predefined info");
	mpii_info_release(*info);
	*info = MPI_INFO_NULL;
	return MPI_SUCCESS;
}

/* MPI-4.0 10.2: *buflen is the room in value, the NUL included; a found
 * value is copied truncated to *buflen - 1 characters (nothing written when
 * *buflen is 0) and *buflen becomes its length + 1, the room it needs.  A
 * missing key leaves value and *buflen alone. */
int mpii_Info_get_string(const char *fn, MPI_Info info, const char *key, int *buflen, char *value,
			 int *flag)
{
	int i;

	if (check(info) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_INFO, fn, "invalid info");
	if (!key_ok(key))
		return mpii_err(NULL, MPI_ERR_INFO_KEY, fn, "key empty, NULL or too long");
	if (!buflen || *buflen < 0 || (*buflen > 0 && !value) || !flag)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "bad buflen, value or flag");
	if ((i = find(info, key)) < 0) {
		*flag = 0;
		return MPI_SUCCESS;
	}
	size_t len = strlen(info->ent[i].val);
	if (*buflen > 0) {
		size_t n = len < (size_t)*buflen - 1 ? len : (size_t)*buflen - 1;
		memcpy(value, info->ent[i].val, n);
		value[n] = '\0';
	}
	*buflen = (int)len + 1;
	*flag = 1;
	return MPI_SUCCESS;
}

/* MPI-4.0 11.2.1: a new info with MPI_INFO_ENV's keys, callable before
 * MPI_Init and after MPI_Finalize, the same each time (fill_env_into).
 * argc and argv may be 0 and NULL (Fortran);
 * the command line is the program's (/proc/self/exe), not argv[0]. */
int mpii_Info_create_env(const char *fn, int argc, char *argv[], MPI_Info *info)
{
	(void)argv;
	if (argc < 0 || !info)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "argc negative or info NULL");
	if (mpii_info_dup(NULL, info) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	fill_env_into(*info, 1);
	return MPI_SUCCESS;
}

/* MPI-4.1 11.4: the hardware this process runs on, as an info the caller
 * frees.  Without hwloc shmpi knows one kind of resource, the shared
 * memory of the node the whole job runs on: mpi_hw_resource_type names
 * it with the one value MPI-4.0 7.4.2 predefines ("mpi_shared_memory");
 * Open MPI answers an empty info here, MPICH hwloc's names. */
int mpii_Get_hw_resource_info(const char *fn, MPI_Info *hw_info)
{
	if (!hw_info)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "hw_info is NULL");
	*hw_info = MPI_INFO_NULL;
	if (mpii_info_dup(NULL, hw_info) != MPI_SUCCESS ||
	    put(*hw_info, "mpi_hw_resource_type", "mpi_shared_memory") != MPI_SUCCESS) {
		if (*hw_info)
			mpii_info_release(*hw_info);
		*hw_info = MPI_INFO_NULL;
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	}
	return MPI_SUCCESS;
}
