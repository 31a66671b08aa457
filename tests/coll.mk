# tests and extra sources of the coll area (issue 5)
COLL_TESTS = tests/mpi/coll_basic tests/mpi/coll_ops tests/mpi/coll_derived_ops tests/mpi/coll_bcast_queue \
	tests/mpi/coll_allreduce_large tests/mpi/coll_bcast_large tests/mpi/coll_reduce_queue \
	tests/mpi/coll_arena_full tests/mpi/nbc_overlap tests/mpi/coll_hier tests/mpi/coll_small \
	tests/mpi/coll_exchange_large tests/mpi/coll_reduce_scatter_large tests/mpi/coll_empty \
	tests/mpi/coll_fan_out tests/mpi/coll_zero_alias tests/mpi/coll_inter_reduce_procnull
check_PROGRAMS += $(COLL_TESTS)
TESTS += $(COLL_TESTS)

# topologies, neighbour collectives, intercommunicators (issue 5)
TOPO_TESTS = tests/mpi/topo_cart tests/mpi/topo_graph tests/mpi/topo_neighbor \
	tests/mpi/topo_ineighbor
check_PROGRAMS += $(TOPO_TESTS)
TESTS += $(TOPO_TESTS)

INTER_TESTS = tests/mpi/inter_basic tests/mpi/inter_coll tests/mpi/inter_coll_all \
	tests/mpi/inter_dup_pending
check_PROGRAMS += $(INTER_TESTS)
TESTS += $(INTER_TESTS)
