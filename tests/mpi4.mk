# tests of the MPI-4.0/4.1 functions of issue 41 ("the rest of 4.0/4.1"):
# each with its bad arguments raised through the right handler.
MPI4_TESTS = tests/mpi/mpi4_info_string tests/mpi/mpi4_status_fields \
	tests/mpi/status_error_untouched tests/mpi/status_empty_error tests/mpi/mpi4_isendrecv \
	tests/mpi/mpi4_request_get_status tests/mpi/mpi4_remove_error \
	tests/mpi/mpi4_comm_idup_info tests/mpi/mpi4_type_value_index \
	tests/mpi/mpi4_buffer_flush tests/mpi/mpi4_errors_abort
# persistent collectives and partitioned point-to-point (helper preq)
MPI4_TESTS += tests/mpi/mpi4_persist_coll tests/mpi/mpi4_partitioned
# persistent collectives keep copies of their arrays (issue 38, mpi4py)
MPI4_TESTS += tests/mpi/pcoll_arrays_copied tests/mpi/part_zero_bytes
# the large-count forms MPI_X_c (large_msg needs 10 GiB free, else skips)
MPI4_TESTS += tests/mpi/large_count_c tests/mpi/large_msg tests/mpi/mpi4_large_callbacks
# the persistent _init_c forms' narrowed arrays outlive the call (found by
# mpi4py on the standard ABI, issue 44)
MPI4_TESTS += tests/mpi/pcoll_init_c_arrays
# sessions (lib/core/session.c, lib/comm/comm_from_group.c)
MPI4_TESTS += tests/mpi/mpi4_session tests/mpi/mpi4_session_world tests/mpi/mpi4_session_reinit
# communicator assertions, hardware split types
MPI4_TESTS += tests/mpi/mpi4_comm_hints
# buffers of communicators and sessions (MPI-4.1)
MPI4_TESTS += tests/mpi/mpi4_buffers tests/mpi/mpi4_buffers_c
check_PROGRAMS += $(MPI4_TESTS)
TESTS += $(MPI4_TESTS)
