# tests and extra sources of the handles area

# unit tests of the attribute list internals (no MPI job needed)
check_PROGRAMS += tests/unit/check_attr
TESTS += tests/unit/check_attr
tests_unit_check_attr_SOURCES = tests/unit/check_attr.c lib/attr.c lib/attr_predefined.c lib/attr.h
tests_unit_check_attr_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_attr_LDADD = $(CHECK_LIBS)
