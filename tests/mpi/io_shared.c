/*
 * Description: MPI-IO shared file pointer, ordered and split collective
 * access, atomic mode (issue 39, step 3): records written with
 * write_shared by every rank are each in the file exactly once;
 * write_ordered puts the ranks' pieces in rank order and read_ordered
 * reads them back; seek_shared/get_position_shared; the split
 * collectives (begin/end, their errors); atomic mode keeps overlapping
 * writes of a view with many holes from interleaving between ranks.
 * np: 1 2 4
 */
#include "iotest.h"

enum { REC = 16, NREC = 50 };

int main(int argc, char **argv)
{
	int n, r, cnt;
	char p[512];
	MPI_File fh;
	MPI_Status st;
	mpitest_init(&argc, &argv, 1, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	iotest_path(p, sizeof(p), "shared");
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
			       &fh));

	/* 1. Records through the shared pointer. */
	MPI_Datatype rec;
	MPI_Type_contiguous(REC, MPI_CHAR, &rec);
	MPI_Type_commit(&rec);
	TEST_MPI(MPI_File_set_view(fh, 0, rec, rec, "native", MPI_INFO_NULL));
	char buf[REC];
	for (int k = 0; k < NREC; k++) {
		snprintf(buf, sizeof(buf), "r%03d k%03d     ", r, k);
		TEST_MPI(MPI_File_write_shared(fh, buf, 1, rec, &st));
	}
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Offset pos;
	TEST_MPI(MPI_File_get_position_shared(fh, &pos));
	TEST_CHECK(pos == (MPI_Offset)n * NREC);
	if (r == 0) {
		char *all = malloc((size_t)n * NREC * REC);
		int *seen = calloc((size_t)n * NREC, sizeof(int));
		TEST_MPI(MPI_File_read_at(fh, 0, all, n * NREC, rec, &st));
		MPI_Get_count(&st, rec, &cnt);
		TEST_CHECK(cnt == n * NREC);
		for (int i = 0; i < n * NREC; i++) {
			int rr, kk;
			TEST_CHECK(sscanf(all + (size_t)i * REC, "r%d k%d", &rr, &kk) == 2);
			TEST_CHECK(rr >= 0 && rr < n && kk >= 0 && kk < NREC);
			seen[rr * NREC + kk]++;
		}
		for (int i = 0; i < n * NREC; i++)
			TEST_CHECK(seen[i] == 1);
		free(all);
		free(seen);
	}
	/* read_shared reads records in turn: together, every record once. */
	TEST_MPI(MPI_File_seek_shared(fh, 0, MPI_SEEK_SET));
	int got = 0;
	for (;;) {
		TEST_MPI(MPI_File_read_shared(fh, buf, 1, rec, &st));
		MPI_Get_count(&st, rec, &cnt);
		if (cnt == 0)
			break;
		got++;
	}
	int sum = 0;
	MPI_Allreduce(&got, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	TEST_CHECK(sum == n * NREC);

	/* 2. Ordered: rank r writes r + 1 ints, all in rank order after the
	 * shared pointer's position. */
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
	TEST_MPI(MPI_File_seek_shared(fh, 10, MPI_SEEK_SET));
	int mine[64];
	for (int i = 0; i <= r; i++)
		mine[i] = r * 100 + i;
	TEST_MPI(MPI_File_write_ordered(fh, mine, r + 1, MPI_INT, &st));
	MPI_Get_count(&st, MPI_INT, &cnt);
	TEST_CHECK(cnt == r + 1);
	TEST_MPI(MPI_File_get_position_shared(fh, &pos));
	TEST_CHECK(pos == 10 + n * (n + 1) / 2);
	int back[64];
	TEST_MPI(MPI_File_seek_shared(fh, 10, MPI_SEEK_SET));
	TEST_MPI(MPI_File_read_ordered(fh, back, r + 1, MPI_INT, &st));
	for (int i = 0; i <= r; i++)
		TEST_CHECK(back[i] == r * 100 + i);
	int whole[128];
	TEST_MPI(MPI_File_read_at(fh, 10, whole, n * (n + 1) / 2, MPI_INT, &st));
	for (int rr = 0, j = 0; rr < n; rr++)
		for (int i = 0; i <= rr; i++, j++)
			TEST_CHECK(whole[j] == rr * 100 + i);
	TEST_MPI(MPI_File_seek_shared(fh, 0, MPI_SEEK_END));   /* the records' end */
	TEST_MPI(MPI_File_get_position_shared(fh, &pos));
	TEST_CHECK(pos == n * NREC * REC / (int)sizeof(int));

	/* 3. Split collectives. */
	int v = 7 + r, w = 0;
	TEST_MPI(MPI_File_write_at_all_begin(fh, 200 + r, &v, 1, MPI_INT));
	TEST_CHECK(iotest_class(MPI_File_write_all_begin(fh, &v, 1, MPI_INT)) == MPI_ERR_OTHER);
	TEST_CHECK(iotest_class(MPI_File_read_at_all_end(fh, &v, &st)) == MPI_ERR_OTHER);
	TEST_MPI(MPI_File_write_at_all_end(fh, &v, &st));
	MPI_Get_count(&st, MPI_INT, &cnt);
	TEST_CHECK(cnt == 1);
	TEST_MPI(MPI_File_read_at_all_begin(fh, 200 + (r + 1) % n, &w, 1, MPI_INT));
	TEST_MPI(MPI_File_read_at_all_end(fh, &w, &st));
	TEST_CHECK(w == 7 + (r + 1) % n);
	TEST_MPI(MPI_File_seek(fh, 200 + r, MPI_SEEK_SET));
	TEST_MPI(MPI_File_read_all_begin(fh, &w, 1, MPI_INT));
	TEST_MPI(MPI_File_read_all_end(fh, &w, &st));
	TEST_CHECK(w == 7 + r);
	TEST_MPI(MPI_File_seek(fh, 300 + r, MPI_SEEK_SET));
	TEST_MPI(MPI_File_write_all_begin(fh, &v, 1, MPI_INT));
	TEST_MPI(MPI_File_write_all_end(fh, &v, &st));
	TEST_MPI(MPI_File_write_ordered_begin(fh, &v, 1, MPI_INT));
	TEST_MPI(MPI_File_write_ordered_end(fh, &v, &st));
	TEST_MPI(MPI_File_get_position_shared(fh, &pos));
	TEST_MPI(MPI_File_seek_shared(fh, pos - n, MPI_SEEK_SET));
	TEST_MPI(MPI_File_read_ordered_begin(fh, &w, 1, MPI_INT));
	TEST_MPI(MPI_File_read_ordered_end(fh, &w, &st));
	TEST_CHECK(w == v);
	MPI_Type_free(&rec);
	TEST_MPI(MPI_File_close(&fh));

	/* 4. Atomic mode: every rank writes its byte over the same 512 runs
	 * of a view with holes (a pwrite each), many times; in atomic mode
	 * the runs all hold one rank's byte.  (With atomicity 0 this check
	 * fails at np=4 in every one of 3 tries.) */
	iotest_path(p, sizeof(p), "atomic");
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_RDWR |
			       MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh));
	int flag;
	TEST_MPI(MPI_File_set_atomicity(fh, 1));
	TEST_MPI(MPI_File_get_atomicity(fh, &flag));
	TEST_CHECK(flag == 1);
	enum { RUN = 256, RUNS = 512 };
	MPI_Datatype vec;
	MPI_Type_vector(RUNS, RUN, 2 * RUN, MPI_BYTE, &vec);
	MPI_Type_commit(&vec);
	TEST_MPI(MPI_File_set_view(fh, 0, MPI_BYTE, vec, "native", MPI_INFO_NULL));
	char *data = malloc(RUN * RUNS), *chk = malloc(RUN * RUNS);
	for (int it = 0; it < 20; it++) {
		memset(data, 'a' + r, RUN * RUNS);
		TEST_MPI(MPI_File_write_at(fh, 0, data, RUN * RUNS, MPI_BYTE, &st));
		TEST_MPI(MPI_File_read_at(fh, 0, chk, RUN * RUNS, MPI_BYTE, &st));
		MPI_Get_count(&st, MPI_BYTE, &cnt);
		TEST_CHECK(cnt == RUN * RUNS);
		for (int i = 1; i < RUN * RUNS; i++)
			TEST_CHECK(chk[i] == chk[0]);
	}
	free(data);
	free(chk);
	MPI_Type_free(&vec);
	TEST_MPI(MPI_File_close(&fh));
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
