# lib/: MPI semantics.  libmpi = the core plus one block per area.
lib_LTLIBRARIES += libshmpi.la
libshmpi_la_SOURCES =
libshmpi_la_CFLAGS = $(AM_CFLAGS) $(HWLOC_CFLAGS) $(NUMA_CFLAGS)
libshmpi_la_LIBADD = libshm.la $(HWLOC_LIBS) $(NUMA_LIBS)
libshmpi_la_LDFLAGS = -version-info 0:0:0 -Wl,--version-script=$(top_srcdir)/lib/libshmpi.map
EXTRA_libshmpi_la_DEPENDENCIES = lib/libshmpi.map
EXTRA_DIST += lib/libshmpi.map

# core: init, errors, communicators' skeleton, requests, point-to-point
libshmpi_la_SOURCES += \
	lib/object.h lib/global.h lib/lock.h lib/errors.h lib/comm.h \
	lib/request.h lib/progress.h lib/p2p.h lib/p2p_proto.h \
	lib/env.c lib/errors.c lib/comm_world.c lib/request.c lib/progress.c \
	lib/p2p_impl.h lib/p2p_init.c lib/p2p_send.c lib/p2p_recv.c lib/p2p_match.c lib/p2p_api.c lib/wait_api.c

# datatypes (issue 4)
libshmpi_la_SOURCES += \
	lib/datatype.h lib/type_predefined.c lib/type_core.c

# groups, communicators, topologies, collectives (issue 5)

# requests, handlers (issue 6)

# threads, mutexes, conds, endpoints (issue 7)
libshmpi_la_SOURCES += \
	lib/sync.h lib/mutex.c lib/cond.c lib/endpoint.c

# handle services: attributes, names, errhandlers (issue 8)
