/*
 * lib/p2p/p2p_eager_rule.h - the eager limit from a calibration's samples.
 */
#ifndef MPII_P2P_EAGER_RULE_H
#define MPII_P2P_EAGER_RULE_H

#include <stddef.h>
#include <stdint.h>

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
