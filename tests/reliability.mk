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
	tests/mpi/bad_args
check_PROGRAMS += $(RELIABILITY_MPI_TESTS)
TESTS += $(RELIABILITY_MPI_TESTS) tests/launcher/seg-trust.sh
EXTRA_DIST += tests/launcher/seg-trust.sh
# A stalled job: SIGUSR1 to the launcher, --deadlock-timeout, a signal
# during the start-up of 2048 ranks.  lnch-stall is their MPI program; the
# deadlock verdict itself is unit-tested on a segment (check_stall).
check_PROGRAMS += tests/launcher/lnch-stall
tests_launcher_lnch_stall_SOURCES = tests/launcher/lnch-stall.c
STALL_TESTS = tests/launcher/stall-ask.sh tests/launcher/deadlock.sh \
	tests/launcher/startup-signal.sh
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
