/*
 * launcher/topo.c - binding ranks to cores and rings to NUMA nodes.
 *
 * Binding happens in the child between fork and exec so that the program
 * starts (and first touches its memory) on its core.  Ring placement is
 * done once in the launcher with mbind() on the shared mapping: for a
 * memfd (shmem) the policy belongs to the object, so it holds for every
 * process that maps it and for pages faulted in later by the senders.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <numaif.h>
#include <stdio.h>
#include <stdlib.h>
#include "launcher/topo.h"
#include "shm/segment.h"

int lnch_topo_load(struct lnch_topo *t)
{
	if (hwloc_topology_init(&t->topo) < 0)
		return -errno ? -errno : -ENOMEM;
	/* Only the CPUs this job may use (taskset, a batch system's cpuset:
	 * hwloc already leaves out what the cgroup forbids, this flag what
	 * the affinity does), so ranks are mapped and bound inside the set.
	 * hwloc accepts the flag only with IS_THISSYSTEM; should it refuse
	 * both, the whole node is used as before. */
	if (hwloc_topology_set_flags(t->topo, HWLOC_TOPOLOGY_FLAG_RESTRICT_TO_CPUBINDING |
					      HWLOC_TOPOLOGY_FLAG_IS_THISSYSTEM) < 0)
		fprintf(stderr, "mpirun-shm: warning: hwloc cannot restrict the topology to this "
				"job's CPUs: binding over the whole node\n");
	if (hwloc_topology_load(t->topo) < 0) {
		int err = errno ? -errno : -EINVAL;
		hwloc_topology_destroy(t->topo);
		return err;
	}
	t->unit = HWLOC_OBJ_CORE;
	int n = hwloc_get_nbobjs_by_type(t->topo, HWLOC_OBJ_CORE);
	if (n <= 0) {
		t->unit = HWLOC_OBJ_PU;
		n = hwloc_get_nbobjs_by_type(t->topo, HWLOC_OBJ_PU);
	}
	t->ncores = n > 0 ? (unsigned)n : 1;
	int m = hwloc_get_nbobjs_by_type(t->topo, HWLOC_OBJ_NUMANODE);
	t->nnuma = m > 0 ? (unsigned)m : 1;
	return 0;
}

void lnch_topo_free(struct lnch_topo *t)
{
	hwloc_topology_destroy(t->topo);
}

static hwloc_obj_type_t map_type(enum lnch_map map)
{
	switch (map) {
	case LNCH_MAP_SOCKET: return HWLOC_OBJ_PACKAGE;
	case LNCH_MAP_NUMA: return HWLOC_OBJ_NUMANODE;
	case LNCH_MAP_L3: return HWLOC_OBJ_L3CACHE;
	default: return HWLOC_OBJ_MACHINE;
	}
}

/* The k-th PU of core (modulo its PUs), as a set of one; a static
 * bitmap, valid until the next call. */
static hwloc_const_bitmap_t one_pu(const struct lnch_topo *t, hwloc_obj_t core, unsigned k)
{
	static hwloc_bitmap_t pu;
	if (!pu)
		pu = hwloc_bitmap_alloc();
	int w = hwloc_bitmap_weight(core->cpuset);
	int id = hwloc_bitmap_first(core->cpuset);
	for (unsigned s = 0; w > 0 && s < k % (unsigned)w; s++)
		id = hwloc_bitmap_next(core->cpuset, id);
	hwloc_bitmap_only(pu, (unsigned)id);
	(void)t;
	return pu;
}

/* --map-by ppr:N:core: ranks 0..N-1 on the first core, N..2N-1 on the
 * next, and round again when the cores run out; bound to their core (or
 * one PU of it with --bind-to hwthread) unless --bind-to none. */
static int plan_ppr_core(const struct lnch_topo *t, uint32_t ppr, enum lnch_bind bind,
			 uint32_t n, struct lnch_place *place)
{
	for (uint32_t i = 0; i < n; i++) {
		place[i].core = -1;
		place[i].set = NULL;
	}
	if (bind == LNCH_BIND_NONE)
		return 0;
	for (uint32_t i = 0; i < n; i++) {
		unsigned c = (i / ppr) % t->ncores;
		hwloc_obj_t core = hwloc_get_obj_by_type(t->topo, t->unit, c);
		if (!core)
			return 0;
		place[i].set = hwloc_bitmap_alloc();
		if (!place[i].set)
			return -ENOMEM;
		place[i].core = (int)c;
		if (bind == LNCH_BIND_HWTHREAD)
			hwloc_bitmap_copy(place[i].set, one_pu(t, core, i % ppr));
		else
			hwloc_bitmap_copy(place[i].set, core->cpuset);
	}
	return 0;
}

/* The object of `type` whose cpuset holds all of core's, or NULL. */
static hwloc_obj_t covering(const struct lnch_topo *t, hwloc_obj_type_t type, hwloc_obj_t core)
{
	int n = hwloc_get_nbobjs_by_type(t->topo, type);
	for (int k = 0; k < n; k++) {
		hwloc_obj_t o = hwloc_get_obj_by_type(t->topo, type, (unsigned)k);
		if (o->cpuset && hwloc_bitmap_isincluded(core->cpuset, o->cpuset))
			return o;
	}
	return NULL;
}

void lnch_topo_use_pus(struct lnch_topo *t)
{
	int n = hwloc_get_nbobjs_by_type(t->topo, HWLOC_OBJ_PU);
	t->unit = HWLOC_OBJ_PU;
	t->ncores = n > 0 ? (unsigned)n : 1;
}

unsigned lnch_topo_domains(const struct lnch_topo *t, enum lnch_map map)
{
	if (map == LNCH_MAP_CORE)
		return t->ncores;
	int n = hwloc_get_nbobjs_by_type(t->topo, map_type(map));
	return n > 0 ? (unsigned)n : 1;
}

/* Rank i's domain and its place in it: dealt round-robin over the domains
 * (--map-by X), or in blocks of ppr (--map-by ppr:N:X). */
static void deal(uint32_t i, int ndom, uint32_t ppr, unsigned *d, unsigned *j)
{
	if (!ppr) {
		*d = i % (unsigned)ndom;
		*j = i / (unsigned)ndom;
		return;
	}
	*d = (i / ppr) % (unsigned)ndom;
	*j = i % ppr + (i / (ppr * (unsigned)ndom)) * ppr;
}

int lnch_topo_plan(const struct lnch_topo *t, enum lnch_map map, uint32_t pe, uint32_t ppr,
		   enum lnch_bind bind, uint32_t n, struct lnch_place *place)
{
	/* ppr:N:core deals blocks of N ranks to each core: the cores are
	 * the domains. */
	if (ppr && map == LNCH_MAP_CORE)
		return plan_ppr_core(t, ppr, bind, n, place);

	hwloc_obj_type_t type = map_type(map);
	int ndom = type == HWLOC_OBJ_MACHINE ? 1 : hwloc_get_nbobjs_by_type(t->topo, type);
	unsigned *cores = calloc(t->ncores, sizeof(*cores));  /* by domain */
	unsigned *start = calloc((size_t)(ndom > 0 ? ndom : 1) + 1, sizeof(*start));
	int rc = 0;

	for (uint32_t i = 0; i < n; i++) {
		place[i].core = -1;
		place[i].set = NULL;
	}
	if (!cores || !start) {
		rc = -ENOMEM;
		goto out;
	}
	if (ndom <= 0)
		ndom = 1;
	if (bind == LNCH_BIND_DEFAULT)
		bind = (uint64_t)n * pe <= t->ncores ? LNCH_BIND_CORE : LNCH_BIND_NONE;
	if (bind == LNCH_BIND_NONE)
		goto out;

	/* The cores of each domain, domain after domain; a core outside every
	 * domain (none reported) goes to domain 0. */
	unsigned fill = 0;
	for (int d = 0; d < ndom; d++) {
		hwloc_obj_t dom = ndom > 1 ? hwloc_get_obj_by_type(t->topo, type, (unsigned)d) : NULL;
		start[d] = fill;
		for (unsigned c = 0; c < t->ncores; c++) {
			hwloc_obj_t core = hwloc_get_obj_by_type(t->topo, t->unit, c);
			bool in = !dom || !dom->cpuset ||
				  hwloc_bitmap_isincluded(core->cpuset, dom->cpuset);
			if (in && fill < t->ncores)
				cores[fill++] = c;
		}
	}
	start[ndom] = fill;
	if (fill == 0)
		goto out;  /* no core found: nothing to bind to */

	for (uint32_t i = 0; i < n; i++) {
		unsigned d, j;
		deal(i, ndom, ppr, &d, &j);
		unsigned m = start[d + 1] - start[d];
		while (m == 0) {  /* an empty domain: take the next one */
			d = (d + 1) % (unsigned)ndom;
			m = start[d + 1] - start[d];
		}
		place[i].set = hwloc_bitmap_alloc();
		if (!place[i].set) {
			rc = -ENOMEM;
			goto out;
		}
		for (unsigned k = 0; k < pe; k++) {
			unsigned c = cores[start[d] + (unsigned)(((uint64_t)j * pe + k) % m)];
			hwloc_obj_t core = hwloc_get_obj_by_type(t->topo, t->unit, c);
			if (k == 0)
				place[i].core = (int)c;
			hwloc_obj_t o = core;
			if (bind == LNCH_BIND_HWTHREAD) {
				/* One PU of the core, the next one for each
				 * rank that comes back to it. */
				hwloc_bitmap_or(place[i].set, place[i].set,
						one_pu(t, core, j * pe + k >= m ? (j * pe + k) / m : 0));
				continue;
			}
			if (bind == LNCH_BIND_SOCKET)
				o = covering(t, HWLOC_OBJ_PACKAGE, core);
			else if (bind == LNCH_BIND_NUMA)
				o = covering(t, HWLOC_OBJ_NUMANODE, core);
			hwloc_bitmap_or(place[i].set, place[i].set, (o ? o : core)->cpuset);
		}
	}
out:
	free(cores);
	free(start);
	return rc;
}

void lnch_topo_unplace(uint32_t n, struct lnch_place *place)
{
	for (uint32_t i = 0; place && i < n; i++) {
		if (place[i].set)
			hwloc_bitmap_free(place[i].set);
		place[i].set = NULL;
	}
}

int lnch_topo_bind_self(const struct lnch_topo *t, hwloc_const_bitmap_t set)
{
	if (hwloc_set_cpubind(t->topo, set, HWLOC_CPUBIND_PROCESS) < 0)
		return -errno;
	return 0;
}

/* Name set by the core it equals, or (domain) the NUMA node or package it
 * equals, else by the cores it covers. */
void lnch_topo_describe(const struct lnch_topo *t, hwloc_const_bitmap_t set, bool domain,
			char *buf, size_t len)
{
	static const struct { hwloc_obj_type_t type; const char *name; } kinds[] = {
		{ HWLOC_OBJ_CORE, "core" }, { HWLOC_OBJ_PU, "PU" },
		{ HWLOC_OBJ_NUMANODE, "NUMA node" }, { HWLOC_OBJ_PACKAGE, "package" },
	};
	char pus[128] = "?";
	hwloc_bitmap_list_snprintf(pus, sizeof(pus), set);

	for (size_t k = 0; k < (domain ? 4 : 2); k++) {
		int n = hwloc_get_nbobjs_by_type(t->topo, kinds[k].type);
		for (int i = 0; i < n; i++) {
			hwloc_obj_t o = hwloc_get_obj_by_type(t->topo, kinds[k].type, (unsigned)i);
			if (o->cpuset && hwloc_bitmap_isequal(o->cpuset, set)) {
				snprintf(buf, len, "%s %d (PUs %s)", kinds[k].name, i, pus);
				return;
			}
		}
	}
	size_t o = (size_t)snprintf(buf, len, "%ss", t->unit == HWLOC_OBJ_CORE ? "core" : "PU");
	char sep = ' ';
	for (unsigned c = 0; c < t->ncores && o < len; c++) {
		hwloc_obj_t core = hwloc_get_obj_by_type(t->topo, t->unit, c);
		if (core && hwloc_bitmap_isincluded(core->cpuset, set)) {
			o += (size_t)snprintf(buf + o, len - o, "%c%u", sep, c);
			sep = ',';
		}
	}
	if (o < len)
		snprintf(buf + o, len - o, " (PUs %s)", pus);
}

int lnch_topo_place_rings(const struct lnch_topo *t, const struct shm_seg *seg,
			  const int *core)
{
	uint32_t n = seg->geo.nmembers;
	size_t bytes = (size_t)n * seg->geo.ring_stride;
	int err = 0;

	if (t->nnuma <= 1)
		return 0;
	for (uint32_t i = 0; i < n; i++) {
		if (core[i] < 0)
			continue;
		hwloc_obj_t o = hwloc_get_obj_by_type(t->topo, t->unit, (unsigned)core[i]);
		if (!o || !o->nodeset)
			continue;
		int node = hwloc_bitmap_first(o->nodeset);
		if (node < 0 || node >= (int)(8 * sizeof(unsigned long)))
			continue;
		unsigned long mask = 1ul << node;
		/* Preferred, not bound: a full node must not fail a job.  MOVE
		 * migrates any page already touched.  The block is the cells of
		 * the rings member i writes (segment version 8: by producer,
		 * before by consumer), so they are near their writer. */
		if (mbind(shm_seg_ring_cells(seg, 0, i), bytes, MPOL_PREFERRED, &mask,
			  8 * sizeof(mask), MPOL_MF_MOVE) < 0 && !err)
			err = -errno;
	}
	return err;
}
