/*
 * tests/mpi/cond_prodcons.c - a bounded queue in a shm_open region shared
 * by every rank, guarded by a global MPI_Mutex with two global MPI_Conds
 * (not empty, not full): even ranks produce, odd ranks consume, two threads
 * each.  Every item is consumed exactly once (sum and count checked), which
 * a lost wake-up would turn into a hang (the launcher's timeout).
 * np: 2 4
 */
#include <stdlib.h>
#include "thr_common.h"

#define NTHREADS 2
#define ITEMS 3000 /* per producer thread */
#define QCAP 8

struct shared {
	long q[QCAP];
	int head, count;
	int producers_left;
	long consumed, sum;
};

static struct shared *sh;
static MPI_Mutex mx;
static MPI_Cond not_empty, not_full;
static int rank, size;

static void *producer(void *arg)
{
	int t = (int)(intptr_t)arg;
	for (long i = 1; i <= ITEMS; i++) {
		long v = ((long)(rank * NTHREADS + t) << 32) | i;
		TEST_MPI(MPI_Mutex_lock(mx));
		while (sh->count == QCAP)
			TEST_MPI(MPI_Cond_wait(not_full, mx));
		sh->q[(sh->head + sh->count) % QCAP] = v;
		sh->count++;
		TEST_MPI(MPI_Cond_signal(not_empty));
		TEST_MPI(MPI_Mutex_unlock(mx));
	}
	TEST_MPI(MPI_Mutex_lock(mx));
	if (--sh->producers_left == 0)
		TEST_MPI(MPI_Cond_broadcast(not_empty));
	TEST_MPI(MPI_Mutex_unlock(mx));
	return NULL;
}

static void *consumer(void *arg)
{
	(void)arg;
	for (;;) {
		TEST_MPI(MPI_Mutex_lock(mx));
		while (sh->count == 0 && sh->producers_left > 0)
			TEST_MPI(MPI_Cond_wait(not_empty, mx));
		if (sh->count == 0) {
			TEST_MPI(MPI_Mutex_unlock(mx));
			return NULL;
		}
		long v = sh->q[sh->head];
		sh->head = (sh->head + 1) % QCAP;
		sh->count--;
		sh->consumed++;
		sh->sum += v & 0xffffffff;
		TEST_MPI(MPI_Cond_signal(not_full));
		TEST_MPI(MPI_Mutex_unlock(mx));
	}
}

int main(int argc, char **argv)
{
	char name[64];
	thr_init_multiple(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int nprod = (size + 1) / 2 * NTHREADS;
	sh = thr_shared(sizeof(*sh), name);
	if (rank == 0)
		sh->producers_left = nprod;
	TEST_MPI(MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &mx));
	TEST_MPI(MPI_Cond_create(MPI_COMM_WORLD, MPI_INFO_NULL, &not_empty));
	TEST_MPI(MPI_Cond_create(MPI_COMM_WORLD, MPI_INFO_NULL, &not_full));
	thr_barrier();
	pthread_t th[NTHREADS];
	for (int t = 0; t < NTHREADS; t++)
		TEST_CHECK(pthread_create(&th[t], NULL, rank % 2 == 0 ? producer : consumer,
					  (void *)(intptr_t)t) == 0);
	for (int t = 0; t < NTHREADS; t++)
		TEST_CHECK(pthread_join(th[t], NULL) == 0);
	thr_barrier();
	TEST_CHECK(sh->consumed == (long)nprod * ITEMS);
	TEST_CHECK(sh->sum == (long)nprod * ITEMS * (ITEMS + 1) / 2);
	TEST_MPI(MPI_Cond_free(&not_empty));
	TEST_MPI(MPI_Cond_free(&not_full));
	TEST_CHECK(not_full == MPI_COND_NULL);
	TEST_MPI(MPI_Mutex_free(&mx));
	thr_shared_done(sh, sizeof(*sh), name);
	MPI_Finalize();
	return 0;
}
