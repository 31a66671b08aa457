/*
 * lib/coll/numa.c - the NUMA node of this process, published at MPI_Init in its
 * member block so that every member of a communicator can group the
 * members by node from the segment alone (lib/coll/coll_hier.c).
 *
 * The node is that of the CPUs the process may run on.  The launcher binds
 * each rank to one core (docs/launcher.md); an unbound process, whose CPUs
 * span several nodes, may move at any time, so the node it happens to run
 * on now (sched_getcpu) says nothing: it reports 0, like a machine without
 * NUMA.
 *
 * SHMPI_COLL_FAKE_NUMA=K (K >= 2) is a testing aid: rank r reports node
 * r * K / size, so that the hierarchical collectives run, and are tested,
 * on a machine with one node.
 */
#define _GNU_SOURCE
#include <numa.h>
#include <sched.h>
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/coll/numa.h"
#include "shm/config.h"

/* The one node of every CPU in the affinity mask, or 0 when they span
 * several nodes or a node is unknown. */
static int bound_node(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return 0;
	int node = -1;
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		int n = numa_node_of_cpu(cpu);
		if (n < 0 || (node >= 0 && n != node))
			return 0;
		node = n;
	}
	return node < 0 ? 0 : node;
}

/* SHMPI_COLL_FAKE_NUMA as a node count, or 0 when unset or below 2. */
static long fake_nodes(void)
{
	long k = (long)shm_config_get("SHMPI_COLL_FAKE_NUMA");
	return k < 2 ? 0 : k;
}

void mpii_numa_publish(void)
{
	long fake = fake_nodes();
	int node = 0;
	if (fake) {
		node = (int)((long)mpii_g.rank * fake / mpii_g.size);
		mpii_g.numa_multi = 1;
	} else if (numa_available() >= 0 && numa_max_node() > 0) {
		node = bound_node();
		mpii_g.numa_multi = 1;
	}
	/* Plain store: readers look only after hearing from this member
	 * (lib/coll/coll_hier.c), and every message is sent after this. */
	mpii_g.me->numa_node = node;
}
