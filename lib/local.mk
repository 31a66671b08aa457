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
	lib/core.c

# datatypes (issue 4)

# groups, communicators, topologies, collectives (issue 5)

# requests, handlers (issue 6)

# threads, mutexes, conds, endpoints (issue 7)

# handle services: attributes, names, errhandlers (issue 8)
