/*
 * shm/segment.c - create, attach and carve up the job's shared segment.
 *
 * Invariants: the header is written once by the creator before any member
 * maps the segment; after that only the atomics in it change.  Ring cells
 * and summaries start zero (= empty) and nothing writes them at creation,
 * so their pages are not touched until a pair first talks.  The arena only grows (objects created at run time are recycled by
 * their owners in lib/, not returned here).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "shm/segment.h"
#include "shm/cpus.h"
#include "shm/ring.h"

/* x rounded up to a multiple of a (a power of two or not); 0 on overflow
 * (x == 0 never needs it here). */
static uint64_t round_up(uint64_t x, uint64_t a)
{
	uint64_t r;
	if (__builtin_add_overflow(x, a - 1, &r))
		return 0;
	return r / a * a;
}

void shm_seg_default_config(uint32_t n, struct shm_seg_config *cfg)
{
	/* 64 cells per pair, of 8 KiB up to 22 members when every member has
	 * a core, else of 4 KiB and fewer for larger jobs, so that n^2 rings
	 * stay within 256 MiB of (lazily touched) memory.  8 KiB cells carry
	 * an 8-16 KiB message in two or three cells instead of three to five:
	 * windowed bw and bibw 4-16 KiB 1.16-1.42x, pingpong 16 KiB 0.69x of
	 * the time, 1 B-2 KiB and from 32 KiB 0.93-1.07x (perf/ bw, bibw,
	 * pingpong, np=2, 7-9 interleaved rounds of SHMPI_CELL_SIZE=4096 and
	 * 8192).  Where ranks outnumber cores they gained nothing measured
	 * (np=4 on 2 cores 0.95-1.27x, noisy; np=8 alltoall 4-16 KiB alike in
	 * steady state) and the first 0.1 s of an np=8 alltoall, while
	 * the rings' pages are first touched, took 2.8-15x as long at 8-16
	 * KiB with twice the pages to touch. */
	uint64_t budget = 256ull << 20;
	uint32_t cells = 64, size = 8192;
	int ncpu = shm_cpus_allowed();
	if ((uint64_t)n * n * cells * size > budget || n > (uint64_t)ncpu)
		size = 4096;
	while (cells > 8 && (uint64_t)n * n * cells * size > budget)
		cells /= 2;
	cfg->ring_cells = cells;
	cfg->cell_size = size;
	cfg->arena_size = 16ull << 20;
}

/* The layout of n members; every product and sum is checked, so a
 * configuration whose size does not fit in 64 bits (or in size_t, or in
 * off_t for ftruncate) is reported, never wrapped. */
static const char *compute_layout(uint32_t n, const struct shm_seg_config *cfg, struct shm_seg_geom *g,
				  uint64_t *total)
{
	uint64_t rings, ring_bytes, t;

	if (n == 0 || n > SHM_MAX_MEMBERS)
		return "the member count is out of range";
	if (cfg->ring_cells < 2 || (cfg->ring_cells & (cfg->ring_cells - 1)))
		return "ring_cells is not a power of two of at least 2";
	if (cfg->cell_size < 128 || cfg->cell_size % SHM_CACHELINE)
		return "cell_size is not a multiple of 64 of at least 128";
	g->nmembers = n;
	g->ring_cells = cfg->ring_cells;
	g->cell_size = cfg->cell_size;
	g->arena_size = cfg->arena_size;
	/* n <= 4096 and the fixed parts are small: these cannot overflow. */
	g->bell_off = round_up(sizeof(struct shm_seg_header), SHM_CACHELINE);
	g->summary_off = round_up(g->bell_off + (uint64_t)n * sizeof(struct shm_bell), SHM_CACHELINE);
	/* Each receiver's summary on its own line(s): senders hammer it. */
	g->summary_words = (uint32_t)round_up((n + 63) / 64, SHM_CACHELINE / 8);
	/* Single writer: every member's control block and consumer lines
	 * fill whole pages of their own, and so do the cells of each ring (a
	 * producer's n rings are one block), so that shm_seg_protect can map
	 * the others' read-only with page granularity. */
	g->cons_off = round_up(g->summary_off + (uint64_t)n * g->summary_words * 8, 4096);
	g->cons_stride = round_up(sizeof(struct shm_member) + (uint64_t)n * SHM_CACHELINE, 4096);
	g->ring_off = g->cons_off + (uint64_t)n * g->cons_stride;
	ring_bytes = shm_ring_bytes(cfg->ring_cells, cfg->cell_size);
	g->ring_stride = round_up(ring_bytes, 4096);
	if (!ring_bytes || !g->ring_stride ||
	    __builtin_mul_overflow((uint64_t)n * n, g->ring_stride, &rings) ||
	    __builtin_add_overflow(g->ring_off, rings, &g->arena_off) ||
	    __builtin_add_overflow(g->arena_off, cfg->arena_size, &t) || !(t = round_up(t, 4096)) ||
	    t > (uint64_t)INT64_MAX || t > (uint64_t)SIZE_MAX)
		return "the segment size overflows (ring_cells x cell_size x members^2 + arena)";
	*total = t;
	return NULL;
}

const char *shm_seg_config_problem(uint32_t n, const struct shm_seg_config *cfg)
{
	struct shm_seg_geom g;
	uint64_t total;
	return compute_layout(n, cfg, &g, &total);
}

size_t shm_seg_size(uint32_t n, const struct shm_seg_config *cfg)
{
	struct shm_seg_geom g;
	uint64_t total;
	return compute_layout(n, cfg, &g, &total) ? 0 : (size_t)total;
}

int shm_seg_create(uint32_t n, const struct shm_seg_config *cfg, struct shm_seg *seg)
{
	struct shm_seg_geom g;
	uint64_t total;
	int err;

	if (compute_layout(n, cfg, &g, &total))
		return -EINVAL;
	/* No MFD_CLOEXEC: the members inherit the descriptor across exec.
	 * Each member marks its own copy close-on-exec once it has mapped the
	 * segment, so programs a member starts do not inherit the job's
	 * memory. */
	int fd = memfd_create("shmpi-segment", 0);
	if (fd < 0)
		return -errno;
	/* A memfd starts with mode 0777; only our user's processes (the
	 * members, who inherit the descriptor) have any business with it. */
	if (fchmod(fd, 0600) < 0 || ftruncate(fd, (off_t)total) < 0) {
		err = -errno;
		goto fail_fd;
	}
	void *base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED) {
		err = -errno;
		goto fail_fd;
	}
	struct shm_seg_header *h = base;
	h->version = SHM_SEG_VERSION;
	h->nmembers = n;
	h->total_size = total;
	h->bell_off = g.bell_off;
	h->summary_off = g.summary_off;
	h->summary_words = g.summary_words;
	h->ring_cells = g.ring_cells;
	h->cell_size = g.cell_size;
	h->ncpus = (uint32_t)shm_cpus_allowed();
	h->ring_off = g.ring_off;
	h->ring_stride = g.ring_stride;
	h->cons_off = g.cons_off;
	h->cons_stride = g.cons_stride;
	h->arena_off = g.arena_off;
	h->arena_size = g.arena_size;
	shm_store_relaxed(&h->arena_next, 0);
	shm_store_relaxed(&h->next_id, 0);
	/* Every slot started unless the creator says fewer (the launcher
	 * keeps spare slots for spawn: launcher/main.c). */
	shm_store_relaxed(&h->started, n);
	/* The magic goes last: a member that sees it sees a complete header.
	 * (Members map after fork, so program order suffices; the release keeps
	 * the rule explicit.) */
	shm_store_release((_Atomic uint64_t *)&h->magic, SHM_SEG_MAGIC);
	seg->hdr = h;
	seg->base = base;
	seg->size = total;
	seg->fd = fd;
	seg->geo = g;
	return 0;

fail_fd:
	close(fd);
	return err;
}

uint32_t shm_seg_cpus(const struct shm_seg *seg)
{
	/* Read once by each caller at init; the header is writable by every
	 * member, so a value that makes no sense falls back to the node's. */
	uint32_t n = seg->hdr->ncpus;
	return n >= 1 && n <= (uint32_t)shm_cpus_online() ? n : (uint32_t)shm_cpus_online();
}

/* Check a private copy of a header against the file's size: the values
 * must give exactly the layout the creator computed. */
static const char *check_header(const struct shm_seg_header *c, uint64_t file_size, struct shm_seg_geom *g)
{
	struct shm_seg_config cfg = { c->ring_cells, c->cell_size, c->arena_size };
	uint64_t total;
	const char *why;

	if (c->magic != SHM_SEG_MAGIC)
		return "bad magic (not a shmpi segment)";
	if (c->version != SHM_SEG_VERSION)
		return "layout version mismatch (launcher and library from different builds)";
	if (c->total_size != file_size)
		return "the recorded size differs from the segment's";
	if ((why = compute_layout(c->nmembers, &cfg, g, &total)))
		return why;
	if (total != file_size || c->bell_off != g->bell_off || c->summary_off != g->summary_off ||
	    c->summary_words != g->summary_words || c->ring_off != g->ring_off ||
	    c->ring_stride != g->ring_stride || c->cons_off != g->cons_off ||
	    c->cons_stride != g->cons_stride || c->arena_off != g->arena_off)
		return "an offset in the header does not match its layout";
	return NULL;
}

int shm_seg_attach_why(int fd, struct shm_seg *seg, const char **why)
{
	struct stat st;
	const char *bad;
	if (why)
		*why = NULL;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (st.st_size < (off_t)sizeof(struct shm_seg_header)) {
		if (why)
			*why = "too small to hold a header";
		return -EINVAL;
	}
	void *base = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED)
		return -errno;
	/* Validate a copy: a member writing the header meanwhile cannot change
	 * what was checked. */
	struct shm_seg_header copy;
	memcpy(&copy, base, sizeof(copy));
	if ((bad = check_header(&copy, (uint64_t)st.st_size, &seg->geo))) {
		munmap(base, (size_t)st.st_size);
		if (why)
			*why = bad;
		return -EINVAL;
	}
	seg->hdr = base;
	seg->base = base;
	seg->size = (size_t)st.st_size;
	seg->fd = fd;
	return 0;
}

int shm_seg_attach(int fd, struct shm_seg *seg)
{
	return shm_seg_attach_why(fd, seg, NULL);
}

void shm_seg_detach(struct shm_seg *seg)
{
	if (seg->base)
		munmap(seg->base, seg->size);
	if (seg->fd >= 0)
		close(seg->fd);
	seg->base = NULL;
	seg->hdr = NULL;
	seg->fd = -1;
}

/* prot on [off, off + len) of the segment. */
static int protect(const struct shm_seg *seg, uint64_t off, uint64_t len, int prot)
{
	if (len && mprotect(seg->base + off, (size_t)len, prot) < 0)
		return -errno;
	return 0;
}

int shm_seg_protect(const struct shm_seg *seg, uint32_t self)
{
	const struct shm_seg_geom *g = &seg->geo;
	uint64_t cells = (uint64_t)g->nmembers * g->ring_stride;
	int err;

	/* The layout rounds to 4 KiB: with larger pages the blocks of two
	 * members can share a page, so nothing is protected. */
	if (sysconf(_SC_PAGESIZE) != 4096 || self >= g->nmembers)
		return -EINVAL;
	/* Everything read-only, then our own blocks (control block and
	 * consumer lines, ring cells) writable again: four calls whatever
	 * the job's size (the kernel splits each range into
	 * at most three mappings). */
	if ((err = protect(seg, g->cons_off, (uint64_t)g->nmembers * g->cons_stride, PROT_READ)) ||
	    (err = protect(seg, g->cons_off + (uint64_t)self * g->cons_stride, g->cons_stride,
			   PROT_READ | PROT_WRITE)) ||
	    (err = protect(seg, g->ring_off, g->nmembers * cells, PROT_READ)) ||
	    (err = protect(seg, g->ring_off + (uint64_t)self * cells, cells, PROT_READ | PROT_WRITE)))
		return err;
	return 0;
}

int shm_seg_protect_parts(const struct shm_seg *seg, uint64_t off, uint64_t part, uint32_t n,
			  uint32_t self)
{
	uint64_t len;
	int err;
	if (sysconf(_SC_PAGESIZE) != 4096 || off % 4096 || !part || part % 4096 || self >= n ||
	    __builtin_mul_overflow(part, (uint64_t)n, &len) || off > seg->size || len > seg->size - off)
		return -EINVAL;
	/* Two calls: the kernel splits the range into at most three
	 * mappings. */
	if ((err = protect(seg, off, len, PROT_READ)))
		return err;
	if ((err = protect(seg, off + (uint64_t)self * part, part, PROT_READ | PROT_WRITE))) {
		(void)protect(seg, off, len, PROT_READ | PROT_WRITE);
		return err;
	}
	return 0;
}

int shm_seg_owner(const struct shm_seg *seg, uint64_t off, uint32_t *owner, uint32_t *peer,
		  const char **what)
{
	const struct shm_seg_geom *g = &seg->geo;
	if (off >= seg->size)
		return 0;
	if (off >= g->cons_off && off < g->ring_off) {
		off -= g->cons_off;
		*owner = (uint32_t)(off / g->cons_stride);
		off %= g->cons_stride;
		if (off < sizeof(struct shm_member)) {
			*peer = *owner;
			*what = "member";
			return 1;
		}
		*peer = (uint32_t)((off - sizeof(struct shm_member)) / SHM_CACHELINE);
		*what = "cons";
		return *peer < g->nmembers;
	}
	uint64_t cells = (uint64_t)g->nmembers * g->ring_stride;
	if (off >= g->ring_off && off < g->ring_off + g->nmembers * cells) {
		off -= g->ring_off;
		*owner = (uint32_t)(off / cells);
		*peer = (uint32_t)(off % cells / g->ring_stride);
		*what = "cells";
		return 1;
	}
	return 0;
}

uint64_t shm_seg_alloc(const struct shm_seg *seg, size_t size)
{
	uint64_t sz = round_up(size ? size : 1, SHM_CACHELINE);
	/* Relaxed is enough: the counter only hands out disjoint ranges; the
	 * objects placed there are published by their creators' own release. */
	uint64_t off = shm_fetch_add_relaxed(&seg->hdr->arena_next, sz);
	/* The bump pointer is in writable shared memory: any value is
	 * possible, so compare without overflowing. */
	if (sz > seg->geo.arena_size || off > seg->geo.arena_size - sz)
		return 0;
	return seg->geo.arena_off + off;
}
