/*
 * lib/datatype/type_large.c - counts above INT_MAX (MPI-4.0's large-count
 * forms, MPI_X_c): a large count of a type as one element of a derived
 * type, which the int forms of every call can then move
 * (lib/core/large.c, generated from api/mpi.api, uses it), and
 * MPI_Type_contiguous_c built that way.
 *
 * The type engine already counts in MPI_Count (sizes, extents and the
 * typemap walk): only the constructors' recorded arguments are ints.  So
 * count = q x 2^30 + r elements of old are a contiguous type of q chunks
 * (each a contiguous type of 2^30 elements) followed by, in a struct, a
 * contiguous type of the r left over: the same typemap, size, bounds and
 * element kind as a contiguous type of count elements, which commit
 * compiles to the same one piece when old is contiguous.  Its envelope is
 * that of the struct (docs/STATUS.md), not MPI_COMBINER_CONTIGUOUS with a
 * large count.
 */
#include <limits.h>
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

#define LARGE_CHUNK ((MPI_Count)1 << 30)

int mpii_type_large(MPI_Count count, MPI_Datatype old, MPI_Datatype *newtype)
{
	if (count < 0)
		return MPI_ERR_COUNT;
	if (count <= INT_MAX)
		return mpii_type_contiguous((int)count, old, newtype);
	MPI_Count q = count / LARGE_CHUNK, r = count % LARGE_CHUNK;
	MPI_Datatype chunk, body, tail, parts[2];
	MPI_Aint at;
	if (q > INT_MAX || __builtin_mul_overflow((MPI_Aint)(q * LARGE_CHUNK), old->extent, &at))
		return MPI_ERR_COUNT;
	int rc = mpii_type_contiguous((int)LARGE_CHUNK, old, &chunk);
	if (rc)
		return rc;
	rc = mpii_type_contiguous((int)q, chunk, &body);
	mpii_type_release(&chunk);
	if (rc || r == 0) {
		if (!rc)
			*newtype = body;
		return rc;
	}
	rc = mpii_type_contiguous((int)r, old, &tail);
	if (rc) {
		mpii_type_release(&body);
		return rc;
	}
	int blocks[2] = { 1, 1 };
	MPI_Aint disps[2] = { 0, at };
	parts[0] = body;
	parts[1] = tail;
	rc = mpii_type_struct(2, blocks, disps, parts, newtype);
	mpii_type_release(&body);
	mpii_type_release(&tail);
	return rc;
}

int mpii_large_type_slow(MPI_Count count, int *n, MPI_Datatype *dt)
{
	/* An invalid type or count: the int form reports it (its error class,
	 * through its handler). */
	if (count < 0 || mpii_type_check_comm(*dt)) {
		*n = count < 0 ? -1 : 1;
		return MPI_SUCCESS;
	}
	MPI_Datatype big;
	int rc = mpii_type_large(count, *dt, &big);
	if (rc)
		return rc == MPI_ERR_ARG ? MPI_ERR_COUNT : rc;
	rc = mpii_type_commit(big);
	if (rc) {
		mpii_type_release(&big);
		return rc;
	}
	*n = 1;
	*dt = big;
	return MPI_SUCCESS;
}

void mpii_large_type_free(MPI_Datatype dt)
{
	/* A pending operation keeps its own reference (nonblocking and
	 * persistent calls take one at the start). */
	mpii_type_release(&dt);
}

#pragma weak MPI_Type_contiguous_c = PMPI_Type_contiguous_c
int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_contiguous_c";
	MPII_CHECK_INIT(fn);
	if (count < 0)
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "negative count %lld", count);
	if (!mpii_type_valid(oldtype) || oldtype->basic == MPII_B_DATATYPE)
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid oldtype");
	if (!newtype)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newtype is NULL");
	int rc = mpii_type_large(count, oldtype, newtype);
	if (rc == MPI_SUCCESS)
		return rc;
	return mpii_err(NULL, rc == MPI_ERR_ARG ? MPI_ERR_COUNT : rc, fn,
			rc == MPI_ERR_NO_MEM ? "out of memory"
					     : "count %lld x the type's extent overflows", count);
}

/* The decoding of a type (MPI-4.0 5.1.13): every type here records int
 * counts and MPI_Aint displacements (type_large.c's big types are structs
 * of contiguous types), so there are never large counts to return. */
#pragma weak MPI_Type_get_envelope_c = PMPI_Type_get_envelope_c
int PMPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers,
			     MPI_Count *num_addresses, MPI_Count *num_large_counts,
			     MPI_Count *num_datatypes, int *combiner)
{
	static const char fn[] = "MPI_Type_get_envelope_c";
	int ni, na, nd;
	MPII_CHECK_INIT(fn);
	if (!num_integers || !num_addresses || !num_large_counts || !num_datatypes || !combiner)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "an output argument is NULL");
	int rc = PMPI_Type_get_envelope(datatype, &ni, &na, &nd, combiner);
	if (rc)
		return rc;
	*num_integers = ni;
	*num_addresses = na;
	*num_large_counts = 0;
	*num_datatypes = nd;
	return MPI_SUCCESS;
}

static int clamp(MPI_Count n)
{
	return n > INT_MAX ? INT_MAX : n < 0 ? -1 : (int)n;
}

#pragma weak MPI_Type_get_contents_c = PMPI_Type_get_contents_c
int PMPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers,
			     MPI_Count max_addresses, MPI_Count max_large_counts,
			     MPI_Count max_datatypes, int array_of_integers[],
			     MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
			     MPI_Datatype array_of_datatypes[])
{
	static const char fn[] = "MPI_Type_get_contents_c";
	MPII_CHECK_INIT(fn);
	(void)array_of_large_counts;
	if (max_large_counts < 0)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "negative max_large_counts");
	return PMPI_Type_get_contents(datatype, clamp(max_integers), clamp(max_addresses),
				      clamp(max_datatypes), array_of_integers, array_of_addresses,
				      array_of_datatypes);
}
