# tests/: Check unit tests (tests/unit) and MPI programs run under the
# launcher (tests/mpi).  Every test goes through tests/run-test.sh, which
# reads "np:", "mpirun:" and "env:" lines from the program's source.
LOG_COMPILER = $(SHELL) $(top_srcdir)/tests/run-test.sh
AM_TESTS_ENVIRONMENT = top_srcdir=$(top_srcdir); top_builddir=$(top_builddir); export top_srcdir top_builddir;
EXTRA_DIST += tests/run-test.sh tests/mpi/mpitest.h tests/unit/unit.h tests/check-symbols.sh
TESTS += tests/check-symbols.sh
# folder boundaries (lib/README.md's table) and atomics through shm/atomic.h
EXTRA_DIST += tests/check-layering.sh tests/check-atomics.sh tests/check-dlopen.sh
TESTS += tests/check-layering.sh tests/check-atomics.sh tests/check-dlopen.sh

MPI_TEST_LDADD = libshmpi.la
# The default for every program without its own _LDADD: the MPI tests, the
# examples and the benchmarks are MPI programs.
LDADD = $(MPI_TEST_LDADD)

# unit tests
UNIT_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
UNIT_LDADD = libshm.la $(CHECK_LIBS)

check_PROGRAMS += tests/unit/check_ring tests/unit/check_segment tests/unit/check_match
TESTS += tests/unit/check_ring tests/unit/check_segment tests/unit/check_match
tests_unit_check_match_SOURCES = tests/unit/check_match.c lib/p2p/p2p_match.c
tests_unit_check_match_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_match_LDADD = $(CHECK_LIBS)
tests_unit_check_ring_SOURCES = tests/unit/check_ring.c
tests_unit_check_ring_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_ring_LDADD = $(UNIT_LDADD)
tests_unit_check_segment_SOURCES = tests/unit/check_segment.c
tests_unit_check_segment_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_segment_LDADD = $(UNIT_LDADD)
# the eager limit chosen from the start-up round trips (lib/p2p/p2p_calibrate.c)
check_PROGRAMS += tests/unit/check_eager_rule
TESTS += tests/unit/check_eager_rule
tests_unit_check_eager_rule_SOURCES = tests/unit/check_eager_rule.c lib/p2p/p2p_eager_rule.c
tests_unit_check_eager_rule_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_eager_rule_LDADD = $(CHECK_LIBS)
# the doorbell with light and full fences (shm/fence.h)
check_PROGRAMS += tests/unit/check_doorbell
TESTS += tests/unit/check_doorbell
tests_unit_check_doorbell_SOURCES = tests/unit/check_doorbell.c
tests_unit_check_doorbell_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_doorbell_LDADD = $(UNIT_LDADD)

# point-to-point behaviour (issue 2)
check_PROGRAMS += tests/mpi/p2p_basic tests/mpi/p2p_order tests/mpi/p2p_modes \
	tests/mpi/p2p_large tests/mpi/p2p_probe tests/mpi/p2p_cancel \
	tests/mpi/p2p_persistent tests/mpi/p2p_errors tests/mpi/p2p_wildcard tests/mpi/p2p_stream_ahead tests/mpi/p2p_unexp_large \
	tests/mpi/p2p_eager_limit tests/mpi/p2p_cma_batch tests/mpi/abort_rank tests/mpi/segv_rank tests/mpi/env_basic tests/mpi/pmpi_wrap tests/mpi/handle_f2c
TESTS += tests/mpi/p2p_basic tests/mpi/p2p_order tests/mpi/p2p_modes \
	tests/mpi/p2p_large tests/mpi/p2p_probe tests/mpi/p2p_cancel \
	tests/mpi/p2p_persistent tests/mpi/p2p_errors tests/mpi/p2p_wildcard tests/mpi/p2p_stream_ahead tests/mpi/p2p_unexp_large \
	tests/mpi/p2p_eager_limit tests/mpi/p2p_cma_batch tests/mpi/abort_rank tests/mpi/segv_rank tests/mpi/env_basic tests/mpi/pmpi_wrap tests/mpi/handle_f2c
# MPI_Cancel of sends whose message is already at the receiver (issue 38)
check_PROGRAMS += tests/mpi/cancel_send tests/mpi/cancel_race
TESTS += tests/mpi/cancel_send tests/mpi/cancel_race
# errors are named after the user's call (issue 13: MPI_Mrecv was reported
# as MPI_Imrecv, MPI_Comm_disconnect as MPI_Comm_free)
check_PROGRAMS += tests/mpi/err_fn_name
TESTS += tests/mpi/err_fn_name.sh
EXTRA_DIST += tests/mpi/err_fn_name.sh
