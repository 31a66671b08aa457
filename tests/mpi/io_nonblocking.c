/*
 * Description: MPI-IO nonblocking access through io_uring (issue 39, step
 * 4): iwrite_at/iread_at of a large contiguous buffer and through a view
 * with holes into strided memory, iwrite/iread with the individual
 * pointer (moved at the start), iwrite_shared/iread_shared records each
 * once, the nonblocking collectives (iwrite_at_all, iread_all, ...),
 * MPI_Test until done, MPI_Waitall over several, a read past the end
 * completing with a count of 0, a seed handler (MPI_Post_handler) on a
 * file request that runs when the data lands, and atomic mode.
 * np: 1 2 4
 */
#include <stdatomic.h>
#include "iotest.h"

enum { BIG = 1 << 22, REC = 8, NREC = 40 };

static atomic_int handler_calls;
static MPI_Count handler_bytes;
static int on_done(MPI_Request *req, void *extra)
{
	(void)extra;
	MPI_Status st;
	if (*req == MPI_REQUEST_NULL)
		return MPI_SUCCESS;
	TEST_MPI(MPI_Get_status(*req, &st));
	MPI_Get_elements_x(&st, MPI_BYTE, &handler_bytes);
	atomic_fetch_add(&handler_calls, 1);
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int n, r, cnt, flag;
	char p[512];
	MPI_File fh;
	MPI_Status st;
	MPI_Request req;
	mpitest_init(&argc, &argv, 1, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	iotest_path(p, sizeof(p), "nb");
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
			       &fh));

	/* 1. A large contiguous write and read back, Test until done. */
	unsigned char *big = malloc(BIG), *chk = malloc(BIG);
	for (int i = 0; i < BIG; i++)
		big[i] = (unsigned char)(i * 7 + r);
	TEST_MPI(MPI_File_iwrite_at(fh, (MPI_Offset)r * BIG, big, BIG, MPI_BYTE, &req));
	for (flag = 0; !flag;)
		TEST_MPI(MPI_Test(&req, &flag, &st));
	TEST_CHECK(req == MPI_REQUEST_NULL);
	MPI_Get_count(&st, MPI_BYTE, &cnt);
	TEST_CHECK(cnt == BIG);
	TEST_MPI(MPI_File_iread_at(fh, (MPI_Offset)r * BIG, chk, BIG, MPI_BYTE, &req));
	TEST_MPI(MPI_Post_handler(req, MPI_INFO_NULL, on_done, NULL, MPI_HANDLER_DEFAULT));
	TEST_MPI(MPI_Wait(&req, &st));
	TEST_CHECK(memcmp(big, chk, BIG) == 0);
	TEST_CHECK(atomic_load(&handler_calls) == 1 && handler_bytes == BIG);

	/* 2. A view with holes (rank r's ints of every n) into every other int. */
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Datatype one, ft, every2;
	int bl = 1, dp = r;
	MPI_Type_indexed(1, &bl, &dp, MPI_INT, &one);
	MPI_Type_create_resized(one, 0, (MPI_Aint)n * sizeof(int), &ft);
	MPI_Type_commit(&ft);
	MPI_Type_free(&one);
	MPI_Type_vector(1000, 1, 2, MPI_INT, &every2);
	MPI_Type_commit(&every2);
	int *src = malloc(2000 * sizeof(int)), *dst = calloc(2000, sizeof(int));
	for (int i = 0; i < 2000; i++)
		src[i] = r * 100000 + i;
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL));
	MPI_Request two[2];
	TEST_MPI(MPI_File_iwrite(fh, src, 1, every2, &two[0]));
	MPI_Offset pos;
	TEST_MPI(MPI_File_get_position(fh, &pos));
	TEST_CHECK(pos == 1000);   /* moved at the start */
	TEST_MPI(MPI_File_iwrite_all(fh, src + 1, 1, every2, &two[1]));
	MPI_Status sts[2];
	TEST_MPI(MPI_Waitall(2, two, sts));
	MPI_Get_count(&sts[1], every2, &cnt);
	TEST_CHECK(cnt == 1);
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_File_seek(fh, 0, MPI_SEEK_SET));
	TEST_MPI(MPI_File_iread_all(fh, dst, 1, every2, &two[0]));
	TEST_MPI(MPI_File_iread_at_all(fh, 1000, dst + 1, 1, every2, &two[1]));
	TEST_MPI(MPI_Waitall(2, two, MPI_STATUSES_IGNORE));
	for (int i = 0; i < 2000; i++)
		TEST_CHECK(dst[i] == src[i]);
	/* Every rank's ints interleaved, through the byte view. */
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
	int *all = malloc(sizeof(int) * 2000 * (size_t)n);
	TEST_MPI(MPI_File_iread_at(fh, 0, all, 2000 * n, MPI_INT, &req));
	TEST_MPI(MPI_Wait(&req, &st));
	for (int j = 0; j < 2000 * n; j++) {
		/* this rank's k-th int: src[2k] for the first 1000, then
		 * src[2(k - 1000) + 1] */
		int owner = j % n, k = j / n, e = k < 1000 ? 2 * k : 2 * (k - 1000) + 1;
		TEST_CHECK(all[j] == owner * 100000 + e);
	}
	free(all);
	MPI_Type_free(&ft);
	MPI_Type_free(&every2);
	free(src);
	free(dst);

	/* 3. Past the end: a count of 0. */
	TEST_MPI(MPI_File_iread_at(fh, (MPI_Offset)(n + 5) * BIG, chk, 100, MPI_BYTE, &req));
	TEST_MPI(MPI_Wait(&req, &st));
	MPI_Get_count(&st, MPI_BYTE, &cnt);
	TEST_CHECK(cnt == 0);
	TEST_MPI(MPI_File_close(&fh));

	/* 4. Shared-pointer records, each once; then in atomic mode. */
	iotest_path(p, sizeof(p), "nbshared");
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_RDWR |
			       MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh));
	for (int atomic = 0; atomic < 2; atomic++) {
		TEST_MPI(MPI_File_set_atomicity(fh, atomic));
		TEST_MPI(MPI_File_seek_shared(fh, 0, MPI_SEEK_SET));
		MPI_Request rq[NREC];
		int recs[NREC][2];
		for (int k = 0; k < NREC; k++) {
			recs[k][0] = r;
			recs[k][1] = k + 1000 * atomic;
			TEST_MPI(MPI_File_iwrite_shared(fh, recs[k], 2, MPI_INT, &rq[k]));
		}
		TEST_MPI(MPI_Waitall(NREC, rq, MPI_STATUSES_IGNORE));
		MPI_Barrier(MPI_COMM_WORLD);
		TEST_MPI(MPI_File_seek_shared(fh, 0, MPI_SEEK_SET));
		int got = 0, seen[NREC] = { 0 };
		for (;;) {
			int rec[2];
			TEST_MPI(MPI_File_iread_shared(fh, rec, 2, MPI_INT, &req));
			TEST_MPI(MPI_Wait(&req, &st));
			MPI_Get_count(&st, MPI_INT, &cnt);
			if (cnt == 0)
				break;
			TEST_CHECK(cnt == 2 && rec[0] >= 0 && rec[0] < n);
			TEST_CHECK(rec[1] - 1000 * atomic >= 0 && rec[1] - 1000 * atomic < NREC);
			got++;
			if (rec[0] == r)
				seen[rec[1] - 1000 * atomic]++;
		}
		int sum = 0;
		MPI_Allreduce(&got, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
		TEST_CHECK(sum == n * NREC);
		MPI_Barrier(MPI_COMM_WORLD);
	}
	TEST_MPI(MPI_File_close(&fh));
	free(big);
	free(chk);
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
