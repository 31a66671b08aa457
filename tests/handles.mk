# tests and extra sources of the handles area

# unit tests of the attribute list internals (no MPI job needed)
check_PROGRAMS += tests/unit/check_attr
TESTS += tests/unit/check_attr
tests_unit_check_attr_SOURCES = tests/unit/check_attr.c lib/attr/attr.c lib/attr/attr_predefined.c lib/attr/attr.h
tests_unit_check_attr_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_attr_LDADD = $(CHECK_LIBS)

# MPI behaviour tests of caching, names, error handlers, info (issue 8)
HANDLES_MPI_TESTS = tests/mpi/attr_basic tests/mpi/attr_handle tests/mpi/attr_cb_error \
	tests/mpi/attr_finalize tests/mpi/attr_dup tests/mpi/attr_commid \
	tests/mpi/name_basic tests/mpi/errh_basic tests/mpi/info_basic tests/mpi/attr_threads
check_PROGRAMS += $(HANDLES_MPI_TESTS)
TESTS += $(HANDLES_MPI_TESTS)
