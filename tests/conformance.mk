# tests of the conformance fixes (issue 14): each one failed before its fix.
# The MPICH-suite runner (tests/conformance/mpich-suite.sh) is not part of
# make check; docs/testing.md says how to run it.
CONFORMANCE_MPI_TESTS = tests/mpi/info_get_short tests/mpi/topo_dims_balanced \
	tests/mpi/topo_dist_repeat tests/mpi/handle_f2c_message tests/mpi/type_name_complex \
	tests/mpi/err_outside_init tests/mpi/inter_split tests/mpi/comm_idup_overlap \
	tests/mpi/status_error_kept tests/mpi/coll_alltoallw_bottom tests/mpi/attr_group_free \
	tests/mpi/meta_start_fail tests/mpi/p2p_bsend_reclaim tests/mpi/attr_keyval_double_free \
	tests/mpi/p2p_recv_null_type tests/mpi/type_f90_envelope
check_PROGRAMS += $(CONFORMANCE_MPI_TESTS)
TESTS += $(CONFORMANCE_MPI_TESTS)
EXTRA_DIST += tests/conformance/mpich-suite.sh
# The standard ABI against MPICH's libmpi_abi (issue 44, docs/abi.md): run by hand.
EXTRA_DIST += tests/conformance/abi-mpich.sh
