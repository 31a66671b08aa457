/*
 * lib/fortran/status_f2c.c - the status conversions between C, mpif.h and
 * mpi_f08 (MPI-3.1 17.2.5), and the Fortran sentinels C code can name.
 *
 * The three statuses have one layout: MPI_Status is 6 C ints (source,
 * tag, error, cancelled, then the 8-byte count), mpif.h's status is
 * INTEGER(MPI_STATUS_SIZE = 6) and mpi_f08's TYPE(MPI_Status) is 6
 * INTEGERs, so every conversion is a copy of 24 bytes.  The copy (not a
 * cast) is needed because a Fortran INTEGER array is only 4-byte aligned.
 *
 * The sentinels are the common blocks of mpif.h (and the BIND(C)
 * variables of mpi_f08, which name the same symbols): defined here, in
 * libshmpi, so that C code can pass MPI_F_STATUS_IGNORE without the
 * Fortran library, and the Fortran glue recognises them by address.
 */
#include <string.h>
#include "lib/fortran/sentinels.h"

_Static_assert(sizeof(MPI_Status) == 6 * sizeof(MPI_Fint), "MPI_STATUS_SIZE is 6");
_Static_assert(sizeof(MPI_F08_status) == sizeof(MPI_Status), "TYPE(MPI_Status) is a status");

/* Common blocks: gfortran names /X/ as the symbol x_.  Sizes as mpif.h
 * declares them. */
MPI_Fint mpii_obj_f_bottom_;
MPI_Fint mpii_obj_f_in_place_;
MPI_Fint mpii_obj_f_status_ignore_[6];
MPI_Fint mpii_obj_f_statuses_ignore_[6];
MPI_Fint mpii_obj_f_errcodes_ignore_[1];
MPI_Fint mpii_obj_f_unweighted_[1];
MPI_Fint mpii_obj_f_weights_empty_[1];
char mpii_obj_f_argv_null_[1];
char mpii_obj_f_argvs_null_[1];

/* The ignore sentinels are not statuses to read or fill: MPI_ERR_ARG,
 * as for a NULL status (no error handler: these are local conversions). */
static int bad(const void *a, const void *b)
{
	return !a || !b || a == MPI_F_STATUS_IGNORE || b == MPI_F_STATUS_IGNORE ||
	       a == MPI_F_STATUSES_IGNORE || b == MPI_F_STATUSES_IGNORE ||
	       a == MPI_STATUS_IGNORE || b == MPI_STATUS_IGNORE;
}

/* Every conversion is this copy, from its first argument to its second:
 * the six functions are its aliases. */
static int convert(const void *from, void *to)
{
	if (bad(to, from))
		return MPI_ERR_ARG;
	memcpy(to, from, sizeof(MPI_Status));
	return MPI_SUCCESS;
}

#define CONVERSION __attribute__((alias("convert")))
int PMPI_Status_c2f(const MPI_Status *, MPI_Fint *) CONVERSION;
int PMPI_Status_f2c(const MPI_Fint *, MPI_Status *) CONVERSION;
int PMPI_Status_c2f08(const MPI_Status *, MPI_F08_status *) CONVERSION;
int PMPI_Status_f082c(const MPI_F08_status *, MPI_Status *) CONVERSION;
int PMPI_Status_f2f08(const MPI_Fint *, MPI_F08_status *) CONVERSION;
int PMPI_Status_f082f(const MPI_F08_status *, MPI_Fint *) CONVERSION;
#pragma weak MPI_Status_c2f = PMPI_Status_c2f
#pragma weak MPI_Status_f2c = PMPI_Status_f2c
#pragma weak MPI_Status_c2f08 = PMPI_Status_c2f08
#pragma weak MPI_Status_f082c = PMPI_Status_f082c
#pragma weak MPI_Status_f2f08 = PMPI_Status_f2f08
#pragma weak MPI_Status_f082f = PMPI_Status_f082f
