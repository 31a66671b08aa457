#define _GNU_SOURCE
/*
 * Description: unit tests of the segment layout: sizes and offsets are
 * aligned and disjoint, attach checks the magic, the arena hands out
 * disjoint zeroed lines and says when it is exhausted; attach rejects a
 * corrupt header with a reason, keeps its geometry privately, and sizes
 * that overflow are refused; the descriptor is owner-only.
 */
#include <check.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "shm/ring.h"
#include "shm/segment.h"
#include "tests/unit/unit.h"

/* The segment offset of an address of seg (in test_layout). */
#define OFF(p) shm_seg_offset(&seg, (p))

START_TEST(test_layout)
{
	for (uint32_t n = 1; n <= 64; n *= 2) {
		struct shm_seg_config cfg;
		struct shm_seg seg;
		shm_seg_default_config(n, &cfg);
		ck_assert_int_eq(shm_seg_create(n, &cfg, &seg), 0);
		const struct shm_seg_header *h = seg.hdr;
		ck_assert_uint_eq(h->nmembers, n);
		ck_assert_uint_eq(h->bell_off % 64, 0);
		ck_assert_uint_eq(h->summary_off % 64, 0);
		ck_assert_uint_eq(h->ring_off % 4096, 0);
		ck_assert_uint_ge(h->summary_off, h->bell_off + n * sizeof(struct shm_bell));
		ck_assert_uint_eq(h->cons_off % 4096, 0);
		ck_assert_uint_eq(h->cons_stride % 4096, 0);
		ck_assert_uint_ge(h->cons_stride, sizeof(struct shm_member) + (uint64_t)n * 64);
		ck_assert_uint_ge(h->cons_off, h->summary_off + (uint64_t)n * h->summary_words * 8);
		ck_assert_uint_eq(h->ring_off, h->cons_off + (uint64_t)n * h->cons_stride);
		ck_assert_uint_eq(h->arena_off, h->ring_off + (uint64_t)n * n * h->ring_stride);
		ck_assert_uint_le(h->arena_off + h->arena_size, seg.size);
		struct shm_ring r;
		shm_ring_init(&r, shm_seg_ring_cons(&seg, n - 1, 0), shm_seg_ring_cells(&seg, n - 1, 0),
			      h->ring_cells, h->cell_size);
		/* Each part names its writer: the cells their producer, the
		 * consumer line its consumer. */
		uint32_t owner, peer;
		const char *what;
		ck_assert(shm_seg_owner(&seg, OFF(shm_seg_ring_cells(&seg, n - 1, 0)), &owner, &peer, &what));
		ck_assert(owner == 0 && peer == n - 1 && strcmp(what, "cells") == 0);
		ck_assert(shm_seg_owner(&seg, OFF((char *)shm_seg_ring_cells(&seg, 0, n - 1) + h->ring_stride - 1),
					&owner, &peer, &what));
		ck_assert(owner == n - 1 && peer == 0 && strcmp(what, "cells") == 0);
		ck_assert(shm_seg_owner(&seg, OFF(shm_seg_ring_cons(&seg, n - 1, 0)), &owner, &peer, &what));
		ck_assert(owner == n - 1 && peer == 0 && strcmp(what, "cons") == 0);
		/* The control block is its member's too (version 10); the
		 * doorbells and the arena are nobody's. */
		ck_assert(shm_seg_owner(&seg, OFF(&shm_seg_member(&seg, n - 1)->calls), &owner, &peer, &what));
		ck_assert(owner == n - 1 && peer == n - 1 && strcmp(what, "member") == 0);
		ck_assert(!shm_seg_owner(&seg, OFF(shm_seg_bell(&seg, 0)), &owner, &peer, &what));
		ck_assert(!shm_seg_owner(&seg, h->arena_off, &owner, &peer, &what));
		ck_assert_uint_eq(h->ring_cells, cfg.ring_cells);
		ck_assert_ptr_nonnull(shm_ring_reserve(&r)); /* zero memory is an empty ring */
		ck_assert_ptr_null(shm_ring_peek(&r));
		/* attach through the fd sees the same header */
		struct shm_seg seg2;
		ck_assert_int_eq(shm_seg_attach(dup(seg.fd), &seg2), 0);
		ck_assert_uint_eq(seg2.hdr->nmembers, n);
		shm_seg_detach(&seg2);
		shm_seg_detach(&seg);
	}
}
END_TEST

START_TEST(test_bad)
{
	struct shm_seg_config cfg = { .ring_cells = 3, .cell_size = 4096, .arena_size = 4096 };
	struct shm_seg seg;
	ck_assert_int_eq(shm_seg_create(2, &cfg, &seg), -EINVAL);
	cfg.ring_cells = 4;
	ck_assert_int_eq(shm_seg_create(0, &cfg, &seg), -EINVAL);
	/* a file that is not a segment */
	int fd = memfd_create("not-a-segment", 0);
	ck_assert_int_eq(ftruncate(fd, 8192), 0);
	ck_assert_int_eq(shm_seg_attach(fd, &seg), -EINVAL);
	close(fd);
}
END_TEST

START_TEST(test_arena)
{
	struct shm_seg_config cfg = { .ring_cells = 4, .cell_size = 256, .arena_size = 640 };
	struct shm_seg seg;
	ck_assert_int_eq(shm_seg_create(2, &cfg, &seg), 0);
	uint64_t a = shm_seg_alloc(&seg, 1), b = shm_seg_alloc(&seg, 100);
	ck_assert_uint_ne(a, 0);
	ck_assert_uint_eq(b, a + 64);
	ck_assert_uint_eq(((char *)shm_seg_ptr(&seg, b))[99], 0);
	ck_assert_uint_ne(shm_seg_alloc(&seg, 448), 0);
	ck_assert_uint_eq(shm_seg_alloc(&seg, 64), 0); /* exhausted */
	shm_seg_detach(&seg);
}
END_TEST

/* Attach a copy of a good 4-member segment whose header was changed by
 * corrupt(); the attach must fail with a reason. */
static void expect_rejected(void (*corrupt)(struct shm_seg_header *), const char *reason_part)
{
	struct shm_seg_config cfg;
	struct shm_seg seg, seg2;
	const char *why = NULL;
	shm_seg_default_config(4, &cfg);
	ck_assert_int_eq(shm_seg_create(4, &cfg, &seg), 0);
	corrupt(seg.hdr);
	ck_assert_int_eq(shm_seg_attach_why(dup(seg.fd), &seg2, &why), -EINVAL);
	ck_assert_ptr_nonnull(why);
	ck_assert_msg(strstr(why, reason_part) != NULL, "reason '%s' lacks '%s'", why, reason_part);
	shm_seg_detach(&seg);
}

static void bad_magic(struct shm_seg_header *h) { h->magic ^= 1; }
static void bad_version(struct shm_seg_header *h) { h->version = 999; }
static void bad_members(struct shm_seg_header *h) { h->nmembers = 4000; }
static void zero_members(struct shm_seg_header *h) { h->nmembers = 0; }
static void bad_bell_off(struct shm_seg_header *h) { h->bell_off = 1ull << 40; }
static void bad_summary_off(struct shm_seg_header *h) { h->summary_off += 64; }
static void bad_ring_off(struct shm_seg_header *h) { h->ring_off -= 4096; }
static void bad_arena_off(struct shm_seg_header *h) { h->arena_off = h->total_size; }
static void bad_cells(struct shm_seg_header *h) { h->ring_cells = 3; }
static void bad_cell_size(struct shm_seg_header *h) { h->cell_size = 100; }
static void bad_total(struct shm_seg_header *h) { h->total_size *= 2; }

START_TEST(test_corrupt_header)
{
	expect_rejected(bad_magic, "magic");
	expect_rejected(bad_version, "version");
	expect_rejected(bad_members, "");
	expect_rejected(zero_members, "member count");
	expect_rejected(bad_bell_off, "offset");
	expect_rejected(bad_summary_off, "offset");
	expect_rejected(bad_ring_off, "offset");
	expect_rejected(bad_arena_off, "offset");
	expect_rejected(bad_cells, "ring_cells");
	expect_rejected(bad_cell_size, "cell_size");
	expect_rejected(bad_total, "size");
}
END_TEST

START_TEST(test_geometry_is_private)
{
	/* After attach, scribbling over the header's offsets changes nothing
	 * the member computes. */
	struct shm_seg_config cfg;
	struct shm_seg seg, seg2;
	shm_seg_default_config(4, &cfg);
	ck_assert_int_eq(shm_seg_create(4, &cfg, &seg), 0);
	ck_assert_int_eq(shm_seg_attach(dup(seg.fd), &seg2), 0);
	struct shm_member *m = shm_seg_member(&seg2, 3);
	void *ring = shm_seg_ring_cells(&seg2, 3, 2);
	seg.hdr->bell_off = 1ull << 50;
	seg.hdr->cons_off = 1ull << 50;
	seg.hdr->ring_off = 1ull << 50;
	seg.hdr->nmembers = 1;
	shm_store_relaxed(&seg.hdr->arena_next, UINT64_MAX - 10);
	ck_assert_ptr_eq(shm_seg_member(&seg2, 3), m);
	ck_assert_ptr_eq(shm_seg_ring_cells(&seg2, 3, 2), ring);
	ck_assert_uint_eq(shm_seg_alloc(&seg2, 64), 0); /* no wrap-around */
	shm_seg_detach(&seg2);
	shm_seg_detach(&seg);
}
END_TEST

START_TEST(test_size_overflow)
{
	/* SHMPI_RING_CELLS=1048576 SHMPI_CELL_SIZE=16777216 with 1024 members
	 * wraps 64 bits: refused, never a small segment. */
	struct shm_seg_config cfg = { .ring_cells = 1u << 20, .cell_size = 1u << 24, .arena_size = 1 << 20 };
	struct shm_seg seg;
	ck_assert_ptr_nonnull(shm_seg_config_problem(1024, &cfg));
	ck_assert_uint_eq(shm_seg_size(1024, &cfg), 0);
	ck_assert_int_eq(shm_seg_create(1024, &cfg, &seg), -EINVAL);
	cfg.arena_size = UINT64_MAX - 4096;
	cfg.ring_cells = 4;
	cfg.cell_size = 4096;
	ck_assert_ptr_nonnull(shm_seg_config_problem(2, &cfg));
	shm_seg_default_config(8, &cfg);
	ck_assert_ptr_null(shm_seg_config_problem(8, &cfg));
}
END_TEST

START_TEST(test_owner_only)
{
	struct shm_seg_config cfg;
	struct shm_seg seg;
	struct stat st;
	shm_seg_default_config(2, &cfg);
	ck_assert_int_eq(shm_seg_create(2, &cfg, &seg), 0);
	ck_assert_int_eq(fstat(seg.fd, &st), 0);
	ck_assert_uint_eq(st.st_mode & 0777, 0600);
	shm_seg_detach(&seg);
}
END_TEST

/* Write one byte at p in a child; the signal that ended it, 0 if none. */
static int child_write(volatile char *p)
{
	pid_t pid = fork();
	if (pid == 0) {
		*p = 1;
		_exit(0);
	}
	int st;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	return WIFSIGNALED(st) ? WTERMSIG(st) : 0;
}

/* Single writer (issue 40): after shm_seg_protect(self) a member may write
 * its own rings' cells, its own consumer lines and its control block, and
 * a write into another member's faults; the same for the parts of an
 * arena area after shm_seg_protect_parts. */
START_TEST(test_protect)
{
	struct shm_seg_config cfg;
	struct shm_seg seg, me;
	shm_seg_default_config(4, &cfg);
	ck_assert_int_eq(shm_seg_create(4, &cfg, &seg), 0);
	ck_assert_int_eq(shm_seg_attach(dup(seg.fd), &me), 0);
	if (sysconf(_SC_PAGESIZE) != 4096) {
		ck_assert_int_lt(shm_seg_protect(&me, 1), 0);
		goto out;
	}
	ck_assert_int_eq(shm_seg_protect(&me, 1), 0);
	ck_assert_int_eq(child_write(shm_seg_ring_cells(&me, 0, 1)), 0);
	ck_assert_int_eq(child_write(shm_seg_ring_cells(&me, 3, 1)), 0);
	ck_assert_int_eq(child_write(shm_seg_ring_cons(&me, 1, 2)), 0);
	ck_assert_int_eq(child_write(shm_seg_ring_cells(&me, 0, 3)), SIGSEGV);
	ck_assert_int_eq(child_write(shm_seg_ring_cells(&me, 1, 0)), SIGSEGV);
	ck_assert_int_eq(child_write(shm_seg_ring_cons(&me, 0, 1)), SIGSEGV);
	ck_assert_int_eq(child_write(shm_seg_ring_cons(&me, 2, 1)), SIGSEGV);
	/* The control blocks too (version 10): our own is writable. */
	ck_assert_int_eq(child_write((char *)shm_seg_member(&me, 1)), 0);
	ck_assert_int_eq(child_write((char *)&shm_seg_member(&me, 3)->calls), SIGSEGV);
	ck_assert_int_eq(child_write((char *)&shm_seg_member(&me, 0)->fault_kind), SIGSEGV);
	/* Shared by design: the doorbells and the arena. */
	ck_assert_int_eq(child_write((char *)shm_seg_bell(&me, 3)), 0);
	ck_assert_int_eq(child_write(me.base + me.geo.arena_off), 0);
	/* An arena area of parts: the others' read-only, ours not. */
	uint64_t area = (me.geo.arena_off + 4095) & ~(uint64_t)4095;
	ck_assert_int_eq(shm_seg_protect_parts(&me, area, 8192, 4, 2), 0);
	ck_assert_int_eq(child_write(me.base + area + 2 * 8192 + 100), 0);
	ck_assert_int_eq(child_write(me.base + area + 3 * 8192), SIGSEGV);
	ck_assert_int_eq(child_write(me.base + area + 8191), SIGSEGV);
	ck_assert_int_eq(child_write(me.base + area + 4 * 8192), 0);
	ck_assert_int_lt(shm_seg_protect_parts(&me, area + 64, 8192, 4, 2), 0);
	ck_assert_int_lt(shm_seg_protect_parts(&me, area, 8192, 4, 4), 0);
	/* Reading the others' parts is fine. */
	ck_assert_uint_eq(*(volatile char *)shm_seg_ring_cells(&me, 0, 3), 0);
out:
	shm_seg_detach(&me);
	shm_seg_detach(&seg);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("segment");
	const TTest *core_tests[] = {
		test_layout, test_bad, test_arena, test_corrupt_header,
		test_geometry_is_private, test_size_overflow, test_owner_only, test_protect, NULL
	};
	unit_tcase(s, "core", 30, core_tests);
	return unit_run(s);
}
