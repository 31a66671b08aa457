/*
 * shm/ring.c - set-up of a ring handle (the hot operations are inline in
 * ring.h).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include "shm/ring.h"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

size_t shm_ring_bytes(uint32_t ncells, uint32_t cell_size)
{
	return (size_t)ncells * cell_size;
}

void shm_ring_init(struct shm_ring *r, void *shared, void *cells, uint32_t ncells, uint32_t cell_size)
{
	r->shared = shared;
	r->cells = cells;
	r->ncells = ncells;
	r->cell_size = cell_size;
	r->mask = ncells - 1;
	/* Zero memory: cons 0 and every seq 0 (lap 0, empty). */
	r->prod_pos = 0;
	r->cons_seen = 0;
	r->cons_pos = 0;
	r->cons_published = 0;
	r->corrupt = 0;
	r->prod_mapped = 0;
	r->cons_mapped = 0;
}

void shm_ring_populate(struct shm_ring *r, uint32_t pos, uint32_t *mapped)
{
	if (pos >= r->ncells) {
		*mapped = UINT32_MAX;
		return;
	}
	uint32_t to = pos ? 2 * pos : 1;
	if (to > r->ncells)
		to = r->ncells;
	*mapped = to;
	long page = sysconf(_SC_PAGESIZE);
	if (page <= 0)
		return;
	uintptr_t start = (uintptr_t)shm_ring_cell(r, pos);
	uintptr_t end = (uintptr_t)r->cells + (uintptr_t)to * r->cell_size;
	start &= ~((uintptr_t)page - 1);
	end = (end + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
	/* Errors (an old kernel, no memory for the pages now) leave the
	 * pages to fault in one by one, as without this call. */
	(void)madvise((void *)start, end - start,
		      mapped == &r->prod_mapped ? MADV_POPULATE_WRITE : MADV_POPULATE_READ);
}
