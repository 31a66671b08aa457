/*
 * Description: MPI-IO views and independent/collective data access
 * (issue 39, step 2): a block-cyclic view made of a resized filetype with
 * holes written with write_all and checked through the plain byte view;
 * a 2-D darray view written by all and read back through a subarray view
 * into non-contiguous memory; a struct filetype with holes; explicit
 * offsets and the individual pointer (seek SET/CUR/END, get_position,
 * get_byte_offset); reading at and past the end gives a count of 0; the
 * view errors (filetype not made of etypes, negative displacement,
 * unknown representation, data that is not whole etypes: MPI_ERR_IO as
 * ROMIO answers, and MPI_ERR_ARG for a negative disp argument).
 * np: 1 2 4
 */
#include "iotest.h"

enum { B = 5, NB = 7, G = 12 };

int main(int argc, char **argv)
{
	int n, r, cnt;
	char p[512];
	MPI_File fh;
	MPI_Status st;
	mpitest_init(&argc, &argv, 1, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	iotest_path(p, sizeof(p), "view");
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
			       &fh));

	/* 1. Block-cyclic: rank r owns blocks r, r + n, ... of B ints. */
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
	TEST_MPI(MPI_File_write_all(fh, mine, B * NB, MPI_INT, &st));
	MPI_Get_count(&st, MPI_INT, &cnt);
	TEST_CHECK(cnt == B * NB);
	MPI_Offset pos, off;
	TEST_MPI(MPI_File_get_position(fh, &pos));
	TEST_CHECK(pos == B * NB);
	TEST_MPI(MPI_File_get_byte_offset(fh, B + 2, &off));
	TEST_CHECK(off == (MPI_Offset)((n + r) * B + 2) * (MPI_Offset)sizeof(int));
	TEST_MPI(MPI_File_sync(fh));
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_File_sync(fh));

	/* Seek to the end of this rank's part of the file. */
	TEST_MPI(MPI_File_seek(fh, 0, MPI_SEEK_END));
	TEST_MPI(MPI_File_get_position(fh, &pos));
	TEST_CHECK(pos == B * NB);
	TEST_MPI(MPI_File_seek(fh, -B, MPI_SEEK_CUR));
	int back[B];
	TEST_MPI(MPI_File_read(fh, back, B, MPI_INT, &st));
	for (int i = 0; i < B; i++)
		TEST_CHECK(back[i] == mine[B * (NB - 1) + i]);
	TEST_CHECK(iotest_class(MPI_File_seek(fh, -1, MPI_SEEK_SET)) == MPI_ERR_ARG);
	/* At and past the end: a count of 0, not an error. */
	TEST_MPI(MPI_File_read(fh, back, B, MPI_INT, &st));
	MPI_Get_count(&st, MPI_INT, &cnt);
	TEST_CHECK(cnt == 0);
	TEST_MPI(MPI_File_read_at(fh, 1000, back, B, MPI_INT, &st));
	MPI_Get_count(&st, MPI_INT, &cnt);
	TEST_CHECK(cnt == 0);

	/* The whole file through the byte view. */
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
	int total = n * B * NB;
	int *all = malloc(sizeof(int) * (size_t)(total + 3));
	TEST_MPI(MPI_File_read_at_all(fh, 0, all, total + 3, MPI_INT, &st));
	MPI_Get_count(&st, MPI_INT, &cnt);
	TEST_CHECK(cnt == total);   /* short at the end of the file */
	for (int j = 0; j < total; j++) {
		int block = j / B, owner = block % n, i = (block / n) * B + j % B;
		TEST_CHECK(all[j] == owner * 1000000 + i);
	}
	free(all);
	MPI_Type_free(&ft);

	/* 2. A G x G int array, block-distributed (darray) for the write,
	 * read back through a subarray view into every other int of a
	 * bigger buffer. */
	int dims[2] = { 0, 0 }, psizes[2], gs[2] = { G, G };
	MPI_Dims_create(n, 2, dims);
	psizes[0] = dims[0];
	psizes[1] = dims[1];
	int distrib[2] = { MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK };
	int dargs[2] = { MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG };
	MPI_Datatype darr;
	MPI_Type_create_darray(n, r, 2, gs, distrib, dargs, psizes, MPI_ORDER_C, MPI_INT, &darr);
	MPI_Type_commit(&darr);
	int coords[2] = { r / dims[1], r % dims[1] };
	int rows = G / dims[0] + (G % dims[0] ? 1 : 0), cols = G / dims[1] + (G % dims[1] ? 1 : 0);
	int r0 = coords[0] * rows, c0 = coords[1] * cols;
	int nr = r0 + rows > G ? G - r0 : rows, nc = c0 + cols > G ? G - c0 : cols;
	if (nr < 0)
		nr = 0;
	if (nc < 0)
		nc = 0;
	int *loc = malloc(sizeof(int) * (size_t)(nr * nc + 1));
	for (int i = 0; i < nr; i++)
		for (int j = 0; j < nc; j++)
			loc[i * nc + j] = (r0 + i) * G + c0 + j;
	TEST_MPI(MPI_File_set_view(fh, 64, MPI_INT, darr, "native", MPI_INFO_NULL));
	TEST_MPI(MPI_File_write_all(fh, loc, nr * nc, MPI_INT, &st));
	MPI_Barrier(MPI_COMM_WORLD);
	/* Read the transposed ownership: rank r reads the block of rank
	 * (n - 1 - r) through a subarray. */
	int o = n - 1 - r, oc[2] = { o / dims[1], o % dims[1] };
	int or0 = oc[0] * rows, oc0 = oc[1] * cols;
	int onr = or0 + rows > G ? G - or0 : rows, onc = oc0 + cols > G ? G - oc0 : cols;
	if (onr > 0 && onc > 0) {
		int sub[2] = { onr, onc }, start[2] = { or0, oc0 };
		MPI_Datatype sa, every2;
		MPI_Type_create_subarray(2, gs, sub, start, MPI_ORDER_C, MPI_INT, &sa);
		MPI_Type_commit(&sa);
		MPI_Type_vector(onr * onc, 1, 2, MPI_INT, &every2);
		MPI_Type_commit(&every2);
		TEST_MPI(MPI_File_set_view(fh, 64, MPI_INT, sa, "native", MPI_INFO_NULL));
		int *rb = calloc((size_t)(2 * onr * onc), sizeof(int));
		TEST_MPI(MPI_File_read_at(fh, 0, rb, 1, every2, &st));
		MPI_Get_count(&st, every2, &cnt);
		TEST_CHECK(cnt == 1);
		for (int i = 0; i < onr; i++)
			for (int j = 0; j < onc; j++)
				TEST_CHECK(rb[2 * (i * onc + j)] == (or0 + i) * G + oc0 + j);
		free(rb);
		MPI_Type_free(&sa);
		MPI_Type_free(&every2);
	} else {
		TEST_MPI(MPI_File_set_view(fh, 64, MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
	}
	free(loc);
	MPI_Type_free(&darr);

	/* get_view returns the view's types (derived: new ones to free). */
	MPI_Offset d;
	MPI_Datatype et, gt;
	char rep[MPI_MAX_DATAREP_STRING];
	TEST_MPI(MPI_File_get_view(fh, &d, &et, &gt, rep));
	TEST_CHECK(d == 64 && et == MPI_INT && strcmp(rep, "native") == 0);
	int sz;
	MPI_Type_size(gt, &sz);
	TEST_CHECK(sz == (onr > 0 && onc > 0 ? onr * onc * 4 : 4));
	if (gt != MPI_INT)
		MPI_Type_free(&gt);

	/* 3. A struct filetype with holes (one rank, its own file). */
	char q[512], name[32];
	snprintf(name, sizeof(name), "struct%d", r);
	iotest_path(q, sizeof(q), name);
	MPI_File f1;
	TEST_MPI(MPI_File_open(MPI_COMM_SELF, q, MPI_MODE_CREATE | MPI_MODE_RDWR |
			       MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &f1));
	int blens[2] = { 1, 1 };
	MPI_Aint displs[2] = { 4, 16 };
	MPI_Datatype types[2] = { MPI_INT, MPI_DOUBLE }, s0, sft;
	MPI_Type_create_struct(2, blens, displs, types, &s0);
	MPI_Type_create_resized(s0, 0, 32, &sft);
	MPI_Type_commit(&sft);
	MPI_Type_free(&s0);
	TEST_MPI(MPI_File_set_view(f1, 8, MPI_BYTE, sft, "native", MPI_INFO_NULL));
	struct { int i; double x; } rec[3] = { { 1, 1.5 }, { 2, 2.5 }, { 3, 3.5 } };
	MPI_Aint sd[2] = { offsetof(__typeof__(rec[0]), i), offsetof(__typeof__(rec[0]), x) };
	MPI_Datatype m0, mt;
	MPI_Type_create_struct(2, blens, sd, types, &m0);
	MPI_Type_create_resized(m0, 0, sizeof(rec[0]), &mt);
	MPI_Type_commit(&mt);
	MPI_Type_free(&m0);
	TEST_MPI(MPI_File_write(f1, rec, 3, mt, &st));
	TEST_MPI(MPI_File_set_view(f1, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
	unsigned char raw[8 + 3 * 32];
	TEST_MPI(MPI_File_read_at(f1, 0, raw, sizeof(raw), MPI_BYTE, &st));
	MPI_Get_count(&st, MPI_BYTE, &cnt);
	TEST_CHECK(cnt == 8 + 2 * 32 + 24);   /* the last hole is not written */
	for (int k = 0; k < 3; k++) {
		int iv;
		double xv;
		memcpy(&iv, raw + 8 + 32 * k + 4, 4);
		memcpy(&xv, raw + 8 + 32 * k + 16, 8);
		TEST_CHECK(iv == k + 1 && xv == k + 1.5);
	}
	/* View errors. */
	MPI_Datatype odd;
	MPI_Type_contiguous(3, MPI_BYTE, &odd);
	MPI_Type_commit(&odd);
	TEST_CHECK(iotest_class(MPI_File_set_view(f1, 0, MPI_INT, odd, "native", MPI_INFO_NULL)) ==
		   MPI_ERR_IO);
	TEST_CHECK(iotest_class(MPI_File_set_view(f1, -8, MPI_INT, MPI_INT, "native", MPI_INFO_NULL)) ==
		   MPI_ERR_ARG);
	TEST_CHECK(iotest_class(MPI_File_set_view(f1, 0, MPI_INT, MPI_INT, "klingon", MPI_INFO_NULL)) ==
		   MPI_ERR_UNSUPPORTED_DATAREP);
	TEST_MPI(MPI_File_set_view(f1, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
	TEST_CHECK(iotest_class(MPI_File_write_at(f1, 0, raw, 3, MPI_BYTE, &st)) == MPI_ERR_IO);
	MPI_Type_free(&odd);
	MPI_Type_free(&sft);
	MPI_Type_free(&mt);
	TEST_MPI(MPI_File_close(&f1));

	TEST_MPI(MPI_File_close(&fh));
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
