/*
 * prof.h - private interface of libshmpi-prof, the PMPI profiling library.
 *
 * The library defines MPI_X for the functions listed in enum prof_fn; each
 * wrapper calls PMPI_X between prof_enter() and prof_leave() and then adds
 * bytes and traffic with prof_add_*().  The wrappers, the enum and the table
 * of names (wrap_mpi.c, wrap_shmpi.c, prof_fn.h, functions.c) are generated
 * from api/mpi.api, whose "prof=" column gives each function's class and
 * what it moved.  Everything is recorded per thread
 * (struct prof_thread, no locks on the hot path) and summed per process at
 * MPI_Finalize, where rank 0 gathers all ranks and writes the report.
 *
 * Layers: prof_ctr_* (counters.c: perf_event_open groups), prof_comm_* and
 * prof_preq_* (comms.c, preq.c: communicator table and persistent requests),
 * prof_* (record.c: configuration, timing, per-thread tables), prof_report*
 * (report.c, report_text.c, report_json.c).  Only MPI_* is exported
 * (perf/prof/libshmpi-prof.map); this header is never installed.
 */
#ifndef SHMPI_PROF_H
#define SHMPI_PROF_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <mpi.h>

/* enum prof_fn (one entry per wrapped function, in the order of
 * api/mpi.api) and enum prof_class, generated from api/mpi.api. */
#include "perf/prof/prof_fn.h"

struct prof_fninfo {
	const char *name;
	enum prof_class cls;
};

/* functions.c: indexed by enum prof_fn. */
extern const struct prof_fninfo prof_fns[PROF_NFUNCS];
extern const char *const prof_class_names[PROF_NCLASSES];

/* ------------------------------------------------------------ counters */
#define PROF_NCTRS 4

enum prof_ctr_mode {
	PROF_CTR_NONE,     /* perf_event_open unavailable or disabled */
	PROF_CTR_SOFTWARE, /* task-clock, context switches, page faults, migrations */
	PROF_CTR_HARDWARE  /* cycles, instructions, cache misses, branch misses */
};

/* One group read: what read(2) returns for PERF_FORMAT_GROUP with both times. */
struct prof_ctr_sample {
	uint64_t nr;
	uint64_t time_enabled;
	uint64_t time_running;
	uint64_t value[PROF_NCTRS];
};

/*
 * Chooses the event set once per process from want ("auto", "hardware",
 * "software" or "none") by opening a group on the calling thread.  Returns
 * the chosen mode; fds[PROF_NCTRS] receives the calling thread's group
 * (fds[0] is the leader, -1 when none).  Not thread-safe: call once, from
 * MPI_Init's wrapper.
 */
enum prof_ctr_mode prof_ctr_setup(const char *want, int *fds);

/* Opens the chosen group for the calling thread into fds[PROF_NCTRS].
 * Returns 0, or -1 (fds[0] = -1: the thread runs without counters). */
int prof_ctr_open(int *fds);

/* Reads the whole group with one read(2) on its leader fd.  Returns 0, or -1. */
int prof_ctr_read(int fd, struct prof_ctr_sample *s);

/* Closes a group opened by prof_ctr_setup() or prof_ctr_open(). */
void prof_ctr_close(int *fds);

enum prof_ctr_mode prof_ctr_mode(void);
/* Name of counter i in the chosen mode (NULL when mode is NONE). */
const char *prof_ctr_name(int i);
/* One line saying which counters were chosen and why (never NULL). */
const char *prof_ctr_note(void);

/* ---------------------------------------------------------- recording */
/* Per function and thread; summed per rank at the end (same layout). */
struct prof_fstat {
	uint64_t calls;
	uint64_t ns;         /* total wall time in the call */
	uint64_t max_ns;
	uint64_t bytes_sent;
	uint64_t bytes_recv;
	uint64_t sampled;    /* calls whose counters were read */
	uint64_t ctr[PROF_NCTRS]; /* counter deltas summed over sampled calls */
};

struct prof_thread {
	struct prof_fstat fn[PROF_NFUNCS];
	int depth;           /* > 0 inside a wrapper: nested MPI calls are not recorded */
	int ctr_fd[PROF_NCTRS]; /* the group, [0] the leader; -1 without counters */
	uint32_t countdown;  /* calls until the next counter sample */
	uint32_t rng;        /* xorshift state for the sampling period */
	uint64_t ctr_enabled_ns, ctr_running_ns; /* last group times (multiplexing) */
	struct prof_thread *next;
};

/* State of one wrapped call, on the wrapper's stack. */
struct prof_call {
	struct prof_thread *th; /* NULL: profiling off (or no memory) */
	int outer;              /* 0: nested in another wrapper, not recorded */
	uint64_t t0;
	int sampled;
	struct prof_ctr_sample c0;
};

/* Process-wide configuration, set once by prof_init(). */
struct prof_config {
	int enabled;
	char file[4096];        /* JSON report (rank 0) */
	char counters[16];      /* SHMPI_PROFILE_COUNTERS */
	unsigned period;        /* SHMPI_PROFILE_PERIOD: mean calls between counter reads */
};
extern struct prof_config prof_cfg;

/*
 * Reads the environment and opens the counters; called by the MPI_Init and
 * MPI_Init_thread wrappers before the PMPI call.  Returns 1 when profiling
 * is on; the job's wall clock starts here.  prof_start() is called after a
 * successful PMPI_Init* and sets up the communicator table.
 */
int prof_init(void);
void prof_start(void);
/* Stops recording (MPI_Finalize's wrapper, before the report). */
void prof_stop(void);

/* Starts recording a call (no-op when profiling is off or when nested). */
void prof_enter(struct prof_call *c);

/* Ends it: adds time and counters to fn.  Returns 1 when the call was
 * recorded, so that the wrapper may add bytes; 0 otherwise. */
int prof_leave(struct prof_call *c, enum prof_fn fn);

/* Bytes of count elements of type (PMPI_Type_size); 0 for MPI_DATATYPE_NULL. */
uint64_t prof_bytes(MPI_Count count, MPI_Datatype type);

/* Adds bytes moved by a recorded call (no traffic matrix entry). */
void prof_add_bytes(struct prof_call *c, enum prof_fn fn, uint64_t sent, uint64_t recvd);

/* Bytes a collective call moves for the calling rank (coll_bytes.c). */
struct prof_io {
	uint64_t sent, recv;
};

/* Adds what a collective moved. */
void prof_add_io(struct prof_call *c, enum prof_fn fn, struct prof_io io);

/* Adds one point-to-point message of bytes to peer (a rank of comm) to fn
 * and to comm's traffic row; MPI_PROC_NULL adds nothing. */
void prof_add_send(struct prof_call *c, enum prof_fn fn, MPI_Comm comm, int peer, uint64_t bytes);

/* Adds the bytes a completed receive reports in st (not MPI_STATUS_IGNORE). */
void prof_add_recv_status(struct prof_call *c, enum prof_fn fn, const MPI_Status *st);

/* Sums all threads' tables into out[PROF_NFUNCS]; also returns the
 * counters' enabled/running times.  Call at finalize only. */
void prof_sum_threads(struct prof_fstat *out, uint64_t *enabled_ns, uint64_t *running_ns);

/* Seconds since prof_init(). */
double prof_elapsed(void);

/* Measures enter+leave on this thread; returns ns per call. */
double prof_calibrate(void);

/* ----------------------------------------------------- communicators */
/* One communicator as the profiler saw it (kept after MPI_Comm_free). */
struct prof_comm {
	uint64_t key;        /* same on every member: shmpi id, or creation order */
	int size;            /* local group; remote group for intercomms */
	int *world;          /* world[i] = MPI_COMM_WORLD rank of (remote) rank i */
	char name[MPI_MAX_OBJECT_NAME];
	uint64_t *msgs;      /* [world size]: messages sent to each world rank */
	uint64_t *bytes;     /* [world size] */
	struct prof_comm *next;
};

/* Sets up the table with MPI_COMM_WORLD and MPI_COMM_SELF; called once. */
int prof_comm_init(void);
/* Counts a communicator-creating call and registers its result (also
 * MPI_COMM_NULL, which only counts; ready = 0 for MPI_Comm_idup, whose
 * communicator is not usable yet and is registered at first use). */
void prof_comm_created(MPI_Comm comm, int ready);
/* Forgets a handle being freed (its entry stays for the report). */
void prof_comm_freed(MPI_Comm comm);
/* Records a new name. */
void prof_comm_named(MPI_Comm comm, const char *name);
/* Entry of comm, created on first use.  NULL on failure. */
struct prof_comm *prof_comm_get(MPI_Comm comm);
/* All entries ever created, newest first. */
struct prof_comm *prof_comm_list(void);
int prof_world_size(void);
int prof_world_rank(void);

/* ---------------------------------------------------- handle tables */
/* comms.c and preq.c keep open-addressing tables keyed by the bits of a
 * handle (a pointer in shmpi, an int in MPICH; 0 is the null handle). */
static inline uint64_t prof_handle_key(const void *handle, size_t size)
{
	uint64_t h = 0;

	memcpy(&h, handle, size < sizeof h ? size : sizeof h);
	return h;
}

/* The first slot to probe for key in a table of nslots (a power of two). */
static inline unsigned prof_slot(uint64_t key, unsigned nslots)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdull;
	key ^= key >> 33;
	return (unsigned)key & (nslots - 1);
}

/* ------------------------------------------------- collective volumes */
/* Bytes a collective call moves for the calling rank, by collective:
 * "sent" is what the rank hands to the call, "recv" what it gets back. */
struct prof_io prof_io_bcast(int count, MPI_Datatype type, int root, MPI_Comm comm);
struct prof_io prof_io_gather(const void *sbuf, int scount, MPI_Datatype stype, int rcount,
			      MPI_Datatype rtype, int root, MPI_Comm comm);
struct prof_io prof_io_gatherv(const void *sbuf, int scount, MPI_Datatype stype,
			       const int *rcounts, MPI_Datatype rtype, int root, MPI_Comm comm);
struct prof_io prof_io_scatter(int scount, MPI_Datatype stype, void *rbuf, int rcount,
			       MPI_Datatype rtype, int root, MPI_Comm comm);
struct prof_io prof_io_scatterv(const int *scounts, MPI_Datatype stype, void *rbuf, int rcount,
				MPI_Datatype rtype, int root, MPI_Comm comm);
struct prof_io prof_io_allgather(const void *sbuf, int scount, MPI_Datatype stype, int rcount,
				 MPI_Datatype rtype, MPI_Comm comm);
struct prof_io prof_io_allgatherv(const void *sbuf, int scount, MPI_Datatype stype,
				  const int *rcounts, MPI_Datatype rtype, MPI_Comm comm);
struct prof_io prof_io_alltoall(const void *sbuf, int scount, MPI_Datatype stype, int rcount,
				MPI_Datatype rtype, MPI_Comm comm);
struct prof_io prof_io_alltoallv(const void *sbuf, const int *scounts, MPI_Datatype stype,
				 const int *rcounts, MPI_Datatype rtype, MPI_Comm comm);
struct prof_io prof_io_alltoallw(const void *sbuf, const int *scounts, const MPI_Datatype *stypes,
				 const int *rcounts, const MPI_Datatype *rtypes, MPI_Comm comm);
struct prof_io prof_io_reduce(const void *sbuf, int count, MPI_Datatype type, int root,
			      MPI_Comm comm);
struct prof_io prof_io_allreduce(int count, MPI_Datatype type);
struct prof_io prof_io_reduce_scatter(const int *rcounts, MPI_Datatype type, MPI_Comm comm);
struct prof_io prof_io_reduce_scatter_block(int rcount, MPI_Datatype type, MPI_Comm comm);
/* Neighbor allgather (alltoall = 0) or alltoall (1) on a process topology. */
struct prof_io prof_io_neighbor(int scount, MPI_Datatype stype, int rcount, MPI_Datatype rtype,
				MPI_Comm comm, int alltoall);
/* Neighbor allgatherv (scounts NULL: scount once) or alltoallv. */
struct prof_io prof_io_neighbor_v(int scount, const int *scounts, MPI_Datatype stype,
				  const int *rcounts, MPI_Datatype rtype, MPI_Comm comm);

/* ------------------------------------------------ persistent requests */
/* Remembers what MPI_Start on req will move (from MPI_*_init). */
void prof_preq_add(MPI_Request req, int is_send, MPI_Comm comm, int peer, uint64_t bytes);
/* Records a start of req into the call (traffic, bytes).  Unknown: no-op. */
void prof_preq_started(struct prof_call *c, enum prof_fn fn, MPI_Request req);
/* Forgets req (MPI_Request_free). */
void prof_preq_free(MPI_Request req);

/* ------------------------------------------------------------ report */
/* Gathers every rank's data on rank 0 of MPI_COMM_WORLD (PMPI collectives)
 * and writes the table to stderr and the JSON file.  Collective. */
void prof_report(void);

/* The gathered job, as rank 0 holds it (report.c). */
struct prof_job_comm {
	uint64_t key;
	int size;
	char name[MPI_MAX_OBJECT_NAME];
	uint64_t *msgs;      /* [n*n], row = sender's world rank */
	uint64_t *bytes;
};

struct prof_job {
	int n;                           /* ranks */
	enum prof_ctr_mode mode;
	const char *note;
	unsigned period;
	double *wall_s;                  /* [n] */
	double *overhead_ns;             /* [n] measured enter+leave cost */
	double *ctr_running;             /* [n] fraction of time counters ran */
	struct prof_fstat *fn;           /* [n * PROF_NFUNCS] */
	int ncomms;
	struct prof_job_comm *comms;     /* [ncomms] */
	uint64_t *msgs;                  /* [n*n] all communicators */
	uint64_t *bytes;
};

void prof_report_text(FILE *f, const struct prof_job *job);
int prof_report_json(const char *path, const struct prof_job *job);

#endif /* SHMPI_PROF_H */
