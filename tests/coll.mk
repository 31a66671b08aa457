# tests and extra sources of the coll area (issue 5)
COLL_TESTS = tests/mpi/coll_basic tests/mpi/coll_ops tests/mpi/coll_derived_ops tests/mpi/coll_bcast_queue \
	tests/mpi/coll_allreduce_large tests/mpi/coll_bcast_large tests/mpi/coll_reduce_queue \
	tests/mpi/coll_arena_full tests/mpi/nbc_overlap tests/mpi/coll_hier
check_PROGRAMS += $(COLL_TESTS)
TESTS += $(COLL_TESTS)
tests_mpi_coll_basic_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_ops_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_bcast_queue_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_allreduce_large_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_bcast_large_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_reduce_queue_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_arena_full_LDADD = $(MPI_TEST_LDADD)
tests_mpi_nbc_overlap_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_derived_ops_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_hier_LDADD = $(MPI_TEST_LDADD)

# topologies, neighbour collectives, intercommunicators (issue 5)
TOPO_TESTS = tests/mpi/topo_cart tests/mpi/topo_graph tests/mpi/topo_neighbor \
	tests/mpi/topo_ineighbor
check_PROGRAMS += $(TOPO_TESTS)
TESTS += $(TOPO_TESTS)
tests_mpi_topo_cart_LDADD = $(MPI_TEST_LDADD)
tests_mpi_topo_graph_LDADD = $(MPI_TEST_LDADD)
tests_mpi_topo_neighbor_LDADD = $(MPI_TEST_LDADD)
tests_mpi_topo_ineighbor_LDADD = $(MPI_TEST_LDADD)

INTER_TESTS = tests/mpi/inter_basic tests/mpi/inter_coll tests/mpi/inter_coll_all \
	tests/mpi/inter_dup_pending
check_PROGRAMS += $(INTER_TESTS)
TESTS += $(INTER_TESTS)
tests_mpi_inter_basic_LDADD = $(MPI_TEST_LDADD)
tests_mpi_inter_coll_LDADD = $(MPI_TEST_LDADD)
tests_mpi_inter_coll_all_LDADD = $(MPI_TEST_LDADD)
tests_mpi_inter_dup_pending_LDADD = $(MPI_TEST_LDADD)
