# shm/: the shared segment and what lives in it (no MPI knowledge).
noinst_LTLIBRARIES += libshm.la
libshm_la_SOURCES = \
	shm/atomic.h \
	shm/segment.h shm/segment.c \
	shm/names.h \
	shm/ring.h shm/ring.c \
	shm/futex.h shm/futex.c \
	shm/doorbell.h shm/doorbell.c \
	shm/fence.h shm/fence.c
libshm_la_CFLAGS = $(AM_CFLAGS) -fPIC
# process-shared mutex and condition variable (issue 7)
libshm_la_SOURCES += shm/mutex.h shm/mutex.c shm/cond.h shm/cond.c
# the configuration table and its parser (issue 13): lib/ and the launcher read
# every SHMPI_* variable through it
libshm_la_SOURCES += shm/config.h shm/config.c shm/config_table.c
# reader-writer lock for one-sided windows (issue 16)
libshm_la_SOURCES += shm/rwlock.h shm/rwlock.c
# the CPUs a job may use: affinity and cgroup cpuset (issue 43)
libshm_la_SOURCES += shm/cpus.h shm/cpus.c
