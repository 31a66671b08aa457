/*
 * tests/fuzz/fuzz_unpack.c - fuzz target of MPI_Unpack in native
 * representation with a type another rank described: input = one byte of
 * count, a binary type description (lib/datatype/pack_dtype.c), then the
 * packed data.  The description is decoded as MPI_Unpack(MPI_DATATYPE)
 * does; the data is unpacked into exactly the span the elements cover
 * (ASan checks every store), and must give MPI_SUCCESS with the position
 * advanced by count x size, or MPI_ERR_TRUNCATE / MPI_ERR_COUNT with it
 * unchanged.  Corpus: tests/fuzz/corpus-unpack.
 */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	MPI_Datatype t = MPI_DATATYPE_NULL;
	if (size < 1 || size > 1 << 20)
		return 0;
	int count = data[0] & 15, pos = 1;
	if (PMPI_Unpack(data, (int)size, &pos, &t, 1, MPI_DATATYPE, MPI_COMM_WORLD) != MPI_SUCCESS)
		return 0;
	char *base, *m = fuzz_alloc(t, count ? count : 1, &base);
	if (m) {
		int start = pos;
		int rc = PMPI_Unpack(data, (int)size, &pos, base, count, t, MPI_COMM_WORLD);
		if (rc == MPI_SUCCESS) {
			if ((MPI_Count)(pos - start) != (MPI_Count)count * t->size)
				abort();
		} else if ((rc != MPI_ERR_TRUNCATE && rc != MPI_ERR_COUNT) || pos != start) {
			abort();
		}
		free(m);
	}
	mpii_type_release(&t);
	return 0;
}
