/*
 * lib/datatype/type_api.c - the entry points that create, commit and free
 * datatypes (MPI-1 and MPI-2 names).  Argument checks live here; the work
 * is in lib/datatype/type_create.c and lib/datatype/type_array.c.
 *
 * MPI-1 MPI_Type_hvector/hindexed/struct are the same constructors as the
 * MPI-2 ones (C has no integer/address distinction), and report the MPI-2
 * combiners, as MPICH does.  MPI_DATATYPE is refused as a component: it is
 * valid only in MPI_Pack/Unpack (seed 002 6.5.2).
 */
#include <stdlib.h>
#include "lib/attr/attr.h"
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

/* A type that may be a component of a new type. */
static int bad_old(MPI_Datatype t)
{
	return !mpii_type_valid(t) || t->basic == MPII_B_DATATYPE;
}

#define CHECK_OLD(t)                                                               \
	do {                                                                       \
		if (bad_old(t))                                                    \
			return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid oldtype"); \
	} while (0)
#define CHECK_OUT(p)                                                               \
	do {                                                                       \
		if (!(p))                                                          \
			return mpii_err(NULL, MPI_ERR_ARG, fn, "newtype is NULL");  \
	} while (0)
#define CHECK_COUNT(c)                                                             \
	do {                                                                       \
		if ((c) < 0)                                                       \
			return mpii_err(NULL, MPI_ERR_COUNT, fn, "negative count %d", (c)); \
	} while (0)

static int done(const char *fn, int rc)
{
	if (rc == MPI_SUCCESS)
		return rc;
	return mpii_err(NULL, rc, fn, rc == MPI_ERR_NO_MEM ? "out of memory"
					: "type too large (sizes overflow)");
}

static int check_blocklens(const char *fn, int count, const int *bl)
{
	if (count > 0 && !bl)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_of_blocklengths is NULL");
	for (int i = 0; i < count; i++)
		if (bl[i] < 0)
			return mpii_err(NULL, MPI_ERR_ARG, fn, "negative blocklength %d at %d", bl[i], i);
	return MPI_SUCCESS;
}

/* The checks of fn, a constructor of count blocks of blocklength oldtypes
 * (vector, hvector, indexed_block, hindexed_block): the init check, the
 * arguments, and the displacements not NULL where has_displs.  MPI_SUCCESS
 * or what mpii_err() returned. */
static int check_blocks(const char *fn, int count, int blocklength, int has_displs,
			const void *displs, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	MPII_CHECK_INIT(fn);
	CHECK_COUNT(count);
	if (blocklength < 0)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "negative blocklength %d", blocklength);
	if (has_displs && count > 0 && !displs)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_of_displacements is NULL");
	CHECK_OLD(oldtype);
	CHECK_OUT(newtype);
	return MPI_SUCCESS;
}

/* The checks of fn, MPI_Type_indexed or _hindexed: the init check and the
 * arguments.  MPI_SUCCESS or what mpii_err() returned. */
static int check_indexed(const char *fn, int count, const int *bl, const void *displs,
			 MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	MPII_CHECK_INIT(fn);
	CHECK_COUNT(count);
	if (check_blocklens(fn, count, bl))
		return MPI_ERR_ARG;
	if (count > 0 && !displs)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_of_displacements is NULL");
	CHECK_OLD(oldtype);
	CHECK_OUT(newtype);
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_contiguous = PMPI_Type_contiguous
int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_contiguous";
	MPII_CHECK_INIT(fn);
	CHECK_COUNT(count);
	CHECK_OLD(oldtype);
	CHECK_OUT(newtype);
	return done(fn, mpii_type_contiguous(count, oldtype, newtype));
}

#pragma weak MPI_Type_vector = PMPI_Type_vector
int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_vector";
	int rc = check_blocks(fn, count, blocklength, 0, NULL, oldtype, newtype);
	return rc ? rc : done(fn, mpii_type_vector(count, blocklength, stride, oldtype, newtype));
}

static int hvector(const char *fn, int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
		   MPI_Datatype *newtype)
{
	int rc = check_blocks(fn, count, blocklength, 0, NULL, oldtype, newtype);
	return rc ? rc : done(fn, mpii_type_hvector(count, blocklength, stride, oldtype, newtype));
}

#pragma weak MPI_Type_create_hvector = PMPI_Type_create_hvector
int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
			     MPI_Datatype *newtype)
{
	return hvector("MPI_Type_create_hvector", count, blocklength, stride, oldtype, newtype);
}

#pragma weak MPI_Type_hvector = PMPI_Type_hvector
int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	return hvector("MPI_Type_hvector", count, blocklength, stride, oldtype, newtype);
}

#pragma weak MPI_Type_indexed = PMPI_Type_indexed
int PMPI_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[],
		      MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_indexed";
	int rc = check_indexed(fn, count, array_of_blocklengths, array_of_displacements, oldtype,
			       newtype);
	return rc ? rc
		  : done(fn, mpii_type_indexed(count, array_of_blocklengths, array_of_displacements,
					       oldtype, newtype));
}

static int hindexed(const char *fn, int count, const int *bl, const MPI_Aint *disps, MPI_Datatype oldtype,
		    MPI_Datatype *newtype)
{
	int rc = check_indexed(fn, count, bl, disps, oldtype, newtype);
	return rc ? rc : done(fn, mpii_type_hindexed(count, bl, disps, oldtype, newtype));
}

#pragma weak MPI_Type_create_hindexed = PMPI_Type_create_hindexed
int PMPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
			      const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
			      MPI_Datatype *newtype)
{
	return hindexed("MPI_Type_create_hindexed", count, array_of_blocklengths, array_of_displacements,
			oldtype, newtype);
}

#pragma weak MPI_Type_hindexed = PMPI_Type_hindexed
int PMPI_Type_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
		       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	return hindexed("MPI_Type_hindexed", count, array_of_blocklengths, array_of_displacements, oldtype,
			newtype);
}

#pragma weak MPI_Type_create_indexed_block = PMPI_Type_create_indexed_block
int PMPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[],
				   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_indexed_block";
	int rc = check_blocks(fn, count, blocklength, 1, array_of_displacements, oldtype, newtype);
	return rc ? rc
		  : done(fn, mpii_type_indexed_block(count, blocklength, array_of_displacements,
						     oldtype, newtype));
}

#pragma weak MPI_Type_create_hindexed_block = PMPI_Type_create_hindexed_block
int PMPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[],
				    MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_hindexed_block";
	int rc = check_blocks(fn, count, blocklength, 1, array_of_displacements, oldtype, newtype);
	return rc ? rc
		  : done(fn, mpii_type_hindexed_block(count, blocklength, array_of_displacements,
						      oldtype, newtype));
}

static int type_struct(const char *fn, int count, const int *bl, const MPI_Aint *disps,
		       const MPI_Datatype *types, MPI_Datatype *newtype)
{
	MPII_CHECK_INIT(fn);
	CHECK_COUNT(count);
	if (check_blocklens(fn, count, bl))
		return MPI_ERR_ARG;
	if (count > 0 && (!disps || !types))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "NULL array");
	for (int i = 0; i < count; i++)
		if (bad_old(types[i]))
			return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype at %d", i);
	CHECK_OUT(newtype);
	return done(fn, mpii_type_struct(count, bl, disps, types, newtype));
}

#pragma weak MPI_Type_create_struct = PMPI_Type_create_struct
int PMPI_Type_create_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
			    const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
	return type_struct("MPI_Type_create_struct", count, array_of_blocklengths, array_of_displacements,
			   array_of_types, newtype);
}

#pragma weak MPI_Type_struct = PMPI_Type_struct
int PMPI_Type_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
		     const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
	return type_struct("MPI_Type_struct", count, array_of_blocklengths, array_of_displacements,
			   array_of_types, newtype);
}

#pragma weak MPI_Type_create_subarray = PMPI_Type_create_subarray
int PMPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[],
			      const int array_of_starts[], int order, MPI_Datatype oldtype,
			      MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_subarray";
	const char *why;
	MPII_CHECK_INIT(fn);
	if (!array_of_sizes || !array_of_subsizes || !array_of_starts)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "NULL array");
	if ((why = mpii_type_subarray_bad(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order)))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "%s", why);
	CHECK_OLD(oldtype);
	CHECK_OUT(newtype);
	return done(fn, mpii_type_subarray(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order,
					   oldtype, newtype));
}

#pragma weak MPI_Type_create_darray = PMPI_Type_create_darray
int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
			    const int array_of_distribs[], const int array_of_dargs[],
			    const int array_of_psizes[], int order, MPI_Datatype oldtype,
			    MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_darray";
	const char *why;
	MPII_CHECK_INIT(fn);
	if (!array_of_gsizes || !array_of_distribs || !array_of_dargs || !array_of_psizes)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "NULL array");
	if ((why = mpii_type_darray_bad(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs,
					array_of_psizes, order)))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "%s", why);
	CHECK_OLD(oldtype);
	CHECK_OUT(newtype);
	return done(fn, mpii_type_darray(size, rank, ndims, array_of_gsizes, array_of_distribs,
					 array_of_dargs, array_of_psizes, order, oldtype, newtype));
}

#pragma weak MPI_Type_create_resized = PMPI_Type_create_resized
int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_create_resized";
	MPII_CHECK_INIT(fn);
	CHECK_OLD(oldtype);
	CHECK_OUT(newtype);
	return done(fn, mpii_type_resized(oldtype, lb, extent, newtype));
}

#pragma weak MPI_Type_dup = PMPI_Type_dup
int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
	static const char fn[] = "MPI_Type_dup";
	MPII_CHECK_INIT(fn);
	CHECK_OLD(oldtype);
	CHECK_OUT(newtype);
	int rc = mpii_type_dup(oldtype, newtype);
	if (rc)
		return done(fn, rc);
	/* attributes follow with their copy callbacks (lib/attr/attr.h) */
	rc = mpii_attr_copy_type(oldtype, *newtype);
	if (rc) {
		mpii_type_release(newtype);
		return mpii_err(NULL, rc, fn, "an attribute copy callback failed");
	}
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_commit = PMPI_Type_commit
int PMPI_Type_commit(MPI_Datatype *datatype)
{
	static const char fn[] = "MPI_Type_commit";
	MPII_CHECK_INIT(fn);
	if (!datatype || !mpii_type_valid(*datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	return done(fn, mpii_type_commit(*datatype));
}

#pragma weak MPI_Type_free = PMPI_Type_free
int PMPI_Type_free(MPI_Datatype *datatype)
{
	static const char fn[] = "MPI_Type_free";
	MPII_CHECK_INIT(fn);
	if (!datatype || !mpii_type_valid(*datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (mpii_type_is_predef(*datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "cannot free predefined datatype %s",
				(*datatype)->predef_name);
	if ((*datatype)->flags & MPII_DT_KEPT)
		return mpii_err(NULL, MPI_ERR_TYPE, fn,
				"cannot free a type MPI_Type_create_f90_* returned (it is predefined)");
	/* Attributes go now (their delete callbacks may fail the free and
	 * leave the type usable); pending operations and parent types keep
	 * their own references to the object. */
	int rc = mpii_attr_delete_all_type(*datatype);
	if (rc)
		return mpii_err(NULL, rc, fn, "an attribute delete callback failed");
	mpii_type_release(datatype);
	return MPI_SUCCESS;
}
