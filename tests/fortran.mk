# Fortran tests (issue 17): MPI programs written in Fortran, run by
# tests/run-test.sh like the C ones ("! np:" in the source's top comment).
# Built only when configure found a Fortran compiler.
EXTRA_DIST += tests/fortran/p2p_mpif.f90 tests/fortran/p2p_mpi.f90 tests/fortran/p2p_f08.f90 \
	tests/fortran/coll_f08.f90 tests/fortran/types_f08.f90 tests/fortran/nonblocking_f08.f90 \
	tests/fortran/handles_mixed.f90 tests/fortran/handles_mixed_c.c \
	tests/fortran/callbacks_mpi.f90 tests/fortran/callbacks_f08.f90 \
	tests/fortran/alltoallw_f08.f90 tests/fortran/types_f90_f08.f90 \
	tests/fortran/mutex_f08.f90
if HAVE_FORTRAN
# mpif.h from the source tree, the .mod files from the build tree.
AM_FCFLAGS = -I$(top_srcdir)/include -I$(top_builddir)/lib/fortran $(FCFLAGS_f90)
FORTRAN_TEST_LDADD = libshmpi_fortran.la libshmpi.la
FORTRAN_TESTS = tests/fortran/p2p_mpif tests/fortran/p2p_mpi tests/fortran/p2p_f08 \
	tests/fortran/coll_f08 tests/fortran/types_f08 tests/fortran/nonblocking_f08 \
	tests/fortran/handles_mixed tests/fortran/callbacks_mpi tests/fortran/callbacks_f08 \
	tests/fortran/alltoallw_f08 tests/fortran/types_f90_f08 \
	tests/fortran/mutex_f08
check_PROGRAMS += $(FORTRAN_TESTS)
TESTS += $(FORTRAN_TESTS)
tests_fortran_p2p_mpif_SOURCES = tests/fortran/p2p_mpif.f90
tests_fortran_p2p_mpif_LDADD = $(FORTRAN_TEST_LDADD)
# mpif.h has no interfaces: gfortran 10 and later reject one procedure
# called with buffers of two types unless told otherwise (as with any MPI).
tests_fortran_p2p_mpif_FCFLAGS = $(AM_FCFLAGS) -fallow-argument-mismatch
tests_fortran_p2p_mpi_SOURCES = tests/fortran/p2p_mpi.f90
tests_fortran_p2p_mpi_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_p2p_f08_SOURCES = tests/fortran/p2p_f08.f90
tests_fortran_p2p_f08_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_coll_f08_SOURCES = tests/fortran/coll_f08.f90
tests_fortran_coll_f08_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_types_f08_SOURCES = tests/fortran/types_f08.f90
tests_fortran_types_f08_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_nonblocking_f08_SOURCES = tests/fortran/nonblocking_f08.f90
tests_fortran_nonblocking_f08_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_handles_mixed_SOURCES = tests/fortran/handles_mixed.f90 \
	tests/fortran/handles_mixed_c.c
tests_fortran_handles_mixed_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_callbacks_mpi_SOURCES = tests/fortran/callbacks_mpi.f90
tests_fortran_callbacks_mpi_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_callbacks_f08_SOURCES = tests/fortran/callbacks_f08.f90
tests_fortran_callbacks_f08_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_alltoallw_f08_SOURCES = tests/fortran/alltoallw_f08.f90
tests_fortran_alltoallw_f08_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_types_f90_f08_SOURCES = tests/fortran/types_f90_f08.f90
tests_fortran_types_f90_f08_LDADD = $(FORTRAN_TEST_LDADD)
tests_fortran_mutex_f08_SOURCES = tests/fortran/mutex_f08.f90
tests_fortran_mutex_f08_LDADD = $(FORTRAN_TEST_LDADD)
# The modules must exist before a test that uses them compiles.
tests/fortran/p2p_mpi.$(OBJEXT): lib/fortran/mpi.mod
tests/fortran/p2p_f08.$(OBJEXT) tests/fortran/coll_f08.$(OBJEXT) \
tests/fortran/types_f08.$(OBJEXT) tests/fortran/nonblocking_f08.$(OBJEXT): lib/fortran/mpi_f08.mod
tests/fortran/handles_mixed.$(OBJEXT): lib/fortran/mpi.mod lib/fortran/mpi_f08.mod
tests/fortran/callbacks_mpi.$(OBJEXT): lib/fortran/mpi.mod
tests/fortran/callbacks_f08.$(OBJEXT) tests/fortran/alltoallw_f08.$(OBJEXT) \
tests/fortran/types_f90_f08.$(OBJEXT) tests/fortran/mutex_f08.$(OBJEXT): lib/fortran/mpi_f08.mod
endif
