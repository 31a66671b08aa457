# perf/: benchmarks (standard MPI programs) and the comparison harness.
noinst_PROGRAMS += perf/handler_latency
perf_handler_latency_SOURCES = perf/handler_latency.c
perf_handler_latency_LDADD = libshmpi.la
include perf/prof.mk
