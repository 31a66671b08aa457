# launcher/: mpirun-shm and the mpicc wrapper.
bin_PROGRAMS += launcher/mpirun-shm
launcher_mpirun_shm_SOURCES = launcher/main.c
launcher_mpirun_shm_CFLAGS = $(AM_CFLAGS) $(URING_CFLAGS) $(HWLOC_CFLAGS)
launcher_mpirun_shm_LDADD = libshm.la $(URING_LIBS) $(HWLOC_LIBS) $(NUMA_LIBS)
bin_SCRIPTS += launcher/mpicc
EXTRA_DIST += launcher/mpicc.in
