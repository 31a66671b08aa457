# Fortran tests (issue 17): MPI programs written in Fortran, run by
# tests/run-test.sh like the C ones ("! np:" in the source's top comment).
# Built only when configure found a Fortran compiler.
#
# A test is one tests/fortran/NAME.f90 that uses the module `testing`
# (tests/fortran/testing.f90: start, check, rank, nproc), compiled once;
# adding one is adding its name to FORTRAN_TESTS.  They are linked by the
# pattern rule below, not as automake programs, which would want two
# variables each (automake's default source is NAME.c).  handles_mixed,
# half C, is the one automake program.
FORTRAN_TESTS = tests/fortran/p2p_mpif tests/fortran/p2p_mpi tests/fortran/p2p_f08 \
	tests/fortran/coll_f08 tests/fortran/types_f08 tests/fortran/nonblocking_f08 \
	tests/fortran/callbacks_mpi tests/fortran/callbacks_f08 \
	tests/fortran/alltoallw_f08 tests/fortran/types_f90_f08 \
	tests/fortran/mutex_f08 tests/fortran/seed_f08 tests/fortran/real16_f08 \
	tests/fortran/err_in_status tests/fortran/mpi1_types tests/fortran/status_error_kept \
	tests/fortran/info_blanks tests/fortran/greq_extra_state tests/fortran/profile_mpif \
	tests/fortran/bindings_extra tests/fortran/large_count_f08 tests/fortran/info_get_string
EXTRA_DIST += $(FORTRAN_TESTS:=.f90) tests/fortran/testing.f90 \
	tests/fortran/handles_mixed.f90 tests/fortran/handles_mixed_c.c \
	tests/fortran/attr_lang.f90 tests/fortran/attr_lang_c.c
if HAVE_FORTRAN
# mpif.h from the source tree, the .mod files from the build tree.
AM_FCFLAGS = -I$(top_srcdir)/include -I$(top_builddir)/lib/fortran -I$(top_builddir)/tests/fortran \
	$(FCFLAGS_f90)
FORTRAN_TEST_LDADD = tests/fortran/testing.$(OBJEXT) libshmpi_fortran.la libshmpi.la
FORTRAN_TEST_OBJS = $(FORTRAN_TESTS:=.$(OBJEXT))
check_SCRIPTS = $(FORTRAN_TESTS)
TESTS += $(FORTRAN_TESTS) tests/fortran/handles_mixed tests/fortran/attr_lang
CLEANFILES += $(FORTRAN_TESTS) $(FORTRAN_TEST_OBJS) tests/fortran/testing.$(OBJEXT) \
	tests/fortran/testing.mod
clean-local: clean-fortran-tests
clean-fortran-tests:
	-rm -rf tests/fortran/.libs
$(FORTRAN_TESTS): %: %.$(OBJEXT) $(FORTRAN_TEST_LDADD)
	$(AM_V_FCLD)$(FCLINK) $@.$(OBJEXT) $(FORTRAN_TEST_LDADD)
# The modules must exist before a program that uses them compiles; the
# module `testing` goes to tests/fortran/ (-J).
$(FORTRAN_TEST_OBJS) tests/fortran/handles_mixed.$(OBJEXT) tests/fortran/attr_lang.$(OBJEXT): \
	tests/fortran/testing.mod
tests/fortran/testing.mod: tests/fortran/testing.$(OBJEXT)
tests/fortran/testing.$(OBJEXT): tests/fortran/testing.f90 $(FORTRAN_MODS)
	$(AM_V_FC)$(FCCOMPILE) -J tests/fortran -c -o $@ $(srcdir)/tests/fortran/testing.f90
# mpif.h has no interfaces: gfortran 10 and later reject one procedure
# called with buffers of two types unless told otherwise (as with any MPI).
tests/fortran/p2p_mpif.$(OBJEXT): tests/fortran/p2p_mpif.f90
	$(AM_V_FC)$(FCCOMPILE) -fallow-argument-mismatch -c -o $@ $(srcdir)/tests/fortran/p2p_mpif.f90

check_PROGRAMS += tests/fortran/handles_mixed
tests_fortran_handles_mixed_SOURCES = tests/fortran/handles_mixed.f90 \
	tests/fortran/handles_mixed_c.c
tests_fortran_handles_mixed_LDADD = $(FORTRAN_TEST_LDADD)
check_PROGRAMS += tests/fortran/attr_lang
tests_fortran_attr_lang_SOURCES = tests/fortran/attr_lang.f90 tests/fortran/attr_lang_c.c
tests_fortran_attr_lang_LDADD = $(FORTRAN_TEST_LDADD)
endif
