# tests of one-sided communication (issue 16): unit tests of the window
# lock and the element atomics, MPI programs for every call and every
# synchronisation mode.
RMA_TESTS = tests/mpi/rma_basic
check_PROGRAMS += $(RMA_TESTS)
TESTS += $(RMA_TESTS)
tests_mpi_rma_basic_LDADD = $(MPI_TEST_LDADD)
