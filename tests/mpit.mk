# tests of the MPI tools interface (MPI_T, lib/tools, issue 41 item 2):
# every call, with its errors (bad index, name, handle and session, a
# write the variable refuses, calls before MPI_T_init_thread).
MPIT_TESTS = tests/mpi/mpit_cvar tests/mpi/mpit_pvar tests/mpi/mpit_event
check_PROGRAMS += $(MPIT_TESTS)
TESTS += $(MPIT_TESTS)
