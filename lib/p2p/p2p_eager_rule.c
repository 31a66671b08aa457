/*
 * lib/p2p/p2p_eager_rule.c - which eager limit a calibration's round trips
 * call for (lib/p2p/p2p_calibrate.c measures them).  Pure: no state, so
 * the unit tests link it alone (tests/unit/check_eager_rule.c).
 */
#include "lib/p2p/p2p_eager_rule.h"

/* Eager must take less than this share of the single copy's round trip.
 * The start-up round trips flatter eager: they copy through shared memory
 * in 8 KiB chunks without the ring's headers, matching and control
 * messages.  On the AMD VM of 2026-12-06 they gave eager 0.16x of the
 * single copy's time at 16 KiB and 0.23x at 32 KiB, where perf/pingpong
 * with the real protocols measured 0.40x and 0.45x (and 32 KiB eager won
 * everything: windowed bw 2.2x, bibw 1.6x, exchanges 1.5x).  On the
 * Emerald Rapids VM the same copies ran at ~12 GB/s against
 * process_vm_readv's ~28 GB/s (the sixth pass's /tmp microbenchmark),
 * about 0.9x at 16 KiB, where the real eager took 1.4-1.8x.  Half keeps
 * a wide margin on both sides. */
#define EAGER_WIN_NUM 1
#define EAGER_WIN_DEN 2

size_t mpii_eager_rule(const struct mpii_eager_sample *s, int n, size_t base)
{
	size_t limit = base;
	for (int i = 0; i < n; i++) {
		if (s[i].size <= limit)
			continue;
		/* A size that was not measured (0 ns: the round trips failed)
		 * or where eager did not win by the margin ends the climb: a
		 * larger message eager needs every smaller one eager too. */
		if (!s[i].eager_ns || !s[i].single_ns ||
		    s[i].eager_ns * EAGER_WIN_DEN >= s[i].single_ns * EAGER_WIN_NUM)
			break;
		limit = s[i].size;
	}
	return limit;
}
