/*
 * lib/tools/mpit_category.c - categories: one per folder of lib/ that has
 * variables or events (core, p2p, coll, ext, rma, io) and one per other
 * owner of configuration variables (launcher, prof for perf/prof, testing
 * for tests/ and perf/).  A variable belongs to the category of the code
 * that reads it (its row's owner; for a performance variable, the folder
 * whose counter it is).  Categories have no subcategories, and the set is
 * fixed: MPI_T_category_changed always answers 0.
 */
#include <string.h>
#include "lib/tools/tools.h"

static const char *const cat_names[MPII_T_NCATS] = {
	"core", "p2p", "coll", "ext", "rma", "io", "launcher", "prof", "testing",
};

static const char *const cat_descs[MPII_T_NCATS] = {
	"lib/core: joining the job, waiting (spin, yield, sleep), the wait timer",
	"lib/p2p: the transport: eager and rendezvous messages, single copy, the unexpected queue",
	"lib/coll: collective algorithms and the segment's shared-memory collectives",
	"lib/ext: the seeds' extensions: request handlers and the handler thread",
	"lib/rma: one-sided operations",
	"lib/io: MPI-IO file accesses",
	"mpirun-shm and the compiler wrappers: segment geometry, profiling, compilers (read-only in a rank)",
	"perf/prof: the profiler libshmpi-prof (mpirun-shm --profile)",
	"tests/ and perf/: testing aids (read-only in a rank)",
};

/* Members of category c of a kind: count them, and list the first len. */
static int members(enum mpii_t_cat c, int n, enum mpii_t_cat (*cat_of)(int), int len, int *out)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		if (cat_of(i) == c) {
			if (out && k < len)
				out[k] = i;
			k++;
		}
	return k;
}

#pragma weak MPI_T_category_get_num = PMPI_T_category_get_num
int PMPI_T_category_get_num(int *num_cat)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!num_cat)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	*num_cat = MPII_T_NCATS;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_category_get_info = PMPI_T_category_get_info
int PMPI_T_category_get_info(int cat_index, char *name, int *name_len, char *desc, int *desc_len,
			     int *num_cvars, int *num_pvars, int *num_categories)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (cat_index < 0 || cat_index >= MPII_T_NCATS)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	enum mpii_t_cat c = (enum mpii_t_cat)cat_index;
	mpii_t_str(name, name_len, cat_names[c]);
	mpii_t_str(desc, desc_len, cat_descs[c]);
	if (num_cvars)
		*num_cvars = members(c, mpii_t_cvar_count(), mpii_t_cvar_cat, 0, NULL);
	if (num_pvars)
		*num_pvars = members(c, mpii_t_pvar_count(), mpii_t_pvar_cat, 0, NULL);
	if (num_categories)
		*num_categories = 0;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_category_get_num_events = PMPI_T_category_get_num_events
int PMPI_T_category_get_num_events(int cat_index, int *num_events)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (cat_index < 0 || cat_index >= MPII_T_NCATS)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	if (!num_events)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	*num_events = members((enum mpii_t_cat)cat_index, mpii_t_event_count(), mpii_t_event_cat, 0,
			      NULL);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_category_get_index = PMPI_T_category_get_index
int PMPI_T_category_get_index(const char *name, int *cat_index)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!name || !cat_index)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	int i = mpii_t_find(cat_names, MPII_T_NCATS, name);
	if (i < 0)
		return mpii_t_leave(MPI_T_ERR_INVALID_NAME);
	*cat_index = i;
	return mpii_t_leave(MPI_SUCCESS);
}

/* The three listings: indices of the category's members of one kind. */
static int list(int cat_index, int len, int *indices, int n, enum mpii_t_cat (*cat_of)(int))
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (cat_index < 0 || cat_index >= MPII_T_NCATS)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	if (len < 0 || (len > 0 && !indices))
		return mpii_t_leave(MPI_T_ERR_INVALID);
	members((enum mpii_t_cat)cat_index, n, cat_of, len, indices);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_category_get_cvars = PMPI_T_category_get_cvars
int PMPI_T_category_get_cvars(int cat_index, int len, int indices[])
{
	return list(cat_index, len, indices, mpii_t_cvar_count(), mpii_t_cvar_cat);
}

#pragma weak MPI_T_category_get_pvars = PMPI_T_category_get_pvars
int PMPI_T_category_get_pvars(int cat_index, int len, int indices[])
{
	return list(cat_index, len, indices, mpii_t_pvar_count(), mpii_t_pvar_cat);
}

#pragma weak MPI_T_category_get_events = PMPI_T_category_get_events
int PMPI_T_category_get_events(int cat_index, int len, int indices[])
{
	return list(cat_index, len, indices, mpii_t_event_count(), mpii_t_event_cat);
}

#pragma weak MPI_T_category_get_categories = PMPI_T_category_get_categories
int PMPI_T_category_get_categories(int cat_index, int len, int indices[])
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (cat_index < 0 || cat_index >= MPII_T_NCATS)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	if (len < 0 || (len > 0 && !indices))
		return mpii_t_leave(MPI_T_ERR_INVALID);
	return mpii_t_leave(MPI_SUCCESS); /* no subcategories */
}

#pragma weak MPI_T_category_changed = PMPI_T_category_changed
int PMPI_T_category_changed(int *update_number)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!update_number)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	*update_number = 0;
	return mpii_t_leave(MPI_SUCCESS);
}
