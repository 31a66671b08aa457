/*
 * lib/p2p/p2p_eager_rule.h - the eager limit from a calibration's samples.
 */
#ifndef MPII_P2P_EAGER_RULE_H
#define MPII_P2P_EAGER_RULE_H

#include <stddef.h>
#include <stdint.h>

/* The limit with more ranks than cores, where nothing is measured: the
 * eager copies need no handshake with a peer that may be waiting for its
 * turn on a core, and a process_vm_readv costs ~3 us on the AMD VM of
 * 2026-12-06.  There, 4 ranks on 2 cores, 64 KiB against 16 KiB
 * (perf/ab.sh -p 4, 5 rounds): Isend/Irecv exchange 32-64 KiB 1.63-2.15x
 * the bandwidth, Sendrecv ring 2.16-2.45x, alltoall 0.69-0.87x of the
 * time, scatter 0.37-0.64x, reduce, bcast, allgather alike; np=8
 * exchange 1.48-1.81x.  Gathers took 1.3-1.67x as long, hence FAN_IN. */
#define MPII_EAGER_OVERSUBSCRIBED ((size_t)64 << 10)
/* A gather's senders (MPII_MODE_FAN_IN) with more ranks than cores: the
 * root copies every block either way, and eager blocks add the senders'
 * copies on the cores the root needs. */
#define MPII_EAGER_FAN_IN ((size_t)16 << 10)

/* Best round trip of one size, eagerly and by single copy (nanoseconds). */
struct mpii_eager_sample {
	size_t size;
	uint64_t eager_ns;
	uint64_t single_ns;
};

/* The largest sample size up to which every larger-than-base sample has
 * eager clearly ahead (samples in increasing size); base when none. */
size_t mpii_eager_rule(const struct mpii_eager_sample *s, int n, size_t base);

#endif
