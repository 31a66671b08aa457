/*
 * Description: two-phase collective writes (issue 39, step 3; on request:
 * the hint romio_cb_write=enable): a block-cyclic view of small blocks
 * written with write_all and write_at_all, a 2-D subarray write_all,
 * every byte checked through the byte view; a view whose ranges do not
 * interleave (each rank one contiguous block) skips the exchange; a rank
 * with a bad argument fails alone while the others' data lands.
 * np: 1 2 3 4
 */
#include "iotest.h"

enum { B = 3, NB = 100, G = 60 };

int main(int argc, char **argv)
{
	int n, r, cnt;
	char p[512];
	MPI_File fh;
	MPI_Status st;
	mpitest_init(&argc, &argv, 1, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	iotest_path(p, sizeof(p), "aggr");
	MPI_Info info;
	MPI_Info_create(&info);
	MPI_Info_set(info, "romio_cb_write", "enable");
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh));
	MPI_Info_free(&info);

	/* Block-cyclic blocks of B ints: rank r owns blocks r, r + n, ... */
	MPI_Datatype blk, ft;
	int bl = B, dp = r * B;
	MPI_Type_indexed(1, &bl, &dp, MPI_INT, &blk);
	MPI_Type_create_resized(blk, 0, (MPI_Aint)n * B * sizeof(int), &ft);
	MPI_Type_commit(&ft);
	MPI_Type_free(&blk);
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL));
	int mine[B * NB];
	for (int i = 0; i < B * NB; i++)
		mine[i] = r * 1000000 + i;
	/* The first half with write_all, the second with write_at_all. */
	TEST_MPI(MPI_File_write_all(fh, mine, B * NB / 2, MPI_INT, &st));
	MPI_Get_count(&st, MPI_INT, &cnt);
	TEST_CHECK(cnt == B * NB / 2);
	TEST_MPI(MPI_File_write_at_all(fh, B * NB / 2, mine + B * NB / 2, B * NB - B * NB / 2,
				       MPI_INT, &st));
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
	int total = n * B * NB;
	int *all = malloc(sizeof(int) * (size_t)(total > G * G ? total : G * G));
	TEST_MPI(MPI_File_read_at(fh, 0, all, total, MPI_INT, &st));
	MPI_Get_count(&st, MPI_INT, &cnt);
	TEST_CHECK(cnt == total);
	for (int j = 0; j < total; j++) {
		int block = j / B, owner = block % n, i = (block / n) * B + j % B;
		TEST_CHECK(all[j] == owner * 1000000 + i);
	}
	MPI_Type_free(&ft);
	MPI_Barrier(MPI_COMM_WORLD);

	/* A 2-D G x G array in row blocks of columns: a subarray per rank
	 * (columns split), written over the first file. */
	int gs[2] = { G, G }, sub[2] = { G, G / n + (r < G % n) }, start[2] = { 0, 0 };
	for (int k = 0; k < r; k++)
		start[1] += G / n + (k < G % n);
	MPI_Datatype sa;
	MPI_Type_create_subarray(2, gs, sub, start, MPI_ORDER_C, MPI_INT, &sa);
	MPI_Type_commit(&sa);
	int *loc = malloc(sizeof(int) * (size_t)(sub[0] * sub[1] + 1));
	for (int i = 0; i < sub[0]; i++)
		for (int j = 0; j < sub[1]; j++)
			loc[i * sub[1] + j] = -(i * G + start[1] + j);
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, sa, "native", MPI_INFO_NULL));
	TEST_MPI(MPI_File_write_all(fh, loc, sub[0] * sub[1], MPI_INT, &st));
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
	TEST_MPI(MPI_File_read_at(fh, 0, all, G * G, MPI_INT, &st));
	for (int j = 0; j < G * G; j++)
		TEST_CHECK(all[j] == -j);
	MPI_Type_free(&sa);
	free(loc);

	/* Each rank one contiguous block (no exchange); rank 0 passes a
	 * negative count and fails alone. */
	MPI_Barrier(MPI_COMM_WORLD);
	int v[4] = { r, r, r, r };
	int rc = MPI_File_write_at_all(fh, 16 * r, v, r == 0 && n > 1 ? -1 : 4, MPI_INT, &st);
	if (r == 0 && n > 1)
		TEST_CHECK(iotest_class(rc) == MPI_ERR_COUNT);
	else if (n > 1)
		TEST_CHECK(iotest_class(rc) == MPI_ERR_COUNT);   /* the agreed class */
	else
		TEST_CHECK(rc == MPI_SUCCESS);
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_File_read_at(fh, 16 * r, all, 4, MPI_INT, &st));
	if (r > 0 || n == 1)
		for (int i = 0; i < 4; i++)
			TEST_CHECK(all[i] == r);
	free(all);
	TEST_MPI(MPI_File_close(&fh));
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
