/*
 * lib/comm/group.c - group algebra (MPI_Group_*) and MPI_Comm_group.
 *
 * A group is an ordered list of world ranks (lib/comm/comm.h).  Every operation
 * builds a new list in O(size + world size) with a world-indexed lookup
 * table, so no operation is quadratic.  Empty results are MPI_GROUP_EMPTY
 * (a static object that reference counting never frees).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/attr/attr.h"
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/comm/group.h"

static int group_check(MPI_Group g)
{
	return MPII_VALID(g, MPII_MAGIC_GROUP) ? MPI_SUCCESS : MPI_ERR_GROUP;
}

/* Position of each world rank in g, -1 when absent.  NULL on no memory. */
static int *world_index(const struct mpii_group *g)
{
	int *idx = malloc(sizeof(int) * (size_t)(mpii_g.nmembers > 0 ? mpii_g.nmembers : 1));
	if (!idx)
		return NULL;
	for (int i = 0; i < mpii_g.nmembers; i++)
		idx[i] = -1;
	for (int i = 0; i < g->size; i++)
		idx[g->world[i]] = i;
	return idx;
}

/* A group of the n world ranks in w (copied), or MPI_GROUP_EMPTY; it
 * derives from session (MPI-4.0: the session of the group it was made
 * of, NULL for none). */
static int group_from(const int *w, int n, struct mpii_session *session, MPI_Group *out)
{
	if (n == 0) {
		*out = MPI_GROUP_EMPTY;
		return MPI_SUCCESS;
	}
	struct mpii_group *g = mpii_group_new(n);
	if (!g)
		return MPI_ERR_NO_MEM;
	memcpy(g->world, w, sizeof(int) * (size_t)n);
	mpii_group_set_rank(g);
	g->session = session;
	*out = g;
	return MPI_SUCCESS;
}

/* Take a reference to g for a new handle. */
struct mpii_group *mpii_group_ref(struct mpii_group *g)
{
	/* Relaxed: the caller holds a reference; only the decrement that
	 * frees needs ordering (acq_rel in mpii_group_unref). */
	if (g != MPI_GROUP_EMPTY)
		shm_fetch_add_relaxed(&g->refcount, 1);
	return g;
}

int mpii_Group_size(const char *fn, MPI_Group group, int *size)
{
	if (group_check(group))
		return mpii_err(NULL, MPI_ERR_GROUP, fn, "invalid group");
	if (!size)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "size is NULL");
	*size = group->size;
	return MPI_SUCCESS;
}

int mpii_Group_rank(const char *fn, MPI_Group group, int *rank)
{
	if (group_check(group))
		return mpii_err(NULL, MPI_ERR_GROUP, fn, "invalid group");
	if (!rank)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "rank is NULL");
	*rank = group->rank;
	return MPI_SUCCESS;
}

int mpii_Group_translate_ranks(const char *fn, MPI_Group group1, int n, const int ranks1[],
			       MPI_Group group2, int ranks2[])
{
	if (group_check(group1) || group_check(group2))
		return mpii_err(NULL, MPI_ERR_GROUP, fn, "invalid group");
	if (n < 0 || (n > 0 && (!ranks1 || !ranks2)))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid rank arrays");
	for (int i = 0; i < n; i++)
		if (ranks1[i] != MPI_PROC_NULL && (ranks1[i] < 0 || ranks1[i] >= group1->size))
			return mpii_err(NULL, MPI_ERR_RANK, fn, "rank %d not in group1", ranks1[i]);
	int *idx = world_index(group2);
	if (!idx)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	for (int i = 0; i < n; i++) {
		if (ranks1[i] == MPI_PROC_NULL) {
			ranks2[i] = MPI_PROC_NULL;
			continue;
		}
		int r = idx[group1->world[ranks1[i]]];
		ranks2[i] = r < 0 ? MPI_UNDEFINED : r;
	}
	free(idx);
	return MPI_SUCCESS;
}

/* MPI_IDENT, MPI_SIMILAR or MPI_UNEQUAL; -1 when out of memory. */
int mpii_group_compare(const struct mpii_group *a, const struct mpii_group *b)
{
	if (a->size != b->size)
		return MPI_UNEQUAL;
	if (a->size == 0 || !memcmp(a->world, b->world, sizeof(int) * (size_t)a->size))
		return MPI_IDENT;
	int *idx = world_index(b);
	if (!idx)
		return -1;
	int res = MPI_SIMILAR;
	for (int i = 0; i < a->size; i++)
		if (idx[a->world[i]] < 0)
			res = MPI_UNEQUAL;
	free(idx);
	return res;
}

int mpii_Group_compare(const char *fn, MPI_Group group1, MPI_Group group2, int *result)
{
	if (group_check(group1) || group_check(group2))
		return mpii_err(NULL, MPI_ERR_GROUP, fn, "invalid group");
	if (!result)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "result is NULL");
	int r = mpii_group_compare(group1, group2);
	if (r < 0)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	*result = r;
	return MPI_SUCCESS;
}

enum setop { SET_UNION, SET_INTERSECTION, SET_DIFFERENCE };

static int set_op(const char *fn, MPI_Group g1, MPI_Group g2, MPI_Group *newgroup, enum setop op)
{
	if (group_check(g1) || group_check(g2))
		return mpii_err(NULL, MPI_ERR_GROUP, fn, "invalid group");
	if (!newgroup)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newgroup is NULL");
	int *idx = world_index(g2);
	int *w = malloc(sizeof(int) * (size_t)(g1->size + g2->size + 1));
	if (!idx || !w) {
		free(idx);
		free(w);
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	}
	int n = 0;
	for (int i = 0; i < g1->size; i++) {
		int in2 = idx[g1->world[i]] >= 0;
		if (op == SET_UNION || (op == SET_INTERSECTION) == in2)
			w[n++] = g1->world[i];
	}
	if (op == SET_UNION) {
		/* members of g2 not in g1, in g2's order */
		for (int i = 0; i < g2->size; i++)
			idx[g2->world[i]] = -1;
		for (int i = 0; i < g1->size; i++)
			idx[g1->world[i]] = i;
		for (int i = 0; i < g2->size; i++)
			if (idx[g2->world[i]] < 0)
				w[n++] = g2->world[i];
	}
	int rc = group_from(w, n, g1->session, newgroup);
	free(idx);
	free(w);
	if (rc)
		return mpii_err(NULL, rc, fn, "out of memory");
	return MPI_SUCCESS;
}

#pragma weak MPI_Group_union = PMPI_Group_union
int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
	MPII_CHECK_INIT("MPI_Group_union");
	return set_op("MPI_Group_union", group1, group2, newgroup, SET_UNION);
}

#pragma weak MPI_Group_intersection = PMPI_Group_intersection
int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
	MPII_CHECK_INIT("MPI_Group_intersection");
	return set_op("MPI_Group_intersection", group1, group2, newgroup, SET_INTERSECTION);
}

#pragma weak MPI_Group_difference = PMPI_Group_difference
int PMPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
	MPII_CHECK_INIT("MPI_Group_difference");
	return set_op("MPI_Group_difference", group1, group2, newgroup, SET_DIFFERENCE);
}

/* Mark the n ranks of group (checked: in range, distinct when `distinct`)
 * in sel[] with their order 1..n.  Returns an error class. */
static int mark_ranks(const struct mpii_group *g, int n, const int ranks[], int *sel)
{
	if (n < 0 || n > g->size || (n > 0 && !ranks))
		return MPI_ERR_ARG;
	for (int i = 0; i < n; i++) {
		if (ranks[i] < 0 || ranks[i] >= g->size)
			return MPI_ERR_RANK;
		if (sel[ranks[i]])
			return MPI_ERR_RANK;
		sel[ranks[i]] = i + 1;
	}
	return MPI_SUCCESS;
}

/* Expand ranges (first, last, stride) into a list; MPI_ERR_RANK or
 * MPI_ERR_ARG on a bad range or a rank named twice. */
static int expand_ranges(const struct mpii_group *g, int n, int ranges[][3], int **list, int *len)
{
	if (n < 0 || (n > 0 && !ranges))
		return MPI_ERR_ARG;
	long total = 0;
	for (int i = 0; i < n; i++) {
		int f = ranges[i][0], l = ranges[i][1], s = ranges[i][2];
		if (s == 0 || f < 0 || f >= g->size || l < 0 || l >= g->size)
			return MPI_ERR_RANK;
		if ((s > 0 && f > l) || (s < 0 && f < l))
			return MPI_ERR_ARG;
		total += (l - f) / s + 1;
	}
	if (total > g->size)
		return MPI_ERR_RANK;
	int *out = malloc(sizeof(int) * (size_t)(total + 1));
	if (!out)
		return MPI_ERR_NO_MEM;
	int k = 0;
	for (int i = 0; i < n; i++) {
		int f = ranges[i][0], l = ranges[i][1], s = ranges[i][2];
		for (int r = f; s > 0 ? r <= l : r >= l; r += s)
			out[k++] = r;
	}
	*list = out;
	*len = k;
	return MPI_SUCCESS;
}

/* incl/excl on an explicit list of group ranks. */
static int incl_excl(const char *fn, MPI_Group group, int n, const int ranks[],
		     MPI_Group *newgroup, int incl)
{
	if (group_check(group))
		return mpii_err(NULL, MPI_ERR_GROUP, fn, "invalid group");
	if (!newgroup)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newgroup is NULL");
	int *sel = calloc((size_t)group->size + 1, sizeof(int));
	int *w = malloc(sizeof(int) * ((size_t)group->size + 1));
	int rc = MPI_ERR_NO_MEM;
	if (sel && w)
		rc = mark_ranks(group, n, ranks, sel);
	if (rc == MPI_SUCCESS) {
		int k = 0;
		if (incl) {
			for (int i = 0; i < n; i++)
				w[k++] = group->world[ranks[i]];
		} else {
			for (int i = 0; i < group->size; i++)
				if (!sel[i])
					w[k++] = group->world[i];
		}
		rc = group_from(w, k, group->session, newgroup);
	}
	free(sel);
	free(w);
	if (rc)
		return mpii_err(NULL, rc, fn, "invalid ranks or out of memory");
	return MPI_SUCCESS;
}

#pragma weak MPI_Group_incl = PMPI_Group_incl
int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
	MPII_CHECK_INIT("MPI_Group_incl");
	return incl_excl("MPI_Group_incl", group, n, ranks, newgroup, 1);
}

#pragma weak MPI_Group_excl = PMPI_Group_excl
int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
	MPII_CHECK_INIT("MPI_Group_excl");
	return incl_excl("MPI_Group_excl", group, n, ranks, newgroup, 0);
}

static int range_incl_excl(const char *fn, MPI_Group group, int n, int ranges[][3],
			   MPI_Group *newgroup, int incl)
{
	if (group_check(group))
		return mpii_err(NULL, MPI_ERR_GROUP, fn, "invalid group");
	/* The missing output first, as MPICH does (its errors/group tests
	 * pass ranges that are also invalid at np 1). */
	if (!newgroup)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newgroup is NULL");
	int *list = NULL, len = 0;
	int rc = expand_ranges(group, n, ranges, &list, &len);
	if (rc)
		return mpii_err(NULL, rc, fn, "invalid ranges");
	rc = incl_excl(fn, group, len, list, newgroup, incl);
	free(list);
	return rc;
}

#pragma weak MPI_Group_range_incl = PMPI_Group_range_incl
int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
	MPII_CHECK_INIT("MPI_Group_range_incl");
	return range_incl_excl("MPI_Group_range_incl", group, n, ranges, newgroup, 1);
}

#pragma weak MPI_Group_range_excl = PMPI_Group_range_excl
int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
	MPII_CHECK_INIT("MPI_Group_range_excl");
	return range_incl_excl("MPI_Group_range_excl", group, n, ranges, newgroup, 0);
}

int mpii_Group_free(const char *fn, MPI_Group *group)
{
	if (!group || group_check(*group))
		return mpii_err(NULL, MPI_ERR_GROUP, fn, "invalid group");
	/* The attributes cached on this handle go with it, whoever else holds
	 * the object (a communicator made from it, seed 002 6.7; issue 14
	 * item 11).  A failing delete callback fails the free. */
	int rc = mpii_attr_delete_all_group(*group);
	if (rc)
		return mpii_err(NULL, rc, fn, "an attribute delete callback failed");
	mpii_lock();
	mpii_group_unref(*group);
	mpii_unlock();
	*group = MPI_GROUP_NULL;
	return MPI_SUCCESS;
}

int mpii_Comm_group(const char *fn, MPI_Comm comm, MPI_Group *group)
{
	if (!group)
		return mpii_err(comm, MPI_ERR_ARG, fn, "group is NULL");
	/* a handle of its own, so attributes cached on it are not shared
	 * with the communicator or other MPI_Comm_group handles */
	if (group_from(comm->group->world, comm->group->size, comm->session, group))
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Comm_remote_group(const char *fn, MPI_Comm comm, MPI_Group *group)
{
	if (!comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "not an intercommunicator");
	if (!group)
		return mpii_err(comm, MPI_ERR_ARG, fn, "group is NULL");
	if (group_from(comm->remote->world, comm->remote->size, comm->session, group))
		return mpii_err(comm, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Comm_remote_size(const char *fn, MPI_Comm comm, int *size)
{
	if (!comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "not an intercommunicator");
	if (!size)
		return mpii_err(comm, MPI_ERR_ARG, fn, "size is NULL");
	*size = comm->remote->size;
	return MPI_SUCCESS;
}
