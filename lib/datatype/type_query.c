/*
 * lib/datatype/type_query.c - what a program asks of a datatype: size, extent,
 * bounds, true extent (also the seed's MPI_True_extent, 6.6), addresses,
 * element counts of a status, MPI_Type_match_size, MPI-4.1's
 * MPI_Type_get_value_index.
 *
 * Statuses carry the received byte count (status->mpii_count).  A count
 * that is not a whole number of elements gives MPI_UNDEFINED from
 * MPI_Get_count; MPI_Get_elements counts the basic elements of the partial
 * last element too, and gives MPI_UNDEFINED when the bytes end inside a
 * basic element.  Results that do not fit an int are MPI_UNDEFINED; the
 * large-count forms (MPI_X_c, MPI-4.0) give them whole.
 */
#include <limits.h>
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

#define CHECK_TYPE(t)                                                              \
	do {                                                                       \
		if (!mpii_type_valid(t))                                           \
			return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype"); \
	} while (0)
#define CHECK_PTR(p)                                                               \
	do {                                                                       \
		if (!(p))                                                          \
			return mpii_err(NULL, MPI_ERR_ARG, fn, #p " is NULL");      \
	} while (0)

static int to_int(MPI_Count c)
{
	return c > INT_MAX || c < INT_MIN ? MPI_UNDEFINED : (int)c;
}

#pragma weak MPI_Type_size = PMPI_Type_size
int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
	static const char fn[] = "MPI_Type_size";
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(size);
	*size = to_int(datatype->size);
	return MPI_SUCCESS;
}

static int size_x(const char *fn, MPI_Datatype datatype, MPI_Count *size)
{
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(size);
	*size = datatype->size;
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_size_x = PMPI_Type_size_x
int PMPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size)
{
	return size_x("MPI_Type_size_x", datatype, size);
}

/* The large-count forms of the queries (MPI-4.0) answer what the _x forms
 * of MPI-3.0 do. */
#pragma weak MPI_Type_size_c = PMPI_Type_size_c
int PMPI_Type_size_c(MPI_Datatype datatype, MPI_Count *size)
{
	return size_x("MPI_Type_size_c", datatype, size);
}

#pragma weak MPI_Type_extent = PMPI_Type_extent
int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent)
{
	static const char fn[] = "MPI_Type_extent";
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(extent);
	*extent = datatype->extent;
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_lb = PMPI_Type_lb
int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement)
{
	static const char fn[] = "MPI_Type_lb";
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(displacement);
	*displacement = datatype->lb;
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_ub = PMPI_Type_ub
int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement)
{
	static const char fn[] = "MPI_Type_ub";
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(displacement);
	*displacement = datatype->lb + datatype->extent;
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_get_extent = PMPI_Type_get_extent
int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
	static const char fn[] = "MPI_Type_get_extent";
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(lb);
	CHECK_PTR(extent);
	*lb = datatype->lb;
	*extent = datatype->extent;
	return MPI_SUCCESS;
}

static int extent_x(const char *fn, MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent)
{
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(lb);
	CHECK_PTR(extent);
	*lb = datatype->lb;
	*extent = datatype->extent;
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_get_extent_x = PMPI_Type_get_extent_x
int PMPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent)
{
	return extent_x("MPI_Type_get_extent_x", datatype, lb, extent);
}

#pragma weak MPI_Type_get_extent_c = PMPI_Type_get_extent_c
int PMPI_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent)
{
	return extent_x("MPI_Type_get_extent_c", datatype, lb, extent);
}

static int get_true_extent(const char *fn, MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent)
{
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(true_lb);
	CHECK_PTR(true_extent);
	*true_lb = datatype->true_lb;
	*true_extent = datatype->true_extent;
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_get_true_extent = PMPI_Type_get_true_extent
int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent)
{
	return get_true_extent("MPI_Type_get_true_extent", datatype, true_lb, true_extent);
}

#pragma weak MPI_True_extent = PMPI_True_extent
int PMPI_True_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent)
{
	return get_true_extent("MPI_True_extent", datatype, true_lb, true_extent);
}

static int true_extent_x(const char *fn, MPI_Datatype datatype, MPI_Count *true_lb,
			 MPI_Count *true_extent)
{
	MPII_CHECK_INIT(fn);
	CHECK_TYPE(datatype);
	CHECK_PTR(true_lb);
	CHECK_PTR(true_extent);
	*true_lb = datatype->true_lb;
	*true_extent = datatype->true_extent;
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_get_true_extent_x = PMPI_Type_get_true_extent_x
int PMPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent)
{
	return true_extent_x("MPI_Type_get_true_extent_x", datatype, true_lb, true_extent);
}

#pragma weak MPI_Type_get_true_extent_c = PMPI_Type_get_true_extent_c
int PMPI_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent)
{
	return true_extent_x("MPI_Type_get_true_extent_c", datatype, true_lb, true_extent);
}

#pragma weak MPI_Get_address = PMPI_Get_address
int PMPI_Get_address(const void *location, MPI_Aint *address)
{
	static const char fn[] = "MPI_Get_address";
	MPII_CHECK_INIT(fn);
	CHECK_PTR(address);
	/* Relative to MPI_BOTTOM (address 0): displacements built from these
	 * work with MPI_BOTTOM as the buffer. */
	*address = (MPI_Aint)(intptr_t)location;
	return MPI_SUCCESS;
}

#pragma weak MPI_Address = PMPI_Address
int PMPI_Address(void *location, MPI_Aint *address)
{
	static const char fn[] = "MPI_Address";
	MPII_CHECK_INIT(fn);
	CHECK_PTR(address);
	*address = (MPI_Aint)(intptr_t)location;
	return MPI_SUCCESS;
}

#pragma weak MPI_Aint_add = PMPI_Aint_add
MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp)
{
	return (MPI_Aint)((uintptr_t)base + (uintptr_t)disp);
}

#pragma weak MPI_Aint_diff = PMPI_Aint_diff
MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
	return (MPI_Aint)((uintptr_t)addr1 - (uintptr_t)addr2);
}

static int status_ok(const MPI_Status *s)
{
	return s && s != MPI_STATUS_IGNORE;
}

/* The count of whole elements a status holds, or MPI_UNDEFINED. */
static int get_count(const char *fn, const MPI_Status *status, MPI_Datatype datatype,
		     MPI_Count *count)
{
	MPII_CHECK_INIT(fn);
	if (!status_ok(status))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid status");
	CHECK_TYPE(datatype);
	CHECK_PTR(count);
	MPI_Count bytes = status->mpii_count;
	if (datatype->size == 0)
		*count = 0;
	else if (bytes % datatype->size)
		*count = MPI_UNDEFINED;
	else
		*count = bytes / datatype->size;
	return MPI_SUCCESS;
}

#pragma weak MPI_Get_count = PMPI_Get_count
int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
	MPI_Count n = 0;
	int rc = get_count("MPI_Get_count", status, datatype, count ? &n : NULL);
	if (rc == MPI_SUCCESS)
		*count = to_int(n);
	return rc;
}

/* MPI_Get_count_c (MPI-4.0): the true count, whatever its size. */
#pragma weak MPI_Get_count_c = PMPI_Get_count_c
int PMPI_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
	return get_count("MPI_Get_count_c", status, datatype, count);
}

int mpii_type_bytes_whole(const struct mpii_datatype *dt, MPI_Count bytes)
{
	return dt->size == 0 || mpii_type_sig_elems((MPI_Datatype)dt, bytes % dt->size) >= 0;
}

static MPI_Count elements(const MPI_Status *status, MPI_Datatype dt)
{
	MPI_Count bytes = status->mpii_count;
	if (dt->size == 0)
		return 0;
	MPI_Count part = mpii_type_sig_elems(dt, bytes % dt->size);
	if (part < 0)
		return MPI_UNDEFINED;
	return bytes / dt->size * dt->nbasic + part;
}

static int get_elements(const char *fn, const MPI_Status *status, MPI_Datatype datatype,
			MPI_Count *count)
{
	MPII_CHECK_INIT(fn);
	if (!status_ok(status))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid status");
	CHECK_TYPE(datatype);
	CHECK_PTR(count);
	*count = elements(status, datatype);
	return MPI_SUCCESS;
}

#pragma weak MPI_Get_elements = PMPI_Get_elements
int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
	MPI_Count n = 0;
	int rc = get_elements("MPI_Get_elements", status, datatype, count ? &n : NULL);
	if (rc == MPI_SUCCESS)
		*count = n == MPI_UNDEFINED ? MPI_UNDEFINED : to_int(n);
	return rc;
}

#pragma weak MPI_Get_elements_x = PMPI_Get_elements_x
int PMPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
	return get_elements("MPI_Get_elements_x", status, datatype, count);
}

#pragma weak MPI_Get_elements_c = PMPI_Get_elements_c
int PMPI_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
	return get_elements("MPI_Get_elements_c", status, datatype, count);
}

static int set_elements(const char *fn, MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
	MPII_CHECK_INIT(fn);
	if (!status_ok(status))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid status");
	CHECK_TYPE(datatype);
	if (count < 0)
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "negative count %lld", count);
	if (count > 0 && datatype->nbasic == 0)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "datatype has no elements");
	status->mpii_count = count == 0 ? 0 : mpii_type_sig_bytes(datatype, count);
	return MPI_SUCCESS;
}

#pragma weak MPI_Status_set_elements = PMPI_Status_set_elements
int PMPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count)
{
	return set_elements("MPI_Status_set_elements", status, datatype, count);
}

#pragma weak MPI_Status_set_elements_x = PMPI_Status_set_elements_x
int PMPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
	return set_elements("MPI_Status_set_elements_x", status, datatype, count);
}

#pragma weak MPI_Status_set_elements_c = PMPI_Status_set_elements_c
int PMPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
	return set_elements("MPI_Status_set_elements_c", status, datatype, count);
}

#pragma weak MPI_Type_match_size = PMPI_Type_match_size
int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
	static const char fn[] = "MPI_Type_match_size";
	/* Every predefined Fortran type of the class, one per size, as
	 * MPICH answers (REAL 2/4/8/16, INTEGER 1/2/4/8/16, COMPLEX
	 * 4/8/16/32: MPI_COMPLEX4 was missing, issue 38). */
	static const MPI_Datatype reals[] = { MPI_REAL2, MPI_REAL4, MPI_REAL8, MPI_REAL16 };
	static const MPI_Datatype ints[] = { MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER4, MPI_INTEGER8,
					     MPI_INTEGER16 };
	static const MPI_Datatype cplx[] = { MPI_COMPLEX4, MPI_COMPLEX8, MPI_COMPLEX16,
					     MPI_COMPLEX32 };
	const MPI_Datatype *list;
	int n;

	MPII_CHECK_INIT(fn);
	CHECK_PTR(datatype);
	switch (typeclass) {
	case MPI_TYPECLASS_REAL: list = reals; n = 4; break;
	case MPI_TYPECLASS_INTEGER: list = ints; n = 5; break;
	case MPI_TYPECLASS_COMPLEX: list = cplx; n = 4; break;
	default:
		return mpii_err(NULL, MPI_ERR_ARG, fn, "invalid typeclass %d", typeclass);
	}
	for (int i = 0; i < n; i++)
		if (list[i]->size == size) {
			*datatype = list[i];
			return MPI_SUCCESS;
		}
	return mpii_err(NULL, MPI_ERR_ARG, fn, "no type of class %d with size %d", typeclass, size);
}

/* MPI-4.1 6.9.4: the predefined pair type of MINLOC/MAXLOC for a value
 * type and an index type, MPI_DATATYPE_NULL when there is none (not an
 * error); both arguments must be valid types. */
#pragma weak MPI_Type_get_value_index = PMPI_Type_get_value_index
int PMPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type,
			      MPI_Datatype *pair_type)
{
	static const char fn[] = "MPI_Type_get_value_index";
	static const struct {
		MPI_Datatype value, index, pair;
	} pairs[] = {
		{ MPI_FLOAT, MPI_INT, MPI_FLOAT_INT },
		{ MPI_DOUBLE, MPI_INT, MPI_DOUBLE_INT },
		{ MPI_LONG, MPI_INT, MPI_LONG_INT },
		{ MPI_INT, MPI_INT, MPI_2INT },
		{ MPI_SHORT, MPI_INT, MPI_SHORT_INT },
		{ MPI_LONG_DOUBLE, MPI_INT, MPI_LONG_DOUBLE_INT },
		{ MPI_REAL, MPI_REAL, MPI_2REAL },
		{ MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_2DOUBLE_PRECISION },
		{ MPI_INTEGER, MPI_INTEGER, MPI_2INTEGER },
	};

	MPII_CHECK_INIT(fn);
	CHECK_TYPE(value_type);
	CHECK_TYPE(index_type);
	CHECK_PTR(pair_type);
	*pair_type = MPI_DATATYPE_NULL;
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (pairs[i].value == value_type && pairs[i].index == index_type)
			*pair_type = pairs[i].pair;
	return MPI_SUCCESS;
}
