# tests/abi.mk - the MPI-5.0 standard ABI (issue 44): the generated header
# include/abi/mpi.h (api/gen-abi.py) and, as it grows, tests/mpi programs
# rebuilt against that header and linked with libmpi_abi.
TESTS += tests/check-abi-header.sh
EXTRA_DIST += tests/check-abi-header.sh
