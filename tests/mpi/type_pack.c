/*
 * Description: MPI_Pack/MPI_Unpack of derived types sent as MPI_PACKED
 * and received with the original type (and the reverse); several types in
 * one packing unit; MPI_Pack_external/MPI_Unpack_external round trips of
 * every C basic type; MPI_COMM_UNIVERSAL producing external32's bytes;
 * MPI_ERR_TRUNCATE when the buffer is too small.
 * Also run with every non-empty message by rendezvous and every
 * non-contiguous type by the typed single copy (SHMPI_CMA_IOV_MIN=1), once
 * with the copy split between receiver and sender.
 * np: 1 2
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_CMA_IOV_MIN=1 SHMPI_EAGER_MAX=0
 * env: SHMPI_CMA_IOV_MIN=1 SHMPI_EAGER_MAX=0 SHMPI_CMA_SPLIT_MIN=1
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size, partner;
	mpitest_start(&argc, &argv, &rank, &size);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	partner = (rank ^ 1) < size ? rank ^ 1 : rank;

	/* a vector and an int in one unit, sent as MPI_PACKED */
	double m[6][6];
	for (int i = 0; i < 36; i++)
		m[i / 6][i % 6] = i + 100 * rank;
	MPI_Datatype col;
	MPI_Type_vector(6, 1, 6, MPI_DOUBLE, &col);
	MPI_Type_commit(&col);
	int psize, isize, pos = 0, tag = 42 + rank;
	MPI_Pack_size(1, col, MPI_COMM_WORLD, &psize);
	MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &isize);
	TEST_CHECK(psize == 48 && isize == 4);
	char *buf = malloc((size_t)(psize + isize)), *rbuf = malloc((size_t)(psize + isize));
	TEST_MPI(MPI_Pack(&tag, 1, MPI_INT, buf, psize + isize, &pos, MPI_COMM_WORLD));
	TEST_MPI(MPI_Pack(&m[0][2], 1, col, buf, psize + isize, &pos, MPI_COMM_WORLD));
	TEST_CHECK(pos == 52);
	TEST_CHECK(MPI_Pack(&m[0][2], 1, col, buf, psize + isize, &pos, MPI_COMM_WORLD) == MPI_ERR_TRUNCATE);
	TEST_MPI(MPI_Sendrecv(buf, pos, MPI_PACKED, partner, 0, rbuf, pos, MPI_PACKED, partner, 0,
			      MPI_COMM_WORLD, MPI_STATUS_IGNORE));
	int rtag, p2 = 0;
	double c[6];
	TEST_MPI(MPI_Unpack(rbuf, pos, &p2, &rtag, 1, MPI_INT, MPI_COMM_WORLD));
	TEST_MPI(MPI_Unpack(rbuf, pos, &p2, c, 6, MPI_DOUBLE, MPI_COMM_WORLD));
	TEST_CHECK(rtag == 42 + partner);
	for (int i = 0; i < 6; i++)
		TEST_CHECK(c[i] == i * 6 + 2 + 100 * partner);

	/* packed data received with the type itself */
	double r[6][6];
	memset(r, 0, sizeof(r));
	pos = 0;
	MPI_Pack(&m[0][1], 1, col, buf, psize, &pos, MPI_COMM_WORLD);
	TEST_MPI(MPI_Sendrecv(buf, pos, MPI_PACKED, partner, 1, &r[0][4], 1, col, partner, 1, MPI_COMM_WORLD,
			      MPI_STATUS_IGNORE));
	for (int i = 0; i < 6; i++)
		TEST_CHECK(r[i][4] == i * 6 + 1 + 100 * partner && r[i][3] == 0);
	MPI_Type_free(&col);

	/* external32 round trips of the C basic types */
	struct { MPI_Datatype t; int ext; } types[] = {
		{ MPI_CHAR, 1 }, { MPI_SIGNED_CHAR, 1 }, { MPI_UNSIGNED_CHAR, 1 }, { MPI_SHORT, 2 },
		{ MPI_UNSIGNED_SHORT, 2 }, { MPI_INT, 4 }, { MPI_UNSIGNED, 4 }, { MPI_LONG, 4 },
		{ MPI_UNSIGNED_LONG, 4 }, { MPI_LONG_LONG, 8 }, { MPI_UNSIGNED_LONG_LONG, 8 },
		{ MPI_FLOAT, 4 }, { MPI_DOUBLE, 8 }, { MPI_LONG_DOUBLE, 16 }, { MPI_WCHAR, 4 },
		{ MPI_C_BOOL, 1 }, { MPI_INT8_T, 1 }, { MPI_INT16_T, 2 }, { MPI_INT32_T, 4 },
		{ MPI_INT64_T, 8 }, { MPI_UINT8_T, 1 }, { MPI_UINT16_T, 2 }, { MPI_UINT32_T, 4 },
		{ MPI_UINT64_T, 8 }, { MPI_AINT, 8 }, { MPI_OFFSET, 8 }, { MPI_COUNT, 8 },
		{ MPI_C_FLOAT_COMPLEX, 8 }, { MPI_C_DOUBLE_COMPLEX, 16 }, { MPI_C_LONG_DOUBLE_COMPLEX, 32 },
		{ MPI_BYTE, 1 }, { MPI_PACKED, 1 }, { MPI_FLOAT_INT, 8 }, { MPI_DOUBLE_INT, 12 },
		{ MPI_LONG_INT, 8 }, { MPI_2INT, 8 }, { MPI_SHORT_INT, 6 }, { MPI_LONG_DOUBLE_INT, 20 },
	};
	for (size_t k = 0; k < sizeof(types) / sizeof(types[0]); k++) {
		MPI_Datatype t = types[k].t;
		MPI_Aint ext, lb, esz, p = 0;
		MPI_Type_get_extent(t, &lb, &ext);
		MPI_Pack_external_size("external32", 3, t, &esz);
		TEST_CHECK(esz == 3 * types[k].ext);
		unsigned char in[3 * 64], out[3 * 64], eb[3 * 64];
		memset(in, 0, sizeof(in));
		memset(out, 0, sizeof(out));
		/* small values that survive every conversion (long: 32 bits) */
		for (int e = 0; e < 3; e++) {
			int tsz;
			MPI_Type_size(t, &tsz);
			for (int bidx = 0; bidx < 2 && bidx < tsz; bidx++)
				in[e * ext + bidx] = (unsigned char)(e + 1 + bidx);
		}
		if (t == MPI_FLOAT || t == MPI_DOUBLE || t == MPI_LONG_DOUBLE || t == MPI_C_FLOAT_COMPLEX ||
		    t == MPI_C_DOUBLE_COMPLEX || t == MPI_C_LONG_DOUBLE_COMPLEX || t == MPI_FLOAT_INT ||
		    t == MPI_DOUBLE_INT || t == MPI_LONG_DOUBLE_INT || t == MPI_C_BOOL) {
			memset(in, 0, sizeof(in));
			for (int e = 0; e < 3; e++) {
				if (t == MPI_FLOAT || t == MPI_C_FLOAT_COMPLEX || t == MPI_FLOAT_INT)
					((float *)(in + e * ext))[0] = 1.5f * (float)(e + 1);
				else if (t == MPI_DOUBLE || t == MPI_C_DOUBLE_COMPLEX || t == MPI_DOUBLE_INT)
					((double *)(in + e * ext))[0] = -2.25 * (e + 1);
				else if (t == MPI_C_BOOL)
					in[e * ext] = e & 1;
				else
					((long double *)(in + e * ext))[0] = 3.0L / (e + 1);
			}
		}
		TEST_MPI(MPI_Pack_external("external32", in, 3, t, eb, sizeof(eb), &p));
		TEST_CHECK(p == esz);
		p = 0;
		TEST_MPI(MPI_Unpack_external("external32", eb, esz, &p, out, 3, t));
		/* compare the data bytes only (pairs have padding) */
		int upos = 0, upos2 = 0;
		int psz;
		MPI_Pack_size(3, t, MPI_COMM_WORLD, &psz);
		char *pa = malloc((size_t)psz), *pb = malloc((size_t)psz);
		MPI_Pack(in, 3, t, pa, psz, &upos, MPI_COMM_WORLD);
		MPI_Pack(out, 3, t, pb, psz, &upos2, MPI_COMM_WORLD);
		if (t == MPI_LONG_DOUBLE || t == MPI_C_LONG_DOUBLE_COMPLEX || t == MPI_LONG_DOUBLE_INT) {
			for (int e = 0; e < 3; e++)
				TEST_CHECK(((long double *)(in + e * ext))[0] == ((long double *)(out + e * ext))[0]);
		} else {
			TEST_CHECK(memcmp(pa, pb, (size_t)psz) == 0);
		}
		/* MPI_COMM_UNIVERSAL: the same bytes */
		unsigned char ub[3 * 64];
		int up = 0;
		TEST_MPI(MPI_Pack(in, 3, t, ub, sizeof(ub), &up, MPI_COMM_UNIVERSAL));
		TEST_CHECK(up == esz && memcmp(ub, eb, (size_t)esz) == 0);
		free(pa);
		free(pb);
	}
	/* big-endian bytes */
	int v = 0x0a0b0c0d;
	unsigned char be[4];
	MPI_Aint bp = 0;
	MPI_Pack_external("external32", &v, 1, MPI_INT, be, 4, &bp);
	TEST_CHECK(be[0] == 0x0a && be[3] == 0x0d);
	bp = 0;
	TEST_CHECK(MPI_Pack_external("external32", &v, 2, MPI_INT, be, 4, &bp) == MPI_ERR_TRUNCATE);
	free(buf);
	free(rbuf);
	MPI_Finalize();
	return 0;
}
