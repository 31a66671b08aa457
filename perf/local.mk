# perf/: benchmarks (standard MPI programs) and the comparison harness.
include perf/prof.mk
