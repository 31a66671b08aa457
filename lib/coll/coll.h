/*
 * lib/coll/coll.h - collectives inside the library: the per-communicator state,
 * the algorithm selection (docs/collectives.md), and one internal function
 * per collective that the public entry points, the nonblocking versions and
 * the communicator constructors share.
 *
 * Convention: the internal functions take checked arguments, return an MPI
 * error class, and run to completion when reqp is NULL or start a
 * nonblocking operation and return its request in *reqp.  Called with the
 * library lock held.
 */
#ifndef MPII_COLL_H
#define MPII_COLL_H

#include <stddef.h>
#include <stdint.h>
#include "mpi.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "shm/atomic.h"
#include "lib/coll/op.h"
#include "lib/core/core.h"

/* Algorithms an environment variable can force (SHMPI_COLL_<NAME>). */
enum mpii_coll_alg {
	MPII_ALG_AUTO = 0,
	MPII_ALG_SHM,       /* flags and buffers in the segment */
	MPII_ALG_RD,        /* recursive doubling / dissemination */
	MPII_ALG_RING,      /* ring (reduce-scatter + allgather for allreduce) */
	MPII_ALG_BINOMIAL,  /* binomial tree */
	MPII_ALG_LINEAR,    /* root talks to everyone */
};

struct mpii_coll_config {
	int initialized;
	int barrier;         /* SHMPI_COLL_BARRIER=shm|rd */
	int bcast;           /* SHMPI_COLL_BCAST=shm|binomial|linear */
	int reduce;          /* SHMPI_COLL_REDUCE=shm|binomial|linear */
	int allreduce;       /* SHMPI_COLL_ALLREDUCE=shm|rd|ring */
	size_t shm_slot;     /* SHMPI_COLL_SHM_SLOT: bytes per member and buffer */
	size_t shm_max;      /* SHMPI_COLL_SHM_MAX: largest message through the segment */
	size_t ring_min;     /* SHMPI_COLL_RING_MIN: allreduce switches rd -> ring */
	size_t ring_min2;    /* SHMPI_COLL_RING_MIN2: two ranks: ring from here, segment area below */
	size_t shm_large_min;  /* SHMPI_COLL_SHM_LARGE_MIN: allreduce through the segment area (n > 2) */
	size_t bcast_large_min; /* SHMPI_COLL_BCAST_LARGE_MIN: bcast from here through the segment area */
	size_t bcast_large_max2; /* SHMPI_COLL_BCAST_LARGE_MAX2: two ranks: below this only */
	int hier;            /* SHMPI_COLL_HIER=off: 0, else 1 (two levels across NUMA nodes) */
	size_t small_max;    /* SHMPI_COLL_SMALL_MAX: gather, scatter, allgather, alltoall,
			      * reduce_scatter through the segment up to this (0: never) */
	int checksum;        /* SHMPI_COLL_CHECKSUM=1: checksummed large-area contributions */
};

extern struct mpii_coll_config mpii_coll_cfg;

/* Read the SHMPI_COLL_* variables (once; called lazily by the first
 * collective). */
void mpii_coll_config_init(void);

/* MPI_Init: register the persistent collectives' request ops with
 * lib/core/ (lib/coll/coll_persist.c). */
void mpii_coll_init(void);

/* A bcast queue in the segment (lib/coll/shm_queue.c): a waiter line,
 * done[size] lines and `slots` slots of `slot` bytes; its broadcasts are
 * numbered on their own (seq). */
struct mpii_bq {
	struct mpii_shm_line *lines;    /* NULL until set up */
	size_t slot;                    /* bytes per slot, its 8-byte header included */
	int slots;
	int state;                      /* lazy set-up: 0 not tried, 1 ready, -1 unavailable */
	uint64_t seq;                   /* broadcasts done through it */
	uint64_t min_done;              /* every member's done[] is >= this */
};

/* Per-member queues to a root in the segment (lib/coll/shm_rqueue.c),
 * taken at first use: a waiters line, folded[slots] lines, per member
 * `slots` slots of `slot` bytes, and hint[slots] (eight to a line);
 * numbered on their own (seq).  MPII_RQ_SLOTS is the most slots a queue has. */
#define MPII_RQ_SLOTS 32
struct mpii_rq {
	void *area;                     /* NULL until set up; page-aligned */
	char *slots_at;                 /* member r's slots at slots_at + r * stride */
	size_t stride;                  /* a member's slots, page-rounded */
	size_t slot;                    /* bytes per slot, its 8-byte header included */
	int slots;
	int state;                      /* 0 not tried, 1 ready, -1 unavailable */
	uint64_t seq;                   /* operations done through it */
};

/* Per-communicator state (comm->coll), created lazily. */
struct mpii_coll_state {
	int shm_state;                  /* 0 not tried, 1 ready, -1 unavailable */
	/* Each member's part of the area, page-aligned, written by it alone
	 * and read-only in the others (lib/coll/shm.c): its flag line, its
	 * stamped-exchange lines and its two parity slots. */
	char *parts;                    /* [size][part] in the segment */
	size_t part;                    /* bytes of one, a page multiple */
	size_t slot;
	uint64_t seq;                   /* shm collectives done on this comm */
	uint64_t min_seen;              /* every member's flag is >= this */
	uint64_t started_seen;          /* every member has started this one */
	struct shm_bell **bells;        /* doorbell of each member */
	struct mpii_comm *local;        /* intercommunicators: the local group */
	struct mpii_bq bq;              /* small-bcast queue (with the flags) */
	struct mpii_bq mq;              /* medium-bcast queue (taken at first use) */
	struct mpii_bq mq32;            /* its 32 KiB twin (taken at first use) */
	struct mpii_bq mq64;            /* and 64 KiB one (taken at first use) */
	struct mpii_rq rq;              /* small-reduce (and gather) queues */
	struct mpii_rq gq;              /* medium-gather queues */
	struct mpii_rq gq32;            /* their 32 KiB twins */
	struct mpii_rq gq64;            /* and 64 KiB ones, up to four members */
	void *big;                      /* large-allreduce area in the segment */
	size_t big_piece;               /* its piece size */
	int big_state;                  /* 0 not tried, 1 ready, -1 unavailable */
	int hier_state;                 /* 0 not decided, 1 two levels, -1 flat */
	struct mpii_coll_hier *hier;    /* the node and leader communicators */
	/* rq's hint[slots] in the segment, after its slots, and hint[] as
	 * this member last read it (malloc'd; lib/coll/shm_rqueue.c). */
	_Atomic uint64_t *rq_hints;
	uint64_t *rq_seen;
};

/* One 64-bit word alone on its cache line, in the segment. */
struct mpii_shm_line {
	shm_cacheline_aligned _Atomic uint64_t v;
};

/* The state of comm, created on first use; NULL when out of memory. */
struct mpii_coll_state *mpii_coll_state(struct mpii_comm *c);

/* Free comm's collective and topology state (at MPI_Comm_free). */
void mpii_coll_state_free(struct mpii_comm *c);

/* Shared-memory algorithms (lib/coll/shm.c).  Each returns MPI_SUCCESS,
 * an error class, or MPII_SHM_DECLINED when the segment cannot be used
 * (then no member used it and the caller falls back to point-to-point). */
#define MPII_SHM_DECLINED (-1)
int mpii_shm_barrier(struct mpii_comm *c);
int mpii_shm_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		   struct mpii_comm *c);
/* An area of the segment taken at the first call for c (collective: rank
 * 0 allocates, every member learns the offset); *state remembers the
 * outcome (1 ready, -1 the arena was full).  Returns 1 when *area is
 * ready. */
int mpii_shm_lazy_area(struct mpii_comm *c, size_t bytes, void **area, int *state);
/* The state of c ready for shared-memory collectives, or NULL. */
struct mpii_coll_state *mpii_shm_ready(struct mpii_comm *c);
/* A barrier on the shm flags (announce, then wait for every member). */
void mpii_shm_sync(struct mpii_comm *c, struct mpii_coll_state *cs);
/* Flag protocol of lib/coll/shm.c, for the algorithms in other files. */
void mpii_shm_wait_all(struct mpii_coll_state *cs, int n, uint64_t target);
void mpii_shm_wait_one(struct mpii_coll_state *cs, int n, int who, uint64_t target);
int mpii_shm_announce(struct mpii_coll_state *cs, int n, int me, uint64_t s, int always);
/* Shm collective s for member me, once every member has announced s - 1
 * (so the buffer of parity s is read): write its contribution (count
 * elements of dt packed from src; dt NULL: `bytes` as they are) where
 * mpii_shm_contrib says, and announce s.  Returns what mpii_shm_announce
 * returns (every member's is there). */
int mpii_shm_put(struct mpii_coll_state *cs, int n, int me, uint64_t s, const void *src,
		 MPI_Count count, struct mpii_datatype *dt, size_t bytes);
/* Announce s and ring every sleeping member, reading no other flag. */
void mpii_shm_announce_ring(struct mpii_coll_state *cs, int n, int me, uint64_t s);
/* The large-message area (n + 1 pieces of cs->big_piece bytes), taken from
 * the arena at the first use (collective); 0 when the arena is full. */
int mpii_shm_big(struct mpii_comm *c, struct mpii_coll_state *cs);

/* The stamps of the large-message area (lib/coll/shm_check.c), after its
 * n + 1 pieces: buffer b of the area is stamp b, chunk i of the
 * allreduce's result stamp n + 1 + i.  mpii_shm_stamp records, before the
 * announce that releases them, that rank owner wrote len bytes at p for
 * operation seq (and their checksum under SHMPI_COLL_CHECKSUM=1);
 * mpii_shm_check, after the wait for owner's flag, ends the job with a
 * message naming the collective, the communicator, owner and this rank
 * when the stamp (or the checksum) is not that. */
size_t mpii_shm_stamps_bytes(int n);
void mpii_shm_stamp(struct mpii_coll_state *cs, int n, int buf, uint64_t seq, int owner, const void *p,
		    size_t len);
void mpii_shm_check(struct mpii_comm *c, struct mpii_coll_state *cs, int buf, uint64_t seq, int owner,
		    const void *p, size_t len);
/* SHMPI_COLL_CHECKSUM on the small paths (lib/coll/shm_check.c): the sum a
 * writer stores beside its contribution, and a reader's check of the
 * contribution of rank `owner` against it (a mismatch ends the job with a
 * message naming the collective, the communicator, owner and reader). */
uint64_t mpii_shm_sum(const void *p, size_t len);
void mpii_shm_sum_check(struct mpii_comm *c, int owner, uint64_t sum, const void *p, size_t len);
/* The sum word of member r's contribution to shm collective s, in its
 * part of the area (lib/coll/shm.c). */
_Atomic uint64_t *mpii_shm_sum_of(struct mpii_coll_state *cs, uint64_t s, int r);
struct mpii_shm_xchg;
/* Under SHMPI_COLL_CHECKSUM, check every other member's contribution of
 * exchange x (all of its bytes in the segment or copied out). */
void mpii_shm_xchg_check(struct mpii_comm *c, struct mpii_coll_state *cs, struct mpii_shm_xchg *x);
/* Broadcast of large messages through the area (lib/coll/shm_bcast.c). */
int mpii_shm_bcast_large(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
			 struct mpii_comm *c);
/* Reduce (to root; root < 0: allreduce) of large vectors through one area
 * (lib/coll/shm_allreduce.c). */
int mpii_shm_reduce_large(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
			  struct mpii_op *op, int root, struct mpii_comm *c);
/* Small reduces to a root through per-member queues
 * (lib/coll/shm_rqueue.c): up to MPII_RQ_SLOT - 8 bytes (gathers: a
 * block), SLOTS (MPII_RQ_SLOTS, above) in flight; reduces of up to
 * MPII_GQ_SLOT - 8 bytes among up to 8 members through cs->gq. */
/* How many collectives ahead the queues' writers ask for the lines they
 * will write (less than every queue's slot count, so that the line asked
 * for is one its readers are done with). */
#define MPII_Q_AHEAD 4
/* A queue writer asks for the lines of its slot AHEAD calls ahead in
 * exclusive state: all of them for up to 2 KiB of data, only the first
 * above (whole 4 KiB slots made 4 KiB gathers 1.10x slower: a writer
 * further ahead takes lines its reader is still reading). */
static inline void mpii_q_prefetch_slot(const void *slot, size_t bytes)
{
	shm_prefetch_write_lines(slot, bytes <= 2048 ? sizeof(uint64_t) + bytes : SHM_CACHELINE);
}
#define MPII_RQ_SLOT 512
/* Gathers and reduces of blocks beyond MPII_RQ_SLOT - 8 bytes, up to
 * MPII_GQ_SLOT - 8, among up to 8 members (cs->gq).  16 slots for these
 * and the medium bcast queues (MPII_MQ_SLOTS): a throughput loop of
 * collectives keeps a writer up to that many ahead; with 8, np=2 scatter
 * and bcast of 1-32 KiB took 1.2-1.5x as long (docs/collectives.md); 32
 * measured as 16 and would hold twice the arena, never given back. */
#define MPII_GQ_SLOTS 16
#define MPII_GQ_SLOT (8192 + 64)
/* Blocks up to MPII_GQ32_SLOT - 8 bytes, gathers among up to eight members
 * (cs->gq32: n x 16 slots up to four members, n x 8 beyond; at most 2.1
 * MiB of the arena).  The
 * medium blocks keep their own queues: through slots 32 KiB apart 8 KiB
 * gathers, bcasts and scatters took 1.3-1.6x as long. */
#define MPII_GQ32_SLOT (32768 + 64)
/* Blocks of 32-64 KiB, gathers among up to four members (cs->gq64: n x 8
 * slots, 2.1 MiB of the arena at four members; eight members stay point
 * to point, whose queues would take 4.2 MiB).  perf/ab.sh -n 5 on 2
 * cores, 64 KiB: np=3 32.2 -> 6.9 us, np=4 39.3 -> 9.2 (point to point:
 * each sender's rendezvous waits for the root's turn on a core).  Their
 * own queue rather than the 32 KiB one with slots twice as large: with
 * 8 slots of 64 KiB, 8-32 KiB gathers at np=4 took 1.05-1.22x as long. */
#define MPII_GQ64_SLOTS 8
#define MPII_GQ64_SLOT (65536 + 64)
int mpii_rq_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		   struct mpii_op *op, int root, struct mpii_comm *c, struct mpii_coll_state *cs);
/* Broadcasts through a queue of slots (lib/coll/shm_queue.c): small ones
 * up to MPII_BQ_SLOT - 8 bytes, up to MPII_BQ_SLOTS in flight, through
 * cs->bq; medium ones up to MPII_MQ_SLOT - 8 bytes through cs->mq. */
#define MPII_BQ_SLOTS 64
#define MPII_BQ_SLOT 576
#define MPII_MQ_SLOTS 16
#define MPII_MQ_SLOT (8192 + 64)
#define MPII_MQ32_SLOT (32768 + 64)
/* Two members, 32-64 KiB: 8 slots (520 KiB of the arena; a power of two,
 * as every queue's slot count). */
#define MPII_MQ64_SLOTS 8
#define MPII_MQ64_SLOT (65536 + 64)
size_t mpii_bq_bytes(int n, int slots, size_t slot);
void mpii_bq_init(struct mpii_bq *q, void *area, int slots, size_t slot);
/* The two-member queue for `bytes` (more than MPII_BQ_SLOT - 8, at most
 * MPII_MQ64_SLOT - 8): cs->mq, cs->mq32 or cs->mq64, taken from the arena
 * at the first call (collective); NULL when the arena is full. */
struct mpii_bq *mpii_mq(struct mpii_comm *c, struct mpii_coll_state *cs, size_t bytes);
int mpii_bq_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		  struct mpii_comm *c, struct mpii_coll_state *cs, struct mpii_bq *q);
/* Bcast of more than MPII_BQ_SLOT - 8 bytes through the medium queues;
 * MPII_SHM_DECLINED when it does not fit (lib/coll/shm_queue.c). */
int mpii_shm_bcast_medium(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
			  struct mpii_comm *c);
int mpii_shm_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		    struct mpii_op *op, int root, struct mpii_comm *c);
int mpii_shm_allreduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		       struct mpii_op *op, struct mpii_comm *c);
/* Where member r's `bytes` (at most cs->slot) for shm collective s go:
 * its flag line when they fit there, else its slot of the parity buffer. */
char *mpii_shm_contrib(struct mpii_coll_state *cs, int n, uint64_t s, int r, size_t bytes);

/* Contributions of up to this many bytes ride in the flag line (lib/coll/shm.c). */
#define MPII_SHM_INLINE_MAX 24

/* Where in a member's part of the collective area (cs->parts) its
 * stamped-exchange lines are: two parities of MPII_STAMPED_LINES lines,
 * after the flag line (lib/coll/shm_exchange.c); then a line with the
 * SHMPI_COLL_CHECKSUM sums of the two parities, then the parity slots. */
#define MPII_SHM_STAMPED_OFF SHM_CACHELINE
#define MPII_SHM_SUM_OFF (MPII_SHM_STAMPED_OFF + 2 * MPII_STAMPED_LINES * SHM_CACHELINE)
#define MPII_SHM_SLOTS_OFF (MPII_SHM_SUM_OFF + SHM_CACHELINE)

/* Stamped exchanges (lib/coll/shm_exchange.c): contributions of 25 to
 * MPII_STAMPED_MAX bytes among at most MPII_STAMPED_MEMBERS members go
 * in lines that each carry their own stamp.  Ten lines (560 B; five
 * before): np=2 allgather 512 B 0.79-0.85x of the time through the
 * parity slots, allreduce 0.87x, alltoall of 256 B blocks 0.70x with
 * each member reading only its block's lines (perf/ab.sh -n 7). */
#define MPII_STAMPED_LINES 10
#define MPII_STAMPED_MAX (MPII_STAMPED_LINES * (SHM_CACHELINE - 8))
#define MPII_STAMPED_MEMBERS 8

/* An exchange of one contribution of `bytes` from every member (allreduce,
 * reduce_scatter, allgather, alltoall), once mpii_shm_exchange returned:
 * member r's is at mpii_shm_xchg_part(cs, n, x, r). */
struct mpii_shm_xchg {
	uint64_t s;
	size_t bytes;
	size_t want_off, want_len;      /* the part of each member's read */
	char *local;    /* buf, or NULL: every member's is in the segment */
	/* Where a stamped exchange copies every member's out, in the caller's
	 * frame: not in thread-local storage, whose initial-exec model (the
	 * library's other thread variables) must fit the static TLS that
	 * glibc keeps for libraries loaded by dlopen, a few hundred bytes
	 * (2 KiB there made dlopen of libshmpi fail: "cannot allocate memory
	 * in static TLS block"; tests/check-dlopen.sh).  A line of slack:
	 * lines are copied out whole (lib/coll/shm_exchange.c). */
	char buf[MPII_STAMPED_MEMBERS * MPII_STAMPED_MAX + SHM_CACHELINE];
};

/* Shm collective number ++cs->seq: once the buffers it reuses are read,
 * write this member's contribution (count elements of dt packed from src;
 * dt NULL: `bytes` as they are) and return when every member's is there.
 * Only bytes [want_off, want_off + want_len) of each member's are sure to
 * be readable at mpii_shm_xchg_part (0, bytes: all of them). */
void mpii_shm_exchange(struct mpii_comm *c, struct mpii_coll_state *cs, const void *src,
		       MPI_Count count, struct mpii_datatype *dt, size_t bytes, size_t want_off,
		       size_t want_len, struct mpii_shm_xchg *x);
static inline char *mpii_shm_xchg_part(struct mpii_coll_state *cs, int n,
					struct mpii_shm_xchg *x, int r)
{
	return x->local ? x->local + (size_t)r * x->bytes : mpii_shm_contrib(cs, n, x->s, r, x->bytes);
}

/* Small fixed-size collectives through the segment (blocking calls on
 * intracommunicators; called by the entry points before they build count
 * and displacement arrays).  Each returns MPI_SUCCESS, or
 * MPII_SHM_DECLINED when the sizes or the segment do not allow it (the
 * same answer on every member: it depends only on the packed block size,
 * equal on all members, and on collective set-up).
 * Gather: per-member queues (lib/coll/shm_rqueue.c), up to MPII_RQ_SLOT - 8
 * bytes a block.  Scatter: the bcast queue (lib/coll/shm_queue.c), up to
 * MPII_BQ_SLOT - 8 bytes for all blocks together.  Allgather and alltoall:
 * the parity slots (lib/coll/shm_allgather.c).  Reduce_scatter(_block),
 * rcounts NULL for the block version: the allreduce slots, predefined
 * types (lib/coll/shm.c). */
int mpii_shm_gather(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		    MPI_Count rcount, struct mpii_datatype *rtype, int root, struct mpii_comm *c);
int mpii_shm_scatter(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		     MPI_Count rcount, struct mpii_datatype *rtype, int root, struct mpii_comm *c);
int mpii_shm_allgather(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype,
		       void *rbuf, MPI_Count rcount, struct mpii_datatype *rtype,
		       struct mpii_comm *c);
int mpii_shm_alltoall(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype,
		      void *rbuf, MPI_Count rcount, struct mpii_datatype *rtype,
		      struct mpii_comm *c);
int mpii_shm_reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts, int rcount,
			    struct mpii_datatype *dt, struct mpii_op *op, struct mpii_comm *c);
/* Allgather of large blocks (from MPII_ALLGATHER_LARGE_MIN bytes, more
 * than two members) through the large-message area
 * (lib/coll/shm_allgather.c); MPII_SHM_DECLINED as above. */
#define MPII_ALLGATHER_LARGE_MIN 16384
int mpii_shm_allgather_large(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype,
			     void *rbuf, MPI_Count rcount, struct mpii_datatype *rtype,
			     struct mpii_comm *c);
/* Internal parts of the queues for gather and scatter (cs ready). */
int mpii_rq_gather(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		   MPI_Count rcount, struct mpii_datatype *rtype, int root, struct mpii_comm *c,
		   struct mpii_coll_state *cs);
int mpii_bq_scatter(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		    MPI_Count rcount, struct mpii_datatype *rtype, int root, struct mpii_comm *c,
		    struct mpii_coll_state *cs, struct mpii_bq *q);

/* Two-level collectives across NUMA nodes (lib/coll/coll_hier.c): blocking
 * calls on a communicator whose members are on several nodes, commutative
 * ops only.  Each returns MPI_SUCCESS, an error class, or
 * MPII_SHM_DECLINED when the communicator or op does not qualify (the
 * same answer on every member; then the caller runs the flat algorithm). */
int mpii_hier_barrier(struct mpii_comm *c);
int mpii_hier_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		    struct mpii_comm *c);
int mpii_hier_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		     struct mpii_op *op, int root, struct mpii_comm *c);
int mpii_hier_allreduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
			struct mpii_op *op, struct mpii_comm *c);
/* Free the node and leader communicators of cs (at MPI_Comm_free). */
void mpii_hier_free(struct mpii_coll_state *cs);

/* The collectives (lib/coll_*.c).  sbuf may be MPI_IN_PLACE where the
 * standard allows it. */
int mpii_barrier(struct mpii_comm *c, struct mpii_request **reqp);
int mpii_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
	       struct mpii_comm *c, struct mpii_request **reqp);
int mpii_gatherv(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		 const MPI_Count *rcounts, const MPI_Aint *displs, struct mpii_datatype *rtype,
		 int root, struct mpii_comm *c, struct mpii_request **reqp);
int mpii_scatterv(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *displs,
		  struct mpii_datatype *stype, void *rbuf, MPI_Count rcount,
		  struct mpii_datatype *rtype, int root, struct mpii_comm *c,
		  struct mpii_request **reqp);
int mpii_allgatherv(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		    const MPI_Count *rcounts, const MPI_Aint *displs, struct mpii_datatype *rtype,
		    struct mpii_comm *c, struct mpii_request **reqp);
/* Blocking allgather of count elements of dt from every member of c into
 * rbuf, in rank order (the set-up exchanges of communicator, topology and
 * window constructors).  MPI_SUCCESS or an error class. */
int mpii_allgather(const void *sbuf, int count, struct mpii_datatype *dt, void *rbuf,
		   struct mpii_comm *c);
int mpii_alltoallw(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *sdispls,
		   struct mpii_datatype *const *stypes, void *rbuf, const MPI_Count *rcounts,
		   const MPI_Aint *rdispls, struct mpii_datatype *const *rtypes,
		   struct mpii_comm *c, struct mpii_request **reqp);
int mpii_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		struct mpii_op *op, int root, struct mpii_comm *c, struct mpii_request **reqp);
int mpii_allreduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		   struct mpii_op *op, struct mpii_comm *c, struct mpii_request **reqp);
int mpii_reduce_scatter(const void *sbuf, void *rbuf, const MPI_Count *rcounts,
			struct mpii_datatype *dt, struct mpii_op *op, struct mpii_comm *c,
			struct mpii_request **reqp);
int mpii_scan(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
	      struct mpii_op *op, int exclusive, struct mpii_comm *c,
	      struct mpii_request **reqp);

/* Intercommunicators (lib/coll/coll_inter.c; the functions above hand over):
 * MPI-3.1 5.2.3 semantics, root MPI_ROOT, MPI_PROC_NULL or a remote rank;
 * count and displacement arrays are of the remote group's size, except
 * reduce_scatter's rcounts (the local group's).  No MPI_IN_PLACE. */
int mpii_inter_barrier(struct mpii_comm *c, struct mpii_request **reqp);
int mpii_inter_bcast(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
		     struct mpii_comm *c, struct mpii_request **reqp);
int mpii_inter_gatherv(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype, void *rbuf,
		       const MPI_Count *rcounts, const MPI_Aint *displs, struct mpii_datatype *rtype,
		       int root, struct mpii_comm *c, struct mpii_request **reqp);
int mpii_inter_scatterv(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *displs,
			struct mpii_datatype *stype, void *rbuf, MPI_Count rcount,
			struct mpii_datatype *rtype, int root, struct mpii_comm *c,
			struct mpii_request **reqp);
int mpii_inter_allgatherv(const void *sbuf, MPI_Count scount, struct mpii_datatype *stype,
			  void *rbuf, const MPI_Count *rcounts, const MPI_Aint *displs,
			  struct mpii_datatype *rtype, struct mpii_comm *c,
			  struct mpii_request **reqp);
int mpii_inter_reduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
		      struct mpii_op *op, int root, struct mpii_comm *c, struct mpii_request **reqp);
int mpii_inter_allreduce(const void *sbuf, void *rbuf, MPI_Count count, struct mpii_datatype *dt,
			 struct mpii_op *op, struct mpii_comm *c, struct mpii_request **reqp);
int mpii_inter_reduce_scatter(const void *sbuf, void *rbuf, const MPI_Count *rcounts,
			      struct mpii_datatype *dt, struct mpii_op *op, struct mpii_comm *c,
			      struct mpii_request **reqp);

/* Schedule builders shared by composite collectives (lib/coll_*.c). */
struct mpii_sched;
void mpii_build_barrier(struct mpii_sched *s, int n, int r);
void mpii_build_bcast(struct mpii_sched *s, void *buf, MPI_Count count, struct mpii_datatype *dt,
		      int root, int n, int r, int linear);
void mpii_build_reduce(struct mpii_sched *s, const void *sbuf, void *rbuf, MPI_Count count,
		       struct mpii_datatype *dt, struct mpii_op *op, int root, int n, int r);
void mpii_build_scatterv(struct mpii_sched *s, const void *sbuf, const MPI_Count *scounts,
			 const MPI_Aint *displs, struct mpii_datatype *stype, void *rbuf,
			 MPI_Count rcount, struct mpii_datatype *rtype, int root, int n, int r);

/* The rest of lib/coll/'s interface: schedules (nbc.h; op.h comes above) and NUMA placement. */
#include "lib/coll/nbc.h"
#include "lib/coll/numa.h"

/* Collectives that went through the segment's shared-memory algorithms
 * (each entry into one that found the communicator's area ready; a
 * two-level algorithm counts its levels) and the bytes this process put
 * into the per-member slots, read by the tools interface (lib/tools:
 * coll_shm_*).  Plain per-process increments under the library lock. */
struct mpii_coll_counters {
	uint64_t shm_calls;
	uint64_t shm_bytes;
};
extern struct mpii_coll_counters mpii_coll_ctr;

#endif
