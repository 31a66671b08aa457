# perf/abi.mk - the benchmarks of the standard ABI's cost (issue 44): the
# same sources as perf/pingpong, perf/coll and perf/bw, compiled against
# include/abi/mpi.h and linked with libmpi_abi (lib/abi/local.mk), built on
# demand (make perf/pingpong-abi perf/coll-abi perf/bw-abi); perf/ab.sh -a
# PROGRAM runs perf/PROGRAM against perf/PROGRAM-abi.
EXTRA_PROGRAMS += perf/pingpong-abi perf/coll-abi perf/bw-abi
CLEANFILES += perf/pingpong-abi perf/coll-abi perf/bw-abi
PERF_ABI_CPPFLAGS = -I$(top_srcdir)/include/abi -I$(top_srcdir) -I$(top_srcdir)/perf
perf_pingpong_abi_SOURCES = perf/pingpong.c $(PERF_BENCH)
perf_pingpong_abi_CPPFLAGS = $(PERF_ABI_CPPFLAGS)
perf_pingpong_abi_LDADD = libmpi_abi.la -lm
perf_coll_abi_SOURCES = perf/coll.c $(PERF_BENCH)
perf_coll_abi_CPPFLAGS = $(PERF_ABI_CPPFLAGS)
perf_coll_abi_LDADD = libmpi_abi.la -lm
perf_bw_abi_SOURCES = perf/bw.c $(PERF_BENCH)
perf_bw_abi_CPPFLAGS = $(PERF_ABI_CPPFLAGS)
perf_bw_abi_LDADD = libmpi_abi.la -lm
