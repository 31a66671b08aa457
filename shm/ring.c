/*
 * shm/ring.c - set-up of the spsc ring (the hot operations are inline in
 * ring.h).
 */
#include "shm/ring.h"

size_t shm_ring_bytes(uint32_t ncells, uint32_t cell_size)
{
	return offsetof(struct shm_ring, cells) + (size_t)ncells * cell_size;
}

void shm_ring_init(struct shm_ring *r, uint32_t ncells, uint32_t cell_size)
{
	r->ncells = ncells;
	r->cell_size = cell_size;
	r->mask = ncells - 1;
	r->prod_pos = 0;
	r->cons_pos = 0;
	/* The cells stay zero: seq 0 == lap(0), free for the first lap. */
}
