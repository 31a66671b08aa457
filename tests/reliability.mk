# Reliability (issue 18): what bad input, a hostile rank or a flood of
# messages must not do.  MPI programs run under tests/run-test.sh; the
# shell tests use tests/launcher/common.sh.
RELIABILITY_MPI_TESTS = tests/mpi/seg_trust tests/mpi/unexp_flood tests/mpi/handle_churn tests/mpi/count_overflow
check_PROGRAMS += $(RELIABILITY_MPI_TESTS)
TESTS += $(RELIABILITY_MPI_TESTS) tests/launcher/seg-trust.sh
EXTRA_DIST += tests/launcher/seg-trust.sh
tests_mpi_seg_trust_LDADD = $(MPI_TEST_LDADD)
tests_mpi_unexp_flood_LDADD = $(MPI_TEST_LDADD)
tests_mpi_handle_churn_LDADD = $(MPI_TEST_LDADD)
tests_mpi_count_overflow_LDADD = $(MPI_TEST_LDADD)
