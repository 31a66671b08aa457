# perf/: benchmarks (standard MPI programs) and the comparison harness.
noinst_PROGRAMS += perf/handler_latency
perf_handler_latency_SOURCES = perf/handler_latency.c
# The programs are check_PROGRAMS linked with libshmpi.la; `make check` runs
# each once at a tiny size through perf/check-perf.sh (it proves they work and
# asserts nothing about speed).  perf/compare builds the same sources against
# shmpi, Open MPI and MPICH and compares them; perf/README.md says how.
PERF_PROGS = perf/pingpong perf/bw perf/bibw perf/mpair perf/msgrate perf/exchange \
	perf/coll perf/ddt perf/startup perf/rma
check_PROGRAMS += $(PERF_PROGS)
PERF_BENCH = perf/bench.c perf/bench.h
perf_pingpong_SOURCES = perf/pingpong.c $(PERF_BENCH)
perf_bw_SOURCES = perf/bw.c $(PERF_BENCH)
perf_bibw_SOURCES = perf/bibw.c $(PERF_BENCH)
perf_mpair_SOURCES = perf/mpair.c $(PERF_BENCH)
perf_msgrate_SOURCES = perf/msgrate.c $(PERF_BENCH)
perf_coll_SOURCES = perf/coll.c $(PERF_BENCH)
perf_exchange_SOURCES = perf/exchange.c $(PERF_BENCH)
perf_ddt_SOURCES = perf/ddt.c $(PERF_BENCH)
perf_startup_SOURCES = perf/startup.c
perf_rma_SOURCES = perf/rma.c $(PERF_BENCH)

TESTS += perf/check-perf.sh
EXTRA_DIST += perf/check-perf.sh perf/compare perf/ab.sh perf/plot.py perf/README.md \
	perf/RESULTS.md

# The full comparison (minutes): make perf-compare PERF_FLAGS='--quick'
perf-compare: all
	$(top_srcdir)/perf/compare --ours-build $(abs_top_builddir) $(PERF_FLAGS)
.PHONY: perf-compare

# threads (issue 7): latency with MPI_THREAD_MULTIPLE, message rate with threads
noinst_PROGRAMS += perf/thread_pingpong
# endpoints (issue 7): joined threads share the copying of large messages
noinst_PROGRAMS += perf/ep_copy

# large counts (issue 41): MPI_Send_c's cost at 8 B and its bandwidth at
# 2^31 + 8 bytes against a 1 GiB MPI_Send (perf/large_count.c says how)
noinst_PROGRAMS += perf/large_count

# The hardware floor under small-message latency: one cache line between
# two cores, no MPI (perf/RESULTS.md).
noinst_PROGRAMS += perf/lineping
perf_lineping_SOURCES = perf/lineping.c
perf_lineping_CFLAGS = $(AM_CFLAGS) -pthread
perf_lineping_LDADD = -lpthread

include perf/prof.mk

# What the Fortran bindings cost over C (issue 17): perf/lang.sh runs the
# same pingpong and allreduce from C, `use mpi_f08` and `use mpi`.
EXTRA_DIST += perf/lang.sh perf/lang_f08.f90 perf/lang_mpi.f90 perf/lang_loops.inc \
	perf/lang_count.sh perf/lang_count_loops.inc
if HAVE_FORTRAN
noinst_PROGRAMS += perf/lang_c perf/lang_f08 perf/lang_mpi
perf_lang_c_SOURCES = perf/lang_c.c
perf_lang_c_LDADD = libshmpi.la
perf_lang_f08_SOURCES = perf/lang_f08.f90
perf_lang_f08_LDADD = libshmpi_fortran.la libshmpi.la
perf_lang_mpi_SOURCES = perf/lang_mpi.f90
perf_lang_mpi_LDADD = libshmpi_fortran.la libshmpi.la
perf/lang_f08.$(OBJEXT): lib/fortran/mpi_f08.mod
perf/lang_mpi.$(OBJEXT): lib/fortran/mpi.mod
perf/lang_f08.$(OBJEXT) perf/lang_mpi.$(OBJEXT): perf/lang_loops.inc
# The same in instructions (perf/lang_count.sh, under valgrind): one
# process, MPI_Isend to self + MPI_Recv + MPI_Wait, and MPI_Allreduce.
noinst_PROGRAMS += perf/lang_count_c perf/lang_count_f08 perf/lang_count_mpi
perf_lang_count_c_SOURCES = perf/lang_count_c.c
perf_lang_count_c_LDADD = libshmpi.la
perf_lang_count_f08_SOURCES = perf/lang_count_f08.f90
perf_lang_count_f08_LDADD = libshmpi_fortran.la libshmpi.la
perf_lang_count_mpi_SOURCES = perf/lang_count_mpi.f90
perf_lang_count_mpi_LDADD = libshmpi_fortran.la libshmpi.la
perf/lang_count_f08.$(OBJEXT): lib/fortran/mpi_f08.mod
perf/lang_count_mpi.$(OBJEXT): lib/fortran/mpi.mod
perf/lang_count_f08.$(OBJEXT) perf/lang_count_mpi.$(OBJEXT): perf/lang_count_loops.inc
endif

# The point-to-point paths in instructions (perf/p2p_count.sh compiles
# perf/p2p_count.c against each build tree it is given).
EXTRA_DIST += perf/p2p_count.sh perf/p2p_count.c
# The same for collectives, waits left out (perf/coll_count.sh).
EXTRA_DIST += perf/coll_count.sh perf/coll_count.c

# MPI-4.0 persistent collectives and partitioned point-to-point against
# their ordinary forms (issue 41)
noinst_PROGRAMS += perf/persist
perf_persist_SOURCES = perf/persist.c $(PERF_BENCH)
EXTRA_DIST += perf/persist.sh
# MPI_Comm_spawn of 4 + a first message (issue 42, docs/dynamic.md): not in
# PERF_PROGS (check-perf.sh runs those under every launcher option); it
# spawns its own binary, so no libtool wrapper.
noinst_PROGRAMS += perf/spawn
perf_spawn_SOURCES = perf/spawn.c
perf_spawn_LDFLAGS = $(AM_LDFLAGS) -no-install
# MPI-IO (issue 39): perf/io.sh runs perf/io under shmpi, Open MPI and MPICH
# and dd (perf/RESULTS.md, MPI-IO).
noinst_PROGRAMS += perf/io
perf_io_SOURCES = perf/io.c
EXTRA_DIST += perf/io.sh
# MPI_Comm_accept/connect + a first message (issue 42, docs/dynamic.md
# "Ports"), within one job; standard MPI, also built with mpicc.openmpi.
noinst_PROGRAMS += perf/ports
perf_ports_SOURCES = perf/ports.c
