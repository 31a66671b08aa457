/*
 * Description: files opened and closed many times, and opened on a new
 * group once the segment arena is full (issue 39; HDF5's testphdf5 at np 4,
 * rrobjflushconf, failed in H5Fopen): a file reopened on the same group
 * takes its communicator and block again, with the shared pointer back at
 * 0 and every byte written before still there; then, with the arena used
 * up by communicators that ran collectives (their scratch is never given
 * back, as HDF5's dups do), a file opened on a subgroup whose rank 0 is
 * not world rank 0 still opens (its block is a mapping of its own, not
 * MPI_ERR_NO_MEM), and its shared pointer and atomic mode work: records
 * written with write_shared by every member are each there exactly once.
 * np: 3 4
 * env: SHMPI_ARENA_MB=1
 */
#include "iotest.h"

enum { ROUNDS = 40, DUPS = 64, REC = 16, NREC = 20 };

static char big[64 << 10];

int main(int argc, char **argv)
{
	int n, r, v;
	char p[512], q[512];
	MPI_File fh;
	MPI_Status st;
	MPI_Offset pos;
	mpitest_init(&argc, &argv, 3, &n, &r);
	iotest_dir_make(MPI_COMM_WORLD);
	iotest_path(p, sizeof(p), "reopen");
	iotest_path(q, sizeof(q), "sub");

	/* 1. Open, write one int each, close: the same group again and again. */
	for (int k = 0; k < ROUNDS; k++) {
		TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_RDWR,
				       MPI_INFO_NULL, &fh));
		TEST_MPI(MPI_File_get_position_shared(fh, &pos));
		TEST_CHECK(pos == 0);
		v = k * n + r;
		TEST_MPI(MPI_File_write_at_all(fh, (MPI_Offset)(k * n + r) * 4, &v, 1, MPI_INT, &st));
		/* The shared pointer moves in this open only. */
		TEST_MPI(MPI_File_seek_shared(fh, 1000, MPI_SEEK_SET));
		TEST_MPI(MPI_File_close(&fh));
	}
	TEST_MPI(MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh));
	for (int i = 0; i < ROUNDS * n; i++) {
		v = -1;
		TEST_MPI(MPI_File_read_at(fh, (MPI_Offset)i * 4, &v, 1, MPI_INT, &st));
		TEST_CHECK(v == i);
	}
	TEST_MPI(MPI_File_close(&fh));

	/* 2. Use the arena up: each communicator's first collectives take
	 * their scratch from it, and freeing it gives nothing back. */
	for (int k = 0; k < DUPS; k++) {
		MPI_Comm d;
		MPI_Comm_dup(MPI_COMM_WORLD, &d);
		MPI_Barrier(d);
		v = 1;
		MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, d);
		TEST_CHECK(v == n);
		MPI_Bcast(big, (int)sizeof(big), MPI_CHAR, 0, d);
		MPI_Comm_free(&d);
	}

	/* 3. A file on a group it has never been opened on, twice (the second
	 * time its communicator is a kept one). */
	MPI_Comm sub;
	MPI_Comm_split(MPI_COMM_WORLD, r == 0, r, &sub);
	int sn, sr;
	MPI_Comm_size(sub, &sn);
	MPI_Comm_rank(sub, &sr);
	MPI_Datatype rec;
	MPI_Type_contiguous(REC, MPI_CHAR, &rec);
	MPI_Type_commit(&rec);
	for (int round = 0; round < 2; round++) {
		int rc = MPI_File_open(sub, q, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
		if (rc != MPI_SUCCESS) {
			char s[MPI_MAX_ERROR_STRING];
			int len;
			MPI_Error_string(rc, s, &len);
			fprintf(stderr, "rank %d: open on the subgroup: %s\n", r, s);
		}
		TEST_CHECK(rc == MPI_SUCCESS);
		TEST_MPI(MPI_File_set_view(fh, 0, rec, rec, "native", MPI_INFO_NULL));
		TEST_MPI(MPI_File_get_position_shared(fh, &pos));
		TEST_CHECK(pos == 0);
		TEST_MPI(MPI_File_set_atomicity(fh, round));
		char buf[REC + 1];
		for (int k = 0; k < NREC; k++) {
			snprintf(buf, sizeof(buf), "%03d %03d %03d    ", round, sr, k);
			TEST_MPI(MPI_File_write_shared(fh, buf, 1, rec, &st));
		}
		MPI_Barrier(sub);
		TEST_MPI(MPI_File_get_position_shared(fh, &pos));
		TEST_CHECK(pos == (MPI_Offset)sn * NREC);
		if (sr == 0) {
			/* Every (rank, k) record exactly once. */
			char seen[8][NREC];
			memset(seen, 0, sizeof(seen));
			for (int i = 0; i < sn * NREC; i++) {
				int a, b, c;
				TEST_MPI(MPI_File_read_at(fh, i, buf, 1, rec, &st));
				buf[REC] = 0;
				TEST_CHECK(sscanf(buf, "%d %d %d", &a, &b, &c) == 3);
				TEST_CHECK(a == round && b >= 0 && b < sn && b < 8 && c >= 0 && c < NREC);
				TEST_CHECK(!seen[b][c]);
				seen[b][c] = 1;
			}
		}
		TEST_MPI(MPI_File_close(&fh));
	}
	MPI_Type_free(&rec);
	MPI_Comm_free(&sub);
	iotest_dir_remove(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
