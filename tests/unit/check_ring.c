/*
 * Description: unit tests of the spsc ring: empty and full conditions,
 * FIFO order across many laps (including the uint32 wrap of positions), and
 * a two-thread producer/consumer stress with every payload verified.
 */
#include <check.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "shm/ring.h"
#include "tests/unit/unit.h"

/* Producer and consumer share one handle here (one process). */
static struct shm_ring *new_ring(uint32_t ncells, uint32_t cell_size)
{
	size_t bytes = shm_ring_bytes(ncells, cell_size);
	void *mem = aligned_alloc(64, (bytes + 63) / 64 * 64);
	memset(mem, 0, bytes);
	struct shm_ring *r = malloc(sizeof(*r));
	shm_ring_init(r, mem, ncells, cell_size);
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

int main(void)
{
	Suite *s = suite_create("ring");
	const TTest *core_tests[] = { test_empty_full, test_wrap, test_two_threads, NULL };
	unit_tcase(s, "core", 60, core_tests);
	return unit_run(s);
}
