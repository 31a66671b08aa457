/*
 * shm/segment.h - the one shared segment of a job.
 *
 * The launcher creates the segment (a memfd, so nothing is ever left in
 * /dev/shm) before it forks; every member inherits the descriptor and maps
 * it.  A program started without a launcher creates a private segment of one
 * member.  The segment holds offsets, never pointers: each process maps it at
 * its own address.
 *
 * Layout (each part starts on its own cache line):
 *   header | doorbells [n] | summary bitmaps [n][words]
 *   | own blocks [member]: control block, ring consumer lines [producer]
 *   | ring cells [producer][consumer]
 *   | object arena (bump-allocated at run time)
 *
 * Single writer (issue 40, docs/reliability.md): what one member alone
 * writes is laid out by writer.  Member m's own block (its control block,
 * then one consumer line for each ring it reads) is page-aligned,
 * cons_stride bytes, and so are the cells of every ring m writes (n rings
 * of ring_stride bytes); each member maps the other members' blocks
 * read-only (shm_seg_protect), so a wild write into another member's
 * control block or ring faults in the writer, and shm_seg_owner names
 * whose data the address was.  The header, the doorbells, the summaries
 * and the arena are written by several members by design and stay
 * writable everywhere (lib/coll protects its per-member parts of the
 * arena itself).
 *
 * shm/ knows nothing of MPI: a "member" is a process slot, its state a small
 * life-cycle the launcher reads to tell a clean exit from a crash.
 */
#ifndef SHM_SEGMENT_H
#define SHM_SEGMENT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "shm/atomic.h"

#define SHM_SEG_MAGIC   0x6765737069706d73ULL /* "smpipseg" */
#define SHM_SEG_VERSION 10u /* 2: shm_member.numa_node; 3: blocked; 4: lib_eager_max;
			   * 5: finalizing, ended, keep_going, gone; 6: ncpus;
			   * 7: calls, wait_* (the stall report);
			   * 8: started (spare member slots for spawn);
			   * 9: ring cells by producer, consumer lines apart by
			   * consumer; 10: control blocks in their member's
			   * pages, doorbells apart, fault_* */
#define SHM_SEG_FD_ENV  "SHMPI_SEG_FD"
#define SHM_MAX_MEMBERS 4096

/* The signal the launcher sends to a member that joined the job (state
 * RUNNING or later) to ask where it waits; the member answers with one
 * line on stderr (lib/core/stuck.c).  A real-time signal nothing else in
 * a program is likely to use; glibc keeps SIGRTMIN and SIGRTMIN+1 for
 * itself, so this is the same number in the launcher and in every rank.
 * Its default action ends the process: send it only to members that
 * joined (they install the handler before they say RUNNING). */
#define SHM_STUCK_SIGNAL (SIGRTMIN + 5)

/* Life-cycle of a member, written by the member, read by the launcher. */
enum shm_member_state {
	SHM_MEMBER_UNSTARTED = 0,  /* forked, has not joined the job yet */
	SHM_MEMBER_RUNNING = 1,    /* joined (MPI_Init): must leave cleanly */
	SHM_MEMBER_DONE = 2,       /* left cleanly (MPI_Finalize) */
	SHM_MEMBER_ABORTED = 3,    /* asked to take the job down */
};

/* Ring geometry chosen at creation; every member reads it from the header. */
struct shm_seg_config {
	uint32_t ring_cells;  /* cells per ordered pair, a power of two */
	uint32_t cell_size;   /* bytes per cell, a multiple of 64 */
	uint64_t arena_size;  /* bytes for run-time objects */
};

struct shm_seg_header {
	uint64_t magic;
	uint32_t version;
	uint32_t nmembers;
	uint64_t total_size;
	uint64_t bell_off;     /* struct shm_bell[nmembers] */
	uint64_t summary_off;  /* _Atomic uint64_t[nmembers][summary_words] */
	uint32_t summary_words;
	uint32_t ring_cells;
	uint32_t cell_size;
	/* How the members order a wake-up (shm/fence.h), chosen once for the
	 * job by the first member that joins: 0 not yet, 1 full fences, 2
	 * light fences. */
	_Atomic uint32_t fence_mode;
	/* The largest eager message in bytes, measured once for the job by
	 * lib/ (lib/p2p/p2p_calibrate.c); 0 while not known. */
	_Atomic uint32_t lib_eager_max;
	/* The CPUs the job may use (shm/cpus.h), counted by the creator
	 * before any member is bound: the launcher's affinity and cpuset,
	 * or a singleton's own.  Written once at create. */
	uint32_t ncpus;
	uint64_t ring_off;     /* ring cells [src][dst], each shm_ring_bytes() */
	uint64_t ring_stride;  /* page-rounded */
	uint64_t cons_off;     /* own blocks [member]: struct shm_member, then
				* consumer lines [src], one line each */
	uint64_t cons_stride;  /* bytes of one member's block, page-rounded */
	uint64_t arena_off;
	uint64_t arena_size;
	shm_cacheline_aligned _Atomic uint64_t arena_next; /* bump pointer */
	_Atomic uint32_t next_id;       /* job-wide id counter (for lib/) */
	_Atomic uint32_t job_aborting;  /* set once by the first aborting member */
	_Atomic int32_t abort_code;
	/* MPI_Finalize is collective over the members (lib/core/env.c):
	 * finalizing counts the members that entered its wait, ended the
	 * members the launcher reaped before they finished MPI_Finalize
	 * (they never will); the wait ends when the two add up to nmembers.
	 * Whoever makes them add up (a seq_cst add, then a seq_cst load of
	 * the other) rings every member's doorbell. */
	_Atomic uint32_t finalizing;
	_Atomic uint32_t ended;
	/* Set by the launcher before it forks (-disable-auto-cleanup): a
	 * member that fails does not end the job; the others see errors where
	 * they wait on it (lib/core/request.c) and MPI_Abort on a smaller
	 * communicator ends only its members (lib/core/env.c). */
	uint32_t keep_going;
	/* Members started so far: the first N at create, and those the
	 * launcher forks for MPI_Comm_spawn into the spare slots above them
	 * (docs/dynamic.md).  The launcher adds (seq_cst) before it forks
	 * them and before it answers the spawning member, so a member that
	 * learned of a child through the answer counts it; MPI_Finalize waits
	 * for finalizing + ended to reach it. */
	_Atomic uint32_t started;
};

/* What a blocked thread of a member waits for (shm_member.wait_kind),
 * published for the launcher's stall report (launcher/stall.c). */
enum shm_wait_kind {
	SHM_WAIT_NONE = 0,
	SHM_WAIT_SEND,          /* a send to wait_rank, tag wait_arg */
	SHM_WAIT_RECV,          /* a receive from wait_rank (-1: any), tag wait_arg */
	SHM_WAIT_COLL,          /* a collective on context wait_obj */
	SHM_WAIT_MUTEX,         /* MPI_Mutex at arena offset wait_obj, held by wait_rank */
	SHM_WAIT_COND,          /* MPI_Cond at arena offset wait_obj; wait_rank: its
				 * mutex's holder, else its last signaller */
	SHM_WAIT_WINLOCK,       /* a window lock at window rank wait_arg, held by wait_rank */
	SHM_WAIT_POST,          /* the MPI_Win_post of wait_rank (window rank wait_arg) */
	SHM_WAIT_COMPLETE,      /* MPI_Win_wait: wait_arg origins yet to complete */
	SHM_WAIT_HANDLER,       /* MPI_Handler_lock: a handler still running */
	SHM_WAIT_LOOSE,         /* MPI_Barrier_loose on context wait_obj, from wait_rank */
};

#define SHM_WAIT_CALL_WORDS 3  /* wait_call: 24 characters, NUL-padded */

/* What a member's SIGSEGV handler found at a wild write into another
 * member's pages (shm_member.fault_kind), for the launcher's report
 * (lib/core/segv.c, launcher/report.c). */
enum shm_fault_kind {
	SHM_FAULT_NONE = 0,
	SHM_FAULT_LAYOUT,       /* fault_off lies in a part of the layout: decode it */
	SHM_FAULT_COLL,         /* in member fault_owner's (world rank) part of the
				 * collective area of context fault_obj */
};

/* Per-member control block, written by the member alone (the launcher
 * too: it is not a member and maps everything writable), read by the
 * launcher and the others: it starts the member's own page-aligned block
 * (shm_seg_member), which the other members map read-only.  Three cache
 * lines, so that the launcher-facing state, the stall report's words
 * (written at every blocking wait) and the fault report do not share a
 * line. */
struct shm_member {
	shm_cacheline_aligned _Atomic int32_t state; /* enum shm_member_state */
	int32_t pid;
	_Atomic int32_t exit_code;      /* MPI_Abort's code, for the report */
	_Atomic uint32_t heartbeat;
	/* NUMA node the member runs on (0 when unknown or unbound), written
	 * once by the member before it sends anything, so a reader that heard
	 * from it (a barrier, a message) sees the value. */
	int32_t numa_node;
	/* Non-zero while a thread of the member is blocked in a wait past its
	 * spin; heartbeat counts such waits that ended.  The launcher's
	 * --deadlock-timeout: every member blocked, no heartbeat moving. */
	_Atomic uint32_t blocked;
	/* MPI calls the member entered (a counter bumped at each entry,
	 * lib/core/stuck.h): the launcher tells a rank outside MPI from one
	 * polling in it. */
	shm_cacheline_aligned _Atomic uint64_t calls;
	/* What the thread that blocked last waits for (enum shm_wait_kind),
	 * written when it blocks and after each sleep of an object wait, so
	 * the holder it names is recent; wait_kind is cleared when the last
	 * blocked thread's wait ends.  wait_call names its MPI call, 8
	 * characters a word in memory order, NUL-padded (no terminator
	 * when 24 long).  A diagnosis: torn values are harmless, the
	 * launcher checks every rank it reads. */
	_Atomic uint32_t wait_kind;
	_Atomic int32_t wait_rank;      /* the world rank it waits for, -1: none */
	_Atomic int32_t wait_arg;       /* tag, window rank, count: see the kind */
	_Atomic uint64_t wait_obj;      /* arena offset or context id */
	_Atomic uint64_t wait_call[SHM_WAIT_CALL_WORDS];
	/* A wild write of the member into another member's pages, written
	 * by its SIGSEGV handler before the fault kills it (fault_kind last,
	 * release): the segment offset, and for parts the layout does not
	 * name, whose (world rank) and which object.  The launcher reads
	 * them when it reaps a member killed by a signal. */
	shm_cacheline_aligned _Atomic uint32_t fault_kind; /* enum shm_fault_kind */
	_Atomic int32_t fault_owner;
	_Atomic uint64_t fault_off;
	_Atomic uint64_t fault_obj;
};

_Static_assert(sizeof(struct shm_member) == 3 * SHM_CACHELINE, "member block is three lines");
_Static_assert(offsetof(struct shm_member, numa_node) < SHM_CACHELINE, "numa_node on the first line");

/* A member's doorbell, in memory every member writes (anybody may wake
 * anybody): one line each.  sleepers is the member's own count but stays
 * beside the doorbell, the pair a waker reads; a scribble there costs
 * wake-ups, not messages (every sleep is bounded). */
struct shm_bell {
	/* Doorbell: a futex word bumped by whoever wants the member awake. */
	shm_cacheline_aligned _Atomic uint32_t doorbell;
	_Atomic uint32_t sleepers;      /* threads of the member asleep on it */
	/* Set by the launcher once it has reaped the member (seq_cst store,
	 * then it rings the others' doorbells): nothing more will come from
	 * it. */
	_Atomic uint32_t gone;
};
_Static_assert(sizeof(struct shm_bell) == SHM_CACHELINE, "a doorbell per line");
_Static_assert(sizeof(struct shm_seg_header) % SHM_CACHELINE == 0, "header fills whole lines");

/* Where the parts of the segment are.  Each process keeps its own copy,
 * validated once at create or attach: the header lives in memory every
 * member can write, so nothing after the check reads geometry from it (a
 * member that scribbles over the header cannot send another member's
 * accesses outside the mapping). */
struct shm_seg_geom {
	uint32_t nmembers;
	uint32_t summary_words;
	uint32_t ring_cells;
	uint32_t cell_size;
	uint64_t bell_off, summary_off, ring_off, ring_stride, cons_off, cons_stride, arena_off, arena_size;
};

struct shm_seg {
	struct shm_seg_header *hdr;  /* == base; only its atomics are used */
	char *base;
	size_t size;
	int fd;
	struct shm_seg_geom geo;     /* private, validated copy */
};

/* Defaults for a job of n members (smaller rings for big jobs). */
void shm_seg_default_config(uint32_t nmembers, struct shm_seg_config *cfg);

/* Bytes the segment of n members needs with this configuration, or 0 when
 * the configuration is invalid or its size does not fit in 64 bits. */
size_t shm_seg_size(uint32_t nmembers, const struct shm_seg_config *cfg);

/* Why a configuration cannot make a segment: NULL when it can, else a
 * short phrase naming the offending field ("ring_cells is not a power of
 * two", "the segment size overflows", ...) for the caller's message. */
const char *shm_seg_config_problem(uint32_t nmembers, const struct shm_seg_config *cfg);

/* Create a memfd segment for n members, map it and lay it out.  The fd is
 * left without CLOEXEC so that children inherit it.
 * Returns 0 or -errno. */
int shm_seg_create(uint32_t nmembers, const struct shm_seg_config *cfg,
		   struct shm_seg *seg) __attribute__((warn_unused_result));

/* Map an inherited segment and validate its header: magic, layout
 * version, member count, ring geometry, and every offset equal to the
 * layout those values give, within the file's size.  Returns 0, -EINVAL on
 * a foreign, mismatched or corrupt segment (*why, when why is not NULL,
 * names what was wrong), or -errno. */
int shm_seg_attach_why(int fd, struct shm_seg *seg, const char **why)
	__attribute__((warn_unused_result));
/* The number of CPUs the job may use, as its creator counted them (at
 * least 1). */
uint32_t shm_seg_cpus(const struct shm_seg *seg);

/* shm_seg_attach_why without the reason. */
int shm_seg_attach(int fd, struct shm_seg *seg) __attribute__((warn_unused_result));

/* Unmap and close. */
void shm_seg_detach(struct shm_seg *seg);

/* Member control block i (0 <= i < nmembers), at the start of its own
 * block. */
static inline struct shm_member *shm_seg_member(const struct shm_seg *seg, uint32_t i)
{
	return (struct shm_member *)(seg->base + seg->geo.cons_off + (size_t)i * seg->geo.cons_stride);
}

/* Member i's doorbell (shm/doorbell.h). */
static inline struct shm_bell *shm_seg_bell(const struct shm_seg *seg, uint32_t i)
{
	return (struct shm_bell *)(seg->base + seg->geo.bell_off) + i;
}

/* Summary bitmap of receiver dst: bit s set means member s may have data. */
static inline _Atomic uint64_t *shm_seg_summary(const struct shm_seg *seg, uint32_t dst)
{
	return (_Atomic uint64_t *)(seg->base + seg->geo.summary_off) +
	       (size_t)dst * seg->geo.summary_words;
}

/* The cells of the ring that carries messages from src to dst, in src's
 * pages (wrap them with shm_ring_init). */
static inline void *shm_seg_ring_cells(const struct shm_seg *seg, uint32_t dst, uint32_t src)
{
	return seg->base + seg->geo.ring_off +
	       ((size_t)src * seg->geo.nmembers + dst) * seg->geo.ring_stride;
}

/* The consumer line (struct shm_ring_shared) of that ring, in dst's
 * block, after its control block. */
static inline void *shm_seg_ring_cons(const struct shm_seg *seg, uint32_t dst, uint32_t src)
{
	return seg->base + seg->geo.cons_off + (size_t)dst * seg->geo.cons_stride +
	       sizeof(struct shm_member) + (size_t)src * SHM_CACHELINE;
}

/* Map the parts of the segment that other members write alone (their
 * control blocks, rings' cells and consumer lines) read-only in this
 * process, member `self`'s own writable.  Call once after create or attach, before the
 * rings are used.  Returns 0, or -errno (the segment stays as it was
 * mapped where mprotect failed; nothing is wrong with using it so). */
int shm_seg_protect(const struct shm_seg *seg, uint32_t self);

/* What segment offset `off` is, for a fault's message: returns 1 when it
 * lies in a single-writer part of the layout, with *owner the member
 * that writes it, *peer the other member of its ring and *what "cells"
 * (the ring from owner to peer), "cons" (owner's consumer line of the
 * ring from peer) or "member" (owner's control block; *peer = owner);
 * 0 elsewhere.  Async-signal-safe; reads only the private geometry. */
int shm_seg_owner(const struct shm_seg *seg, uint64_t off, uint32_t *owner, uint32_t *peer,
		  const char **what);

/* The segment offset of addr, or UINT64_MAX when it is outside the
 * mapping.  Async-signal-safe. */
static inline uint64_t shm_seg_offset(const struct shm_seg *seg, const void *addr)
{
	uintptr_t a = (uintptr_t)addr, b = (uintptr_t)seg->base;
	return seg->base && a >= b && a - b < seg->size ? (uint64_t)(a - b) : UINT64_MAX;
}

/* Map [off, off + n * part) of the arena, n parts of `part` bytes (both
 * multiples of 4096), read-only in this process except part `self`,
 * which stays writable: lib/ lays out a per-member area so (the
 * collective flags and slots).  Returns 0 or -errno (then nothing is
 * protected, which changes nothing but the protection). */
int shm_seg_protect_parts(const struct shm_seg *seg, uint64_t off, uint64_t part, uint32_t n,
			  uint32_t self);

/* Allocate size bytes (rounded up to a cache line) from the arena; the
 * memory is zero.  Any member may call it, concurrently.
 * Returns the segment offset, or 0 when the arena is exhausted. */
uint64_t shm_seg_alloc(const struct shm_seg *seg, size_t size);

/* Address of a segment offset in this process. */
static inline void *shm_seg_ptr(const struct shm_seg *seg, uint64_t off)
{
	return seg->base + off;
}

#endif
