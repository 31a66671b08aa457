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
#include "launcher/topo.h"
#include "shm/segment.h"

int lnch_topo_load(struct lnch_topo *t)
{
	if (hwloc_topology_init(&t->topo) < 0)
		return -errno ? -errno : -ENOMEM;
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

unsigned lnch_topo_core(const struct lnch_topo *t, uint32_t rank)
{
	return rank % t->ncores;
}

int lnch_topo_bind_self(const struct lnch_topo *t, unsigned core)
{
	hwloc_obj_t o = hwloc_get_obj_by_type(t->topo, t->unit, core);
	if (!o)
		return -EINVAL;
	if (hwloc_set_cpubind(t->topo, o->cpuset, HWLOC_CPUBIND_PROCESS) < 0)
		return -errno;
	return 0;
}

void lnch_topo_describe(const struct lnch_topo *t, unsigned core, char *buf, size_t len)
{
	hwloc_obj_t o = hwloc_get_obj_by_type(t->topo, t->unit, core);
	char pus[128] = "?";
	if (o)
		hwloc_bitmap_list_snprintf(pus, sizeof(pus), o->cpuset);
	snprintf(buf, len, "%s %u (PUs %s)", t->unit == HWLOC_OBJ_CORE ? "core" : "PU",
		 core, pus);
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
		 * migrates the ring headers shm_seg_create() already touched. */
		if (mbind(shm_seg_ring(seg, i, 0), bytes, MPOL_PREFERRED, &mask,
			  8 * sizeof(mask), MPOL_MF_MOVE) < 0 && !err)
			err = -errno;
	}
	return err;
}
