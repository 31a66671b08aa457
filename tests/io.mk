# tests of MPI-IO (issue 39): every call and view kind, the error classes;
# each test works in a temporary directory it removes (tests/mpi/iotest.h).
IO_TESTS = tests/mpi/io_file tests/mpi/io_view tests/mpi/io_shared \
	tests/mpi/io_nonblocking tests/mpi/io_datarep tests/mpi/io_aggregate \
	tests/mpi/io_nb_errors tests/mpi/io_mpio_request tests/mpi/io_errh_code \
	tests/mpi/io_reopen
check_PROGRAMS += $(IO_TESTS)
TESTS += $(IO_TESTS)
EXTRA_DIST += tests/mpi/iotest.h
# The Fortran side (built with the other Fortran tests, tests/fortran.mk).
FORTRAN_TESTS += tests/fortran/io_f08 tests/fortran/io_datarep_f08
