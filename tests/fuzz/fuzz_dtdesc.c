/*
 * tests/fuzz/fuzz_dtdesc.c - fuzz target of the binary datatype description
 * (lib/datatype/pack_dtype.c) as a rank receives it: MPI_Unpack of up to 4
 * MPI_DATATYPE elements on an ordinary communicator (the same decoder reads
 * the descriptions of typed rendezvous messages, mpii_type_from_wire).
 *
 * Every input must decode or give MPI_ERR_ARG, MPI_ERR_TRUNCATE or
 * MPI_ERR_NO_MEM, with the position unchanged on an error.  A decoded type
 * must describe itself again (MPI_Pack) into bytes that decode to a type
 * of the same size and bounds, and one element of it must pack and unpack
 * through its own span (ASan checks the accesses).  Corpus:
 * tests/fuzz/corpus-dtdesc, including the forged descriptions of issue 40
 * (count 1431655766 of indexed, ndims 2^30 of darray ...).
 */
#include "tests/fuzz/fuzz_common.h"

static void roundtrip(MPI_Datatype t)
{
	char buf[MPII_DTDESC_BOUND > 65536 ? 65536 : 4096];
	int pos = 0;
	MPI_Datatype u = MPI_DATATYPE_NULL;
	int rc = PMPI_Pack(&t, 1, MPI_DATATYPE, buf, (int)sizeof(buf), &pos, MPI_COMM_WORLD);
	if (rc == MPI_SUCCESS) {
		int p2 = 0;
		if (PMPI_Unpack(buf, pos, &p2, &u, 1, MPI_DATATYPE, MPI_COMM_WORLD) != MPI_SUCCESS ||
		    p2 != pos)
			abort(); /* our own description must decode */
		if (u->size != t->size || u->lb != t->lb || u->extent != t->extent ||
		    u->true_lb != t->true_lb || u->true_extent != t->true_extent)
			abort();
		mpii_type_release(&u);
	} else if (rc != MPI_ERR_TRUNCATE && rc != MPI_ERR_NO_MEM) {
		abort();
	}

	/* One element through its own span: pack, scribble, unpack. */
	char *base, *m = fuzz_alloc(t, 1, &base);
	if (!m || t->size > FUZZ_SPAN_MAX) {
		free(m);
		return;
	}
	char *packed = malloc((size_t)t->size + 1);
	if (packed) {
		pos = 0;
		if (PMPI_Pack(base, 1, t, packed, (int)t->size, &pos, MPI_COMM_WORLD) != MPI_SUCCESS ||
		    pos != t->size)
			abort();
		memset(packed, 0x5a, (size_t)t->size);
		pos = 0;
		if (PMPI_Unpack(packed, (int)t->size, &pos, base, 1, t, MPI_COMM_WORLD) != MPI_SUCCESS)
			abort();
		free(packed);
	}
	free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	MPI_Datatype t[4] = { MPI_DATATYPE_NULL, MPI_DATATYPE_NULL, MPI_DATATYPE_NULL, MPI_DATATYPE_NULL };
	if (size < 1 || size > 1 << 20)
		return 0;
	int n = 1 + (data[0] & 3), pos = 1;
	int rc = PMPI_Unpack(data, (int)size, &pos, t, n, MPI_DATATYPE, MPI_COMM_WORLD);
	if (rc != MPI_SUCCESS) {
		if ((rc != MPI_ERR_ARG && rc != MPI_ERR_TRUNCATE && rc != MPI_ERR_NO_MEM) || pos != 1)
			abort();
		for (int i = 0; i < 4; i++)
			if (t[i] != MPI_DATATYPE_NULL)
				abort(); /* nothing handed out on an error */
		return 0;
	}
	if (pos <= 1 || (size_t)pos > size)
		abort();
	for (int i = 0; i < n; i++) {
		if (!mpii_type_valid(t[i]) || mpii_type_is_predef(t[i]))
			abort();
		roundtrip(t[i]);
		mpii_type_release(&t[i]);
	}
	return 0;
}
