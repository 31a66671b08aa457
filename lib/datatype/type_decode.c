/*
 * lib/datatype/type_decode.c - decoding datatypes: the standard
 * MPI_Type_get_envelope/MPI_Type_get_contents (every combiner, arguments
 * exactly as given to the constructor) and the seed's MPI_Type_envelope/
 * MPI_Type_contents (002 6.4.1) with start/count paging.
 *
 * The seed knows seven combiners.  Newer constructors are shown as one of
 * them, so that feeding the result back to that constructor gives an
 * equivalent type:
 *     dup                   -> MPI_CONTIG, count 1
 *     indexed_block         -> MPI_INDEXED (every blocklength the same)
 *     hindexed_block        -> MPI_HINDEXED
 *     resized(t, lb, ext)   -> MPI_STRUCT {MPI_LB/1/lb, t/1/0, MPI_UB/1/lb+ext}
 *     subarray, darray      -> as their equivalent resized type
 * The seed's restriction holds: MPI_HVECTOR, MPI_HINDEXED and MPI_STRUCT
 * come back only for types defined with byte displacements or bounds
 * (hvector, hindexed(_block), struct, and the bounds set by resized,
 * subarray and darray, which only a struct with MPI_LB/MPI_UB can carry);
 * contiguous, vector and indexed types decode as themselves.
 *
 * Handles returned by MPI_Type_get_contents hold a reference (the user
 * frees derived ones, as the standard says); those returned by the seed's
 * MPI_Type_contents are borrowed from the decoded type and must not be
 * freed (the seed predates freeing decoded handles).
 */
#include <string.h>
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

#pragma weak MPI_Type_get_envelope = PMPI_Type_get_envelope
int PMPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes,
			   int *combiner)
{
	static const char fn[] = "MPI_Type_get_envelope";
	MPII_CHECK_INIT(fn);
	if (!mpii_type_valid(datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (!num_integers || !num_addresses || !num_datatypes || !combiner)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "NULL output argument");
	if (mpii_type_is_predef(datatype)) {
		*num_integers = *num_addresses = *num_datatypes = 0;
		*combiner = MPI_COMBINER_NAMED;
		return MPI_SUCCESS;
	}
	*num_integers = datatype->desc->ni;
	*num_addresses = datatype->desc->na;
	*num_datatypes = datatype->desc->nd;
	*combiner = datatype->combiner;
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_get_contents = PMPI_Type_get_contents
int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
			   int array_of_integers[], MPI_Aint array_of_addresses[],
			   MPI_Datatype array_of_datatypes[])
{
	static const char fn[] = "MPI_Type_get_contents";
	MPII_CHECK_INIT(fn);
	if (!mpii_type_valid(datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (mpii_type_is_predef(datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "%s is predefined (MPI_COMBINER_NAMED)",
				datatype->predef_name);
	const struct mpii_typedesc *d = datatype->desc;
	if (max_integers < d->ni || max_addresses < d->na || max_datatypes < d->nd)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "arrays too small (need %d, %d, %d)", d->ni, d->na,
				d->nd);
	if ((d->ni && !array_of_integers) || (d->na && !array_of_addresses) ||
	    (d->nd && !array_of_datatypes))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "NULL array");
	if (d->ni)
		memcpy(array_of_integers, d->ints, sizeof(int) * (size_t)d->ni);
	if (d->na)
		memcpy(array_of_addresses, d->aints, sizeof(MPI_Aint) * (size_t)d->na);
	for (int i = 0; i < d->nd; i++) {
		array_of_datatypes[i] = d->types[i];
		mpii_type_ref(d->types[i]);
	}
	return MPI_SUCCESS;
}

/* The seed's view of a type: the combiner and envelope count, and the
 * type whose arguments give the contents (subarray/darray show their
 * equivalent resized type). */
static MPI_Datatype seed_view(MPI_Datatype dt, int *combiner, int *count)
{
	if (mpii_type_is_predef(dt)) {
		*combiner = MPI_BASIC;
		*count = 1;
		return dt;
	}
	if (dt->desc->inner)
		return seed_view(dt->desc->inner, combiner, count);
	const int *ints = dt->desc->ints;
	switch (dt->combiner) {
	case MPI_COMBINER_DUP: *combiner = MPI_CONTIG; *count = 1; break;
	case MPI_COMBINER_CONTIGUOUS: *combiner = MPI_CONTIG; *count = ints[0]; break;
	case MPI_COMBINER_VECTOR: *combiner = MPI_VECTOR; *count = ints[0]; break;
	case MPI_COMBINER_HVECTOR: *combiner = MPI_HVECTOR; *count = ints[0]; break;
	case MPI_COMBINER_INDEXED:
	case MPI_COMBINER_INDEXED_BLOCK: *combiner = MPI_INDEXED; *count = ints[0]; break;
	case MPI_COMBINER_HINDEXED:
	case MPI_COMBINER_HINDEXED_BLOCK: *combiner = MPI_HINDEXED; *count = ints[0]; break;
	case MPI_COMBINER_STRUCT: *combiner = MPI_STRUCT; *count = ints[0]; break;
	case MPI_COMBINER_RESIZED: *combiner = MPI_STRUCT; *count = 3; break;
	default: *combiner = MPI_BASIC; *count = 1; break;
	}
	return dt;
}

#pragma weak MPI_Type_envelope = PMPI_Type_envelope
int PMPI_Type_envelope(MPI_Datatype datatype, int *count, int *combiner)
{
	static const char fn[] = "MPI_Type_envelope";
	MPII_CHECK_INIT(fn);
	if (!mpii_type_valid(datatype) || datatype->basic == MPII_B_DATATYPE)
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (!count || !combiner)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "NULL output argument");
	seed_view(datatype, combiner, count);
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_contents = PMPI_Type_contents
int PMPI_Type_contents(MPI_Datatype datatype, int start, int count, int *array_blocklens, int *array_disps,
		       MPI_Aint *array_hdisps, MPI_Datatype *array_types)
{
	static const char fn[] = "MPI_Type_contents";
	int comb, envcount;

	MPII_CHECK_INIT(fn);
	if (!mpii_type_valid(datatype) || datatype->basic == MPII_B_DATATYPE)
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (start < 0 || count < 0)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "negative start %d or count %d", start, count);
	if (!array_types)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_types is NULL");
	MPI_Datatype v = seed_view(datatype, &comb, &envcount);
	const struct mpii_typedesc *d = mpii_type_is_predef(v) ? NULL : v->desc;
	int filled = envcount - start < count ? envcount - start : count;
	if (filled < 0)
		filled = 0;
	int need_bl = comb == MPI_VECTOR || comb == MPI_HVECTOR ||
		      ((comb == MPI_INDEXED || comb == MPI_HINDEXED || comb == MPI_STRUCT) && filled > 0);
	if (need_bl && !array_blocklens)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_blocklens is NULL");
	if ((comb == MPI_VECTOR || (comb == MPI_INDEXED && filled > 0)) && !array_disps)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_disps is NULL");
	if ((comb == MPI_HVECTOR || ((comb == MPI_HINDEXED || comb == MPI_STRUCT) && filled > 0)) &&
	    !array_hdisps)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "array_hdisps is NULL");

	switch (comb) {
	case MPI_BASIC:
		array_types[0] = v;
		return MPI_SUCCESS;
	case MPI_CONTIG:
		array_types[0] = d->types[0];
		return MPI_SUCCESS;
	case MPI_VECTOR:
		array_blocklens[0] = d->ints[1];
		array_disps[0] = d->ints[2];
		array_types[0] = d->types[0];
		return MPI_SUCCESS;
	case MPI_HVECTOR:
		array_blocklens[0] = d->ints[1];
		array_hdisps[0] = d->aints[0];
		array_types[0] = d->types[0];
		return MPI_SUCCESS;
	}
	for (int i = 0; i < filled; i++) {
		int k = start + i;
		switch (v->combiner) {
		case MPI_COMBINER_INDEXED:
			array_blocklens[i] = d->ints[1 + k];
			array_disps[i] = d->ints[1 + envcount + k];
			break;
		case MPI_COMBINER_INDEXED_BLOCK:
			array_blocklens[i] = d->ints[1];
			array_disps[i] = d->ints[2 + k];
			break;
		case MPI_COMBINER_HINDEXED:
			array_blocklens[i] = d->ints[1 + k];
			array_hdisps[i] = d->aints[k];
			break;
		case MPI_COMBINER_HINDEXED_BLOCK:
			array_blocklens[i] = d->ints[1];
			array_hdisps[i] = d->aints[k];
			break;
		case MPI_COMBINER_STRUCT:
			array_blocklens[i] = d->ints[1 + k];
			array_hdisps[i] = d->aints[k];
			array_types[i] = d->types[k];
			break;
		case MPI_COMBINER_RESIZED: /* {MPI_LB/1/lb, t/1/0, MPI_UB/1/lb+extent} */
			array_blocklens[i] = 1;
			array_hdisps[i] = k == 0 ? d->aints[0] : k == 1 ? 0 : d->aints[0] + d->aints[1];
			array_types[i] = k == 0 ? MPI_LB : k == 1 ? d->types[0] : MPI_UB;
			break;
		}
	}
	if (comb != MPI_STRUCT)
		array_types[0] = d->types[0];
	return MPI_SUCCESS;
}
