/*
 * shm/ring.c - set-up of a ring handle (the hot operations are inline in
 * ring.h).
 */
#include "shm/ring.h"

size_t shm_ring_bytes(uint32_t ncells, uint32_t cell_size)
{
	return (size_t)ncells * cell_size;
}

void shm_ring_init(struct shm_ring *r, void *cells, uint32_t ncells, uint32_t cell_size)
{
	r->cells = cells;
	r->ncells = ncells;
	r->cell_size = cell_size;
	r->mask = ncells - 1;
	/* The cells stay zero: seq 0 == lap(0), free for the first lap. */
	r->prod_pos = 0;
	r->cons_pos = 0;
}
