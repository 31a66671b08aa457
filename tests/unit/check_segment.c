#define _GNU_SOURCE
/*
 * Description: unit tests of the segment layout: sizes and offsets are
 * aligned and disjoint, attach checks the magic, the arena hands out
 * disjoint zeroed lines and says when it is exhausted.
 */
#include <check.h>
#include <errno.h>
#include <sys/mman.h>
#include <string.h>
#include <unistd.h>
#include "shm/ring.h"
#include "shm/segment.h"

START_TEST(test_layout)
{
	for (uint32_t n = 1; n <= 64; n *= 2) {
		struct shm_seg_config cfg;
		struct shm_seg seg;
		shm_seg_default_config(n, &cfg);
		ck_assert_int_eq(shm_seg_create(n, &cfg, &seg), 0);
		const struct shm_seg_header *h = seg.hdr;
		ck_assert_uint_eq(h->nmembers, n);
		ck_assert_uint_eq(h->member_off % 64, 0);
		ck_assert_uint_eq(h->summary_off % 64, 0);
		ck_assert_uint_eq(h->ring_off % 4096, 0);
		ck_assert_uint_ge(h->summary_off, h->member_off + n * sizeof(struct shm_member));
		ck_assert_uint_ge(h->ring_off, h->summary_off + (uint64_t)n * h->summary_words * 8);
		ck_assert_uint_eq(h->arena_off, h->ring_off + (uint64_t)n * n * h->ring_stride);
		ck_assert_uint_le(h->arena_off + h->arena_size, seg.size);
		struct shm_ring r;
		shm_ring_init(&r, shm_seg_ring(&seg, n - 1, 0), h->ring_cells, h->cell_size);
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

int main(void)
{
	Suite *s = suite_create("segment");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_layout);
	tcase_add_test(tc, test_bad);
	tcase_add_test(tc, test_arena);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
