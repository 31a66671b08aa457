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
#include "launcher/options.h"

struct lnch_topo {
	hwloc_topology_t topo;
	unsigned ncores;  /* cores, or PUs where hwloc knows no cores */
	unsigned nnuma;   /* NUMA nodes */
	hwloc_obj_type_t unit;
};

/* Load this machine's topology.  Returns 0 or -errno. */
int lnch_topo_load(struct lnch_topo *t) __attribute__((warn_unused_result));
void lnch_topo_free(struct lnch_topo *t);

/* Where one rank runs: `core` is its first core (-1: not bound) and `set`
 * the PUs it is bound to (NULL: not bound). */
struct lnch_place {
	int core;
	hwloc_bitmap_t set;
};

/* Place n ranks: deal them round-robin to the domains of `map` (core: in
 * order), each taking `pe` consecutive cores of its domain (wrapping when a
 * domain is full; with ppr > 0, blocks of ppr ranks to each domain in
 * turn: Open MPI's ppr:N:X), and bind each to its cores, to one hardware
 * thread of its core, or to the package or NUMA node of its first core,
 * as `bind` says (LNCH_BIND_DEFAULT: its cores
 * when n * pe <= cores, else not bound).  A domain type the machine does
 * not report (no L3) counts as one domain.  Fills place[0..n).  Returns 0
 * or -ENOMEM (release with lnch_topo_unplace either way). */
int lnch_topo_plan(const struct lnch_topo *t, enum lnch_map map, uint32_t pe, uint32_t ppr,
		   enum lnch_bind bind, uint32_t n, struct lnch_place *place)
	__attribute__((warn_unused_result));

/* --use-hwthread-cpus: the hardware threads (PUs) are the slots ranks are
 * mapped to and counted against, not the cores. */
void lnch_topo_use_pus(struct lnch_topo *t);

/* How many domains --map-by map has (cores for LNCH_MAP_CORE; at least
 * 1): what ppr:N:X multiplies when -n is not given. */
unsigned lnch_topo_domains(const struct lnch_topo *t, enum lnch_map map);
void lnch_topo_unplace(uint32_t n, struct lnch_place *place);

/* Bind the calling process (a freshly forked rank) to set.
 * Returns 0 or -errno. */
int lnch_topo_bind_self(const struct lnch_topo *t, hwloc_const_bitmap_t set);

/* "core 1 (PUs 1,3)", "cores 0,1 (PUs 0-1)" or, when the binding is to a
 * domain, "package 0 (PUs 0-7)" or "NUMA node 1 (PUs 8-15)" into buf: what
 * set covers. */
void lnch_topo_describe(const struct lnch_topo *t, hwloc_const_bitmap_t set, bool domain,
			char *buf, size_t len);

/* On a machine with several NUMA nodes, ask that the inbound rings of each
 * rank (all rings with that rank as receiver) live on the node of the core
 * it is bound to; core[i] < 0 means rank i is not bound.  A no-op on one
 * node.  Returns 0 or -errno (the first mbind failure; placement is only a
 * hint, so callers may go on). */
int lnch_topo_place_rings(const struct lnch_topo *t, const struct shm_seg *seg,
			  const int *core);

#endif
