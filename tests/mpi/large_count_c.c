/*
 * Description: MPI-4.0's large-count forms (MPI_X_c) with counts that fit
 * and with counts above INT_MAX that need no memory: point-to-point
 * (blocking, nonblocking, persistent, sendrecv, matched probe) with
 * MPI_Get_count_c; datatype constructors and queries (a contiguous type of
 * 2^31 + 5 elements: MPI_Type_size_c and get_extent_c give it whole, the
 * int MPI_Type_size MPI_UNDEFINED; vector_c, indexed_c, struct_c,
 * resized_c, and blocks and strides above INT_MAX in vector_c,
 * hindexed_c, struct_c; envelope_c/contents_c);
 * MPI_Status_set_elements_c of 2^33 elements read back by MPI_Get_elements_c, MPI_Get_count_c, and
 * MPI_UNDEFINED from the int forms; collectives (Bcast_c, Allreduce_c,
 * Gatherv_c and Alltoallw_c with MPI_Aint displacements, Ibcast_c,
 * Allreduce_init_c, Bcast_init_c); pack
 * and unpack; one-sided Put_c/Get_c on a window of Win_allocate_c.  Bad
 * counts: a negative count (MPI_Send_c, MPI_Bcast_c, Type_contiguous_c),
 * a count whose bytes overflow (Send_c, Isend_c, Bcast_c, Allreduce_c)
 * and an int-only argument above INT_MAX (MPI_Type_vector_c's count of
 * blocks, MPI_Gatherv_c's recvcounts entry) raise MPI_ERR_COUNT, through
 * the communicator's handler where there is one.
 * np: 1 2 3
 */
#include <limits.h>
#include "mpitest.h"

static int handled, last_class;
static void on_err(MPI_Comm *comm, int *code, ...)
{
	(void)comm;
	handled++;
	MPI_Error_class(*code, &last_class);
}

static void expect_err(int rc, int cls)
{
	int c = -1;
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
	TEST_CHECK(handled == 1 && last_class == cls);
	handled = 0;
}

static void p2p(int rank, int size, MPI_Comm comm)
{
	int buf[64], i;
	MPI_Count n;
	MPI_Status st;
	MPI_Request req;
	int right = (rank + 1) % size, left = (rank + size - 1) % size;

	for (i = 0; i < 64; i++)
		buf[i] = rank * 100 + i;
	/* blocking ring (rank 0 first) */
	if (rank == 0) {
		TEST_MPI(MPI_Send_c(buf, 64, MPI_INT, right, 1, comm));
		TEST_MPI(MPI_Recv_c(buf, 64, MPI_INT, left, 1, comm, &st));
	} else {
		int tmp[64];
		TEST_MPI(MPI_Recv_c(tmp, 64, MPI_INT, left, 1, comm, &st));
		TEST_MPI(MPI_Send_c(buf, 64, MPI_INT, right, 1, comm));
		memcpy(buf, tmp, sizeof tmp);
	}
	TEST_MPI(MPI_Get_count_c(&st, MPI_INT, &n));
	TEST_CHECK(n == 64);
	TEST_CHECK(buf[5] == left * 100 + 5);

	/* nonblocking and persistent */
	int in[8], out[8] = { rank, 1, 2, 3, 4, 5, 6, 7 };
	TEST_MPI(MPI_Irecv_c(in, 8, MPI_INT, left, 2, comm, &req));
	TEST_MPI(MPI_Ssend_c(out, 8, MPI_INT, right, 2, comm));
	TEST_MPI(MPI_Wait(&req, &st));
	TEST_CHECK(in[0] == left);
	MPI_Request pr[2];
	TEST_MPI(MPI_Recv_init_c(in, 8, MPI_INT, left, 3, comm, &pr[0]));
	TEST_MPI(MPI_Send_init_c(out, 8, MPI_INT, right, 3, comm, &pr[1]));
	for (i = 0; i < 3; i++) {
		in[0] = -1;
		TEST_MPI(MPI_Startall(2, pr));
		TEST_MPI(MPI_Waitall(2, pr, MPI_STATUSES_IGNORE));
		TEST_CHECK(in[0] == left);
	}
	TEST_MPI(MPI_Request_free(&pr[0]));
	TEST_MPI(MPI_Request_free(&pr[1]));
	TEST_MPI(MPI_Isend_c(out, 8, MPI_INT, right, 4, comm, &req));
	TEST_MPI(MPI_Sendrecv_c(out, 8, MPI_INT, right, 5, in, 8, MPI_INT, left, 5, comm, &st));
	TEST_MPI(MPI_Recv_c(in, 8, MPI_INT, left, 4, comm, MPI_STATUS_IGNORE));
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
	TEST_CHECK(in[0] == left);
	MPI_Message msg;
	TEST_MPI(MPI_Isend_c(out, 8, MPI_INT, right, 6, comm, &req));
	TEST_MPI(MPI_Mprobe(left, 6, comm, &msg, &st));
	TEST_MPI(MPI_Mrecv_c(in, 8, MPI_INT, &msg, &st));
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
	TEST_MPI(MPI_Get_count_c(&st, MPI_INT, &n));
	TEST_CHECK(n == 8 && in[0] == left);

	/* a negative count: MPI_ERR_COUNT through comm's handler */
	expect_err(MPI_Send_c(out, -1, MPI_INT, right, 7, comm), MPI_ERR_COUNT);
	expect_err(MPI_Recv_c(in, -5, MPI_INT, left, 7, comm, MPI_STATUS_IGNORE), MPI_ERR_COUNT);
	/* a count whose bytes overflow: the same */
	expect_err(MPI_Send_c(out, (MPI_Count)1 << 62, MPI_INT, right, 7, comm), MPI_ERR_COUNT);
	expect_err(MPI_Isend_c(out, (MPI_Count)1 << 61, MPI_DOUBLE, right, 7, comm, &req),
		   MPI_ERR_COUNT);
}

static void types(MPI_Comm comm)
{
	const MPI_Count big = ((MPI_Count)1 << 31) + 5;
	MPI_Datatype t, v;
	MPI_Count size, lb, extent;
	int isize;

	TEST_MPI(MPI_Type_contiguous_c(big, MPI_BYTE, &t));
	TEST_MPI(MPI_Type_commit(&t));
	TEST_MPI(MPI_Type_size_c(t, &size));
	TEST_CHECK(size == big);
	TEST_MPI(MPI_Type_get_extent_c(t, &lb, &extent));
	TEST_CHECK(lb == 0 && extent == big);
	TEST_MPI(MPI_Type_get_true_extent_c(t, &lb, &extent));
	TEST_CHECK(lb == 0 && extent == big);
	TEST_MPI(MPI_Type_size(t, &isize));
	TEST_CHECK(isize == MPI_UNDEFINED);
	TEST_MPI(MPI_Type_free(&t));
	/* 2^31 + 5 doubles: extent 8 x that */
	TEST_MPI(MPI_Type_contiguous_c(big, MPI_DOUBLE, &t));
	TEST_MPI(MPI_Type_get_extent_c(t, &lb, &extent));
	TEST_CHECK(lb == 0 && extent == big * 8);
	TEST_MPI(MPI_Type_free(&t));
	/* small ones through the int constructors */
	TEST_MPI(MPI_Type_vector_c(3, 2, 4, MPI_INT, &v));
	TEST_MPI(MPI_Type_size_c(v, &size));
	TEST_MPI(MPI_Type_get_extent_c(v, &lb, &extent));
	TEST_CHECK(size == 24 && extent == 40);
	MPI_Count ni, na, nl, nd;
	int comb, ints[8];
	MPI_Aint addrs[2];
	MPI_Count lc[2];
	MPI_Datatype dts[2];
	TEST_MPI(MPI_Type_get_envelope_c(v, &ni, &na, &nl, &nd, &comb));
	TEST_CHECK(comb == MPI_COMBINER_VECTOR && ni == 3 && na == 0 && nl == 0 && nd == 1);
	TEST_MPI(MPI_Type_get_contents_c(v, 8, 2, 2, 2, ints, addrs, lc, dts));
	TEST_CHECK(ints[0] == 3 && ints[1] == 2 && ints[2] == 4 && dts[0] == MPI_INT);
	TEST_MPI(MPI_Type_free(&v));
	MPI_Count bl[2] = { 1, 2 }, di[2] = { 0, 3 };
	TEST_MPI(MPI_Type_indexed_c(2, bl, di, MPI_INT, &v));
	TEST_MPI(MPI_Type_size_c(v, &size));
	TEST_MPI(MPI_Type_get_extent_c(v, &lb, &extent));
	TEST_CHECK(size == 12 && extent == 20);
	TEST_MPI(MPI_Type_free(&v));
	MPI_Count sd[2] = { 0, 8 };
	MPI_Datatype st2[2] = { MPI_INT, MPI_DOUBLE };
	TEST_MPI(MPI_Type_create_struct_c(2, bl, sd, st2, &v));
	TEST_MPI(MPI_Type_size_c(v, &size));
	TEST_CHECK(size == 4 + 16);
	TEST_MPI(MPI_Type_create_resized_c(v, -8, 64, &t));
	TEST_MPI(MPI_Type_get_extent_c(t, &lb, &extent));
	TEST_CHECK(lb == -8 && extent == 64);
	TEST_MPI(MPI_Type_free(&t));
	TEST_MPI(MPI_Type_free(&v));

	/* blocks and strides above INT_MAX */
	TEST_MPI(MPI_Type_vector_c(2, 1, (MPI_Count)INT_MAX + 1, MPI_INT, &v));
	TEST_MPI(MPI_Type_size_c(v, &size));
	TEST_MPI(MPI_Type_get_extent_c(v, &lb, &extent));
	TEST_CHECK(size == 8 && lb == 0 && extent == ((MPI_Count)INT_MAX + 1) * 4 + 4);
	TEST_MPI(MPI_Type_free(&v));
	TEST_MPI(MPI_Type_vector_c(3, big, big + 10, MPI_CHAR, &v));
	TEST_MPI(MPI_Type_size_c(v, &size));
	TEST_MPI(MPI_Type_get_extent_c(v, &lb, &extent));
	TEST_CHECK(size == 3 * big && extent == 2 * (big + 10) + big);
	TEST_MPI(MPI_Type_free(&v));
	MPI_Count hbl[3] = { 1, big, 2 }, hd[3] = { 0, 8, big + 100 };
	TEST_MPI(MPI_Type_create_hindexed_c(3, hbl, hd, MPI_CHAR, &v));
	TEST_MPI(MPI_Type_size_c(v, &size));
	TEST_MPI(MPI_Type_get_true_extent_c(v, &lb, &extent));
	TEST_CHECK(size == big + 3 && lb == 0 && extent == big + 102);
	TEST_MPI(MPI_Type_free(&v));
	MPI_Datatype tys[2] = { MPI_DOUBLE, MPI_CHAR };
	MPI_Count sbl[2] = { 2, big }, sdd[2] = { 0, 16 };
	TEST_MPI(MPI_Type_create_struct_c(2, sbl, sdd, tys, &v));
	TEST_MPI(MPI_Type_size_c(v, &size));
	TEST_CHECK(size == 16 + big);
	TEST_MPI(MPI_Type_free(&v));

	/* statuses: 2^33 elements */
	MPI_Status st;
	MPI_Count n;
	int in;
	const MPI_Count huge = (MPI_Count)1 << 33;
	TEST_MPI(MPI_Status_set_elements_c(&st, MPI_INT, huge));
	TEST_MPI(MPI_Get_elements_c(&st, MPI_INT, &n));
	TEST_CHECK(n == huge);
	TEST_MPI(MPI_Get_count_c(&st, MPI_INT, &n));
	TEST_CHECK(n == huge);
	TEST_MPI(MPI_Get_count_c(&st, MPI_BYTE, &n));
	TEST_CHECK(n == huge * 4);
	TEST_MPI(MPI_Get_count(&st, MPI_INT, &in));
	TEST_CHECK(in == MPI_UNDEFINED);
	TEST_MPI(MPI_Get_elements(&st, MPI_INT, &in));
	TEST_CHECK(in == MPI_UNDEFINED);

	/* int-only arguments above INT_MAX (the generated narrowing) and a
	 * negative count: MPI_ERR_COUNT, through comm's handler where the
	 * call has a communicator */
	MPI_Errhandler eh;
	TEST_MPI(MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
	TEST_CHECK(MPI_Type_vector_c((MPI_Count)INT_MAX + 1, 1, 2, MPI_INT, &v) == MPI_ERR_COUNT);
	TEST_CHECK(MPI_Type_contiguous_c(-1, MPI_INT, &v) == MPI_ERR_COUNT);
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
	MPI_Errhandler_free(&eh);

	/* pack and unpack */
	int src[6] = { 1, 2, 3, 4, 5, 6 }, dst[6] = { 0 };
	char packed[64];
	MPI_Count pos = 0, psize;
	TEST_MPI(MPI_Pack_size_c(6, MPI_INT, comm, &psize));
	TEST_CHECK(psize >= 24);
	TEST_MPI(MPI_Pack_c(src, 6, MPI_INT, packed, sizeof packed, &pos, comm));
	TEST_CHECK(pos == 24);
	pos = 0;
	TEST_MPI(MPI_Unpack_c(packed, sizeof packed, &pos, dst, 6, MPI_INT, comm));
	TEST_CHECK(pos == 24 && dst[5] == 6);
	pos = 0;
	TEST_MPI(MPI_Pack_external_c("external32", src, 6, MPI_INT, packed, sizeof packed, &pos));
	TEST_CHECK(pos == 24);
}

static void colls(int rank, int size, MPI_Comm comm)
{
	int i, v[4];
	MPI_Request req;

	for (i = 0; i < 4; i++)
		v[i] = rank == 0 ? 10 + i : -1;
	TEST_MPI(MPI_Bcast_c(v, 4, MPI_INT, 0, comm));
	TEST_CHECK(v[3] == 13);
	for (i = 0; i < 4; i++)
		v[i] = rank == size - 1 ? 20 + i : -1;
	TEST_MPI(MPI_Ibcast_c(v, 4, MPI_INT, size - 1, comm, &req));
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
	TEST_CHECK(v[0] == 20);
	int one = rank + 1, sum = 0;
	TEST_MPI(MPI_Allreduce_c(&one, &sum, 1, MPI_INT, MPI_SUM, comm));
	TEST_CHECK(sum == size * (size + 1) / 2);
	/* the persistent forms' _c (MPI-4.0): started twice */
	TEST_MPI(MPI_Allreduce_init_c(&one, &sum, 1, MPI_INT, MPI_SUM, comm, MPI_INFO_NULL, &req));
	for (i = 0; i < 2; i++) {
		sum = 0;
		TEST_MPI(MPI_Start(&req));
		TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
		TEST_CHECK(sum == size * (size + 1) / 2);
	}
	TEST_MPI(MPI_Request_free(&req));
	for (i = 0; i < 4; i++)
		v[i] = rank == 0 ? 30 + i : -1;
	TEST_MPI(MPI_Bcast_init_c(v, 4, MPI_INT, 0, comm, MPI_INFO_NULL, &req));
	TEST_MPI(MPI_Start(&req));
	TEST_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
	TEST_CHECK(v[3] == 33);
	TEST_MPI(MPI_Request_free(&req));
	expect_err(MPI_Bcast_init_c(v, -1, MPI_INT, 0, comm, MPI_INFO_NULL, &req), MPI_ERR_COUNT);

	/* Gatherv_c with MPI_Aint displacements, reversed order */
	int *all = malloc(sizeof(int) * (size_t)size * 2);
	MPI_Count *counts = malloc(sizeof(MPI_Count) * (size_t)size);
	MPI_Aint *displs = malloc(sizeof(MPI_Aint) * (size_t)size);
	int mine[2] = { rank, rank * 7 };
	for (i = 0; i < size; i++) {
		counts[i] = 2;
		displs[i] = 2 * (size - 1 - i);
	}
	TEST_MPI(MPI_Gatherv_c(mine, 2, MPI_INT, all, counts, displs, MPI_INT, 0, comm));
	if (rank == 0)
		for (i = 0; i < size; i++)
			TEST_CHECK(all[2 * (size - 1 - i)] == i && all[2 * (size - 1 - i) + 1] == i * 7);

	/* Alltoallw_c: one int to each, byte displacements */
	int *sb = malloc(sizeof(int) * (size_t)size), *rb = malloc(sizeof(int) * (size_t)size);
	MPI_Count *sc = malloc(sizeof(MPI_Count) * (size_t)size);
	MPI_Aint *sdisp = malloc(sizeof(MPI_Aint) * (size_t)size);
	MPI_Datatype *ty = malloc(sizeof(MPI_Datatype) * (size_t)size);
	for (i = 0; i < size; i++) {
		sb[i] = rank * 1000 + i;
		rb[i] = -1;
		sc[i] = 1;
		sdisp[i] = (MPI_Aint)(i * sizeof(int));
		ty[i] = MPI_INT;
	}
	TEST_MPI(MPI_Alltoallw_c(sb, sc, sdisp, ty, rb, sc, sdisp, ty, comm));
	for (i = 0; i < size; i++)
		TEST_CHECK(rb[i] == i * 1000 + rank);

	/* bad counts through comm's handler */
	expect_err(MPI_Bcast_c(v, -1, MPI_INT, 0, comm), MPI_ERR_COUNT);
	expect_err(MPI_Bcast_c(v, (MPI_Count)1 << 62, MPI_INT, 0, comm), MPI_ERR_COUNT);
	expect_err(MPI_Allreduce_c(MPI_IN_PLACE, v, (MPI_Count)1 << 62, MPI_INT, MPI_SUM, comm),
		   MPI_ERR_COUNT);
	counts[0] = (MPI_Count)INT_MAX + 10;
	if (rank == 0)
		expect_err(MPI_Gatherv_c(mine, 2, MPI_INT, all, counts, displs, MPI_INT, 0, comm),
			   MPI_ERR_COUNT);
	free(all);
	free(counts);
	free(displs);
	free(sb);
	free(rb);
	free(sc);
	free(sdisp);
	free(ty);
}

static void rma(int rank, int size)
{
	MPI_Win win;
	int *base;
	MPI_Aint wsize, unit;
	int *mem;

	TEST_MPI(MPI_Win_allocate_c(4 * sizeof(int), (MPI_Aint)sizeof(int), MPI_INFO_NULL,
				    MPI_COMM_WORLD, &base, &win));
	for (int i = 0; i < 4; i++)
		base[i] = -1;
	TEST_MPI(MPI_Win_fence(0, win));
	int val[2] = { rank, rank + 1 }, right = (rank + 1) % size;
	TEST_MPI(MPI_Put_c(val, 2, MPI_INT, right, 1, 2, MPI_INT, win));
	TEST_MPI(MPI_Win_fence(0, win));
	TEST_CHECK(base[1] == (rank + size - 1) % size && base[3] == -1);
	int got[2];
	TEST_MPI(MPI_Get_c(got, 2, MPI_INT, right, 1, 2, MPI_INT, win));
	TEST_MPI(MPI_Win_fence(0, win));
	TEST_CHECK(got[0] == rank);
	TEST_MPI(MPI_Win_free(&win));
	TEST_MPI(MPI_Win_allocate_shared_c(sizeof(int), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win));
	TEST_MPI(MPI_Win_shared_query_c(win, 0, &wsize, &unit, &mem));
	TEST_CHECK(wsize == sizeof(int) && unit == 1);
	TEST_MPI(MPI_Win_free(&win));
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Comm comm;
	MPI_Errhandler eh;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	TEST_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
	TEST_MPI(MPI_Comm_create_errhandler(on_err, &eh));
	TEST_MPI(MPI_Comm_set_errhandler(comm, eh));
	p2p(rank, size, comm);
	types(comm);
	colls(rank, size, comm);
	rma(rank, size);
	TEST_MPI(MPI_Comm_free(&comm));
	MPI_Errhandler_free(&eh);
	MPI_Finalize();
	return 0;
}
