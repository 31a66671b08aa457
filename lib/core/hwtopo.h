/*
 * lib/core/hwtopo.h - the hardware this process runs on, as MPI-4's process
 * sets (lib/core/session.c) and MPI_COMM_TYPE_HW_GUIDED/UNGUIDED
 * (lib/comm/comm_create.c) see it: hwloc's topology of the node, loaded
 * once per process on first use (lib/core/hwtopo.c).
 */
#ifndef MPII_HWTOPO_H
#define MPII_HWTOPO_H

/* The package (hwloc's logical index) holding NUMA node `node` (its OS
 * index, as lib/coll/numa.c publishes it); 0 when hwloc does not know the
 * node (SHMPI_COLL_FAKE_NUMA's nodes, a machine without NUMA). */
int mpii_hw_node_package(int node);

/* This process's resource of type `type` (MPI-4.0 7.4.2's
 * mpi_hw_resource_type: "mpi_shared_memory" or an hwloc type name such as
 * "NUMANode", "Package", "L3Cache", "Core", "PU"; case ignored): 1 and *id
 * the resource's index when the CPUs the process may run on are all in
 * one resource of that type; 0 when they span several (or the machine has
 * none of the type); -1 when type names no type.  NUMA nodes are those of
 * lib/coll/numa.c (so SHMPI_COLL_FAKE_NUMA fakes them here too). */
int mpii_hw_my_resource(const char *type, int *id);

/* The resource types from the widest to the narrowest, NULL-terminated:
 * the levels MPI_COMM_TYPE_HW_UNGUIDED walks down. */
extern const char *const mpii_hw_levels[];

#endif
