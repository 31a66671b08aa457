/*
 * tests/fuzz/fuzz_external.c - fuzz target of the canonical (external32)
 * decoders: input = one byte of mode and count, a 2-byte length, a type
 * string (lib/datatype/typestr_parse.c), then external32 data.  Mode 0
 * unpacks the data with MPI_Unpack_external, mode 1 with MPI_Unpack on
 * MPI_COMM_UNIVERSAL; mode 2 unpacks the rest of the input as
 * MPI_DATATYPE elements on MPI_COMM_UNIVERSAL (each a 4-byte big-endian
 * length and a type string).  Every call must succeed within the bounds it
 * was given (ASan checks the stores into exactly the elements' span) or
 * return an error class with the position unchanged.  Corpus:
 * tests/fuzz/corpus-external.
 */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	MPI_Datatype t = MPI_DATATYPE_NULL;
	if (size < 3 || size > 1 << 20)
		return 0;
	int mode = data[0] >> 6, count = data[0] & 15;
	size_t len = (size_t)data[1] << 8 | data[2];
	if (mode == 2) {
		MPI_Datatype ts[4] = { MPI_DATATYPE_NULL, MPI_DATATYPE_NULL, MPI_DATATYPE_NULL,
				       MPI_DATATYPE_NULL };
		int n = 1 + (count & 3), pos = 3;
		int rc = PMPI_Unpack(data, (int)size, &pos, ts, n, MPI_DATATYPE, MPI_COMM_UNIVERSAL);
		if (rc != MPI_SUCCESS) {
			if (pos != 3 || ts[0] != MPI_DATATYPE_NULL)
				abort();
			return 0;
		}
		for (int i = 0; i < n; i++)
			mpii_type_release(&ts[i]);
		return 0;
	}
	if (len > size - 3)
		return 0;
	size_t errpos;
	const char *why;
	if (mpii_typestr_parse((const char *)data + 3, len, &t, &errpos, &why) != MPI_SUCCESS)
		return 0;
	char *base, *m = fuzz_alloc(t, count ? count : 1, &base);
	if (m) {
		const char *in = (const char *)data + 3 + len;
		size_t inlen = size - 3 - len;
		MPI_Count need = (MPI_Count)count * mpii_type_ext32_size(t);
		int rc;
		if (mode == 0) {
			MPI_Aint pos = 0;
			rc = PMPI_Unpack_external("external32", in, (MPI_Aint)inlen, &pos, base, count, t);
			if (rc == MPI_SUCCESS ? pos != need : pos != 0)
				abort();
		} else {
			int pos = 0;
			rc = PMPI_Unpack(in, (int)inlen, &pos, base, count, t, MPI_COMM_UNIVERSAL);
			if (rc == MPI_SUCCESS ? pos != need : pos != 0)
				abort();
		}
		if (rc != MPI_SUCCESS && rc != MPI_ERR_TRUNCATE && rc != MPI_ERR_COUNT)
			abort();
		free(m);
	}
	mpii_type_release(&t);
	return 0;
}
