/*
 * lib/coll/numa.h - the NUMA node of each member, as collectives see it
 * (lib/coll/numa.c).
 */
#ifndef MPII_NUMA_H
#define MPII_NUMA_H

/* Find the NUMA node this process runs on and write it into its member
 * block (shm_member.numa_node); set mpii_g.numa_multi.  Called once by
 * MPI_Init after joining the segment and before any message is sent.
 * Never fails: an unknown node is 0. */
void mpii_numa_publish(void);

#endif
