/*
 * launcher/topo.h - where ranks run: cores (hwloc) and the NUMA placement
 * of their inbound rings.
 */
#ifndef LNCH_TOPO_H
#define LNCH_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <hwloc.h>

struct shm_seg;

struct lnch_topo {
	hwloc_topology_t topo;
	unsigned ncores;  /* cores, or PUs where hwloc knows no cores */
	unsigned nnuma;   /* NUMA nodes */
	hwloc_obj_type_t unit;
};

/* Load this machine's topology.  Returns 0 or -errno. */
int lnch_topo_load(struct lnch_topo *t) __attribute__((warn_unused_result));
void lnch_topo_free(struct lnch_topo *t);

/* The core rank i runs on when binding: ranks wrap around the cores. */
unsigned lnch_topo_core(const struct lnch_topo *t, uint32_t rank);

/* Bind the calling process (a freshly forked rank) to core `core`.
 * Returns 0 or -errno. */
int lnch_topo_bind_self(const struct lnch_topo *t, unsigned core);

/* "core 1 (PUs 1,3)" into buf. */
void lnch_topo_describe(const struct lnch_topo *t, unsigned core, char *buf, size_t len);

/* On a machine with several NUMA nodes, ask that the inbound rings of each
 * rank (all rings with that rank as receiver) live on the node of the core
 * it is bound to; core[i] < 0 means rank i is not bound.  A no-op on one
 * node.  Returns 0 or -errno (the first mbind failure; placement is only a
 * hint, so callers may go on). */
int lnch_topo_place_rings(const struct lnch_topo *t, const struct shm_seg *seg,
			  const int *core);

#endif
