/*
 * lib/datatype/type_f90.c - MPI_Type_create_f90_integer/real/complex
 * (MPI-3.1 17.1.9): the datatype of the Fortran type SELECTED_INT_KIND(r)
 * or SELECTED_REAL_KIND(p, r) would give, as gfortran on x86-64 chooses
 * kinds.
 *
 * The standard lets an implementation return a predefined named type for
 * each (p, r) asked for; here it is always one of MPI_INTEGER1..16,
 * MPI_REAL4/8/16, MPI_COMPLEX8/16/32, which the caller must not free.
 * MPI_REAL16 is C long double (80-bit x87 in 16 bytes, docs/STATUS.md), the
 * layout of gfortran's REAL(10): it is returned up to REAL(10)'s precision
 * and range (p 18, r 4931); beyond that gfortran picks REAL(16), IEEE
 * binary128, which shmpi has no type for, and the call fails.
 */
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

/* Precision and decimal exponent range of gfortran's real kinds 4, 8, 10. */
static const struct {
	int p, r;
} real_kinds[] = { { 6, 37 }, { 15, 307 }, { 18, 4931 } };

/* The index in real_kinds of the smallest kind with precision >= p and
 * range >= r (MPI_UNDEFINED: not asked for); -1 when there is none. */
static int real_kind(int p, int r)
{
	for (int i = 0; i < 3; i++)
		if ((p == MPI_UNDEFINED || p <= real_kinds[i].p) &&
		    (r == MPI_UNDEFINED || r <= real_kinds[i].r))
			return i;
	return -1;
}

int mpii_Type_create_f90_integer(const char *fn, int r, MPI_Datatype *newtype)
{
	/* SELECTED_INT_KIND(r): the smallest kind holding 10**r. */
	static const struct {
		int r;
		MPI_Datatype t;
	} ints[] = { { 2, MPI_INTEGER1 }, { 4, MPI_INTEGER2 }, { 9, MPI_INTEGER4 },
		     { 18, MPI_INTEGER8 }, { 38, MPI_INTEGER16 } };

	MPII_CHECK_INIT(fn);
	if (!newtype)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newtype is NULL");
	for (int i = 0; i < 5; i++)
		if (r <= ints[i].r) {
			*newtype = ints[i].t;
			return MPI_SUCCESS;
		}
	return mpii_err(NULL, MPI_ERR_ARG, fn, "no integer kind has range %d", r);
}

/* MPI_Type_create_f90_real and _complex for fn: the type of kinds[] (one
 * per entry of real_kinds) that SELECTED_REAL_KIND(p, r) picks; what names
 * the kind ("real", "complex") in the error. */
static int real_type(const char *fn, const char *what, const MPI_Datatype kinds[3], int p, int r,
		     MPI_Datatype *newtype)
{
	int k;

	MPII_CHECK_INIT(fn);
	if (!newtype)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newtype is NULL");
	if (p == MPI_UNDEFINED && r == MPI_UNDEFINED)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "p and r both MPI_UNDEFINED");
	if ((k = real_kind(p, r)) < 0)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "no %s kind has precision %d, range %d", what,
				p, r);
	*newtype = kinds[k];
	return MPI_SUCCESS;
}

#pragma weak MPI_Type_create_f90_real = PMPI_Type_create_f90_real
int PMPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype)
{
	const MPI_Datatype reals[] = { MPI_REAL4, MPI_REAL8, MPI_REAL16 };
	return real_type("MPI_Type_create_f90_real", "real", reals, p, r, newtype);
}

#pragma weak MPI_Type_create_f90_complex = PMPI_Type_create_f90_complex
int PMPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype)
{
	const MPI_Datatype cplx[] = { MPI_COMPLEX8, MPI_COMPLEX16, MPI_COMPLEX32 };
	return real_type("MPI_Type_create_f90_complex", "complex", cplx, p, r, newtype);
}
