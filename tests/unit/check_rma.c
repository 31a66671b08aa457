/*
 * Description: unit tests of what one-sided windows are built on: the
 * process-shared reader-writer lock (shm/rwlock.c) between forked
 * processes (exclusive sections exact, readers never see a writer inside,
 * try-locks refuse what they must) and the element-wise atomic accumulate
 * (lib/rma/rma_atomic.c) from racing threads: integer sums, double sums by
 * compare-and-swap, MAX, bitwise ops, REPLACE and NO_OP, compare-and-swap
 * on every width; and the same under stripe locks, single elements and
 * runs across stripes racing each other.
 */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "shm/rwlock.h"
#include "lib/rma/rma_atomic.h"
#include "lib/coll/op.h"
#include "tests/unit/unit.h"

#define PROCS 4
#define ITERS 20000

struct shared {
	struct shm_rwlock lock;
	long counter;
	_Atomic int writer_inside;
	_Atomic int bad;
};

static struct shared *map_shared(void)
{
	void *p = mmap(NULL, sizeof(struct shared), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(p, MAP_FAILED);
	memset(p, 0, sizeof(struct shared));
	return p;
}

static void child(struct shared *s, int id)
{
	for (int i = 0; i < ITERS; i++) {
		if ((i + id) % 3) {
			shm_rwlock_lock_excl(&s->lock, 1000000, NULL, NULL);
			atomic_store(&s->writer_inside, 1);
			s->counter++;
			atomic_store(&s->writer_inside, 0);
			shm_rwlock_unlock_excl(&s->lock);
		} else {
			shm_rwlock_lock_shared(&s->lock, 1000000, NULL, NULL);
			if (atomic_load(&s->writer_inside))
				atomic_store(&s->bad, 1);
			shm_rwlock_unlock_shared(&s->lock);
		}
	}
	_exit(0);
}

START_TEST(test_rwlock_procs)
{
	struct shared *s = map_shared();
	pid_t pid[PROCS];
	for (int p = 0; p < PROCS; p++)
		if ((pid[p] = fork()) == 0)
			child(s, p);
	long expect = 0;
	for (int p = 0; p < PROCS; p++) {
		int st;
		waitpid(pid[p], &st, 0);
		ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
		for (int i = 0; i < ITERS; i++)
			expect += (i + p) % 3 != 0;
	}
	ck_assert_int_eq(s->counter, expect);
	ck_assert_int_eq(atomic_load(&s->bad), 0);
	ck_assert_uint_eq(atomic_load(&s->lock.word), 0);
	munmap(s, sizeof(*s));
}
END_TEST

START_TEST(test_rwlock_try)
{
	struct shm_rwlock l;
	memset(&l, 0, sizeof(l));
	ck_assert(shm_rwlock_trylock_shared(&l));
	ck_assert(shm_rwlock_trylock_shared(&l));
	ck_assert(!shm_rwlock_trylock_excl(&l));
	shm_rwlock_unlock_shared(&l);
	ck_assert(!shm_rwlock_trylock_excl(&l));
	shm_rwlock_unlock_shared(&l);
	ck_assert(shm_rwlock_trylock_excl(&l));
	ck_assert(!shm_rwlock_trylock_shared(&l));
	ck_assert(!shm_rwlock_trylock_excl(&l));
	shm_rwlock_unlock_excl(&l);
	ck_assert_uint_eq(atomic_load(&l.word), 0);
}
END_TEST

static int check_gives_up(void *arg)
{
	return *(int *)arg;
}

START_TEST(test_rwlock_check)
{
	struct shm_rwlock l;
	memset(&l, 0, sizeof(l));
	ck_assert(shm_rwlock_trylock_excl(&l));
	int why = 7;
	/* held by "someone else": the check after a 1 ms sleep gives up */
	ck_assert_int_eq(shm_rwlock_lock_shared(&l, 1000000, check_gives_up, &why), 7);
	ck_assert_int_eq(shm_rwlock_lock_excl(&l, 1000000, check_gives_up, &why), 7);
	shm_rwlock_unlock_excl(&l);
	ck_assert_int_eq(shm_rwlock_lock_excl(&l, 1000000, check_gives_up, &why), 0);
	shm_rwlock_unlock_excl(&l);
}
END_TEST

#define THREADS 4
#define N_ATOM 20000

static int64_t i64;
static double dsum;
static int8_t i8max;
static uint32_t bits;

static void *atom_thread(void *arg)
{
	int id = (int)(intptr_t)arg;
	int64_t one = 1;
	double half = 0.5;
	uint32_t bit = 1u << id;
	for (int i = 0; i < N_ATOM; i++) {
		mpii_rma_atomic_apply(MPII_OP_SUM, MPII_B_INT64, 8, &i64, &one, NULL);
		mpii_rma_atomic_apply(MPII_OP_SUM, MPII_B_DOUBLE, 8, &dsum, &half, NULL);
		int8_t v = (int8_t)((i * 7 + id) % 100);
		mpii_rma_atomic_apply(MPII_OP_MAX, MPII_B_INT8, 1, &i8max, &v, NULL);
		mpii_rma_atomic_apply(MPII_OP_BXOR, MPII_B_UINT32, 4, &bits, &bit, NULL);
	}
	return NULL;
}

START_TEST(test_atomic_race)
{
	pthread_t th[THREADS];
	i64 = 0;
	dsum = 0;
	i8max = -100;
	bits = 0;
	for (int t = 0; t < THREADS; t++)
		pthread_create(&th[t], NULL, atom_thread, (void *)(intptr_t)t);
	for (int t = 0; t < THREADS; t++)
		pthread_join(th[t], NULL);
	ck_assert_int_eq(i64, (int64_t)THREADS * N_ATOM);
	ck_assert(dsum == 0.5 * THREADS * N_ATOM);
	ck_assert_int_eq(i8max, 99);
	ck_assert_uint_eq(bits, 0);   /* an even number of flips of each bit */
}
END_TEST

/* Runs of elements (mpii_rma_atomic_apply_n), raced by threads: each
 * special loop (double and float arithmetic, integer SUM, REPLACE) and
 * the per-element fallback (int16 MAX) stay atomic element by element. */
#define RUN 256
#define N_RUNS 400
static double drun[RUN];
static float frun[RUN];
static int32_t irun[RUN];
static int64_t xrun[RUN];
static int16_t mrun[RUN];

static void *run_thread(void *arg)
{
	int id = (int)(intptr_t)arg;
	double dh[RUN];
	float fm[RUN];
	int32_t io[RUN];
	int64_t xr[RUN], xo[RUN];
	int16_t mv[RUN];
	for (int i = 0; i < RUN; i++) {
		dh[i] = 0.5;
		fm[i] = (float)(id * 1000 + i);
		io[i] = 1;
		xr[i] = id;
		mv[i] = (int16_t)(id * 100 + i);
	}
	for (int r = 0; r < N_RUNS; r++) {
		mpii_rma_atomic_apply_n(MPII_OP_SUM, MPII_B_DOUBLE, 8, drun, dh, NULL, RUN);
		mpii_rma_atomic_apply_n(MPII_OP_MAX, MPII_B_FLOAT, 4, frun, fm, NULL, RUN);
		mpii_rma_atomic_apply_n(MPII_OP_SUM, MPII_B_INT32, 4, irun, io, NULL, RUN);
		mpii_rma_atomic_apply_n(MPII_OP_REPLACE, MPII_B_INT64, 8, xrun, xr, xo, RUN);
		for (int i = 0; i < RUN; i++)
			ck_assert(xo[i] >= 0 && xo[i] < THREADS);
		mpii_rma_atomic_apply_n(MPII_OP_MAX, MPII_B_INT16, 2, mrun, mv, NULL, RUN);
	}
	return NULL;
}

START_TEST(test_atomic_runs)
{
	pthread_t th[THREADS];
	memset(drun, 0, sizeof(drun));
	memset(frun, 0, sizeof(frun));
	memset(irun, 0, sizeof(irun));
	memset(xrun, 0, sizeof(xrun));
	memset(mrun, 0, sizeof(mrun));
	for (int t = 0; t < THREADS; t++)
		pthread_create(&th[t], NULL, run_thread, (void *)(intptr_t)t);
	for (int t = 0; t < THREADS; t++)
		pthread_join(th[t], NULL);
	for (int i = 0; i < RUN; i++) {
		ck_assert(drun[i] == 0.5 * THREADS * N_RUNS);
		ck_assert(frun[i] == (float)((THREADS - 1) * 1000 + i));
		ck_assert_int_eq(irun[i], THREADS * N_RUNS);
		ck_assert(xrun[i] >= 0 && xrun[i] < THREADS);
		ck_assert_int_eq(mrun[i], (THREADS - 1) * 100 + i);
	}
	/* NO_OP reads the run; PROD on doubles */
	double d2[4] = { 2, 2, 2, 2 }, t4[4] = { 1, 2, 3, 4 }, o4[4];
	mpii_rma_atomic_apply_n(MPII_OP_PROD, MPII_B_DOUBLE, 8, t4, d2, NULL, 4);
	mpii_rma_atomic_apply_n(MPII_OP_NO_OP, MPII_B_DOUBLE, 8, t4, NULL, o4, 4);
	for (int i = 0; i < 4; i++)
		ck_assert(t4[i] == 2.0 * (i + 1) && o4[i] == t4[i]);
}
END_TEST

/* Stripe locks: threads mix single-element sums and runs of 1024 doubles
 * (8 KiB: three stripes of an unaligned start) on one array, plus
 * compare-and-swap increments of a counter in the same stripes. */
static struct mpii_rma_stripes stripes;
static double sarr[1024 + 3];
static int64_t scount;

static void *stripe_thread(void *arg)
{
	(void)arg;
	double one[1024];
	for (int i = 0; i < 1024; i++)
		one[i] = 1.0;
	for (int r = 0; r < 200; r++) {
		mpii_rma_stripe_apply_n(&stripes, 0, MPII_OP_SUM, MPII_B_DOUBLE, 8, &sarr[3], one, NULL,
					1024);
		for (int i = 0; i < 1024; i += 97)
			mpii_rma_stripe_apply_n(&stripes, 0, MPII_OP_SUM, MPII_B_DOUBLE, 8, &sarr[3 + i],
						one, NULL, 1);
		int64_t seen, next;
		do {
			int64_t cur;
			mpii_rma_stripe_apply_n(&stripes, 0, MPII_OP_NO_OP, MPII_B_INT64, 8, &scount,
						NULL, &cur, 1);
			next = cur + 1;
			mpii_rma_stripe_cas(&stripes, 0, 8, &scount, &next, &cur, &seen);
			if (seen == cur)
				break;
		} while (1);
	}
	return NULL;
}

START_TEST(test_stripe_race)
{
	pthread_t th[THREADS];
	memset(sarr, 0, sizeof(sarr));
	scount = 0;
	for (int t = 0; t < THREADS; t++)
		pthread_create(&th[t], NULL, stripe_thread, NULL);
	for (int t = 0; t < THREADS; t++)
		pthread_join(th[t], NULL);
	for (int i = 0; i < 1024; i++) {
		double want = THREADS * 200 * (1.0 + (i % 97 == 0));
		ck_assert(sarr[3 + i] == want);
	}
	ck_assert_int_eq(scount, THREADS * 200);
	/* alone (no locks): plain kernel calls; get-accumulate's old values */
	double t4[4] = { 1, 2, 3, 4 }, d2[4] = { 2, 2, 2, 2 }, o4[4];
	mpii_rma_stripe_apply_n(NULL, 0, MPII_OP_PROD, MPII_B_DOUBLE, 8, t4, d2, o4, 4);
	for (int i = 0; i < 4; i++)
		ck_assert(t4[i] == 2.0 * (i + 1) && o4[i] == i + 1);
	int32_t x = 7, in = 9, cmp = 6, old;
	mpii_rma_stripe_cas(&stripes, 0, 4, &x, &in, &cmp, &old);   /* compare fails */
	ck_assert(x == 7 && old == 7);
	cmp = 7;
	mpii_rma_stripe_cas(&stripes, 0, 4, &x, &in, &cmp, &old);
	ck_assert(x == 9 && old == 7);
}
END_TEST

START_TEST(test_atomic_ops)
{
	int32_t x = 5, in = 9, old = 0;
	mpii_rma_atomic_apply(MPII_OP_REPLACE, MPII_B_INT32, 4, &x, &in, &old);
	ck_assert_int_eq(old, 5);
	ck_assert_int_eq(x, 9);
	mpii_rma_atomic_apply(MPII_OP_NO_OP, MPII_B_INT32, 4, &x, NULL, &old);
	ck_assert_int_eq(old, 9);
	ck_assert_int_eq(x, 9);
	in = 3;
	mpii_rma_atomic_apply(MPII_OP_PROD, MPII_B_INT32, 4, &x, &in, &old);
	ck_assert_int_eq(x, 27);
	in = 12;
	mpii_rma_atomic_apply(MPII_OP_MIN, MPII_B_INT32, 4, &x, &in, NULL);
	ck_assert_int_eq(x, 12);
	int16_t s = 0x0f0f, sm = 0x00ff, so;
	mpii_rma_atomic_apply(MPII_OP_BAND, MPII_B_INT16, 2, &s, &sm, &so);
	ck_assert_int_eq(so, 0x0f0f);
	ck_assert_int_eq(s, 0x000f);
	/* compare-and-swap on each width */
	uint8_t b = 1, bn = 2, bc = 1, bo;
	mpii_rma_atomic_cas(1, &b, &bn, &bc, &bo);
	ck_assert(b == 2 && bo == 1);
	mpii_rma_atomic_cas(1, &b, &bn, &bc, &bo);   /* compare fails */
	ck_assert(b == 2 && bo == 2);
	uint64_t q = 10, qn = 11, qc = 10, qo;
	mpii_rma_atomic_cas(8, &q, &qn, &qc, &qo);
	ck_assert(q == 11 && qo == 10);
	/* which kinds may take the atomic way */
	long al[2];
	ck_assert(mpii_rma_atomic_ok(MPII_B_LONG, 8, &al[0]));
	ck_assert(!mpii_rma_atomic_ok(MPII_B_LONG, 8, (char *)&al[0] + 4));
	ck_assert(!mpii_rma_atomic_ok(MPII_B_DOUBLE_INT, 12, &al[0]));
	ck_assert(!mpii_rma_atomic_ok(MPII_B_LDOUBLE, 16, &al[0]));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rma");
	const TTest *rwlock_tests[] = {
		test_rwlock_procs, test_rwlock_try, test_rwlock_check, NULL
	};
	unit_tcase(s, "rwlock", 60, rwlock_tests);
	const TTest *atomic_tests[] = { test_atomic_race, test_atomic_runs, test_stripe_race,
					test_atomic_ops, NULL };
	unit_tcase(s, "atomic", 60, atomic_tests);
	return unit_run(s);
}
