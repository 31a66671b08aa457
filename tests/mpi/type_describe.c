/*
 * Description: datatype descriptions travel between ranks: a type packed
 * with MPI_Pack(MPI_DATATYPE) (binary on MPI_COMM_WORLD, the character
 * representation on MPI_COMM_UNIVERSAL) is sent as MPI_PACKED, rebuilt
 * with MPI_Unpack (committed) and used to receive data; the character
 * representation from MPI_Type_to_string is sent as chars and rebuilt
 * with MPI_Type_from_string; the seed's examples parse on every rank.
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

static int rank, size, partner;

static MPI_Datatype make_type(void)
{
	MPI_Datatype v, s;
	MPI_Type_vector(3, 2, 4, MPI_INT, &v);
	int bl[] = { 1, 2, 1 };
	MPI_Aint d[] = { 0, 16, 80 };
	MPI_Datatype ty[] = { MPI_DOUBLE, v, MPI_SHORT_INT };
	MPI_Type_create_struct(3, bl, d, ty, &s);
	MPI_Type_free(&v);
	MPI_Type_commit(&s);
	return s;
}

/* Send data with t, receive with r, compare. */
static void check_same_layout(MPI_Datatype t, MPI_Datatype r)
{
	MPI_Aint lb, ext, rlb, rext;
	MPI_Type_get_extent(t, &lb, &ext);
	MPI_Type_get_extent(r, &rlb, &rext);
	TEST_CHECK(lb == rlb && ext == rext);
	int n = 4;
	size_t span = (size_t)(ext * n + 64);
	char *a = malloc(span), *b = calloc(span, 1), *c = calloc(span, 1);
	for (size_t i = 0; i < span; i++)
		a[i] = (char)(i * 3 + 1);
	MPI_Sendrecv(a, n, t, partner, 5, b, n, r, partner, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	MPI_Sendrecv(a, n, t, partner, 6, c, n, t, partner, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	TEST_CHECK(memcmp(b, c, span) == 0);
	free(a);
	free(b);
	free(c);
}

int main(int argc, char **argv)
{
	mpitest_start(&argc, &argv, &rank, &size);
	partner = (rank ^ 1) < size ? rank ^ 1 : rank;
	MPI_Datatype t = make_type();

	MPI_Comm comms[2] = { MPI_COMM_WORLD, MPI_COMM_UNIVERSAL };
	for (int k = 0; k < 2; k++) {
		int bound, pos = 0;
		TEST_MPI(MPI_Pack_size(1, MPI_DATATYPE, comms[k], &bound));
		char *buf = malloc(4096), *in = malloc(4096);
		MPI_Datatype two[2] = { t, MPI_DOUBLE };
		TEST_MPI(MPI_Pack(two, 2, MPI_DATATYPE, buf, 4096, &pos, comms[k]));
		TEST_CHECK(pos <= 2 * bound);
		MPI_Status st;
		TEST_MPI(MPI_Sendrecv(buf, pos, MPI_PACKED, partner, k, in, 4096, MPI_PACKED, partner, k,
				      MPI_COMM_WORLD, &st));
		int got, p2 = 0;
		MPI_Get_count(&st, MPI_PACKED, &got);
		MPI_Datatype back[2];
		TEST_MPI(MPI_Unpack(in, got, &p2, back, 2, MPI_DATATYPE, comms[k]));
		TEST_CHECK(p2 == got);
		check_same_layout(t, back[0]);
		int s;
		MPI_Type_size(back[1], &s);
		TEST_CHECK(s == 8);
		MPI_Type_free(&back[0]);
		MPI_Type_free(&back[1]);
		free(buf);
		free(in);
	}

	/* the character representation as plain chars */
	char str[1024], rstr[1024];
	int len;
	TEST_MPI(MPI_Type_to_string(t, str, sizeof(str), &len));
	MPI_Status st;
	MPI_Sendrecv(str, len + 1, MPI_CHAR, partner, 7, rstr, sizeof(rstr), MPI_CHAR, partner, 7, MPI_COMM_WORLD,
		     &st);
	MPI_Datatype r;
	TEST_MPI(MPI_Type_from_string(rstr, &r));
	check_same_layout(t, r);
	MPI_Type_free(&r);

	const char *seeds[] = { "U329(HV:U3291(HV:U3292(V:R:9:1:2):9:1:400):9:1:40000)",
				"U331(HV:U3311(V:R:100:1:100):100:1:4)", "U333(S:4:i/1/0,d/6/8,c/7/56,UB/1/64)",
				"U334(S:3:i/1/96,d/6/104,c/7/152)" };
	for (int i = 0; i < 4; i++) {
		TEST_MPI(MPI_Type_from_string(seeds[i], &r));
		MPI_Type_free(&r);
	}
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	TEST_CHECK(MPI_Type_from_string("V:i:0:1:1", &r) == MPI_ERR_TYPE_STRING);
	int eclass;
	MPI_Error_class(MPI_ERR_TYPE_STRING, &eclass);
	TEST_CHECK(eclass == MPI_ERR_TYPE_STRING);
	MPI_Type_free(&t);
	MPI_Finalize();
	return 0;
}
