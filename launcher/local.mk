# launcher/: mpirun-shm and the mpicc wrapper.
bin_PROGRAMS += launcher/mpirun-shm
launcher_mpirun_shm_SOURCES = launcher/profile.c launcher/profile.h \
	launcher/main.c \
	launcher/options.h launcher/options.c \
	launcher/job.h \
	launcher/spawn.h launcher/spawn.c \
	launcher/topo.h launcher/topo.c \
	launcher/output.h launcher/output.c \
	launcher/report.h launcher/report.c \
	launcher/loop.h launcher/loop.c
launcher_mpirun_shm_CFLAGS = $(AM_CFLAGS) $(URING_CFLAGS) $(HWLOC_CFLAGS)
launcher_mpirun_shm_LDADD = libshm.la $(URING_LIBS) $(HWLOC_LIBS) $(NUMA_LIBS) -lm
bin_SCRIPTS += launcher/mpicc
EXTRA_DIST += launcher/mpicc.in

# Unit tests of the pure parts (options, exit report).
check_PROGRAMS += tests/unit/check_options
tests_unit_check_options_SOURCES = tests/unit/check_options.c \
	launcher/options.c launcher/report.c
tests_unit_check_options_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_options_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_options

# Behaviour tests: plain C helper (no MPI) run under the launcher by small
# shell scripts; they need only libshm, not lib/.
check_PROGRAMS += tests/launcher/lnch-helper
tests_launcher_lnch_helper_SOURCES = tests/launcher/lnch-helper.c
tests_launcher_lnch_helper_LDADD = libshm.la
LAUNCHER_TESTS = \
	tests/launcher/exit-status.sh \
	tests/launcher/signal.sh \
	tests/launcher/timeout.sh \
	tests/launcher/output-lines.sh \
	tests/launcher/tag-output.sh \
	tests/launcher/stdin.sh \
	tests/launcher/env.sh \
	tests/launcher/bad-option.sh \
	tests/launcher/launcher-signal.sh \
	tests/launcher/mpi-state.sh \
	tests/launcher/mpicc.sh
TESTS += $(LAUNCHER_TESTS)
EXTRA_DIST += $(LAUNCHER_TESTS) tests/launcher/common.sh
