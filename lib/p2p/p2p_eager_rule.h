/*
 * lib/p2p/p2p_eager_rule.h - the eager limit from a calibration's samples.
 */
#ifndef MPII_P2P_EAGER_RULE_H
#define MPII_P2P_EAGER_RULE_H

#include <stddef.h>
#include <stdint.h>

/* The limit with more ranks than cores, where nothing is measured: an
 * eager message needs no handshake with a peer that may be waiting for
 * its turn on a core (a send that fits the ring, 64 cells of 4 KiB then,
 * is done once written), while a single copy waits for the receiver to
 * read it and then for the sender to see FIN, and a process_vm_readv
 * costs ~3 us on the AMD VM of 2026-12-06.  There, 4 ranks on 2 cores,
 * 64 KiB against 16 KiB (perf/ab.sh -p 4, 5 rounds): Isend/Irecv
 * exchange 32-64 KiB 1.63-2.15x the bandwidth, Sendrecv ring 2.16-2.45x,
 * alltoall 0.69-0.87x of the time; np=8 exchange 1.48-1.81x.  256 KiB
 * against 64 KiB (2026-12-07, same VM, 7 interleaved rounds of
 * SHMPI_EAGER_MAX=64k and unset): Sendrecv ring 128-256 KiB 1.26-1.66x
 * the bandwidth, Isend/Irecv exchange 1.29-1.30x, alltoall 0.74-0.86x of
 * the time, reduce_scatter 0.64-0.69x; np=8 exchanges 1.02-2.02x,
 * alltoall 0.93x.  Beyond the ring's size it stops paying: with 1 and 4
 * MiB, exchanges of 512 KiB-2 MiB at np=8 and of 2 MiB at np=4 lost
 * 0.6-0.8x of the bandwidth (np=4, 2 MiB: ten times the context
 * switches of the single copies, perf stat), and an eager message that
 * arrives before its receive is buffered whole where a single copy would
 * wait. */
#define MPII_EAGER_OVERSUBSCRIBED ((size_t)256 << 10)
/* A gather's senders (MPII_MODE_FAN_IN) with more ranks than cores: the
 * root copies every block either way, and eager blocks add the senders'
 * copies on the cores the root needs (gathers of 32-64 KiB took 1.3-1.67x
 * as long with 64 KiB for them too). */
#define MPII_EAGER_FAN_IN ((size_t)16 << 10)
/* A root's sends to all (MPII_MODE_FAN_OUT: a linear scatter or bcast)
 * with more ranks than cores: eager, the root copies every block into a
 * ring and each receiver copies it out again, where single copies let
 * the receivers read in parallel.  4 ranks on 2 cores, scatter: 64 KiB
 * eager against 16 KiB 0.37-0.64x of the time at 32-64 KiB; 4 MiB eager
 * against 64 KiB 1.24-1.97x as long at 128 KiB-4 MiB. */
#define MPII_EAGER_FAN_OUT ((size_t)64 << 10)

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
