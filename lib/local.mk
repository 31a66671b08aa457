# lib/: MPI semantics, one folder per concern (lib/README.md says which
# folder owns what and which folders each may use).  All of them build
# into one library, libshmpi.
lib_LTLIBRARIES += libshmpi.la
libshmpi_la_SOURCES =
# MPII_BINDIR: where a singleton finds mpirun-shm to spawn (lib/comm/dynamic.c).
libshmpi_la_CFLAGS = $(AM_CFLAGS) $(VECT_CFLAGS) $(HWLOC_CFLAGS) $(NUMA_CFLAGS) \
	-DMPII_BINDIR='"$(bindir)"'
libshmpi_la_LIBADD = libshm.la $(HWLOC_LIBS) $(NUMA_LIBS)
libshmpi_la_LDFLAGS = -version-info 0:0:0 -Wl,--version-script=$(top_srcdir)/lib/libshmpi.map
EXTRA_libshmpi_la_DEPENDENCIES = lib/libshmpi.map
EXTRA_DIST += lib/libshmpi.map lib/README.md

include lib/core/local.mk
include lib/p2p/local.mk
include lib/datatype/local.mk
include lib/comm/local.mk
include lib/coll/local.mk
include lib/attr/local.mk
include lib/ext/local.mk
include lib/rma/local.mk
include lib/io/local.mk
include lib/tools/local.mk
