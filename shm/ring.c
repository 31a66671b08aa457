/*
 * shm/ring.c - set-up of a ring handle (the hot operations are inline in
 * ring.h).
 */
#include "shm/ring.h"

size_t shm_ring_bytes(uint32_t ncells, uint32_t cell_size)
{
	return sizeof(struct shm_ring_shared) + (size_t)ncells * cell_size;
}

void shm_ring_init(struct shm_ring *r, void *mem, uint32_t ncells, uint32_t cell_size)
{
	r->shared = mem;
	r->cells = (unsigned char *)mem + sizeof(struct shm_ring_shared);
	r->ncells = ncells;
	r->cell_size = cell_size;
	r->mask = ncells - 1;
	/* Zero memory: cons 0 and every seq 0 (lap 0, empty). */
	r->prod_pos = 0;
	r->cons_seen = 0;
	r->cons_pos = 0;
	r->cons_published = 0;
}
