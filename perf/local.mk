# perf/: benchmarks (standard MPI programs) and the comparison harness.
# threads (issue 7): latency with MPI_THREAD_MULTIPLE, message rate with threads
noinst_PROGRAMS += perf/thread_pingpong
perf_thread_pingpong_LDADD = libshmpi.la
