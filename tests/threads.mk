# tests and extra sources of the threads area (issue 7)
check_PROGRAMS += tests/unit/check_mutex
TESTS += tests/unit/check_mutex
tests_unit_check_mutex_SOURCES = tests/unit/check_mutex.c
tests_unit_check_mutex_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_mutex_LDADD = $(UNIT_LDADD)

THR_MPI_TESTS = tests/mpi/thr_self tests/mpi/thr_stress tests/mpi/thr_errors \
	tests/mpi/mutex_contention tests/mpi/cond_prodcons tests/mpi/ep_churn
check_PROGRAMS += $(THR_MPI_TESTS)
TESTS += $(THR_MPI_TESTS)
EXTRA_DIST += tests/mpi/thr_common.h
tests_mpi_thr_self_LDADD = $(MPI_TEST_LDADD)
tests_mpi_thr_stress_LDADD = $(MPI_TEST_LDADD)
tests_mpi_thr_errors_LDADD = $(MPI_TEST_LDADD)
tests_mpi_mutex_contention_LDADD = $(MPI_TEST_LDADD)
tests_mpi_cond_prodcons_LDADD = $(MPI_TEST_LDADD)
tests_mpi_ep_churn_LDADD = $(MPI_TEST_LDADD)

# make check-tsan: the threaded tests and the library again, built with
# -fsanitize=thread in a separate build tree (tsan-build/), then run.
check-tsan:
	rm -rf tsan-build && mkdir tsan-build
	cd tsan-build && $(abs_top_srcdir)/configure -q CFLAGS="-g -O1 -fsanitize=thread" \
		LDFLAGS="-fsanitize=thread" >/dev/null
	$(MAKE) -C tsan-build all
	$(MAKE) -C tsan-build check TESTS="tests/unit/check_mutex $(THR_MPI_TESTS)" \
		TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 $(TSAN_OPTIONS)"
.PHONY: check-tsan
