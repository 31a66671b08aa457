/*
 * shm/config_table.c - every SHMPI_* environment variable, named once.
 *
 * One row per variable: type, default, unit, accepted range, the folder
 * that reads it and one line of description.  The owners read their
 * variables through shm_config_get() (shm/config.c), so the defaults here
 * are the defaults the code uses; docs/config.md's table is this table
 * (tests/config-table.sh fails when they differ, and when a SHMPI_* name
 * used anywhere in the tree is missing here).  Keep rows grouped by owner.
 * Measurements behind a default stay in docs/config.md's notes.  The last
 * two fields are the row as an MPI_T control variable (shm/config.h): its
 * scope (who may set it; launcher and script variables are read-only to a
 * rank, those the launcher sets for the ranks constant) and verbosity.
 */
#include <stdint.h>
#include "shm/config.h"

#define ANY INT64_MAX
#define HOUR_US 3600000000LL

static const char *const cma_choices[] = { "auto", "on", "off", NULL };
static const char *const barrier_choices[] = { "auto", "shm", "rd", "dissemination", NULL };
static const char *const bcast_choices[] = { "auto", "shm", "binomial", "linear", NULL };
static const char *const allreduce_choices[] = { "auto", "shm", "rd", "ring", NULL };
static const char *const counters_choices[] = { "auto", "hardware", "software", "none", NULL };
static const char *const events_choices[] = { "auto", "uring", "epoll", NULL };

const struct shm_config_var shm_config_table[] = {
	/* lib/core: joining the job and waiting */
	{ "SHMPI_SPIN", SHM_CONFIG_INT, "auto", "polls", -1, UINT32_MAX - 1, 0, SHM_CONFIG_AUTO, NULL,
	  "lib/core", "idle polls before a waiting thread yields (auto: 20000, 4 when oversubscribed)",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_YIELD", SHM_CONFIG_INT, "auto", "yields", -1, UINT32_MAX - 1, 0, SHM_CONFIG_AUTO, NULL,
	  "lib/core", "sched_yield calls before it sleeps on the doorbell (auto: 200, 2000 when oversubscribed)",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_SLEEP_US", SHM_CONFIG_DURATION, "100000", "us", 0, HOUR_US, 0, SHM_CONFIG_LIVE, NULL,
	  "lib/core", "longest doorbell sleep before a sleeper re-checks (a safety net)",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_THREAD_LEVEL", SHM_CONFIG_INT, "0", "", 0, 3, 0, 0, NULL,
	  "lib/core", "thread level MPI_Init asks for (MPI_Init_thread's argument wins)",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_USER_BASIC },
	{ "SHMPI_SEG_FD", SHM_CONFIG_INT, "-1", "", -1, INT32_MAX, 0, SHM_CONFIG_INTERNAL, NULL,
	  "lib/core", "descriptor of the job's segment (-1: no launcher, a singleton)",
	  SHM_CONFIG_SCOPE_CONSTANT, SHM_CONFIG_DEV_ALL },
	{ "SHMPI_RANK", SHM_CONFIG_INT, "-1", "", -1, INT32_MAX, 0, SHM_CONFIG_INTERNAL, NULL,
	  "lib/core", "this process's rank, 0..N-1",
	  SHM_CONFIG_SCOPE_CONSTANT, SHM_CONFIG_DEV_DETAIL },
	{ "SHMPI_ALLOW_FOREIGN", SHM_CONFIG_BOOL, "0", "", 0, 1, 0, 0, NULL,
	  "lib/core", "started by another MPI's launcher (mpirun.openmpi, srun, MPICH's mpiexec), run as independent singletons instead of stopping with a message",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_USER_DETAIL },

	/* lib/p2p: the transport.  Eager 16 KiB: two pipelined copies through
	 * the ring beat the single copy's RTS/FIN round and system call up to
	 * 16 KiB (16 KiB: pingpong 3.8 -> 2.2 us, windowed bw 5.5 -> 9.7
	 * GB/s, bibw 8.6 -> 14.9, Sendrecv ring 2.1 -> 6.3; medians of 5
	 * interleaved runs, 2026-12-04); at 32 KiB eager won the pingpong and
	 * bw but bibw fell to 0.55x (both sides stream 64 messages into full
	 * rings).  On the machine of 2026-12-03 the single copy had won from
	 * 16 KiB (bw 6.6 -> 9.2 GB/s at 8 KiB).  Split from
	 * 32 KiB: measured faster (pingpong 64 KiB 5.5 -> 4.4 us, 128 KiB 9.2
	 * -> 6.5 us; bw 64 KiB 12.5-13.7 -> 14.4-17.3 GB/s; 32 KiB a tie).
	 * With the 8 KiB cells of 2026-12-05 32 KiB eager wins bibw too, and
	 * later 64 KiB wins every np=2 benchmark at 64 KiB; on the machine
	 * of 2026-12-06 the single copy won from 16 KiB again, by 2-3x at
	 * 32-64 KiB, and on an AMD VM the ring won again up to 32 KiB: unset,
	 * where ranks do not outnumber cores, the limit is measured at start
	 * (lib/p2p/p2p_calibrate.c has the figures). */
	{ "SHMPI_EAGER_MAX", SHM_CONFIG_SIZE, "16384", "bytes", 0, ANY, 0, SHM_CONFIG_LIVE, NULL,
	  "lib/p2p", "largest message sent eagerly through the ring; larger ones use the rendezvous (unset: measured at start, 8-32 KiB, with cells of 8 KiB or more and no more ranks than cores; 256 KiB with more ranks than cores; see below)",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_CMA", SHM_CONFIG_ENUM, "auto", "", 0, 2, 0, 0, cma_choices,
	  "lib/p2p", "single copy by process_vm_readv for large messages (auto/on: when the kernel allows)",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_CMA_SPLIT_MIN", SHM_CONFIG_SIZE, "32768", "bytes", 1, ANY, 0, 0, NULL,
	  "lib/p2p", "from this size a single copy is split between receiver and sender",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_CMA_IOV_MIN", SHM_CONFIG_SIZE, "4096", "bytes", 0, ANY, 0, 0, NULL,
	  "lib/p2p", "non-contiguous types whose pieces average this much are copied once with iovecs",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },

	/* lib/coll: algorithm choice and thresholds */
	{ "SHMPI_COLL_BARRIER", SHM_CONFIG_ENUM, "auto", "", 0, 3, 0, 0, barrier_choices,
	  "lib/coll", "barrier algorithm (auto: shm; rd and dissemination are one)",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_COLL_BCAST", SHM_CONFIG_ENUM, "auto", "", 0, 3, 0, 0, bcast_choices,
	  "lib/coll", "bcast algorithm (docs/collectives.md)",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_COLL_REDUCE", SHM_CONFIG_ENUM, "auto", "", 0, 3, 0, 0, bcast_choices,
	  "lib/coll", "reduce algorithm (binomial and linear are one)",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_COLL_ALLREDUCE", SHM_CONFIG_ENUM, "auto", "", 0, 3, 0, 0, allreduce_choices,
	  "lib/coll", "allreduce algorithm (docs/collectives.md)",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_COLL_SHM_SLOT", SHM_CONFIG_SIZE, "4096", "bytes", 64, ANY, 0, 0, NULL,
	  "lib/coll", "bytes per member and buffer in the segment",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_COLL_SHM_MAX", SHM_CONFIG_SIZE, "4096", "bytes", 0, ANY, 0, 0, NULL,
	  "lib/coll", "largest message through the segment's per-member buffers",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_COLL_SHM_LARGE_MIN", SHM_CONFIG_SIZE, "0", "bytes", 0, ANY, 0, 0, NULL,
	  "lib/coll", "more than two ranks: allreduce/reduce from this size through the segment area",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_COLL_RING_MIN", SHM_CONFIG_SIZE, "262144", "bytes", 0, ANY, 0, 0, NULL,
	  "lib/coll", "allreduce bytes from which ring replaces recursive doubling",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_COLL_RING_MIN2", SHM_CONFIG_SIZE, "32768", "bytes", 0, ANY, 0, 0, NULL,
	  "lib/coll", "two ranks: allreduce through the segment area below, ring from here",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_COLL_BCAST_LARGE_MIN", SHM_CONFIG_SIZE, "8192", "bytes", 0, ANY, 0, 0, NULL,
	  "lib/coll", "more than two ranks: bcast from this size through the segment area",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_COLL_BCAST_LARGE_MAX2", SHM_CONFIG_SIZE, "0", "bytes", 0, ANY, 0, SHM_CONFIG_TESTING, NULL,
	  "lib/coll", "two ranks: bcast through the segment area below this size (0: never)",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_DEV_ALL },
	{ "SHMPI_COLL_SMALL_MAX", SHM_CONFIG_SIZE, "65536", "bytes", 0, ANY, 0, 0, NULL,
	  "lib/coll", "gather, scatter, allgather, alltoall, reduce_scatter through the segment while what one member writes there is at most this (0: never)",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_COLL_HIER", SHM_CONFIG_BOOL, "on", "", 0, 1, 0, 0, NULL,
	  "lib/coll", "off: never two levels across NUMA nodes",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_COLL_CHECKSUM", SHM_CONFIG_BOOL, "off", "", 0, 1, 0, 0, NULL,
	  "lib/coll", "debug: every contribution through the large-message area is checksummed by its writer and checked by each reader; a mismatch ends the job",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_DEV_DETAIL },
	{ "SHMPI_COLL_FAKE_NUMA", SHM_CONFIG_INT, "0", "nodes", 0, 4096, 0, SHM_CONFIG_TESTING, NULL,
	  "lib/coll", "K >= 2: rank r reports NUMA node r*K/size (0 and 1: real nodes)",
	  SHM_CONFIG_SCOPE_ALL_EQ, SHM_CONFIG_DEV_ALL },

	/* lib/ext: the handler thread */
	{ "SHMPI_HANDLER_SPIN_US", SHM_CONFIG_DURATION, "20", "us", 0, HOUR_US, 0, 0, NULL,
	  "lib/ext", "the handler thread spins this long after its last activity",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_HANDLER_YIELD_US", SHM_CONFIG_DURATION, "200", "us", 0, HOUR_US, 0, 0, NULL,
	  "lib/ext", "then yields this long before it sleeps on the doorbell",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_TUNER_DETAIL },

	/* launcher: segment geometry, profiling, mpicc */
	{ "SHMPI_RING_CELLS", SHM_CONFIG_INT, "64", "cells", 2, 1 << 20, 0, SHM_CONFIG_POW2, NULL,
	  "launcher", "cells per ordered pair ring (default halved above 32 ranks, min 8)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_CELL_SIZE", SHM_CONFIG_SIZE, "8192", "bytes", 128, 1 << 24, 64, 0, NULL,
	  "launcher", "bytes per ring cell (default 4096 above 22 ranks or with more ranks than cores)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_TUNER_BASIC },
	{ "SHMPI_ARENA_MB", SHM_CONFIG_INT, "16", "MiB", 1, 1 << 20, 0, 0, NULL,
	  "launcher", "segment arena for run-time objects (communicators, mutexes, collective areas)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_TUNER_DETAIL },
	{ "SHMPI_SIZE", SHM_CONFIG_INT, "1", "ranks", 1, 4096, 0, SHM_CONFIG_INTERNAL, NULL,
	  "launcher", "the job's size N, set for the ranks",
	  SHM_CONFIG_SCOPE_CONSTANT, SHM_CONFIG_DEV_DETAIL },
	{ "SHMPI_PROFILE_LIB", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, 0, NULL,
	  "launcher", "the profiler library --profile preloads (default: libshmpi-prof.so beside mpirun-shm)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_USER_DETAIL },
	{ "SHMPI_APPNUM", SHM_CONFIG_INT, "0", "", 0, INT32_MAX, 0, SHM_CONFIG_INTERNAL, NULL,
	  "launcher", "which program of an MPMD launch the rank runs (MPI_APPNUM), set for the ranks",
	  SHM_CONFIG_SCOPE_CONSTANT, SHM_CONFIG_DEV_DETAIL },
	{ "SHMPI_UNIVERSE_SIZE", SHM_CONFIG_INT, "0", "processes", 0, 4096, 0, 0, NULL,
	  "launcher", "MPI_UNIVERSE_SIZE when mpirun-shm has no --universe-size (0: the CPUs the job may use, at least N); set for the ranks",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_USER_BASIC },
	{ "SHMPI_LAUNCHER", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_INTERNAL, NULL,
	  "launcher", "the abstract socket name of the job's launcher, where MPI_Comm_spawn sends its requests, set for the ranks",
	  SHM_CONFIG_SCOPE_CONSTANT, SHM_CONFIG_DEV_DETAIL },
	{ "SHMPI_LAUNCHER_PROGRAM", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, 0, NULL,
	  "lib/comm", "the mpirun-shm a singleton starts at its first MPI_Comm_spawn (default: the installed one, else mpirun-shm on PATH)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_USER_DETAIL },
	{ "SHMPI_WORLD", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_INTERNAL, NULL,
	  "launcher", "a spawned rank's MPI_COMM_WORLD, first:size:context, set for spawned ranks",
	  SHM_CONFIG_SCOPE_CONSTANT, SHM_CONFIG_DEV_DETAIL },
	{ "SHMPI_PARENT", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_INTERNAL, NULL,
	  "launcher", "a spawned rank's parents, context:members, set for spawned ranks",
	  SHM_CONFIG_SCOPE_CONSTANT, SHM_CONFIG_DEV_DETAIL },
	{ "SHMPI_LAUNCHER_EVENTS", SHM_CONFIG_ENUM, "auto", "", 0, 2, 0, 0, events_choices,
	  "launcher", "what mpirun-shm's event loop waits with (auto: io_uring, epoll where io_uring is refused)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_DEV_DETAIL },
	{ "SHMPI_CXX", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_SCRIPT, NULL,
	  "launcher", "mpicxx: the C++ compiler to run (default: the configured CXX)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_USER_DETAIL },
	{ "SHMPI_CC", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_SCRIPT, NULL,
	  "launcher", "mpicc: the compiler to run (default: the configured CC)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_USER_DETAIL },
	{ "SHMPI_FC", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_SCRIPT, NULL,
	  "launcher", "mpifort, mpif90, mpif77: the Fortran compiler to run (default: the configured FC)",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_USER_DETAIL },
	{ "SHMPI_STATIC", SHM_CONFIG_BOOL, "0", "", 0, 1, 0, SHM_CONFIG_SCRIPT, NULL,
	  "launcher", "mpicc: 1 links libshmpi.a and leaves the rest of the link as it is",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_USER_DETAIL },

	/* perf/prof: the profiler (read there, set by mpirun-shm --profile) */
	{ "SHMPI_PROFILE", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, 0, NULL,
	  "perf/prof", "1 or a file name: profile the job (0 or empty: off)",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_USER_BASIC },
	{ "SHMPI_PROFILE_COUNTERS", SHM_CONFIG_ENUM, "auto", "", 0, 3, 0, 0, counters_choices,
	  "perf/prof", "which counters the profiler reads",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_USER_DETAIL },
	{ "SHMPI_PROFILE_PERIOD", SHM_CONFIG_INT, "32", "calls", 1, 1000000, 0, 0, NULL,
	  "perf/prof", "read the counters around one call in N on average",
	  SHM_CONFIG_SCOPE_LOCAL, SHM_CONFIG_USER_DETAIL },

	/* tests/ and perf/ only */
	{ "SHMPI_TEST_DEFAULT", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_TESTING | SHM_CONFIG_SCRIPT, NULL,
	  "tests", "tests/run-test.sh: a no-op marker for the plain run of a test",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_DEV_ALL },
	{ "SHMPI_BUILDDIR", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_PERF | SHM_CONFIG_SCRIPT, NULL,
	  "perf", "perf/compare: the build tree to measure",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_DEV_ALL },
	{ "SHMPI_PREFIX", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_PERF | SHM_CONFIG_SCRIPT, NULL,
	  "perf", "perf/compare: the installation to measure",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_DEV_ALL },
	{ "SHMPI_MPICC", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_PERF | SHM_CONFIG_SCRIPT, NULL,
	  "perf", "perf/compare: a compiler wrapper to use instead",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_DEV_ALL },
	{ "SHMPI_MPIRUN", SHM_CONFIG_STRING, NULL, "", 0, 0, 0, SHM_CONFIG_PERF | SHM_CONFIG_SCRIPT, NULL,
	  "perf", "perf/compare: the launcher to use",
	  SHM_CONFIG_SCOPE_READONLY, SHM_CONFIG_DEV_ALL },
};

const size_t shm_config_count = sizeof(shm_config_table) / sizeof(shm_config_table[0]);
