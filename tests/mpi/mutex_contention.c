/*
 * tests/mpi/mutex_contention.c - a global mutex over MPI_COMM_WORLD taken
 * by 2 threads of each of 8 ranks: inside the critical section a flag in a
 * shm_open region (the test's own, since ranks are separate processes) must
 * be clear, and a shared counter ends at the number of acquisitions.
 * Also trylock, an MPI_COMM_SELF mutex shared by the threads of one rank,
 * and create/free churn.
 * np: 8
 */
#include <stdlib.h>
#include "thr_common.h"

#define NTHREADS 2
#define ITERS 2000

struct shared {
	volatile int occupied;
	volatile long counter;
	volatile long self_counter[64];
};

static struct shared *sh;
static MPI_Mutex gm, sm;
static int rank;
static long local_counter;

static void *worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < ITERS; i++) {
		int flag = 0;
		if (i % 7 == 0) {
			TEST_MPI(MPI_Mutex_trylock(gm, &flag));
		}
		if (!flag)
			TEST_MPI(MPI_Mutex_lock(gm));
		TEST_CHECK(sh->occupied == 0);
		sh->occupied = 1;
		sh->counter++;
		sh->occupied = 0;
		TEST_MPI(MPI_Mutex_unlock(gm));

		TEST_MPI(MPI_Mutex_lock(sm));
		local_counter++;
		TEST_MPI(MPI_Mutex_unlock(sm));
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int size;
	char name[64];
	thr_init_multiple(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	sh = thr_shared(sizeof(*sh), name);

	/* Churn: create and free a few. */
	for (int i = 0; i < 20; i++) {
		MPI_Mutex m;
		TEST_MPI(MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &m));
		TEST_MPI(MPI_Mutex_lock(m));
		TEST_MPI(MPI_Mutex_unlock(m));
		TEST_MPI(MPI_Mutex_free(&m));
		TEST_CHECK(m == MPI_MUTEX_NULL);
	}

	TEST_MPI(MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &gm));
	TEST_MPI(MPI_Mutex_create(MPI_COMM_SELF, MPI_INFO_NULL, &sm));
	pthread_t th[NTHREADS];
	for (int t = 0; t < NTHREADS; t++)
		TEST_CHECK(pthread_create(&th[t], NULL, worker, NULL) == 0);
	for (int t = 0; t < NTHREADS; t++)
		TEST_CHECK(pthread_join(th[t], NULL) == 0);
	TEST_CHECK(local_counter == NTHREADS * ITERS);
	thr_barrier();
	TEST_CHECK(sh->counter == (long)size * NTHREADS * ITERS);
	TEST_MPI(MPI_Mutex_free(&gm));
	TEST_MPI(MPI_Mutex_free(&sm));
	thr_shared_done(sh, sizeof(*sh), name);
	MPI_Finalize();
	return 0;
}
