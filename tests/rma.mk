# tests of one-sided communication (issue 16): unit tests of the window
# lock and the element atomics, MPI programs for every call and every
# synchronisation mode.
RMA_TESTS = tests/mpi/rma_basic tests/mpi/rma_lock tests/mpi/rma_fetch_op \
	tests/mpi/rma_pscw tests/mpi/rma_shared_stencil \
	tests/mpi/rma_derived tests/mpi/rma_requests \
	tests/mpi/rma_errors tests/mpi/rma_acc_runs
check_PROGRAMS += $(RMA_TESTS)
TESTS += $(RMA_TESTS)

# unit tests: the window lock and the element atomics
check_PROGRAMS += tests/unit/check_rma
TESTS += tests/unit/check_rma
tests_unit_check_rma_SOURCES = tests/unit/check_rma.c lib/rma/rma_atomic.c lib/coll/op_predefined.c
tests_unit_check_rma_CFLAGS = $(UNIT_CFLAGS) -pthread
tests_unit_check_rma_LDADD = $(UNIT_LDADD) -lpthread
