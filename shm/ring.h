/*
 * shm/ring.h - single-producer/single-consumer ring of fixed-size cells.
 *
 * One ring per ordered pair of members.  Exactly one thread at a time
 * produces (the sender's process, under its progress lock) and one
 * consumes.  In the segment a ring is two pieces in different places: the
 * cells, written by the producer alone, in the producer's pages, and one
 * line holding the consumer's published position, written by the consumer
 * alone, in the consumer's pages (shm/segment.h: each member may map the
 * others' pages read-only).  Each cell starts with a sequence word.  Positions are free-running uint32 counters masked by ncells-1
 * (ncells is a power of two); each side keeps its own position and the
 * geometry in a process-local struct shm_ring.  A cell's seq is stored
 * relative to its lap (lap = pos & ~mask), so memory that is all zero is
 * an empty ring: rings need no initialisation and their pages are not
 * touched until the pair first talks.
 *
 *   producer at position p                consumer at position c
 *   ----------------------                ----------------------
 *   p - cons_seen < ncells, else          seq == lap(c) + 1 ? (C: acquire)
 *     cons_seen = cons (A: acquire)       read payload
 *   write payload                         c++; now and then, and whenever
 *   seq = lap(p) + 1 (B: release)           the ring is found empty:
 *                                           cons = c (D: release)
 *
 * B pairs with C: the consumer that sees lap + 1 sees the whole payload.
 * D pairs with A: the producer that sees the consumer's position knows the
 * cells before it have been read before it overwrites them.
 * The consumer never writes a cell and the producer reads the consumer's
 * line only when its cached view says the ring is full, so on the message
 * path the only line that moves between the cores is the cell itself: an
 * 8-byte message costs one cache-line transfer (seq, header and data share
 * the line).  A stale seq from an earlier lap never equals lap + 1, so
 * cells need no reset.
 */
#ifndef SHM_RING_H
#define SHM_RING_H

#include <stddef.h>
#include <stdint.h>
#include "shm/atomic.h"

#define SHM_CELL_HEADER 8u  /* seq word + pad; payload starts 8-aligned */

struct shm_cell {
	_Atomic uint32_t seq;
	uint32_t pad;
	unsigned char payload[];
};

/* The consumer's line of a ring: its published position (in the
 * consumer's pages, apart from the cells). */
struct shm_ring_shared {
	shm_cacheline_aligned _Atomic uint32_t cons;
};
_Static_assert(sizeof(struct shm_ring_shared) == SHM_CACHELINE, "one line");

/* A process-local handle on one ring.  The producer's handle uses prod_pos
 * and cons_seen, the consumer's cons_pos and cons_published. */
struct shm_ring {
	struct shm_ring_shared *shared;  /* in the segment, the consumer's pages */
	unsigned char *cells;            /* in the segment, the producer's pages, line-aligned */
	uint32_t ncells;
	uint32_t cell_size;
	uint32_t mask;
	uint32_t prod_pos;
	uint32_t cons_seen;              /* producer's cached copy of shared->cons */
	uint32_t cons_pos;
	uint32_t cons_published;         /* last value the consumer stored */
	uint32_t corrupt;                /* producer: shared->cons was impossible */
	uint32_t prod_mapped;            /* positions below these have their cells' */
	uint32_t cons_mapped;            /* pages mapped in (shm_ring_populate) */
};

/* Bytes the cells of a ring of ncells cells of cell_size bytes occupy in
 * the segment (the consumer's line, struct shm_ring_shared, is apart). */
size_t shm_ring_bytes(uint32_t ncells, uint32_t cell_size);

/* Set up a handle on the ring whose consumer line is at `shared` and
 * whose cells are at `cells` (zero memory is an empty ring, so nothing in
 * the segment is written). */
void shm_ring_init(struct shm_ring *r, void *shared, void *cells, uint32_t ncells, uint32_t cell_size);

/* Map the pages of the cells from position pos on into this process, in
 * runs that double (the cell at 0, then 1, 2-3, 4-7, ...: a side maps at
 * most twice the cells it has used) until the first lap is mapped; then
 * *mapped is UINT32_MAX and this is not called again for 2^32 cells.
 * Called by shm_ring_reserve (mapped: &prod_mapped) and shm_ring_peek
 * (&cons_mapped) as their side reaches it.
 *
 * A fault per page cost more than the first lap's messages where faults
 * are dear: on a KVM guest of 2026-12-06 a fault on the segment cost
 * 15-17 us (a page the peer had allocated as much), a page mapped by
 * madvise 1.3 us (0.3 if the peer had allocated it); the first 30
 * alltoalls of 16 KiB at np=2 (a lap and a half) took 2.6 ms, 1.9 with
 * this (medians of 5 interleaved runs; then 3 us a call).  At np=4 on 2
 * cores no change (11.3 ms): there the first laps wait for the scheduler.
 * The first access to a page stays dearer than later ones on that guest
 * (its hypervisor maps the page again), which no call here avoids.
 * Mapping the whole ring at once (1.75 ms at np=2) would allocate every
 * ring of a job whose pairs only exchange a few small messages.  Best
 * effort: on a kernel without MADV_POPULATE_WRITE (before 5.14) the pages
 * fault in one by one as before.  The producer maps its pages for
 * writing, the consumer (whose mapping of them may be read-only) for
 * reading. */
void shm_ring_populate(struct shm_ring *r, uint32_t pos, uint32_t *mapped);

static inline struct shm_cell *shm_ring_cell(struct shm_ring *r, uint32_t pos)
{
	return (struct shm_cell *)(r->cells + (size_t)(pos & r->mask) * r->cell_size);
}

/* Payload bytes one cell carries. */
static inline uint32_t shm_ring_payload_size(const struct shm_ring *r)
{
	return r->cell_size - SHM_CELL_HEADER;
}

/* Producer: the payload of the next free cell, or NULL when the ring is full. */
static inline void *shm_ring_reserve(struct shm_ring *r)
{
	if (__builtin_expect(r->prod_pos >= r->prod_mapped, 0))
		shm_ring_populate(r, r->prod_pos, &r->prod_mapped);
	if (r->prod_pos - r->cons_seen >= r->ncells) {
		/* A: pairs with D in shm_ring_publish_consumed(). */
		uint32_t cons = shm_load_acquire(&r->shared->cons);
		/* The consumer is never ahead of us nor more than a ring behind:
		 * anything else was written by someone else (a member that
		 * scribbles over the segment).  Report it instead of waiting
		 * for space forever. */
		if (r->prod_pos - cons > r->ncells) {
			r->corrupt = 1;
			return NULL;
		}
		r->cons_seen = cons;
		if (r->prod_pos - r->cons_seen >= r->ncells)
			return NULL;
	}
	return shm_ring_cell(r, r->prod_pos)->payload;
}

/* Producer: publish the cell returned by the last shm_ring_reserve(). */
static inline void shm_ring_publish(struct shm_ring *r)
{
	struct shm_cell *c = shm_ring_cell(r, r->prod_pos);
	/* B: pairs with C in shm_ring_peek(): the payload is visible first. */
	shm_store_release(&c->seq, (r->prod_pos & ~r->mask) + 1);
	r->prod_pos++;
	/* Ask for the next cell's line in exclusive state now (the consumer
	 * read it a lap ago), so that the fence or RMW after the next publish
	 * does not stall on that line's transfer. */
	shm_prefetch_write(shm_ring_cell(r, r->prod_pos));
}

/* Consumer: the payload of the oldest published cell, or NULL. */
static inline void *shm_ring_peek(struct shm_ring *r)
{
	struct shm_cell *c = shm_ring_cell(r, r->cons_pos);
	/* C: pairs with B in shm_ring_publish(). */
	if (shm_load_acquire(&c->seq) != (r->cons_pos & ~r->mask) + 1)
		return NULL;
	if (__builtin_expect(r->cons_pos >= r->cons_mapped, 0))
		shm_ring_populate(r, r->cons_pos, &r->cons_mapped);
	return c->payload;
}

/* Consumer, with the cell shm_ring_peek() returned not yet consumed:
 * whether the cell after it is published too (more is waiting).  A hint
 * for batching; the cell is peeked properly (C) before it is read. */
static inline int shm_ring_more_behind(struct shm_ring *r)
{
	uint32_t next = r->cons_pos + 1;
	/* Relaxed: only the value is judged, nothing is read after it. */
	return shm_load_relaxed(&shm_ring_cell(r, next)->seq) == (next & ~r->mask) + 1;
}

/* Consumer, when shm_ring_peek() found nothing: 0 if the next cell holds
 * a stamp no producer writes (not this lap's, not the last lap's, not the
 * zero of a fresh ring): the ring was overwritten. */
static inline int shm_ring_cell_sane(struct shm_ring *r)
{
	uint32_t lap = r->cons_pos & ~r->mask;
	/* Relaxed: only the value is judged, nothing is read after it. */
	uint32_t seq = shm_load_relaxed(&shm_ring_cell(r, r->cons_pos)->seq);
	return seq == lap + 1 || seq == lap - r->ncells + 1 || (seq == 0 && lap == 0);
}

/* Consumer: tell the producer which cells are free again. */
static inline void shm_ring_publish_consumed(struct shm_ring *r)
{
	if (r->cons_published == r->cons_pos)
		return;
	/* D: pairs with A in shm_ring_reserve(): reads of the payloads of the
	 * cells before cons_pos are done. */
	shm_store_release(&r->shared->cons, r->cons_pos);
	r->cons_published = r->cons_pos;
}

/* Consumer: done with the cell returned by shm_ring_peek().  The space is
 * handed back in batches of a quarter ring; a consumer that stops reading
 * (it found the ring empty or leaves) must call shm_ring_publish_consumed
 * so that a producer waiting for space is not stuck. */
static inline void shm_ring_consume(struct shm_ring *r)
{
	r->cons_pos++;
	if (r->cons_pos - r->cons_published >= (r->ncells >> 2))
		shm_ring_publish_consumed(r);
}

#endif
