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
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "shm/segment.h"
#include "shm/ring.h"

static uint64_t round_up(uint64_t x, uint64_t a)
{
	return (x + a - 1) / a * a;
}

void shm_seg_default_config(uint32_t n, struct shm_seg_config *cfg)
{
	/* 64 cells of 4 KiB per pair up to 8 members, fewer for larger jobs so
	 * that n^2 rings stay within a few hundred MiB of (lazily touched)
	 * memory. */
	uint32_t cells = 64;
	while (cells > 8 && (uint64_t)n * n * cells * 4096 > (256ull << 20))
		cells /= 2;
	cfg->ring_cells = cells;
	cfg->cell_size = 4096;
	cfg->arena_size = 16ull << 20;
}

struct layout {
	uint64_t member_off, summary_off, ring_off, ring_stride, arena_off, total;
	uint32_t summary_words;
};

static void compute_layout(uint32_t n, const struct shm_seg_config *cfg, struct layout *l)
{
	l->member_off = round_up(sizeof(struct shm_seg_header), SHM_CACHELINE);
	l->summary_off = round_up(l->member_off + (uint64_t)n * sizeof(struct shm_member), SHM_CACHELINE);
	/* Each receiver's summary on its own line(s): senders hammer it. */
	l->summary_words = (uint32_t)round_up((n + 63) / 64, SHM_CACHELINE / 8);
	l->ring_off = round_up(l->summary_off + (uint64_t)n * l->summary_words * 8, 4096);
	l->ring_stride = round_up(shm_ring_bytes(cfg->ring_cells, cfg->cell_size), 4096);
	l->arena_off = l->ring_off + (uint64_t)n * n * l->ring_stride;
	l->total = round_up(l->arena_off + cfg->arena_size, 4096);
}

size_t shm_seg_size(uint32_t n, const struct shm_seg_config *cfg)
{
	struct layout l;
	compute_layout(n, cfg, &l);
	return l.total;
}

static int valid_config(uint32_t n, const struct shm_seg_config *cfg)
{
	if (n == 0 || n > SHM_MAX_MEMBERS)
		return 0;
	if (cfg->ring_cells < 2 || (cfg->ring_cells & (cfg->ring_cells - 1)))
		return 0;
	return cfg->cell_size >= 128 && cfg->cell_size % SHM_CACHELINE == 0;
}

int shm_seg_create(uint32_t n, const struct shm_seg_config *cfg, struct shm_seg *seg)
{
	struct layout l;
	int err;

	if (!valid_config(n, cfg))
		return -EINVAL;
	compute_layout(n, cfg, &l);
	/* No MFD_CLOEXEC: the members inherit the descriptor across exec. */
	int fd = memfd_create("shmpi-segment", 0);
	if (fd < 0)
		return -errno;
	if (ftruncate(fd, (off_t)l.total) < 0) {
		err = -errno;
		goto fail_fd;
	}
	void *base = mmap(NULL, l.total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED) {
		err = -errno;
		goto fail_fd;
	}
	struct shm_seg_header *h = base;
	h->version = SHM_SEG_VERSION;
	h->nmembers = n;
	h->total_size = l.total;
	h->member_off = l.member_off;
	h->summary_off = l.summary_off;
	h->summary_words = l.summary_words;
	h->ring_cells = cfg->ring_cells;
	h->cell_size = cfg->cell_size;
	h->ring_off = l.ring_off;
	h->ring_stride = l.ring_stride;
	h->arena_off = l.arena_off;
	h->arena_size = cfg->arena_size;
	shm_store_relaxed(&h->arena_next, 0);
	shm_store_relaxed(&h->next_id, 0);
	/* The magic goes last: a member that sees it sees a complete header.
	 * (Members map after fork, so program order suffices; the release keeps
	 * the rule explicit.) */
	shm_store_release((_Atomic uint64_t *)&h->magic, SHM_SEG_MAGIC);
	seg->hdr = h;
	seg->base = base;
	seg->size = l.total;
	seg->fd = fd;
	return 0;

fail_fd:
	close(fd);
	return err;
}

int shm_seg_attach(int fd, struct shm_seg *seg)
{
	struct stat st;
	if (fstat(fd, &st) < 0)
		return -errno;
	if ((size_t)st.st_size < sizeof(struct shm_seg_header))
		return -EINVAL;
	void *base = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED)
		return -errno;
	struct shm_seg_header *h = base;
	if (h->magic != SHM_SEG_MAGIC || h->version != SHM_SEG_VERSION ||
	    h->total_size != (uint64_t)st.st_size) {
		munmap(base, (size_t)st.st_size);
		return -EINVAL;
	}
	seg->hdr = h;
	seg->base = base;
	seg->size = (size_t)st.st_size;
	seg->fd = fd;
	return 0;
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

uint64_t shm_seg_alloc(const struct shm_seg *seg, size_t size)
{
	uint64_t sz = round_up(size ? size : 1, SHM_CACHELINE);
	/* Relaxed is enough: the counter only hands out disjoint ranges; the
	 * objects placed there are published by their creators' own release. */
	uint64_t off = shm_fetch_add_relaxed(&seg->hdr->arena_next, sz);
	if (off + sz > seg->hdr->arena_size)
		return 0;
	return seg->hdr->arena_off + off;
}
