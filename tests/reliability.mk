# Reliability (issue 18): what bad input, a hostile rank or a flood of
# messages must not do.  MPI programs run under tests/run-test.sh; the
# shell tests use tests/launcher/common.sh.
# Under --enable-sanitizers: an error ends the test (halt_on_error); a rank
# killed by a signal must die of it (handle_segv=0: tests/mpi/segv_rank);
# the profiler is preloaded into programs (verify_asan_link_order=0).
# Leak reports are off: a freed handle's object is kept for reuse by design
# (lib/core/pool.h) and programs may exit holding handles; growth is
# measured instead (tests/mpi/handle_churn, tests/mpi/unexp_flood, without
# the sanitizer).
AM_TESTS_ENVIRONMENT += ASAN_OPTIONS=detect_leaks=0:handle_segv=0:verify_asan_link_order=0; \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1; export ASAN_OPTIONS UBSAN_OPTIONS;
RELIABILITY_MPI_TESTS = tests/mpi/seg_trust tests/mpi/unexp_flood tests/mpi/handle_churn tests/mpi/count_overflow \
	tests/mpi/stale_handles \
	tests/mpi/bad_args
check_PROGRAMS += $(RELIABILITY_MPI_TESTS)
TESTS += $(RELIABILITY_MPI_TESTS) tests/launcher/seg-trust.sh
EXTRA_DIST += tests/launcher/seg-trust.sh
# A hostile rank's forged words (issue 40): hostile_rank is run by the script.
check_PROGRAMS += tests/mpi/hostile_rank
TESTS += tests/launcher/hostile-rank.sh
EXTRA_DIST += tests/launcher/hostile-rank.sh
# A rank's wild write into another rank's ring faults and is named
# (issue 40, single-writer shared memory).
check_PROGRAMS += tests/mpi/wild_write
TESTS += tests/launcher/wild-write.sh
EXTRA_DIST += tests/launcher/wild-write.sh
# A rank that scribbles the collective area (issue 40, item 4).
check_PROGRAMS += tests/mpi/coll_scribble
TESTS += tests/launcher/coll-scribble.sh
EXTRA_DIST += tests/launcher/coll-scribble.sh
# A stalled job: SIGUSR1 to the launcher, --deadlock-timeout, a signal
# during the start-up of 2048 ranks.  lnch-stall is their MPI program; the
# deadlock verdict itself is unit-tested on a segment (check_stall).
check_PROGRAMS += tests/launcher/lnch-stall
tests_launcher_lnch_stall_SOURCES = tests/launcher/lnch-stall.c
STALL_TESTS = tests/launcher/stall-ask.sh tests/launcher/deadlock.sh \
	tests/launcher/startup-signal.sh tests/launcher/stall-report.sh
TESTS += $(STALL_TESTS)
EXTRA_DIST += $(STALL_TESTS)
check_PROGRAMS += tests/unit/check_stall
tests_unit_check_stall_SOURCES = tests/unit/check_stall.c launcher/stall.c
tests_unit_check_stall_CFLAGS = $(UNIT_CFLAGS) $(HWLOC_CFLAGS)
tests_unit_check_stall_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_stall

# make soak: np=32 (oversubscribed) mixed, checked traffic for SOAK_SECONDS
# (default 600); fails on a lost or wrong message or resident growth.
# .ci/run runs it for 60 s.
check_PROGRAMS += tests/soak/soak
SOAK_NP = 32
SOAK_SECONDS = 600
soak: launcher/mpirun-shm tests/soak/soak
	$(top_builddir)/launcher/mpirun-shm -n $(SOAK_NP) --timeout $$(( $(SOAK_SECONDS) + 120 )) \
		$(top_builddir)/tests/soak/soak $(SOAK_SECONDS)
.PHONY: soak

# Fuzz targets of every decoder of foreign bytes (issue 40), run by make
# check through tests/fuzz/driver.c: each target's corpus (the forged
# inputs that once crashed included) as regression inputs, then mutations
# for FUZZ_SECONDS (2 s; under --enable-sanitizers with ASan and UBSan,
# halt_on_error).  The same sources build libFuzzer binaries with clang:
# make fuzz FUZZ_TARGET=dtdesc [FUZZ_TIME=60].
check_LTLIBRARIES = tests/fuzz/libtypeengine.la
tests_fuzz_libtypeengine_la_SOURCES = $(TYPE_ENGINE_SOURCES)
tests_fuzz_libtypeengine_la_CFLAGS = $(AM_CFLAGS) -fvisibility=default
FUZZ_CHECKS = tests/fuzz/check-dtdesc tests/fuzz/check-unpack tests/fuzz/check-external \
	tests/fuzz/check-typestr
check_PROGRAMS += $(FUZZ_CHECKS)
TESTS += $(FUZZ_CHECKS)
tests_fuzz_check_dtdesc_SOURCES = tests/fuzz/fuzz_dtdesc.c tests/fuzz/driver.c tests/fuzz/fuzz_common.h
tests_fuzz_check_dtdesc_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_DIRS='"corpus-dtdesc"'
tests_fuzz_check_dtdesc_LDADD = tests/fuzz/libtypeengine.la
tests_fuzz_check_unpack_SOURCES = tests/fuzz/fuzz_unpack.c tests/fuzz/driver.c tests/fuzz/fuzz_common.h
tests_fuzz_check_unpack_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_DIRS='"corpus-unpack"'
tests_fuzz_check_unpack_LDADD = tests/fuzz/libtypeengine.la
tests_fuzz_check_external_SOURCES = tests/fuzz/fuzz_external.c tests/fuzz/driver.c tests/fuzz/fuzz_common.h
tests_fuzz_check_external_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_DIRS='"corpus-external"'
tests_fuzz_check_external_LDADD = tests/fuzz/libtypeengine.la
tests_fuzz_check_typestr_SOURCES = tests/fuzz/fuzz_typestr.c tests/fuzz/driver.c
tests_fuzz_check_typestr_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_DIRS='"corpus corpus-run"'
tests_fuzz_check_typestr_LDADD = tests/fuzz/libtypeengine.la
EXTRA_DIST += tests/fuzz/corpus-dtdesc tests/fuzz/corpus-unpack tests/fuzz/corpus-external \
	tests/fuzz/corpus-run
FUZZ_TARGET = dtdesc
fuzz:
	$(MKDIR_P) tests/fuzz/run-$(FUZZ_TARGET)
	$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-std=gnu11 -pthread -I$(top_srcdir) -I$(top_srcdir)/include -I$(top_builddir) \
		$(top_srcdir)/tests/fuzz/fuzz_$(FUZZ_TARGET).c \
		$(addprefix $(top_srcdir)/,$(TYPE_ENGINE_SOURCES)) -o tests/fuzz/fuzz_$(FUZZ_TARGET)
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
		tests/fuzz/fuzz_$(FUZZ_TARGET) -max_total_time=$(FUZZ_TIME) -max_len=1024 -timeout=10 \
		-rss_limit_mb=2048 tests/fuzz/run-$(FUZZ_TARGET) $(top_srcdir)/tests/fuzz/corpus-$(FUZZ_TARGET)
.PHONY: fuzz
CLEANFILES += tests/fuzz/fuzz_dtdesc tests/fuzz/fuzz_unpack tests/fuzz/fuzz_external
