# lib/coll/: collectives: blocking and nonblocking schedules, reduction operations, the shared-memory algorithms (mpii_shm_*), the NUMA hierarchy, neighbour collectives.
# See lib/coll/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/coll/coll.h lib/coll/coll_check.h lib/coll/coll_quick.h lib/coll/nbc.h lib/coll/numa.h \
	lib/coll/op.h lib/coll/coll_api.c lib/coll/coll_bcast.c lib/coll/coll_check.c \
	lib/coll/coll_persist.h lib/coll/coll_persist.c lib/coll/coll_persist_shm.c \
	lib/coll/coll_gather.c lib/coll/coll_hier.c lib/coll/coll_inter.c lib/coll/coll_neighbor.c \
	lib/coll/coll_reduce.c lib/coll/coll_state.c lib/coll/nbc.c lib/coll/numa.c \
	lib/coll/op.c lib/coll/op_derived.c lib/coll/op_predefined.c lib/coll/shm.c \
	lib/coll/shm_allreduce.c lib/coll/shm_bcast.c lib/coll/shm_queue.c lib/coll/shm_rqueue.c \
	lib/coll/shm_small.c lib/coll/shm_allgather.c lib/coll/shm_exchange.c \
	lib/coll/shm_check.c
EXTRA_DIST += lib/coll/README.md
