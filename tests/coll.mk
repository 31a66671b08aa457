# tests and extra sources of the coll area (issue 5)
COLL_TESTS = tests/mpi/coll_basic tests/mpi/coll_ops tests/mpi/coll_derived_ops
check_PROGRAMS += $(COLL_TESTS)
TESTS += $(COLL_TESTS)
tests_mpi_coll_basic_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_ops_LDADD = $(MPI_TEST_LDADD)
tests_mpi_coll_derived_ops_LDADD = $(MPI_TEST_LDADD)

# topologies, neighbour collectives, intercommunicators (issue 5)
TOPO_TESTS = tests/mpi/topo_cart
check_PROGRAMS += $(TOPO_TESTS)
TESTS += $(TOPO_TESTS)
tests_mpi_topo_cart_LDADD = $(MPI_TEST_LDADD)
check_PROGRAMS += tests/mpi/inter_basic
TESTS += tests/mpi/inter_basic
tests_mpi_inter_basic_LDADD = $(MPI_TEST_LDADD)
check_PROGRAMS += tests/mpi/topo_graph
TESTS += tests/mpi/topo_graph
tests_mpi_topo_graph_LDADD = $(MPI_TEST_LDADD)
check_PROGRAMS += tests/mpi/topo_neighbor
TESTS += tests/mpi/topo_neighbor
tests_mpi_topo_neighbor_LDADD = $(MPI_TEST_LDADD)
check_PROGRAMS += tests/mpi/inter_coll
TESTS += tests/mpi/inter_coll
tests_mpi_inter_coll_LDADD = $(MPI_TEST_LDADD)
check_PROGRAMS += tests/mpi/inter_coll_all
TESTS += tests/mpi/inter_coll_all
tests_mpi_inter_coll_all_LDADD = $(MPI_TEST_LDADD)
check_PROGRAMS += tests/mpi/topo_ineighbor
TESTS += tests/mpi/topo_ineighbor
tests_mpi_topo_ineighbor_LDADD = $(MPI_TEST_LDADD)
check_PROGRAMS += tests/mpi/inter_dup_pending
TESTS += tests/mpi/inter_dup_pending
tests_mpi_inter_dup_pending_LDADD = $(MPI_TEST_LDADD)
