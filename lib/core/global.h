/*
 * lib/core/global.h - the process-wide state of the library: who we are in the
 * job, the mapped segment, the thread level and the configuration read once
 * from the environment at MPI_Init (docs/config.md lists every variable).
 */
#ifndef MPII_GLOBAL_H
#define MPII_GLOBAL_H

#include <pthread.h>
#include <stdint.h>
#include "shm/segment.h"

enum mpii_cma_mode { MPII_CMA_AUTO = 0, MPII_CMA_ON, MPII_CMA_OFF };

struct mpii_config {
	size_t eager_max;        /* SHMPI_EAGER_MAX: largest eager message (bytes) */
	int cma;                 /* SHMPI_CMA=auto|on|off: single copy by process_vm_readv */
	size_t cma_iov_min;      /* SHMPI_CMA_IOV_MIN: average piece of a non-contiguous
				  * type copied once with iovecs (bytes) */
	unsigned spin_polls;     /* SHMPI_SPIN: polls before yielding */
	unsigned yield_polls;    /* SHMPI_YIELD: yields before sleeping */
	int64_t sleep_ns;        /* longest futex sleep before re-checking the job */
};

struct mpii_global {
	/* The library is usable (MPII_CHECK_INIT): between MPI_Init and
	 * MPI_Finalize, or while a session is open (lib/core/env.c,
	 * mpii_env_up); finalized once it no longer is. */
	int initialized;
	int finalized;
	int world;               /* the world model: 0 before MPI_Init, 1 in it, 2 after
				  * MPI_Finalize (MPI_Initialized, MPI_Finalized) */
	int rank;                /* member index in the segment (the world rank
				  * of the first world; a spawned rank's is
				  * world_base + its MPI_COMM_WORLD rank) */
	int size;                /* of MPI_COMM_WORLD */
	int world_base;          /* member index of MPI_COMM_WORLD's rank 0 */
	int nmembers;            /* member slots of the segment (>= size: the
				  * spare ones take spawned ranks) */
	int thread_level;        /* provided */
	int multi;               /* thread_level == MPI_THREAD_MULTIPLE: take the lock */
	pthread_t main_thread;
	int cma_ok;              /* process_vm_readv usable towards peers */
	int oversubscribed;      /* more members than cores: yield and sleep early */
	int eager_pending;       /* cfg.eager_max waits for the job's calibration */
	int numa_multi;          /* members may be on several NUMA nodes (lib/coll/numa.c) */
	/* The tools interface's wait timer (lib/tools): while time_waits > 0
	 * (a started MPI_T handle of core_wait_time), mpii_progress_wait adds
	 * the time the user's threads spend in it to wait_ticks, in units of
	 * mpii_wait_clock(wait_tsc) (lib/core/progress.h), which lib/tools
	 * converts to ns; at 0 it reads no clock.  wait_tsc is set once, by
	 * lib/tools before the first start, never while a wait is timed.  All
	 * three under the library lock. */
	int time_waits;
	int wait_tsc;
	uint64_t wait_ticks;
	struct shm_seg seg;
	struct shm_member *me;   /* our control block (our own pages) */
	struct shm_bell *bell;   /* our doorbell (shared) */
	struct mpii_config cfg;
};

extern struct mpii_global mpii_g;

#endif
