# perf/: benchmarks (standard MPI programs) and the comparison harness.
