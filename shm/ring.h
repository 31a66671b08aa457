/*
 * shm/ring.h - single-producer/single-consumer ring of fixed-size cells.
 *
 * One ring per ordered pair of members.  Exactly one thread at a time
 * produces (the sender's process, under its progress lock) and one consumes.
 * The shared part is only the cells; each side keeps its own position and
 * the geometry in a process-local struct shm_ring, so a ring needs no
 * initialisation in the segment at all.
 * Each cell starts with a sequence word; the positions are free-running
 * uint32 counters masked by ncells-1 (ncells is a power of two).  The seq
 * word is stored relative to the lap (lap = pos & ~mask), so memory that is
 * all zero is an empty ring: rings need no initialisation and their pages
 * are not touched until the pair first talks.
 *
 *   producer at position p          consumer at position c
 *   ----------------------          ----------------------
 *   seq == lap(p) ? (A: acquire)    seq == lap(c) + 1 ? (C: acquire)
 *   write payload                   read payload
 *   seq = lap(p) + 1 (B: release)   seq = lap(c) + ncells (D: release)
 *
 * B pairs with C: the consumer that sees p + 1 sees the whole payload.
 * D pairs with A: the producer that sees the cell free again knows the
 * consumer has finished reading it before the payload is overwritten.
 * Producer and consumer never read each other's position, so the only lines
 * that move between the two cores are the cells themselves: an 8-byte
 * message costs one cache-line transfer (the seq word shares the line with
 * the start of the payload).
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

/* A process-local handle on the cells of one ring.  The producer's handle
 * uses prod_pos only, the consumer's cons_pos only. */
struct shm_ring {
	unsigned char *cells;  /* in the segment, line-aligned */
	uint32_t ncells;
	uint32_t cell_size;
	uint32_t mask;
	uint32_t prod_pos;
	uint32_t cons_pos;
};

/* Bytes the cells of a ring of ncells cells of cell_size bytes occupy. */
size_t shm_ring_bytes(uint32_t ncells, uint32_t cell_size);

/* Set up a handle on the cells at `cells` (zero memory is an empty ring,
 * so nothing in the segment is written). */
void shm_ring_init(struct shm_ring *r, void *cells, uint32_t ncells, uint32_t cell_size);

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
	struct shm_cell *c = shm_ring_cell(r, r->prod_pos);
	/* A: pairs with D in shm_ring_consume(): the consumer is done with it. */
	if (shm_load_acquire(&c->seq) != (r->prod_pos & ~r->mask))
		return NULL;
	return c->payload;
}

/* Producer: publish the cell returned by the last shm_ring_reserve(). */
static inline void shm_ring_publish(struct shm_ring *r)
{
	struct shm_cell *c = shm_ring_cell(r, r->prod_pos);
	/* B: pairs with C in shm_ring_peek(): the payload is visible first. */
	shm_store_release(&c->seq, (r->prod_pos & ~r->mask) + 1);
	r->prod_pos++;
}

/* Consumer: the payload of the oldest published cell, or NULL. */
static inline void *shm_ring_peek(struct shm_ring *r)
{
	struct shm_cell *c = shm_ring_cell(r, r->cons_pos);
	/* C: pairs with B in shm_ring_publish(). */
	if (shm_load_acquire(&c->seq) != (r->cons_pos & ~r->mask) + 1)
		return NULL;
	return c->payload;
}

/* Consumer: hand the cell returned by shm_ring_peek() back to the producer. */
static inline void shm_ring_consume(struct shm_ring *r)
{
	struct shm_cell *c = shm_ring_cell(r, r->cons_pos);
	/* D: pairs with A in shm_ring_reserve(): reads of the payload are done. */
	shm_store_release(&c->seq, (r->cons_pos & ~r->mask) + r->ncells);
	r->cons_pos++;
}

#endif
