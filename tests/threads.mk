# tests and extra sources of the threads area (issue 7)
check_PROGRAMS += tests/unit/check_mutex
TESTS += tests/unit/check_mutex
tests_unit_check_mutex_SOURCES = tests/unit/check_mutex.c
tests_unit_check_mutex_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_mutex_LDADD = $(UNIT_LDADD)

THR_MPI_TESTS = tests/mpi/thr_self tests/mpi/thr_stress tests/mpi/thr_errors \
	tests/mpi/mutex_contention tests/mpi/mutex_dead tests/mpi/cond_prodcons \
	tests/mpi/thr_twowait tests/mpi/mutex_notowner tests/mpi/ep_churn \
	tests/mpi/thr_multiwait tests/mpi/ep_share
check_PROGRAMS += $(THR_MPI_TESTS)
TESTS += $(THR_MPI_TESTS)
EXTRA_DIST += tests/mpi/thr_common.h

# make check-tsan: the library (lib/ and shm/ sources) and the threaded
# tests built again with -fsanitize=thread into tsan-build/ (a plain
# compiler run, no second configure: the source tree is configured in
# place), then run under the normal launcher.  TSan stops at the first
# report (exit 66), so a clean run means no report.
TSAN_CFLAGS = -std=gnu11 -g -O1 -fsanitize=thread -pthread -fPIC
TSAN_CPP = $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) $(HWLOC_CFLAGS) $(NUMA_CFLAGS)
check-tsan: all
	rm -rf tsan-build && mkdir -p tsan-build/tests/mpi tsan-build/tests/unit
	$(CC) $(TSAN_CPP) $(TSAN_CFLAGS) -shared -o tsan-build/libshmpi.so \
		$(addprefix $(srcdir)/,$(filter %.c,$(libshmpi_la_SOURCES) $(libshm_la_SOURCES))) \
		$(HWLOC_LIBS) $(NUMA_LIBS)
	$(CC) $(TSAN_CPP) $(TSAN_CFLAGS) $(CHECK_CFLAGS) -o tsan-build/tests/unit/check_mutex \
		$(srcdir)/tests/unit/check_mutex.c \
		$(addprefix $(srcdir)/,$(filter %.c,$(libshm_la_SOURCES))) $(CHECK_LIBS)
	for t in $(THR_MPI_TESTS); do \
		$(CC) $(TSAN_CPP) $(TSAN_CFLAGS) -o tsan-build/$$t $(srcdir)/$$t.c \
			-Ltsan-build -lshmpi -Wl,-rpath,$(abs_top_builddir)/tsan-build || exit 1; \
	done
	@export TSAN_OPTIONS="halt_on_error=1 exitcode=66 $(TSAN_OPTIONS)"; \
	fail=0; \
	echo "== tests/unit/check_mutex (tsan)"; tsan-build/tests/unit/check_mutex || fail=1; \
	for t in $(THR_MPI_TESTS); do \
		echo "== $$t (tsan)"; \
		( cd tsan-build && top_srcdir=$(abs_top_srcdir) top_builddir=$(abs_top_builddir) \
		  THR_STRESS_N=$${THR_STRESS_N:-1000} $(SHELL) $(abs_top_srcdir)/tests/run-test.sh ./$$t ) || fail=1; \
	done; \
	if [ $$fail = 0 ]; then echo "check-tsan: all clean"; else echo "check-tsan: FAILED"; fi; \
	exit $$fail
.PHONY: check-tsan
