/*
 * Description: unit tests of the spsc ring: empty and full conditions,
 * FIFO order across many laps (including the uint32 wrap of positions), and
 * a two-thread producer/consumer stress with every payload verified, and
 * the mapping of a ring's pages in doubling runs (shm_ring_populate): the
 * producer's view of a memfd ring gets the pages of cells it has not
 * written yet, at most twice the cells it used, and both views the whole
 * lap by its end.
 */
#define _GNU_SOURCE
#include <check.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "shm/ring.h"
#include "tests/unit/unit.h"

/* Producer and consumer share one handle here (one process). */
static struct shm_ring *new_ring(uint32_t ncells, uint32_t cell_size)
{
	/* The consumer line, then the cells (apart in the segment). */
	size_t bytes = sizeof(struct shm_ring_shared) + shm_ring_bytes(ncells, cell_size);
	char *mem = aligned_alloc(64, (bytes + 63) / 64 * 64);
	memset(mem, 0, bytes);
	struct shm_ring *r = malloc(sizeof(*r));
	shm_ring_init(r, mem, mem + sizeof(struct shm_ring_shared), ncells, cell_size);
	return r;
}

static void free_ring(struct shm_ring *r)
{
	free(r->shared);
	free(r);
}

START_TEST(test_empty_full)
{
	struct shm_ring *r = new_ring(8, 128);
	ck_assert_ptr_null(shm_ring_peek(r));
	for (int i = 0; i < 8; i++) {
		char *p = shm_ring_reserve(r);
		ck_assert_ptr_nonnull(p);
		p[0] = (char)i;
		shm_ring_publish(r);
	}
	ck_assert_ptr_null(shm_ring_reserve(r));
	/* space comes back in batches of a quarter ring (2 cells here) */
	ck_assert_ptr_nonnull(shm_ring_peek(r));
	shm_ring_consume(r);
	ck_assert_ptr_null(shm_ring_reserve(r));
	ck_assert_int_eq(((char *)shm_ring_peek(r))[0], 1);
	shm_ring_consume(r);
	ck_assert_ptr_nonnull(shm_ring_reserve(r));
	/* ... or when the consumer publishes explicitly (it found the ring empty) */
	for (int i = 2; i < 8; i++) {
		char *p = shm_ring_peek(r);
		ck_assert_ptr_nonnull(p);
		ck_assert_int_eq(p[0], i);
		shm_ring_consume(r);
	}
	ck_assert_ptr_null(shm_ring_peek(r));
	shm_ring_publish_consumed(r);
	ck_assert_uint_eq(r->cons_seen, 2); /* the producer has not looked yet */
	for (int i = 0; i < 8; i++) {
		ck_assert_ptr_nonnull(shm_ring_reserve(r));
		shm_ring_publish(r);
	}
	ck_assert_ptr_null(shm_ring_reserve(r));
	ck_assert_uint_eq(shm_ring_payload_size(r), 128 - SHM_CELL_HEADER);
	free_ring(r);
}
END_TEST

START_TEST(test_wrap)
{
	struct shm_ring *r = new_ring(8, 128);
	/* start near the uint32 wrap: positions and lap arithmetic must hold */
	r->prod_pos = r->cons_pos = 0u;
	for (uint32_t i = 0; i < 100000; i++) {
		uint32_t *p = shm_ring_reserve(r);
		ck_assert_ptr_nonnull(p);
		*p = i;
		shm_ring_publish(r);
		if (i % 3 == 2)
			for (int k = 0; k < 3; k++) {
				uint32_t *q = shm_ring_peek(r);
				ck_assert_ptr_nonnull(q);
				ck_assert_uint_eq(*q, i - 2 + (uint32_t)k);
				shm_ring_consume(r);
			}
	}
	free_ring(r);
}
END_TEST

static struct shm_ring *stress_ring;
#define STRESS_N 100000u

static void *producer(void *arg)
{
	(void)arg;
	for (uint32_t i = 0; i < STRESS_N; i++) {
		uint32_t *p;
		while (!(p = shm_ring_reserve(stress_ring)))
			sched_yield(); /* the machine may have fewer free cores than threads */
		p[0] = i;
		p[1] = ~i;
		shm_ring_publish(stress_ring);
	}
	return NULL;
}

START_TEST(test_two_threads)
{
	stress_ring = new_ring(16, 64);
	pthread_t t;
	pthread_create(&t, NULL, producer, NULL);
	for (uint32_t i = 0; i < STRESS_N; i++) {
		uint32_t *q;
		while (!(q = shm_ring_peek(stress_ring))) {
			shm_ring_publish_consumed(stress_ring); /* as a consumer turning away must */
			sched_yield();
		}
		ck_assert_uint_eq(q[0], i);
		ck_assert_uint_eq(q[1], ~i);
		shm_ring_consume(stress_ring);
	}
	pthread_join(t, NULL);
	free_ring(stress_ring);
}
END_TEST

/* Whether the page holding p is mapped into this process (present in our
 * page table: /proc/self/pagemap bit 63). */
static int page_present(const void *p)
{
	int fd = open("/proc/self/pagemap", O_RDONLY);
	ck_assert_int_ge(fd, 0);
	uint64_t e = 0;
	off_t at = (off_t)((uintptr_t)p / (uintptr_t)sysconf(_SC_PAGESIZE) * sizeof(e));
	ck_assert_int_eq(pread(fd, &e, sizeof(e), at), (ssize_t)sizeof(e));
	close(fd);
	return (int)(e >> 63);
}

START_TEST(test_populate)
{
	enum { CELLS = 16, CELL = 8192 };
	size_t bytes = shm_ring_bytes(CELLS, CELL);
	int fd = memfd_create("check_ring", 0);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (off_t)bytes), 0);
	/* The two sides' views, as two members map the segment. */
	char *pv = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	char *cv = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ck_assert(pv != MAP_FAILED && cv != MAP_FAILED);
	if (madvise(pv, 4096, 23 /* MADV_POPULATE_WRITE */) != 0) {
		/* A kernel before 5.14: the pages fault in as they are used. */
		munmap(pv, bytes);
		munmap(cv, bytes);
		close(fd);
		return;
	}
	struct shm_ring p, c;
	static struct shm_ring_shared cons; /* apart from the cells, as in the segment */
	shm_ring_init(&p, &cons, pv, CELLS, CELL);
	shm_ring_init(&c, &cons, cv, CELLS, CELL);
	ck_assert(!page_present(shm_ring_cell(&p, 3)));
	/* Reserving cell 2 maps cells 2-3: cell 3's last page, not written. */
	for (int i = 0; i < 3; i++) {
		char *x = shm_ring_reserve(&p);
		ck_assert_ptr_nonnull(x);
		x[0] = (char)i;
		shm_ring_publish(&p);
	}
	ck_assert_uint_eq(p.prod_mapped, 4);
	ck_assert(page_present((char *)shm_ring_cell(&p, 3) + CELL - 1));
	ck_assert(!page_present((char *)shm_ring_cell(&p, 4) + CELL - 1));
	/* The consumer's view is its own: nothing until it finds a message
	 * (then the kernel's fault-around may map the pages the producer
	 * allocated near the first one it reads, so only its own count is
	 * checked). */
	ck_assert(!page_present((char *)shm_ring_cell(&c, 0) + CELL - 1));
	ck_assert_ptr_nonnull(shm_ring_peek(&c));
	ck_assert_uint_eq(c.cons_mapped, 1);
	ck_assert(page_present((char *)shm_ring_cell(&c, 0) + CELL - 1));
	for (int i = 0; i < 3; i++) {
		char *x = shm_ring_peek(&c);
		ck_assert_ptr_nonnull(x);
		ck_assert_int_eq(x[0], i);
		shm_ring_consume(&c);
	}
	ck_assert_uint_eq(c.cons_mapped, 4);
	/* A whole lap and one more cell: every page mapped, no more calls. */
	for (int i = 3; i <= CELLS; i++) {
		ck_assert_ptr_nonnull(shm_ring_reserve(&p));
		shm_ring_publish(&p);
		ck_assert_ptr_nonnull(shm_ring_peek(&c));
		shm_ring_consume(&c);
		shm_ring_publish_consumed(&c);
	}
	ck_assert_uint_eq(p.prod_mapped, UINT32_MAX);
	ck_assert_uint_eq(c.cons_mapped, UINT32_MAX);
	for (int i = 0; i < CELLS; i++)
		ck_assert(page_present((char *)shm_ring_cell(&c, (uint32_t)i) + CELL - 1));
	munmap(pv, bytes);
	munmap(cv, bytes);
	close(fd);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ring");
	const TTest *core_tests[] = { test_empty_full, test_wrap, test_two_threads, test_populate,
				     NULL };
	unit_tcase(s, "core", 60, core_tests);
	return unit_run(s);
}
