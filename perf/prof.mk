# perf/prof: the PMPI profiling library libshmpi-prof (issue 9), its
# renderer, its tests and an overhead benchmark.  See docs/profiling.md.
lib_LTLIBRARIES += libshmpi-prof.la
libshmpi_prof_la_SOURCES = perf/prof/prof.h perf/prof/counters.c perf/prof/record.c \
	perf/prof/comms.c perf/prof/preq.c perf/prof/coll_bytes.c perf/prof/report.c \
	perf/prof/report_text.c perf/prof/report_json.c $(PROF_GENERATED)
# generated from api/mpi.api (api/local.mk): the function table and the
# wrappers, wrap_shmpi.c holding those of the seeds' extensions
PROF_GENERATED = perf/prof/prof_fn.h perf/prof/functions.c perf/prof/wrap_mpi.c \
	perf/prof/wrap_shmpi.c
# Linked with libshmpi (it must load it when preloaded into a program that
# does not, such as a shell or the launcher), but past libtool: with a
# libtool dependency on the uninstalled libshmpi.la, libtool relinks at
# install time, which fails for `make install prefix=DIR` ("cannot install
# ... to a directory not ending in ...").  Installed, both libraries lie in
# libdir, which $ORIGIN names.
EXTRA_libshmpi_prof_la_DEPENDENCIES = libshmpi.la
libshmpi_prof_la_LDFLAGS = -version-info 0:0:0 \
	-Wl,-L$(top_builddir)/.libs -Wl,--no-as-needed -Wl,-lshmpi -Wl,-rpath,'$$ORIGIN' \
	-Wl,--version-script=$(top_srcdir)/perf/prof/libshmpi-prof.map
EXTRA_libshmpi_prof_la_DEPENDENCIES += perf/prof/libshmpi-prof.map
EXTRA_DIST += perf/prof/libshmpi-prof.map

# the SVG renderer, installed on PATH as shmpi-prof-render (issue 43:
# `mpirun-shm --profile` runs it at the end of the job; shmpi-prof-render(1))
bin_SCRIPTS += perf/prof/shmpi-prof-render
perf/prof/shmpi-prof-render: perf/prof/render
	$(AM_V_GEN)$(MKDIR_P) perf/prof && cp $(srcdir)/perf/prof/render $@ && chmod +x $@
CLEANFILES += perf/prof/shmpi-prof-render
EXTRA_DIST += perf/prof/render
dist_man1_MANS += man/shmpi-prof-render.1

# per-call overhead: MPI_Comm_rank loop, run with and without the profiler
noinst_PROGRAMS += perf/prof/prof_overhead
perf_prof_prof_overhead_SOURCES = perf/prof/prof_overhead.c
perf_prof_prof_overhead_LDADD = libshmpi.la
perf_prof_prof_overhead_LDFLAGS = -no-install

# The same library against another MPI (optional): make prof-mpich builds
# perf/prof/mpich/libshmpi-prof.so with MPICH's mpicc (no shmpi extensions).
PROF_MPICC = mpicc.mpich
PROF_MPICH_SRC = $(filter-out %.h %/wrap_shmpi.c,$(libshmpi_prof_la_SOURCES))
prof-mpich:
	$(MKDIR_P) perf/prof/mpich
	$(PROF_MPICC) -std=gnu11 -O2 -fPIC -shared -I$(top_srcdir) \
		-Wl,--version-script=$(top_srcdir)/perf/prof/libshmpi-prof.map \
		$(addprefix $(top_srcdir)/,$(PROF_MPICH_SRC)) -o perf/prof/mpich/libshmpi-prof.so
.PHONY: prof-mpich

# tests: programs run under mpirun-shm by tests/prof/*.sh, profiled through
# LD_PRELOAD (plain programs) or linked in (the _linked one, static libs).
# They are EXTRA_PROGRAMS that tests/prof/lib.sh builds on demand, so that
# while lib/ lacks what they call the tests skip instead of breaking the
# build of every other test; move them to check_PROGRAMS once lib/ is whole.
PROF_TEST_PROGS = tests/prof/prof_ring tests/prof/prof_allreduce tests/prof/prof_nonblocking \
	tests/prof/prof_allreduce_linked
EXTRA_PROGRAMS = $(PROF_TEST_PROGS)
tests_prof_prof_ring_LDADD = libshmpi.la
tests_prof_prof_ring_LDFLAGS = -no-install
tests_prof_prof_allreduce_LDADD = libshmpi.la
tests_prof_prof_allreduce_LDFLAGS = -no-install
tests_prof_prof_nonblocking_LDADD = libshmpi.la
tests_prof_prof_nonblocking_LDFLAGS = -no-install
tests_prof_prof_allreduce_linked_SOURCES = tests/prof/prof_allreduce.c
tests_prof_prof_allreduce_linked_LDADD = libshmpi-prof.la libshmpi.la
tests_prof_prof_allreduce_linked_LDFLAGS = -static -no-install

PROF_TESTS = \
	tests/prof/ring.sh \
	tests/prof/allreduce_linked.sh \
	tests/prof/nonblocking.sh \
	tests/prof/counters_software.sh \
	tests/prof/render.sh \
	tests/prof/off.sh \
	tests/prof/launcher_profile.sh
TESTS += $(PROF_TESTS)
EXTRA_DIST += $(PROF_TESTS) tests/prof/lib.sh tests/prof/check_report.py
CLEANFILES += $(PROF_TEST_PROGS) tests/prof/.build.lock tests/prof/*.json tests/prof/*.svg tests/prof/*.err \
	tests/prof/*.build.log
