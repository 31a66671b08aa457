# tests of dynamic processes (issue 42, docs/dynamic.md): MPI_Comm_spawn and
# spawn_multiple, the parent, the universe, and their failures.
DYNAMIC_TESTS = tests/mpi/dyn_spawn tests/mpi/dyn_spawn_errors tests/mpi/dyn_spawn_multiple \
	tests/mpi/dyn_abort_child tests/mpi/dyn_abort_parent tests/mpi/dyn_singleton \
	tests/mpi/dyn_spawn_cwd tests/mpi/dyn_spawn_bind
check_PROGRAMS += $(DYNAMIC_TESTS)
TESTS += $(DYNAMIC_TESTS)
# The tests spawn their own binary (/proc/self/exe), which must run
# without libtool's wrapper script: the children get the launcher's
# environment, not the wrapper's LD_LIBRARY_PATH.
tests_mpi_dyn_spawn_LDFLAGS = $(AM_LDFLAGS) -no-install
tests_mpi_dyn_spawn_errors_LDFLAGS = $(AM_LDFLAGS) -no-install
tests_mpi_dyn_spawn_multiple_LDFLAGS = $(AM_LDFLAGS) -no-install
tests_mpi_dyn_abort_child_LDFLAGS = $(AM_LDFLAGS) -no-install
tests_mpi_dyn_abort_parent_LDFLAGS = $(AM_LDFLAGS) -no-install
tests_mpi_dyn_singleton_LDFLAGS = $(AM_LDFLAGS) -no-install
tests_mpi_dyn_spawn_cwd_LDFLAGS = $(AM_LDFLAGS) -no-install
# Ports, accept/connect, names, join (docs/dynamic.md, "Ports"); the
# script starts separate mpirun-shm jobs: names removed at a job's end,
# a port of a job that is gone, a name of a job killed with SIGKILL.
PORTS_TESTS = tests/mpi/port_accept_connect tests/mpi/port_names tests/mpi/port_join \
	tests/mpi/port_spawned tests/mpi/port_disconnect_wait
check_PROGRAMS += $(PORTS_TESTS) tests/mpi/port_jobs
tests_mpi_port_jobs_LDFLAGS = $(AM_LDFLAGS) -no-install
TESTS += $(PORTS_TESTS) tests/mpi/port_jobs.sh
EXTRA_DIST += tests/mpi/port_jobs.sh
tests_mpi_port_spawned_LDFLAGS = $(AM_LDFLAGS) -no-install
# The port and name calls in Fortran (mpi and mpi_f08; tests/fortran.mk
# builds and runs every FORTRAN_TESTS entry when Fortran is configured).
FORTRAN_TESTS += tests/fortran/ports_f08
tests_mpi_dyn_spawn_bind_LDFLAGS = $(AM_LDFLAGS) -no-install
if HAVE_FORTRAN
# The spawn calls in Fortran (mpif.h, `use mpi`, `use mpi_f08`): linked
# like tests/fortran.mk's programs, but -no-install as above, since they
# spawn their own file.
DYNAMIC_FORTRAN_TESTS = tests/fortran/dyn_spawn_mpif tests/fortran/dyn_spawn_f08
check_SCRIPTS += $(DYNAMIC_FORTRAN_TESTS)
TESTS += $(DYNAMIC_FORTRAN_TESTS)
CLEANFILES += $(DYNAMIC_FORTRAN_TESTS) $(DYNAMIC_FORTRAN_TESTS:=.$(OBJEXT))
$(DYNAMIC_FORTRAN_TESTS): %: %.$(OBJEXT) $(FORTRAN_TEST_LDADD)
	$(AM_V_FCLD)$(FCLINK) -no-install $@.$(OBJEXT) $(FORTRAN_TEST_LDADD)
tests/fortran/dyn_spawn_mpif.$(OBJEXT) tests/fortran/dyn_spawn_f08.$(OBJEXT): tests/fortran/testing.mod
endif
EXTRA_DIST += tests/fortran/dyn_spawn_mpif.f90 tests/fortran/dyn_spawn_f08.f90
