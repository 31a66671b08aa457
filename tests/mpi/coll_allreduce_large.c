/*
 * Description: allreduce and reduce of vectors beyond the shm slots - through the
 * segment's reduce-scatter + allgather (lib/coll/shm_allreduce.c), whose
 * 64 KiB pieces and uneven chunks this covers, the ring and recursive
 * doubling - with sum, max, and a non-commutative user op (composition of
 * affine maps on MPI_2INT, which only a rank-order fold gets right), in
 * place and not, repeated so pieces reuse the area; results compared with
 * a locally computed fold.
 * np: 1 2 3 4 8
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_COLL_RING_MIN2=1000000000
 * env: SHMPI_COLL_SHM_LARGE_MIN=1000000000
 */
#include <stdlib.h>
#include <string.h>
#include "mpitest.h"

#define MOD 65521

struct affine { int a, b; };  /* x -> a*x + b (mod MOD) */

/* inout = in o inout, "in" the lower ranks: apply in first, then inout. */
static void compose(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	struct affine *x = in, *y = inout;
	for (int i = 0; i < *len; i++) {
		int a = (int)((long)x[i].a * y[i].a % MOD);
		int b = (int)(((long)x[i].b * y[i].a + y[i].b) % MOD);
		y[i].a = a;
		y[i].b = b;
	}
}

static struct affine contrib(int r, long i)
{
	struct affine f = { (int)(2 + (r * 7 + i) % 13), (int)((r * 31 + i * 3) % 17) };
	return f;
}

static void check(MPI_Comm comm, MPI_Op affine_op, long count, int in_place)
{
	int n, r;
	MPI_Comm_size(comm, &n);
	MPI_Comm_rank(comm, &r);
	int *si = malloc(count * sizeof(int)), *ri = malloc(count * sizeof(int));
	double *sd = malloc(count * sizeof(double)), *rd = malloc(count * sizeof(double));
	struct affine *sa = malloc(count * sizeof(*sa)), *ra = malloc(count * sizeof(*ra));
	for (long i = 0; i < count; i++) {
		si[i] = (int)(r * 1000 + i % 1000);
		sd[i] = (double)((r + 1) * (i % 97));
		sa[i] = contrib(r, i);
	}
	if (in_place) {
		memcpy(ri, si, count * sizeof(int));
		memcpy(ra, sa, count * sizeof(*sa));
		TEST_MPI(MPI_Allreduce(MPI_IN_PLACE, ri, (int)count, MPI_INT, MPI_SUM, comm));
		TEST_MPI(MPI_Allreduce(MPI_IN_PLACE, ra, (int)count, MPI_2INT, affine_op, comm));
	} else {
		TEST_MPI(MPI_Allreduce(si, ri, (int)count, MPI_INT, MPI_SUM, comm));
		TEST_MPI(MPI_Allreduce(sa, ra, (int)count, MPI_2INT, affine_op, comm));
	}
	TEST_MPI(MPI_Allreduce(sd, rd, (int)count, MPI_DOUBLE, MPI_MAX, comm));
	/* Reduce to a root that moves with the count; the non-commutative
	 * result is checked below with the allreduce's. */
	int root = (int)(count % n);
	struct affine *rr = malloc(count * sizeof(*rr));
	if (in_place && r == root) {
		memcpy(rr, sa, count * sizeof(*sa));
		TEST_MPI(MPI_Reduce(MPI_IN_PLACE, rr, (int)count, MPI_2INT, affine_op, root, comm));
	} else {
		TEST_MPI(MPI_Reduce(sa, rr, (int)count, MPI_2INT, affine_op, root, comm));
	}
	for (long i = 0; i < count; i++) {
		long sum = 0;
		for (int j = 0; j < n; j++)
			sum += j * 1000 + i % 1000;
		TEST_CHECK(ri[i] == (int)sum);
		TEST_CHECK(rd[i] == (double)(n * (i % 97)));
		struct affine f = contrib(n - 1, i);
		for (int j = n - 2; j >= 0; j--) {
			struct affine g = contrib(j, i);
			int one = 1;
			compose(&g, &f, &one, NULL);
		}
		TEST_CHECK(ra[i].a == f.a && ra[i].b == f.b);
		if (r == root)
			TEST_CHECK(rr[i].a == f.a && rr[i].b == f.b);
	}
	free(rr);
	free(si), free(ri), free(sd), free(rd), free(sa), free(ra);
}

int main(int argc, char **argv)
{
	MPI_Op affine_op;
	MPI_Comm dup;
	MPI_Init(&argc, &argv);
	MPI_Op_create(compose, 0, &affine_op);
	MPI_Comm_dup(MPI_COMM_WORLD, &dup);
	long counts[] = { 1025, 4099, 16385, 70001 };
	for (int rep = 0; rep < 2; rep++)
		for (int k = 0; k < 4; k++) {
			check(MPI_COMM_WORLD, affine_op, counts[k], rep);
			check(dup, affine_op, counts[k], !rep);
		}
	MPI_Comm_free(&dup);
	MPI_Op_free(&affine_op);
	MPI_Finalize();
	return 0;
}
