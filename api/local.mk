# api/: the API description (api/mpi.api: every public function, once) and
# its generator (api/gen-api.py, Python 3 standard library).  The generated
# files are written into the source tree and shipped in `make dist`
# tarballs, so that a tarball builds without python3; in a git checkout they
# are not tracked (.gitignore) and are made by the first `make`.  Each is
# remade when the description or the generator changes.
PYTHON3 = python3
API_DESC = $(srcdir)/api/mpi.api
API_GEN = $(srcdir)/api/gen-api.py
API_GENERATED = $(srcdir)/include/mpi_proto.h $(srcdir)/lib/core/unsupported.c \
	$(srcdir)/api/mpi.sym $(srcdir)/perf/prof/prof_fn.h $(srcdir)/perf/prof/functions.c \
	$(srcdir)/perf/prof/wrap_mpi.c $(srcdir)/perf/prof/wrap_shmpi.c \
	$(srcdir)/tests/mpi/api_stubs.c
BUILT_SOURCES += $(API_GENERATED)
MAINTAINERCLEANFILES = $(API_GENERATED)
include_HEADERS += include/mpi_proto.h
EXTRA_DIST += api/mpi.api api/gen-api.py api/mpi.sym

# One rule per file: OUTPUT is the generator's name for it.
API_RUN = $(AM_V_GEN)$(PYTHON3) $(API_GEN) $(API_DESC)
$(srcdir)/include/mpi_proto.h: $(API_DESC) $(API_GEN)
	$(API_RUN) mpi_proto.h >$@-t && mv -f $@-t $@
$(srcdir)/lib/core/unsupported.c: $(API_DESC) $(API_GEN)
	$(API_RUN) unsupported.c >$@-t && mv -f $@-t $@
$(srcdir)/api/mpi.sym: $(API_DESC) $(API_GEN)
	$(API_RUN) mpi.sym >$@-t && mv -f $@-t $@
$(srcdir)/perf/prof/prof_fn.h: $(API_DESC) $(API_GEN)
	$(API_RUN) prof_fn.h >$@-t && mv -f $@-t $@
$(srcdir)/perf/prof/functions.c: $(API_DESC) $(API_GEN)
	$(API_RUN) functions.c >$@-t && mv -f $@-t $@
$(srcdir)/perf/prof/wrap_mpi.c: $(API_DESC) $(API_GEN)
	$(API_RUN) wrap_mpi.c >$@-t && mv -f $@-t $@
$(srcdir)/perf/prof/wrap_shmpi.c: $(API_DESC) $(API_GEN)
	$(API_RUN) wrap_shmpi.c >$@-t && mv -f $@-t $@
$(srcdir)/tests/mpi/api_stubs.c: $(API_DESC) $(API_GEN)
	$(API_RUN) stubs_test.c >$@-t && mv -f $@-t $@

# Checks: the generated files are current and the generator rejects broken
# descriptions; mpi.h is a clean header for C and C++ users; every stub
# reports its error (tests/check-symbols.sh, in tests/local.mk, checks the
# libraries against api/mpi.sym).
TESTS += tests/check-api.sh tests/check-header.sh tests/mpi/api_stubs
EXTRA_DIST += tests/check-api.sh tests/check-header.sh
check_PROGRAMS += tests/mpi/api_stubs
tests_mpi_api_stubs_LDADD = $(MPI_TEST_LDADD)
