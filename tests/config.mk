# tests of the configuration table (issue 13): the parser's unit tests, the
# table against docs/config.md and the tree, SHMPI_EAGER_MAX through the
# parser, the warning, mpirun-shm --help-config.
check_PROGRAMS += tests/unit/check_config tests/mpi/config_eager
tests_unit_check_config_SOURCES = tests/unit/check_config.c
tests_unit_check_config_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_config_LDADD = $(UNIT_LDADD)
CONFIG_TEST_FILES = tests/config-table.sh tests/config-warn.sh
TESTS += tests/unit/check_config tests/mpi/config_eager $(CONFIG_TEST_FILES)
EXTRA_DIST += $(CONFIG_TEST_FILES)
