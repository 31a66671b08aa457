/*
 * lib/p2p/p2p_eager_rule.c - which eager limit a calibration's round trips
 * call for (lib/p2p/p2p_calibrate.c measures them).  Pure: no state, so
 * the unit tests link it alone (tests/unit/check_eager_rule.c).
 */
#include "lib/p2p/p2p_eager_rule.h"

/* Eager must take less than this share of the single copy's round trip.
 * On the AMD VM of 2026-12-06 the start-up round trips (4 untimed, best
 * of 8, waiting as every wait in the library does) gave eager 0.15-0.17x
 * of the single copy's time at 16 KiB and 0.24-0.27x at 32 KiB: they
 * leave out the protocols' headers, matching and control messages
 * (perf/pingpong with the real protocols: 0.40x and 0.45x).  32 KiB
 * eager won everything there (windowed bw 2.2x, bibw 1.6x, exchanges
 * 1.5x), and a 64 KiB eager pingpong at 0.88x of the single copy's time
 * was mixed (bibw 0.90x of the bandwidth).  On the Emerald Rapids VM the
 * same copies ran at ~12 GB/s against process_vm_readv's ~28 GB/s (the
 * sixth pass's /tmp microbenchmark), about 0.9x at 16 KiB without the
 * protocols' costs, where the real eager took 1.4-1.8x the single copy's
 * time.  Three quarters stays below that. */
#define EAGER_WIN_NUM 3
#define EAGER_WIN_DEN 4
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
