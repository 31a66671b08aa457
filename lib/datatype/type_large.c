/*
 * lib/datatype/type_large.c - counts above INT_MAX (MPI-4.0's large-count
 * forms, MPI_X_c): a large count of a type as one element of a derived
 * type, which the int forms of every call can then move
 * (lib/core/large.c, generated from api/mpi.api, uses it), and
 * MPI_Type_contiguous_c and the block constructors' _c forms built that
 * way.
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
#include <stdlib.h>
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

/* ------------------------------------------- the block constructors' _c forms
 *
 * Arguments that fit an int make the type the int form makes (same
 * combiner and envelope).  Otherwise: a vector whose blocks are longer
 * than INT_MAX is an hvector of one big block each (mpii_type_large), a
 * vector whose stride is too long an hvector in bytes; the indexed and
 * struct kinds become a struct whose blocks longer than INT_MAX are one
 * big element each, at their displacements in bytes.  More than INT_MAX
 * blocks is MPI_ERR_COUNT. */

static int fits(MPI_Count v)
{
	return v >= INT_MIN && v <= INT_MAX;
}

static int all_fit(MPI_Count n, const MPI_Count *a)
{
	for (MPI_Count i = 0; a && i < n; i++)
		if (!fits(a[i]))
			return 0;
	return 1;
}

/* The checks of every block constructor: MPI_SUCCESS or mpii_err's. */
static int check_c(const char *fn, MPI_Count count, const MPI_Count *bl, MPI_Count blocklen,
		   const void *disps, MPI_Datatype old, const MPI_Datatype *types,
		   MPI_Datatype *newtype)
{
	MPII_CHECK_INIT(fn);
	if (count < 0)
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "negative count %lld", count);
	if (count > INT_MAX)
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "%lld blocks: at most INT_MAX", count);
	if (count > 0 && !disps)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_of_displacements is NULL");
	if (blocklen < 0)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "negative blocklength %lld", blocklen);
	for (MPI_Count i = 0; bl && i < count; i++)
		if (bl[i] < 0)
			return mpii_err(NULL, MPI_ERR_ARG, fn, "negative blocklength at %lld", i);
	for (MPI_Count i = 0; types && i < count; i++)
		if (!mpii_type_valid(types[i]) || types[i]->basic == MPII_B_DATATYPE)
			return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid type at %lld", i);
	if (!types && (!mpii_type_valid(old) || old->basic == MPII_B_DATATYPE))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid oldtype");
	if (!newtype)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newtype is NULL");
	return MPI_SUCCESS;
}

/* a as ints (all_fit said they fit) or MPI_Aints, in memory the caller
 * frees. */
static int ints_c(const MPI_Count *a, MPI_Count n, int **out)
{
	*out = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
	if (!*out)
		return MPI_ERR_NO_MEM;
	for (MPI_Count i = 0; i < n; i++)
		(*out)[i] = (int)a[i];
	return MPI_SUCCESS;
}

static int aints_c(const MPI_Count *a, MPI_Count n, MPI_Aint **out)
{
	*out = malloc(sizeof(MPI_Aint) * (size_t)(n > 0 ? n : 1));
	if (!*out)
		return MPI_ERR_NO_MEM;
	for (MPI_Count i = 0; i < n; i++)
		(*out)[i] = (MPI_Aint)a[i];
	return MPI_SUCCESS;
}

static int done_c(const char *fn, int rc)
{
	if (rc == MPI_SUCCESS)
		return rc;
	return mpii_err(NULL, rc == MPI_ERR_ARG ? MPI_ERR_COUNT : rc, fn,
			rc == MPI_ERR_NO_MEM ? "out of memory" : "type too large (sizes overflow)");
}

/* count blocks as a struct: block i is bl[i] (bl NULL: blocklen) elements
 * of types[i] (types NULL: old) at disps[i] extents of that type
 * (extents) or bytes. */
static int blocks_struct(int count, const MPI_Count *bl, MPI_Count blocklen,
			 const MPI_Count *disps, int extents, MPI_Datatype old,
			 const MPI_Datatype *types, MPI_Datatype *newtype)
{
	size_t n = count > 0 ? (size_t)count : 1;
	int *b = malloc(sizeof(int) * n);
	MPI_Aint *d = malloc(sizeof(MPI_Aint) * n);
	MPI_Datatype *t = calloc(n, sizeof(MPI_Datatype));
	char *made = calloc(n, 1);
	int rc = b && d && t && made ? MPI_SUCCESS : MPI_ERR_NO_MEM;

	for (int i = 0; rc == MPI_SUCCESS && i < count; i++) {
		MPI_Datatype ti = types ? types[i] : old;
		MPI_Count len = bl ? bl[i] : blocklen;
		if (__builtin_mul_overflow((MPI_Aint)disps[i], extents ? ti->extent : 1, &d[i])) {
			rc = MPI_ERR_COUNT;
			break;
		}
		t[i] = ti;
		b[i] = (int)len;
		if (len > INT_MAX) {
			rc = mpii_type_large(len, ti, &t[i]);
			made[i] = rc == MPI_SUCCESS;
			b[i] = 1;
		}
	}
	if (rc == MPI_SUCCESS)
		rc = mpii_type_struct(count, b, d, t, newtype);
	for (int i = 0; made && t && i < count; i++)
		if (made[i])
			mpii_type_release(&t[i]);
	free(b);
	free(d);
	free(t);
	free(made);
	return rc;
}

/* vector and hvector: stride in bytes already (stride_bytes). */
static int vector_c(const char *fn, MPI_Count count, MPI_Count blocklen, MPI_Aint stride_bytes,
		    MPI_Datatype old, MPI_Datatype *newtype)
{
	MPI_Datatype t = old;
	int rc;
	if (blocklen > INT_MAX) {
		rc = mpii_type_large(blocklen, old, &t);
		if (rc)
			return done_c(fn, rc);
		blocklen = 1;
	}
	rc = mpii_type_hvector((int)count, (int)blocklen, stride_bytes, t, newtype);
	if (t != old)
		mpii_type_release(&t);
	return done_c(fn, rc);
}

#pragma weak MPI_Type_vector_c = PMPI_Type_vector_c
int PMPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
		       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_vector_c";
	MPI_Aint bytes;
	int rc = check_c(fn, count, NULL, blocklength, "", oldtype, NULL, newtype);
	if (rc)
		return rc;
	if (fits(blocklength) && fits(stride))
		return done_c(fn, mpii_type_vector((int)count, (int)blocklength, (int)stride, oldtype,
						   newtype));
	if (__builtin_mul_overflow((MPI_Aint)stride, oldtype->extent, &bytes))
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "stride x extent overflows");
	return vector_c(fn, count, blocklength, bytes, oldtype, newtype);
}

#pragma weak MPI_Type_create_hvector_c = PMPI_Type_create_hvector_c
int PMPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
			       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_hvector_c";
	int rc = check_c(fn, count, NULL, blocklength, "", oldtype, NULL, newtype);
	if (rc)
		return rc;
	return vector_c(fn, count, blocklength, (MPI_Aint)stride, oldtype, newtype);
}

#pragma weak MPI_Type_indexed_c = PMPI_Type_indexed_c
int PMPI_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
			const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
			MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_indexed_c";
	const MPI_Count *bl = array_of_blocklengths, *d = array_of_displacements;
	int rc = check_c(fn, count, bl, 0, d, oldtype, NULL, newtype);
	if (rc)
		return rc;
	if (count > 0 && !bl)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_of_blocklengths is NULL");
	if (all_fit(count, bl) && all_fit(count, d)) {
		int *b = NULL, *di = NULL;
		if ((rc = ints_c(bl, count, &b)) == MPI_SUCCESS &&
		    (rc = ints_c(d, count, &di)) == MPI_SUCCESS)
			rc = mpii_type_indexed((int)count, b, di, oldtype, newtype);
		free(b);
		free(di);
		return done_c(fn, rc);
	}
	return done_c(fn, blocks_struct((int)count, bl, 0, d, 1, oldtype, NULL, newtype));
}

#pragma weak MPI_Type_create_hindexed_c = PMPI_Type_create_hindexed_c
int PMPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
				const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
				MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_hindexed_c";
	const MPI_Count *bl = array_of_blocklengths, *d = array_of_displacements;
	int rc = check_c(fn, count, bl, 0, d, oldtype, NULL, newtype);
	if (rc)
		return rc;
	if (count > 0 && !bl)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_of_blocklengths is NULL");
	if (all_fit(count, bl)) {
		int *b = NULL;
		MPI_Aint *da = NULL;
		if ((rc = ints_c(bl, count, &b)) == MPI_SUCCESS &&
		    (rc = aints_c(d, count, &da)) == MPI_SUCCESS)
			rc = mpii_type_hindexed((int)count, b, da, oldtype, newtype);
		free(b);
		free(da);
		return done_c(fn, rc);
	}
	return done_c(fn, blocks_struct((int)count, bl, 0, d, 0, oldtype, NULL, newtype));
}

#pragma weak MPI_Type_create_indexed_block_c = PMPI_Type_create_indexed_block_c
int PMPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength,
				     const MPI_Count array_of_displacements[],
				     MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_indexed_block_c";
	const MPI_Count *d = array_of_displacements;
	int rc = check_c(fn, count, NULL, blocklength, d, oldtype, NULL, newtype);
	if (rc)
		return rc;
	if (fits(blocklength) && all_fit(count, d)) {
		int *di = NULL;
		if ((rc = ints_c(d, count, &di)) == MPI_SUCCESS)
			rc = mpii_type_indexed_block((int)count, (int)blocklength, di, oldtype, newtype);
		free(di);
		return done_c(fn, rc);
	}
	return done_c(fn, blocks_struct((int)count, NULL, blocklength, d, 1, oldtype, NULL,
					newtype));
}

#pragma weak MPI_Type_create_hindexed_block_c = PMPI_Type_create_hindexed_block_c
int PMPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength,
				      const MPI_Count array_of_displacements[],
				      MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_hindexed_block_c";
	const MPI_Count *d = array_of_displacements;
	int rc = check_c(fn, count, NULL, blocklength, d, oldtype, NULL, newtype);
	if (rc)
		return rc;
	if (fits(blocklength)) {
		MPI_Aint *da = NULL;
		if ((rc = aints_c(d, count, &da)) == MPI_SUCCESS)
			rc = mpii_type_hindexed_block((int)count, (int)blocklength, da, oldtype,
						      newtype);
		free(da);
		return done_c(fn, rc);
	}
	return done_c(fn, blocks_struct((int)count, NULL, blocklength, d, 0, oldtype, NULL,
					newtype));
}

#pragma weak MPI_Type_create_struct_c = PMPI_Type_create_struct_c
int PMPI_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
			      const MPI_Count array_of_displacements[],
			      const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_struct_c";
	const MPI_Count *bl = array_of_blocklengths, *d = array_of_displacements;
	int rc;
	if (count > 0 && (!bl || !array_of_types)) {
		MPII_CHECK_INIT(fn);
		return mpii_err(NULL, MPI_ERR_ARG, fn, "an array argument is NULL");
	}
	rc = check_c(fn, count, bl, 0, d, MPI_DATATYPE_NULL, array_of_types, newtype);
	if (rc)
		return rc;
	if (all_fit(count, bl)) {
		int *b = NULL;
		MPI_Aint *da = NULL;
		if ((rc = ints_c(bl, count, &b)) == MPI_SUCCESS &&
		    (rc = aints_c(d, count, &da)) == MPI_SUCCESS)
			rc = mpii_type_struct((int)count, b, da, array_of_types, newtype);
		free(b);
		free(da);
		return done_c(fn, rc);
	}
	return done_c(fn, blocks_struct((int)count, bl, 0, d, 0, MPI_DATATYPE_NULL, array_of_types,
					newtype));
}
