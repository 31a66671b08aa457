/*
 * lib/datatype/type_f90.c - MPI_Type_create_f90_integer/real/complex
 * (MPI-3.1 17.1.9): the datatype of the Fortran type SELECTED_INT_KIND(r)
 * or SELECTED_REAL_KIND(p, r) would give, as gfortran on x86-64 chooses
 * kinds.
 *
 * The type returned has the layout and the reductions of one of
 * MPI_INTEGER1..16, MPI_REAL4/8/16, MPI_COMPLEX8/16/32, but it is not that
 * named type: MPI_Type_get_envelope reports MPI_COMBINER_F90_REAL (or
 * _COMPLEX, _INTEGER) and MPI_Type_get_contents the p and r asked for
 * (MPI-3.1 4.1.13 and 17.1.9; MPICH's datatype/createf90types checks it).
 * One type is made per (combiner, p, r) on first request and handed out
 * again after, as the standard's "predefined" suggests; MPI_Type_free
 * refuses it (MPI_ERR_TYPE), as it refuses the named types.
 * gfortran's REAL(10) (x87's 80 bits in 16 bytes) has no MPI name: it is
 * C long double, so up to its precision and range (p 18, r 4931) the type
 * stands for MPI_LONG_DOUBLE (MPI_C_LONG_DOUBLE_COMPLEX); beyond them, up
 * to p 33, for MPI_REAL16 (MPI_COMPLEX32), IEEE binary128 as gfortran's
 * REAL(16).
 */
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

/* The types made so far (under the library lock). */
struct f90_made {
	int combiner, p, r;
	MPI_Datatype type;
};
static struct f90_made *made;
static int nmade, made_cap;

/* A committed type laid out as base, whose envelope is combiner with the
 * integers p (and r, except for F90_INTEGER), and no datatypes. */
static int make_f90(int combiner, int p, int r, MPI_Datatype base, MPI_Datatype *out)
{
	struct mpii_datatype *dt = mpii_type_alloc();
	if (!dt)
		return MPI_ERR_NO_MEM;
	struct mpii_typedesc *d = dt->desc;
	d->ni = combiner == MPI_COMBINER_F90_INTEGER ? 1 : 2;
	if (!(d->ints = malloc(sizeof(int) * 2))) {
		mpii_type_destroy(dt);
		return MPI_ERR_NO_MEM;
	}
	d->ints[0] = p;
	d->ints[1] = r;
	/* Everything that walks the layout goes to base (desc->inner). */
	mpii_type_ref(base);
	d->inner = base;
	d->ext32_size = mpii_type_ext32_size(base);
	d->depth = 1;
	d->elem = mpii_type_elem_basic(base);
	dt->combiner = combiner;
	mpii_type_copy_layout(dt, base);
	dt->flags |= MPII_DT_KEPT;
	int rc = mpii_type_commit(dt);
	if (rc) {
		mpii_type_unref(dt);
		return rc;
	}
	*out = dt;
	return MPI_SUCCESS;
}

/* Precision and decimal exponent range of gfortran's real kinds 4, 8, 10,
 * 16. */
#define NREAL_KINDS 4
static const struct {
	int p, r;
} real_kinds[NREAL_KINDS] = { { 6, 37 }, { 15, 307 }, { 18, 4931 }, { 33, 4931 } };

/* The index in real_kinds of the smallest kind with precision >= p and
 * range >= r (MPI_UNDEFINED: not asked for); -1 when there is none. */
static int real_kind(int p, int r)
{
	for (int i = 0; i < NREAL_KINDS; i++)
		if ((p == MPI_UNDEFINED || p <= real_kinds[i].p) &&
		    (r == MPI_UNDEFINED || r <= real_kinds[i].r))
			return i;
	return -1;
}

/* The named type behind (combiner, p, r) (for F90_INTEGER p is the range
 * r), or NULL when no kind has that precision and range. */
static MPI_Datatype f90_base(int combiner, int p, int r)
{
	/* SELECTED_INT_KIND(r): the smallest kind holding 10**r. */
	static const struct {
		int r;
		MPI_Datatype t;
	} ints[] = { { 2, MPI_INTEGER1 }, { 4, MPI_INTEGER2 }, { 9, MPI_INTEGER4 },
		     { 18, MPI_INTEGER8 }, { 38, MPI_INTEGER16 } };
	const MPI_Datatype reals[NREAL_KINDS] = { MPI_REAL4, MPI_REAL8, MPI_LONG_DOUBLE,
						  MPI_REAL16 };
	const MPI_Datatype cplx[NREAL_KINDS] = { MPI_COMPLEX8, MPI_COMPLEX16,
						 MPI_C_LONG_DOUBLE_COMPLEX, MPI_COMPLEX32 };

	if (combiner == MPI_COMBINER_F90_INTEGER) {
		for (int i = 0; i < 5; i++)
			if (p <= ints[i].r)
				return ints[i].t;
		return NULL;
	}
	int k = p == MPI_UNDEFINED && r == MPI_UNDEFINED ? -1 : real_kind(p, r);
	if (k < 0)
		return NULL;
	return combiner == MPI_COMBINER_F90_REAL ? reals[k] : cplx[k];
}

int mpii_type_f90(int combiner, int p, int r, MPI_Datatype *out)
{
	MPI_Datatype base = f90_base(combiner, p, r);
	if (!base)
		return MPI_ERR_ARG;
	int rc = MPI_SUCCESS;
	mpii_lock();
	for (int i = 0; i < nmade; i++)
		if (made[i].combiner == combiner && made[i].p == p && made[i].r == r) {
			*out = made[i].type;
			goto done;
		}
	if (nmade == made_cap) {
		int cap = made_cap ? 2 * made_cap : 8;
		struct f90_made *m = realloc(made, sizeof(*m) * (size_t)cap);
		if (!m) {
			rc = MPI_ERR_NO_MEM;
			goto done;
		}
		made = m;
		made_cap = cap;
	}
	if ((rc = make_f90(combiner, p, r, base, out)) == MPI_SUCCESS)
		made[nmade++] = (struct f90_made){ combiner, p, r, *out };
done:
	mpii_unlock();
	return rc;
}

/* The entry points: argument checks, then mpii_type_f90. */
static int create(const char *fn, int combiner, int p, int r, MPI_Datatype *newtype)
{
	MPII_CHECK_INIT(fn);
	if (!newtype)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "newtype is NULL");
	int rc = mpii_type_f90(combiner, p, r, newtype);
	if (rc == MPI_ERR_ARG && combiner == MPI_COMBINER_F90_INTEGER)
		return mpii_err(NULL, rc, fn, "no integer kind has range %d", p);
	if (rc == MPI_ERR_ARG)
		return mpii_err(NULL, rc, fn, "no %s kind has precision %d, range %d",
				combiner == MPI_COMBINER_F90_REAL ? "real" : "complex", p, r);
	return rc ? mpii_err(NULL, rc, fn, "out of memory") : MPI_SUCCESS;
}

#pragma weak MPI_Type_create_f90_integer = PMPI_Type_create_f90_integer
int PMPI_Type_create_f90_integer(int r, MPI_Datatype *newtype)
{
	return create("MPI_Type_create_f90_integer", MPI_COMBINER_F90_INTEGER, r, 0, newtype);
}

#pragma weak MPI_Type_create_f90_real = PMPI_Type_create_f90_real
int PMPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype)
{
	return create("MPI_Type_create_f90_real", MPI_COMBINER_F90_REAL, p, r, newtype);
}

#pragma weak MPI_Type_create_f90_complex = PMPI_Type_create_f90_complex
int PMPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype)
{
	return create("MPI_Type_create_f90_complex", MPI_COMBINER_F90_COMPLEX, p, r, newtype);
}
