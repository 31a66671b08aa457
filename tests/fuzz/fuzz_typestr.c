/*
 * tests/fuzz/fuzz_typestr.c - libFuzzer target of the character
 * representation parser (lib/datatype/typestr_parse.c).  libFuzzer runs it
 * with `make fuzz-typestr`; make check runs it for a few seconds through
 * tests/fuzz/driver.c (tests/fuzz/check-typestr, tests/reliability.mk).
 *
 * Every input must either parse, or fail with MPI_ERR_TYPE_STRING and an
 * error position inside the input (MPI_ERR_NO_MEM is allowed).  A parsed
 * type must print (MPI_Type_to_string's producer) to a string that parses
 * again into a type with the same size, bounds and true bounds.  Address
 * sanitizer and the leak checker catch the rest.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/datatype/type_impl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	MPI_Datatype t = NULL, u = NULL;
	size_t pos = 0;
	const char *why = NULL;
	int rc = mpii_typestr_parse((const char *)data, size, &t, &pos, &why);

	if (rc == MPI_ERR_NO_MEM)
		return 0;
	if (rc != MPI_SUCCESS) {
		if (rc != MPI_ERR_TYPE_STRING || pos > size || !why)
			abort();
		return 0;
	}
	char *s;
	size_t n;
	if (mpii_typestr_format(t, &s, &n) == MPI_SUCCESS) {
		rc = mpii_typestr_parse(s, n, &u, &pos, &why);
		if (rc == MPI_SUCCESS) {
			if (u->size != t->size || u->lb != t->lb || u->extent != t->extent ||
			    u->true_lb != t->true_lb || u->true_extent != t->true_extent)
				abort();
			mpii_type_release(&u);
		} else if (rc != MPI_ERR_NO_MEM) {
			abort(); /* our own output must parse */
		}
		free(s);
	}
	mpii_type_release(&t);
	return 0;
}
