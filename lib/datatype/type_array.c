/*
 * lib/datatype/type_array.c - subarray and darray, built as an equivalent type out
 * of the simpler constructors (desc->inner) while the object itself keeps
 * the MPI_COMBINER_SUBARRAY/DARRAY arguments for decoding.
 *
 * Both go dimension by dimension from the fastest-varying one (the last in
 * C order, the first in Fortran order): with E the extent of one "row" of
 * the dimensions inside (old's extent for the innermost), the local part of
 * dimension d is
 *     X = contiguous(n, t)                   (subarray, block, none)
 *     X = hvector(k, blk, np*blk*E, t) [+ a last partial block]   (cyclic)
 * placed at its first local index s:  Y = hindexed_block(1, 1, {s*E}, X),
 * and resized to the whole dimension: t = resized(Y, 0, gsize*E).  So the
 * result has lb 0 and the extent of the whole global array, its typemap
 * runs in the array's memory order, and commit folds the nesting back into
 * a few strided loops.  The process grid of darray is row-major (MPI).
 */
#include <stdlib.h>
#include "lib/datatype/type_impl.h"

const char *mpii_type_subarray_bad(int ndims, const int *sizes, const int *subsizes, const int *starts,
				   int order)
{
	if (ndims <= 0)
		return "ndims must be positive";
	if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
		return "invalid order";
	for (int i = 0; i < ndims; i++)
		if (sizes[i] <= 0 || subsizes[i] < 0 || subsizes[i] > sizes[i] || starts[i] < 0 ||
		    starts[i] > sizes[i] - subsizes[i])
			return "bad size, subsize or start";
	return NULL;
}

const char *mpii_type_darray_bad(int size, int rank, int ndims, const int *gsizes, const int *distribs,
				 const int *dargs, const int *psizes, int order)
{
	long long procs = 1;
	if (size <= 0 || rank < 0 || rank >= size)
		return "bad size or rank";
	if (ndims <= 0)
		return "ndims must be positive";
	if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
		return "invalid order";
	for (int i = 0; i < ndims; i++) {
		int g = gsizes[i], p = psizes[i], d = distribs[i], a = dargs[i];
		if (g <= 0 || p <= 0)
			return "bad gsize or psize";
		procs *= p;
		if (procs > size)
			return "product of psizes is not size";
		if (d == MPI_DISTRIBUTE_NONE) {
			if (p != 1)
				return "psize of an undistributed dimension is not 1";
		} else if (d == MPI_DISTRIBUTE_BLOCK) {
			if (a != MPI_DISTRIBUTE_DFLT_DARG && (a <= 0 || (long long)a * p < g))
				return "block size too small";
		} else if (d == MPI_DISTRIBUTE_CYCLIC) {
			if (a != MPI_DISTRIBUTE_DFLT_DARG && a <= 0)
				return "bad cyclic block size";
		} else {
			return "bad distribution";
		}
	}
	if (procs != size)
		return "product of psizes is not size";
	return NULL;
}

/* dim-th dimension of the loop from the innermost outwards. */
static int dim_at(int k, int ndims, int order)
{
	return order == MPI_ORDER_C ? ndims - 1 - k : k;
}

/* t = resized(hindexed_block(1, 1, {start*E}, X), 0, gsize*E); consumes X. */
static int place(MPI_Datatype X, MPI_Aint start, MPI_Aint gsize, MPI_Aint E, MPI_Datatype *t)
{
	MPI_Datatype Y;
	MPI_Aint d, ext;
	int rc;

	if (__builtin_mul_overflow(start, E, &d) || __builtin_mul_overflow(gsize, E, &ext)) {
		mpii_type_release(&X);
		return MPI_ERR_ARG;
	}
	rc = mpii_type_hindexed_block(1, 1, &d, X, &Y);
	mpii_type_release(&X);
	if (rc)
		return rc;
	rc = mpii_type_resized(Y, 0, ext, t);
	mpii_type_release(&Y);
	return rc;
}

/* The object that carries the arguments; takes over inner's reference. */
static int wrap(MPI_Datatype inner, int combiner, int ni, const int *ints, MPI_Datatype old,
		MPI_Datatype *newtype)
{
	struct mpii_datatype *dt = mpii_type_alloc();
	struct mpii_typedesc *d;

	if (!dt || !(dt->desc->ints = malloc(sizeof(int) * (size_t)ni)) ||
	    !(dt->desc->types = malloc(sizeof(MPI_Datatype)))) {
		if (dt)
			mpii_type_destroy(dt);
		mpii_type_release(&inner);
		return MPI_ERR_NO_MEM;
	}
	d = dt->desc;
	for (int i = 0; i < ni; i++)
		d->ints[i] = ints[i];
	d->ni = ni;
	d->nd = 1;
	d->types[0] = old;
	mpii_type_ref(old);
	d->inner = inner;
	d->ext32_size = mpii_type_ext32_size(inner);
	d->depth = inner->desc->depth + 1;
	d->elem = mpii_type_elem_basic(inner);
	dt->combiner = combiner;
	mpii_type_copy_layout(dt, inner);
	*newtype = dt;
	return MPI_SUCCESS;
}

int mpii_type_subarray(int ndims, const int *sizes, const int *subsizes, const int *starts, int order,
		       MPI_Datatype old, MPI_Datatype *newtype)
{
	MPI_Datatype t = old, X, n;
	MPI_Aint E = old->extent;
	int rc = MPI_SUCCESS;

	for (int k = 0; k < ndims; k++) {
		int d = dim_at(k, ndims, order);
		rc = mpii_type_contiguous(subsizes[d], t, &X);
		if (t != old)
			mpii_type_release(&t);
		if (rc)
			return rc;
		rc = place(X, starts[d], sizes[d], E, &n);
		if (rc)
			return rc;
		t = n;
		if (__builtin_mul_overflow(E, (MPI_Aint)sizes[d], &E)) {
			mpii_type_release(&t);
			return MPI_ERR_ARG;
		}
	}
	int *ints = malloc(sizeof(int) * (3 * (size_t)ndims + 2));
	if (!ints) {
		mpii_type_release(&t);
		return MPI_ERR_NO_MEM;
	}
	ints[0] = ndims;
	for (int i = 0; i < ndims; i++) {
		ints[1 + i] = sizes[i];
		ints[1 + ndims + i] = subsizes[i];
		ints[1 + 2 * ndims + i] = starts[i];
	}
	ints[1 + 3 * ndims] = order;
	rc = wrap(t, MPI_COMBINER_SUBARRAY, 3 * ndims + 2, ints, old, newtype);
	free(ints);
	return rc;
}

/* The local part of one darray dimension (before placing). */
static int darray_dim(int distrib, int darg, int gs, int np, int me, MPI_Aint E, MPI_Datatype t,
		      MPI_Datatype *X, MPI_Aint *start)
{
	if (distrib == MPI_DISTRIBUTE_NONE) {
		*start = 0;
		return mpii_type_contiguous(gs, t, X);
	}
	if (distrib == MPI_DISTRIBUTE_BLOCK) {
		/* In long long: gs + np - 1 passes INT_MAX for a gsize near
		 * it (a forged description; the quotient itself fits). */
		int blk = darg == MPI_DISTRIBUTE_DFLT_DARG ? (int)(((long long)gs + np - 1) / np)
							   : darg;
		long long mysize = (long long)gs - (long long)blk * me;
		if (mysize > blk)
			mysize = blk;
		if (mysize < 0)
			mysize = 0;
		*start = mysize > 0 ? (MPI_Aint)blk * me : 0;
		return mpii_type_contiguous((int)mysize, t, X);
	}
	/* cyclic */
	int blk = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;
	long long st = (long long)me * blk, local = 0;
	if (st <= (long long)gs - 1) {
		long long span = (long long)np * blk, left = gs - st;
		local = (left / span) * blk + (left % span < blk ? left % span : blk);
	}
	int cnt = (int)(local / blk), rem = (int)(local % blk);
	MPI_Aint stride;
	MPI_Datatype V;
	if (__builtin_mul_overflow((MPI_Aint)np * blk, E, &stride))
		return MPI_ERR_ARG;
	int rc = mpii_type_hvector(cnt, blk, stride, t, &V);
	if (rc)
		return rc;
	*start = cnt > 0 || rem > 0 ? (MPI_Aint)st : 0;
	if (!rem) {
		*X = V;
		return MPI_SUCCESS;
	}
	int bl[2] = { 1, rem };
	MPI_Aint disp[2] = { 0, (MPI_Aint)cnt * stride };
	MPI_Datatype types[2] = { V, t };
	rc = mpii_type_struct(2, bl, disp, types, X);
	mpii_type_release(&V);
	return rc;
}

int mpii_type_darray(int size, int rank, int ndims, const int *gsizes, const int *distribs,
		     const int *dargs, const int *psizes, int order, MPI_Datatype old,
		     MPI_Datatype *newtype)
{
	MPI_Datatype t = old, X, n;
	MPI_Aint E = old->extent, start = 0;
	int rc, *coords = malloc(sizeof(int) * (size_t)ndims);

	if (!coords)
		return MPI_ERR_NO_MEM;
	for (int i = ndims - 1, r = rank; i >= 0; i--) {
		coords[i] = r % psizes[i];
		r /= psizes[i];
	}
	for (int k = 0; k < ndims; k++) {
		int d = dim_at(k, ndims, order);
		rc = darray_dim(distribs[d], dargs[d], gsizes[d], psizes[d], coords[d], E, t, &X, &start);
		if (t != old)
			mpii_type_release(&t);
		if (rc)
			goto fail;
		rc = place(X, start, gsizes[d], E, &n);
		if (rc)
			goto fail;
		t = n;
		if (__builtin_mul_overflow(E, (MPI_Aint)gsizes[d], &E)) {
			mpii_type_release(&t);
			rc = MPI_ERR_ARG;
			goto fail;
		}
	}
	free(coords);
	int *ints = malloc(sizeof(int) * (4 * (size_t)ndims + 4));
	if (!ints) {
		mpii_type_release(&t);
		return MPI_ERR_NO_MEM;
	}
	ints[0] = size;
	ints[1] = rank;
	ints[2] = ndims;
	for (int i = 0; i < ndims; i++) {
		ints[3 + i] = gsizes[i];
		ints[3 + ndims + i] = distribs[i];
		ints[3 + 2 * ndims + i] = dargs[i];
		ints[3 + 3 * ndims + i] = psizes[i];
	}
	ints[3 + 4 * ndims] = order;
	rc = wrap(t, MPI_COMBINER_DARRAY, 4 * ndims + 4, ints, old, newtype);
	free(ints);
	return rc;
fail:
	free(coords);
	return rc;
}
