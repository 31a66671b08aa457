/*
 * lib/core/hwtopo.c - hwloc's view of the node for MPI-4's hardware-aware
 * calls: which package holds a NUMA node (the shmpi://package/P process
 * sets) and which resource of a type holds this process (the split types
 * MPI_COMM_TYPE_HW_GUIDED and HW_UNGUIDED).
 *
 * The topology is loaded once per process, at the first question (a few
 * milliseconds), restricted to what this process's cgroup allows, as the
 * launcher loads it (launcher/topo.c).  Every process of the job asks the
 * same machine, so answers about a node agree between processes.
 */
#include <hwloc.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>
#include "lib/core/core.h"
#include "lib/core/hwtopo.h"
#include "shm/config.h"

const char *const mpii_hw_levels[] = { "Package", "NUMANode", "L3Cache", "L2Cache", "Core",
				       "PU", NULL };

static pthread_mutex_t topo_mu = PTHREAD_MUTEX_INITIALIZER;
static hwloc_topology_t topo;
static int topo_state;   /* 0 not tried, 1 loaded, -1 failed */

/* The topology, or NULL when hwloc cannot load one.  topo_mu held. */
static hwloc_topology_t get_topo(void)
{
	if (topo_state == 0) {
		topo_state = -1;
		if (hwloc_topology_init(&topo) == 0) {
			if (hwloc_topology_load(topo) == 0)
				topo_state = 1;
			else
				hwloc_topology_destroy(topo);
		}
	}
	return topo_state == 1 ? topo : NULL;
}

int mpii_hw_node_package(int node)
{
	int pkg = 0;
	pthread_mutex_lock(&topo_mu);
	hwloc_topology_t t = get_topo();
	hwloc_obj_t o = t ? hwloc_get_numanode_obj_by_os_index(t, (unsigned)node) : NULL;
	while (o && o->type != HWLOC_OBJ_PACKAGE)
		o = o->parent;
	if (o)
		pkg = (int)o->logical_index;
	pthread_mutex_unlock(&topo_mu);
	return pkg;
}

/* The NUMA node of this process: the one lib/coll/numa.c published (a
 * fake one under SHMPI_COLL_FAKE_NUMA), unless the machine has several and
 * the process may run on more than one. */
static int my_node(hwloc_topology_t t, hwloc_cpuset_t set, int *id)
{
	*id = mpii_g.me ? mpii_g.me->numa_node : 0;
	if (shm_config_get("SHMPI_COLL_FAKE_NUMA") >= 2 || !t)
		return 1;
	hwloc_nodeset_t ns = hwloc_bitmap_alloc();
	if (!ns)
		return 0;
	hwloc_cpuset_to_nodeset(t, set, ns);
	int w = hwloc_bitmap_weight(ns);
	if (w == 1)
		*id = hwloc_bitmap_first(ns);
	hwloc_bitmap_free(ns);
	return w == 1;
}

int mpii_hw_my_resource(const char *type, int *id)
{
	*id = 0;
	if (strcasecmp(type, "mpi_shared_memory") == 0)
		return 1;   /* the job runs on one node, which is one shared memory */
	hwloc_obj_type_t want;
	if (hwloc_type_sscanf(type, &want, NULL, 0) < 0)
		return -1;
	int rc = 0;
	pthread_mutex_lock(&topo_mu);
	hwloc_topology_t t = get_topo();
	hwloc_cpuset_t set = t ? hwloc_bitmap_alloc() : NULL;
	if (set && hwloc_get_cpubind(t, set, HWLOC_CPUBIND_PROCESS) != 0) {
		hwloc_bitmap_free(set);
		set = NULL;
	}
	if (want == HWLOC_OBJ_NUMANODE) {
		rc = my_node(set ? t : NULL, set, id);
	} else if (set) {
		/* The smallest object holding every CPU we may run on, then
		 * up to the type asked for: none below it means the CPUs
		 * span several of that type. */
		hwloc_obj_t o = hwloc_get_obj_covering_cpuset(t, set);
		while (o && o->type != want)
			o = o->parent;
		if (o) {
			*id = (int)o->logical_index;
			rc = 1;
		}
	}
	if (set)
		hwloc_bitmap_free(set);
	pthread_mutex_unlock(&topo_mu);
	return rc;
}
