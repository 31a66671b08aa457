# lib/: MPI semantics.  libmpi = the core plus one block per area.
lib_LTLIBRARIES += libshmpi.la
libshmpi_la_SOURCES =
libshmpi_la_CFLAGS = $(AM_CFLAGS) $(VECT_CFLAGS) $(HWLOC_CFLAGS) $(NUMA_CFLAGS)
libshmpi_la_LIBADD = libshm.la $(HWLOC_LIBS) $(NUMA_LIBS)
libshmpi_la_LDFLAGS = -version-info 0:0:0 -Wl,--version-script=$(top_srcdir)/lib/libshmpi.map
EXTRA_libshmpi_la_DEPENDENCIES = lib/libshmpi.map
EXTRA_DIST += lib/libshmpi.map

# core: init, errors, communicators' skeleton, requests, point-to-point
libshmpi_la_SOURCES += \
	lib/object.h lib/global.h lib/lock.h lib/errors.h lib/comm.h \
	lib/request.h lib/progress.h lib/p2p.h lib/p2p_proto.h \
	lib/env.c lib/errors.c lib/comm_world.c lib/request.c lib/progress.c \
	lib/p2p_impl.h lib/p2p_init.c lib/p2p_cma.c lib/p2p_cma_typed.c lib/p2p_send.c lib/p2p_recv.c lib/p2p_match.c lib/p2p_api.c lib/wait_api.c lib/handle_f2c.c lib/unsupported.c

# datatypes (issue 4)
libshmpi_la_SOURCES += \
	lib/datatype.h lib/type_impl.h lib/type_predefined.c lib/type_core.c lib/type_compile.c \
	lib/type_create.c lib/type_array.c lib/type_walk.c lib/type_api.c lib/type_query.c \
	lib/type_decode.c lib/typestr.c lib/typestr_parse.c lib/pack.c lib/pack_dtype.c \
	lib/pack_external.c

# groups, communicators, topologies, collectives (issue 5)
libshmpi_la_SOURCES += \
	lib/group.h lib/group.c lib/comm_create.c \
	lib/topo.h lib/topo.c lib/topo_cart.c lib/topo_graph.c lib/topo_dist.c \
	lib/coll_neighbor.c lib/intercomm.c \
	lib/op.h lib/op.c lib/op_predefined.c lib/op_derived.c \
	lib/nbc.h lib/nbc.c \
	lib/coll.h lib/coll_state.c lib/coll_shm.c lib/coll_shm_queue.c lib/coll_shm_rqueue.c lib/coll_shm_allreduce.c lib/coll_shm_bcast.c \
	lib/numa.h lib/numa.c lib/coll_hier.c \
	lib/coll_bcast.c lib/coll_gather.c lib/coll_reduce.c lib/coll_inter.c lib/coll_check.h lib/coll_check.c \
	lib/coll_api.c

# requests, handlers (issue 6)
libshmpi_la_SOURCES += \
	lib/handler.h lib/greq.h lib/greq.c lib/metareq.c lib/handler.c \
	lib/barrier_loose.c lib/reqtype.c

# threads, mutexes, conds, endpoints (issue 7)
libshmpi_la_SOURCES += \
	lib/sync.h lib/mutex.c lib/cond.c lib/endpoint.h lib/endpoint.c lib/p2p_cma_share.c

# handle services: attributes, names, errhandlers (issue 8)
libshmpi_la_SOURCES += \
	lib/attr.h lib/attr.c lib/attr_api.c lib/attr_handle.c lib/attr_predefined.c \
	lib/attr_win.c lib/name.c lib/errhandler.h lib/errhandler.c lib/info.h lib/info.c \
	lib/commid.c
