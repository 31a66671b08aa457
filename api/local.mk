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

# The MPI-5.0 standard-ABI header (issue 44, docs/abi.md): api/gen-abi.py
# writes it from api/abi.api (the ABI's values) and api/mpi.api (the
# prototypes); installed as PREFIX/include/abi/mpi.h, apart from our mpi.h.
ABI_DESC = $(srcdir)/api/abi.api
ABI_GEN = $(srcdir)/api/gen-abi.py
BUILT_SOURCES += $(srcdir)/include/abi/mpi.h
MAINTAINERCLEANFILES += $(srcdir)/include/abi/mpi.h
abiincludedir = $(includedir)/abi
abiinclude_HEADERS = include/abi/mpi.h
EXTRA_DIST += api/abi.api api/gen-abi.py
$(srcdir)/include/abi/mpi.h: $(ABI_DESC) $(ABI_GEN) $(API_DESC) $(API_GEN)
	$(AM_V_GEN)$(MKDIR_P) $(srcdir)/include/abi && \
		$(PYTHON3) $(ABI_GEN) $(ABI_DESC) $(API_DESC) mpi.h >$@-t && mv -f $@-t $@

# Checks: the generated files are current and the generator rejects broken
# descriptions; mpi.h is a clean header for C and C++ users; every stub
# reports its error (tests/check-symbols.sh, in tests/local.mk, checks the
# libraries against api/mpi.sym).
TESTS += tests/check-api.sh tests/check-header.sh tests/mpi/api_stubs
EXTRA_DIST += tests/check-api.sh tests/check-header.sh
check_PROGRAMS += tests/mpi/api_stubs
tests_mpi_api_stubs_LDADD = $(MPI_TEST_LDADD)

# The MPI_X(3) man pages (issue 43): one page per function of the
# description (api/gen-man.py), made in man3/ of the build tree with
# @DOCDIR@ where they name a document; `make install` writes the installed
# document folder there (`make install prefix=DIR` included).
MAN3_STAMP = man3/.stamp
$(MAN3_STAMP): $(API_DESC) $(API_GEN) $(srcdir)/api/gen-man.py $(srcdir)/api/gen-fortran.py
	$(AM_V_GEN)rm -rf man3 && $(PYTHON3) $(srcdir)/api/gen-man.py $(API_DESC) \
		$(srcdir)/include/mpi.h man3 @DOCDIR@ $(PACKAGE_VERSION) && touch $@
all-local: $(MAN3_STAMP)
install-man3: $(MAN3_STAMP)
	$(MKDIR_P) "$(DESTDIR)$(mandir)/man3"
	for f in man3/*.3; do \
		sed 's|@DOCDIR@|$(docdir)|g' "$$f" >"$(DESTDIR)$(mandir)/man3/$${f#man3/}" || exit 1; \
	done
uninstall-man3:
	cd man3 && for f in *.3; do rm -f "$(DESTDIR)$(mandir)/man3/$$f"; done
mostlyclean-local:
	-rm -rf man3
EXTRA_DIST += api/gen-man.py
# The documents the man pages and shmpi_info point at.
dist_doc_DATA = docs/STATUS.md docs/collectives.md docs/config.md docs/datatypes.md \
	docs/handlers.md docs/handles.md docs/launcher.md docs/profiling.md \
	docs/reliability.md docs/rma.md docs/testing.md docs/threads.md docs/transport.md \
	docs/io.md docs/mpit.md docs/abi.md docs/dynamic.md
