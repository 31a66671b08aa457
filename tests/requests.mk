# tests and extra sources of the requests area (issue 6): meta and
# generalized requests, handlers, MPI_Barrier_loose, MPI_Request_type.
REQ_TESTS = tests/mpi/handler_basic tests/mpi/handler_lock tests/mpi/handler_restart \
	tests/mpi/greq_meta tests/mpi/req_barrier_loose tests/mpi/handler_error \
	tests/mpi/handler_lock_twice tests/mpi/greq_callback_error
check_PROGRAMS += $(REQ_TESTS)
TESTS += $(REQ_TESTS) examples/nb_allgather examples/any_all_some
