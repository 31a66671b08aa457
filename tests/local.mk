# tests/: Check unit tests (tests/unit) and MPI programs run under the
# launcher (tests/mpi) through tests/mpi/run-mpi-test.sh, which reads the
# process counts from the "np:" line of each program's top comment.
TEST_EXTENSIONS = .mpi
MPI_LOG_COMPILER = $(SHELL) $(top_srcdir)/tests/mpi/run-mpi-test.sh
AM_TESTS_ENVIRONMENT = top_srcdir=$(top_srcdir) top_builddir=$(top_builddir); export top_srcdir top_builddir;
EXTRA_DIST += tests/mpi/run-mpi-test.sh tests/mpi/mpitest.h

MPI_TEST_CFLAGS = $(AM_CFLAGS) -fvisibility=default
MPI_TEST_LDADD = libshmpi.la

# unit tests
UNIT_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
UNIT_LDADD = libshm.la $(CHECK_LIBS)
