# tests/abi.mk - the MPI-5.0 standard ABI (issue 44): the generated header
# include/abi/mpi.h (api/gen-abi.py), and tests/mpi programs rebuilt against
# that header and linked with libmpi_abi (lib/abi/local.mk): tests/abi/X is
# tests/mpi/X.c compiled with the ABI's mpi.h first on the include path, run
# by tests/run-test.sh with tests/mpi/X.c's np: lines.  The programs are
# chosen to need nothing beyond the ABI and to cover point-to-point (modes,
# wildcards, probes, persistent), collectives (user ops, Alltoallw, persistent,
# intercommunicators), datatypes, communicators and topologies, attributes
# and keyval callbacks, error handlers and classes, RMA, generalized
# requests, status arrays, info, data representations, MPI_T events and
# the large-count forms; abi_layer
# (tests/mpi/abi_layer.c, ABI only) checks the ABI chapter's functions and
# the values that differ between the headers.
TESTS += tests/check-abi-header.sh
EXTRA_DIST += tests/check-abi-header.sh
ABI_TEST_CPPFLAGS = -I$(top_srcdir)/include/abi -I$(top_srcdir) -I$(top_srcdir)/tests/mpi
ABI_TEST_LDADD = libmpi_abi.la -lm
ABI_TESTS = \
	tests/abi/p2p_basic \
	tests/abi/p2p_wildcard \
	tests/abi/p2p_probe \
	tests/abi/p2p_persistent \
	tests/abi/p2p_modes \
	tests/abi/coll_basic \
	tests/abi/coll_small \
	tests/abi/coll_derived_ops \
	tests/abi/coll_zero_alias \
	tests/abi/mpi4_persist_coll \
	tests/abi/inter_coll_all \
	tests/abi/attr_dup \
	tests/abi/comm_idup_overlap \
	tests/abi/topo_cart \
	tests/abi/topo_neighbor \
	tests/abi/rma_lock \
	tests/abi/rma_fetch_op \
	tests/abi/mpi4_remove_error \
	tests/abi/status_error_untouched \
	tests/abi/mpi4_request_get_status \
	tests/abi/info_basic \
	tests/abi/large_count_c \
	tests/abi/io_datarep \
	tests/abi/mpit_event \
	tests/abi/abi_layer
check_PROGRAMS += $(ABI_TESTS)
TESTS += $(ABI_TESTS)
tests_abi_p2p_basic_SOURCES = tests/mpi/p2p_basic.c
tests_abi_p2p_basic_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_p2p_basic_LDADD = $(ABI_TEST_LDADD)
tests_abi_p2p_wildcard_SOURCES = tests/mpi/p2p_wildcard.c
tests_abi_p2p_wildcard_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_p2p_wildcard_LDADD = $(ABI_TEST_LDADD)
tests_abi_p2p_probe_SOURCES = tests/mpi/p2p_probe.c
tests_abi_p2p_probe_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_p2p_probe_LDADD = $(ABI_TEST_LDADD)
tests_abi_p2p_persistent_SOURCES = tests/mpi/p2p_persistent.c
tests_abi_p2p_persistent_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_p2p_persistent_LDADD = $(ABI_TEST_LDADD)
tests_abi_p2p_modes_SOURCES = tests/mpi/p2p_modes.c
tests_abi_p2p_modes_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_p2p_modes_LDADD = $(ABI_TEST_LDADD)
tests_abi_coll_basic_SOURCES = tests/mpi/coll_basic.c
tests_abi_coll_basic_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_coll_basic_LDADD = $(ABI_TEST_LDADD)
tests_abi_coll_small_SOURCES = tests/mpi/coll_small.c
tests_abi_coll_small_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_coll_small_LDADD = $(ABI_TEST_LDADD)
tests_abi_coll_derived_ops_SOURCES = tests/mpi/coll_derived_ops.c
tests_abi_coll_derived_ops_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_coll_derived_ops_LDADD = $(ABI_TEST_LDADD)
tests_abi_coll_zero_alias_SOURCES = tests/mpi/coll_zero_alias.c
tests_abi_coll_zero_alias_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_coll_zero_alias_LDADD = $(ABI_TEST_LDADD)
tests_abi_mpi4_persist_coll_SOURCES = tests/mpi/mpi4_persist_coll.c
tests_abi_mpi4_persist_coll_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_mpi4_persist_coll_LDADD = $(ABI_TEST_LDADD)
tests_abi_inter_coll_all_SOURCES = tests/mpi/inter_coll_all.c
tests_abi_inter_coll_all_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_inter_coll_all_LDADD = $(ABI_TEST_LDADD)
tests_abi_attr_dup_SOURCES = tests/mpi/attr_dup.c
tests_abi_attr_dup_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_attr_dup_LDADD = $(ABI_TEST_LDADD)
tests_abi_comm_idup_overlap_SOURCES = tests/mpi/comm_idup_overlap.c
tests_abi_comm_idup_overlap_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_comm_idup_overlap_LDADD = $(ABI_TEST_LDADD)
tests_abi_topo_cart_SOURCES = tests/mpi/topo_cart.c
tests_abi_topo_cart_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_topo_cart_LDADD = $(ABI_TEST_LDADD)
tests_abi_topo_neighbor_SOURCES = tests/mpi/topo_neighbor.c
tests_abi_topo_neighbor_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_topo_neighbor_LDADD = $(ABI_TEST_LDADD)
tests_abi_rma_lock_SOURCES = tests/mpi/rma_lock.c
tests_abi_rma_lock_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_rma_lock_LDADD = $(ABI_TEST_LDADD)
tests_abi_rma_fetch_op_SOURCES = tests/mpi/rma_fetch_op.c
tests_abi_rma_fetch_op_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_rma_fetch_op_LDADD = $(ABI_TEST_LDADD)
tests_abi_mpi4_remove_error_SOURCES = tests/mpi/mpi4_remove_error.c
tests_abi_mpi4_remove_error_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_mpi4_remove_error_LDADD = $(ABI_TEST_LDADD)
tests_abi_status_error_untouched_SOURCES = tests/mpi/status_error_untouched.c
tests_abi_status_error_untouched_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_status_error_untouched_LDADD = $(ABI_TEST_LDADD)
tests_abi_mpi4_request_get_status_SOURCES = tests/mpi/mpi4_request_get_status.c
tests_abi_mpi4_request_get_status_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_mpi4_request_get_status_LDADD = $(ABI_TEST_LDADD)
tests_abi_info_basic_SOURCES = tests/mpi/info_basic.c
tests_abi_info_basic_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_info_basic_LDADD = $(ABI_TEST_LDADD)
tests_abi_large_count_c_SOURCES = tests/mpi/large_count_c.c
tests_abi_large_count_c_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_large_count_c_LDADD = $(ABI_TEST_LDADD)
tests_abi_io_datarep_SOURCES = tests/mpi/io_datarep.c
tests_abi_io_datarep_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_io_datarep_LDADD = $(ABI_TEST_LDADD)
tests_abi_mpit_event_SOURCES = tests/mpi/mpit_event.c
tests_abi_mpit_event_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_mpit_event_LDADD = $(ABI_TEST_LDADD)
tests_abi_abi_layer_SOURCES = tests/mpi/abi_layer.c
tests_abi_abi_layer_CPPFLAGS = $(ABI_TEST_CPPFLAGS)
tests_abi_abi_layer_LDADD = $(ABI_TEST_LDADD)
