/*
 * Description: every datatype constructor (contiguous, vector, hvector,
 * indexed, hindexed, indexed_block, hindexed_block, struct, MPI-1 struct
 * with MPI_LB/MPI_UB, resized, dup, subarray, darray, predefined pair
 * types) sent between partner ranks and received with the same type (data
 * in the typemap, gaps untouched) and as bytes (equal to MPI_Pack's
 * output); MPI_Get_count/MPI_Get_elements on the statuses; MPI_BOTTOM with
 * absolute addresses; 1 MiB of a vector type against the same bytes
 * contiguous (times printed).
 * Also run with every non-empty message by rendezvous and every
 * non-contiguous type by the typed single copy (SHMPI_CMA_IOV_MIN=1), once
 * with the copy split between receiver and sender.
 * np: 1 2 3
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_CMA_IOV_MIN=1 SHMPI_EAGER_MAX=0
 * env: SHMPI_CMA_IOV_MIN=1 SHMPI_EAGER_MAX=0 SHMPI_CMA_SPLIT_MIN=1
 */
#include <string.h>
#include "mpitest.h"

static int rank, size, partner;

/* The typemap of (count, t) as a byte mask: unpack 0xff bytes into zeros. */
static void mask_of(MPI_Datatype t, int count, unsigned char *mask, MPI_Aint span, MPI_Aint off)
{
	int sz, pos = 0;
	MPI_Type_size(t, &sz);
	unsigned char *ones = malloc((size_t)sz * (size_t)count + 1);
	memset(ones, 0xff, (size_t)sz * (size_t)count);
	memset(mask, 0, (size_t)span);
	TEST_MPI(MPI_Unpack(ones, sz * count, &pos, mask + off, count, t, MPI_COMM_WORLD));
	free(ones);
}

static void exchange(MPI_Datatype t, int count)
{
	MPI_Aint lb, ext, tlb, text;
	int sz;
	MPI_Type_get_extent(t, &lb, &ext);
	MPI_Type_get_true_extent(t, &tlb, &text);
	MPI_Type_size(t, &sz);
	MPI_Aint lo = tlb < 0 ? tlb : 0;
	MPI_Aint aext = ext < 0 ? -ext : ext;
	MPI_Aint span = (MPI_Aint)count * aext + text + (tlb > 0 ? tlb : 0) - lo + 2 * aext + 64;
	MPI_Aint off = 32 - lo + (ext < 0 ? (MPI_Aint)count * aext : 0);
	unsigned char *src = malloc((size_t)span), *dst = malloc((size_t)span), *mask = malloc((size_t)span);
	for (MPI_Aint i = 0; i < span; i++)
		src[i] = (unsigned char)(i * 31 + 7 + rank);
	memset(dst, 0, (size_t)span);
	mask_of(t, count, mask, span, off);

	MPI_Status st;
	TEST_MPI(MPI_Sendrecv(src + off, count, t, partner, 1, dst + off, count, t, partner, 1,
			      MPI_COMM_WORLD, &st));
	for (MPI_Aint i = 0; i < span; i++) {
		unsigned char want = mask[i] ? (unsigned char)(i * 31 + 7 + partner) : 0;
		TEST_CHECK(dst[i] == want);
	}
	int n;
	MPI_Get_count(&st, t, &n);
	TEST_CHECK(n == (sz ? count : 0));

	/* typed send, byte receive: the bytes of MPI_Pack */
	size_t bytes = (size_t)sz * (size_t)count;
	char *packed = malloc(bytes + 1), *got = malloc(bytes + 1);
	int pos = 0;
	TEST_MPI(MPI_Pack(src + off, count, t, packed, (int)bytes, &pos, MPI_COMM_WORLD));
	TEST_CHECK(pos == (int)bytes);
	TEST_MPI(MPI_Sendrecv(src + off, count, t, partner, 2, got, (int)bytes, MPI_BYTE, partner, 2,
			      MPI_COMM_WORLD, &st));
	/* the partner packed its own pattern: compare with ours shifted */
	for (MPI_Aint i = 0; i < span; i++)
		src[i] = (unsigned char)(i * 31 + 7 + partner);
	pos = 0;
	MPI_Pack(src + off, count, t, packed, (int)bytes, &pos, MPI_COMM_WORLD);
	TEST_CHECK(memcmp(packed, got, bytes) == 0);
	free(src);
	free(dst);
	free(mask);
	free(packed);
	free(got);
}

static void run(MPI_Datatype t, int count)
{
	TEST_MPI(MPI_Type_commit(&t));
	exchange(t, count);
	exchange(t, 1);
	TEST_MPI(MPI_Type_free(&t));
}

static double now_sendrecv(void *sbuf, void *rbuf, int count, MPI_Datatype t)
{
	double best = 1e9;
	for (int rep = 0; rep < 10; rep++) {
		MPI_Sendrecv(NULL, 0, MPI_BYTE, partner, 8, NULL, 0, MPI_BYTE, partner, 8, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		double t0 = MPI_Wtime();
		MPI_Sendrecv(sbuf, count, t, partner, 9, rbuf, count, t, partner, 9, MPI_COMM_WORLD,
			     MPI_STATUS_IGNORE);
		double dt = MPI_Wtime() - t0;
		if (dt < best)
			best = dt;
	}
	return best;
}

int main(int argc, char **argv)
{
	MPI_Datatype t, u;
	mpitest_start(&argc, &argv, &rank, &size);
	partner = (rank ^ 1) < size ? rank ^ 1 : rank;

	MPI_Type_contiguous(5, MPI_INT, &t); run(t, 3);
	MPI_Type_vector(4, 3, 5, MPI_DOUBLE, &t); run(t, 3);
	MPI_Type_vector(3, 1, -2, MPI_SHORT, &t); run(t, 2);
	MPI_Type_create_hvector(3, 2, 37, MPI_CHAR, &t); run(t, 4);
	MPI_Type_hvector(2, 1, 100, MPI_LONG_DOUBLE, &t); run(t, 2);
	int bl[] = { 3, 0, 2, 1 }, di[] = { 7, 1, 0, 20 };
	MPI_Type_indexed(4, bl, di, MPI_FLOAT, &t); run(t, 3);
	MPI_Aint ad[] = { 64, 8, 0, 200 };
	MPI_Type_create_hindexed(4, bl, ad, MPI_INT, &t); run(t, 2);
	MPI_Type_hindexed(4, bl, ad, MPI_CHAR, &t); run(t, 2);
	MPI_Type_create_indexed_block(4, 2, di, MPI_DOUBLE, &t); run(t, 2);
	MPI_Type_create_hindexed_block(4, 2, ad, MPI_SHORT, &t); run(t, 3);
	MPI_Type_vector(2, 2, 3, MPI_INT, &u);
	int sbl[] = { 1, 2, 3 };
	MPI_Aint sd[] = { 0, 8, 64 };
	MPI_Datatype sty[] = { MPI_CHAR, u, MPI_DOUBLE };
	MPI_Type_create_struct(3, sbl, sd, sty, &t); run(t, 3);
	int mbl[] = { 1, 1, 1 };
	MPI_Aint md[] = { -16, 0, 40 };
	MPI_Datatype mty[] = { MPI_LB, u, MPI_UB };
	MPI_Type_struct(3, mbl, md, mty, &t); run(t, 3);
	MPI_Type_create_resized(u, -8, 64, &t); run(t, 3);
	MPI_Type_dup(u, &t); run(t, 2);
	MPI_Type_free(&u);
	int sz[] = { 6, 7, 8 }, sub[] = { 2, 3, 4 }, st[] = { 1, 4, 2 };
	MPI_Type_create_subarray(3, sz, sub, st, MPI_ORDER_C, MPI_INT, &t); run(t, 2);
	MPI_Type_create_subarray(3, sz, sub, st, MPI_ORDER_FORTRAN, MPI_DOUBLE, &t); run(t, 1);
	int g[] = { 10, 9 }, dist[] = { MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC };
	int dargs[] = { MPI_DISTRIBUTE_DFLT_DARG, 2 }, ps[] = { 2, 3 };
	for (int r = 0; r < 6; r++) {
		MPI_Type_create_darray(6, r, 2, g, dist, dargs, ps, MPI_ORDER_C, MPI_INT, &t);
		run(t, 2);
	}
	MPI_Type_contiguous(3, MPI_DOUBLE_INT, &t); run(t, 2);
	MPI_Type_contiguous(0, MPI_INT, &t); run(t, 1);

	/* MPI_BOTTOM with absolute addresses */
	struct { int a; double b[3]; char c; } rec = { 5, { 1, 2, 3 }, 'x' }, in;
	memset(&in, 0, sizeof(in));
	MPI_Aint addr[3];
	MPI_Get_address(&rec.a, &addr[0]);
	MPI_Get_address(&rec.b, &addr[1]);
	MPI_Get_address(&rec.c, &addr[2]);
	int abl[] = { 1, 3, 1 };
	MPI_Datatype aty[] = { MPI_INT, MPI_DOUBLE, MPI_CHAR };
	MPI_Type_create_struct(3, abl, addr, aty, &t);
	MPI_Type_commit(&t);
	MPI_Status status;
	TEST_MPI(MPI_Sendrecv(MPI_BOTTOM, 1, t, partner, 3, &in, sizeof(in), MPI_BYTE, partner, 3,
			      MPI_COMM_WORLD, &status));
	int n;
	MPI_Get_count(&status, MPI_BYTE, &n);
	TEST_CHECK(n == 4 + 24 + 1);
	MPI_Get_elements(&status, t, &n);
	TEST_CHECK(n == 5);
	TEST_CHECK(((int *)&in)[0] == 5);
	MPI_Type_free(&t);

	/* 1 MiB of doubles as a vector against the same bytes contiguous */
	size_t bytes = 1 << 20;
	double *a = malloc(2 * bytes), *b = malloc(2 * bytes);
	memset(a, 1, 2 * bytes);
	memset(b, 0, 2 * bytes);
	MPI_Type_vector((int)(bytes / 64), 8, 16, MPI_DOUBLE, &t);
	MPI_Type_commit(&t);
	double tc = now_sendrecv(a, b, (int)(bytes / 8), MPI_DOUBLE);
	double tv = now_sendrecv(a, b, 1, t);
	if (rank == 0)
		printf("1 MiB sendrecv: contiguous %.1f us, vector(blocklen 8 doubles) %.1f us, ratio %.2f\n",
		       tc * 1e6, tv * 1e6, tv / tc);
	MPI_Type_free(&t);
	free(a);
	free(b);
	MPI_Finalize();
	return 0;
}
