/*
 * tests/fuzz/fuzz_common.h - what the fuzz targets of the type decoders
 * share: the memory an unpacked element needs, and a bounded pack/unpack
 * round trip that checks a decoded type's typemap against its own bounds.
 * The targets link the type engine's sources with the core's stubs
 * (tests/unit/type_stubs.c), as tests/unit/check_type does.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/datatype/type_impl.h"

/* Largest memory span a target unpacks into (bigger types are skipped). */
#define FUZZ_SPAN_MAX ((MPI_Count)1 << 20)

/* The bytes [lo, hi) relative to the buffer address that count elements
 * of t touch; 0 when they fit FUZZ_SPAN_MAX, -1 when not. */
static inline int fuzz_span(MPI_Datatype t, MPI_Count count, MPI_Count *lo, MPI_Count *hi)
{
	MPI_Count step, a, b;
	if (count <= 0 || t->true_extent < 0 || t->true_extent > FUZZ_SPAN_MAX ||
	    t->extent > FUZZ_SPAN_MAX || t->extent < -FUZZ_SPAN_MAX ||
	    t->true_lb > FUZZ_SPAN_MAX || t->true_lb < -FUZZ_SPAN_MAX)
		return -1;
	step = (count - 1) * (MPI_Count)t->extent;
	a = t->true_lb + (step < 0 ? step : 0);
	b = t->true_lb + t->true_extent + (step > 0 ? step : 0);
	if (b - a > FUZZ_SPAN_MAX)
		return -1;
	*lo = a;
	*hi = b;
	return 0;
}

/* Allocate the span of count elements of t; *base is the buffer address
 * to pass to MPI (base + lo is the allocation).  NULL when too big. */
static inline char *fuzz_alloc(MPI_Datatype t, MPI_Count count, char **base)
{
	MPI_Count lo, hi;
	if (fuzz_span(t, count, &lo, &hi))
		return NULL;
	char *m = malloc((size_t)(hi - lo) + 1);
	if (!m)
		return NULL;
	memset(m, 0, (size_t)(hi - lo) + 1);
	*base = m - lo;
	return m;
}

#endif
