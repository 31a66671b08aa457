/*
 * lib/coll/coll_state.c - the collective configuration (SHMPI_COLL_* variables,
 * read once) and the per-communicator collective state.
 *
 * Defaults (docs/collectives.md): barrier, bcast, reduce and allreduce go
 * through the segment up to SHMPI_COLL_SHM_MAX bytes (bcast: up to
 * size * slot bytes); beyond, bcast and reduce use a binomial tree and
 * allreduce recursive doubling, or a ring from SHMPI_COLL_RING_MIN bytes
 * on when the op is commutative.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lib/coll/coll.h"
#include "lib/comm/comm.h"
#include "shm/config.h"

struct mpii_coll_config mpii_coll_cfg;

/* The algorithm an SHMPI_COLL_<NAME> variable forces; the table
 * (shm/config_table.c) lists which names each variable accepts. */
static int alg_from_env(const char *name)
{
	static const struct { const char *s; int alg; } names[] = {
		{ "shm", MPII_ALG_SHM }, { "rd", MPII_ALG_RD }, { "dissemination", MPII_ALG_RD },
		{ "ring", MPII_ALG_RING }, { "binomial", MPII_ALG_BINOMIAL },
		{ "linear", MPII_ALG_LINEAR }, { "auto", MPII_ALG_AUTO },
	};
	const char *v = shm_config_find(name)->choices[shm_config_get(name)];
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcasecmp(v, names[i].s))
			return names[i].alg;
	return MPII_ALG_AUTO;
}

static size_t size_from_env(const char *name)
{
	return (size_t)shm_config_get(name);
}

void mpii_coll_config_init(void)
{
	if (mpii_coll_cfg.initialized)
		return;
	mpii_coll_cfg.barrier = alg_from_env("SHMPI_COLL_BARRIER");
	mpii_coll_cfg.bcast = alg_from_env("SHMPI_COLL_BCAST");
	mpii_coll_cfg.reduce = alg_from_env("SHMPI_COLL_REDUCE");
	mpii_coll_cfg.allreduce = alg_from_env("SHMPI_COLL_ALLREDUCE");
	mpii_coll_cfg.shm_slot = size_from_env("SHMPI_COLL_SHM_SLOT");
	mpii_coll_cfg.shm_max = size_from_env("SHMPI_COLL_SHM_MAX");
	mpii_coll_cfg.ring_min = size_from_env("SHMPI_COLL_RING_MIN");
	mpii_coll_cfg.ring_min2 = size_from_env("SHMPI_COLL_RING_MIN2");
	mpii_coll_cfg.shm_large_min = size_from_env("SHMPI_COLL_SHM_LARGE_MIN");
	mpii_coll_cfg.bcast_large_min = size_from_env("SHMPI_COLL_BCAST_LARGE_MIN");
	mpii_coll_cfg.bcast_large_max2 = size_from_env("SHMPI_COLL_BCAST_LARGE_MAX2");
	mpii_coll_cfg.hier = (int)shm_config_get("SHMPI_COLL_HIER");
	mpii_coll_cfg.small_max = size_from_env("SHMPI_COLL_SMALL_MAX");
	mpii_coll_cfg.checksum = (int)shm_config_get("SHMPI_COLL_CHECKSUM");
	mpii_coll_cfg.initialized = 1;
}

struct mpii_coll_state *mpii_coll_state(struct mpii_comm *c)
{
	if (!c->coll)
		c->coll = calloc(1, sizeof(struct mpii_coll_state));
	return c->coll;
}

void mpii_coll_state_free(struct mpii_comm *c)
{
	struct mpii_coll_state *cs = c->coll;
	if (cs) {
		/* The segment scratch is not returned: the arena only grows. */
		free(cs->bells);
		free(cs->rq_seen);
		mpii_hier_free(cs);
		if (cs->local) {
			mpii_coll_state_free(cs->local);
			mpii_comm_unref(cs->local);
		}
		free(cs);
		c->coll = NULL;
	}
	mpii_topo_free(c);
}
