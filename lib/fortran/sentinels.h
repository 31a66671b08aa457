/*
 * lib/fortran/sentinels.h - the Fortran sentinels (common blocks of
 * mpif.h, BIND(C) variables of mpi_f08), defined in libshmpi by
 * status_f2c.c and exported as mpii_obj_*.  mpi.h declares the two that
 * C code may name (MPI_F_STATUS(ES)_IGNORE); the rest only the glue
 * compares addresses against.
 */
#ifndef MPII_FORTRAN_SENTINELS_H
#define MPII_FORTRAN_SENTINELS_H

#include "mpi.h"

MPII_API extern MPI_Fint mpii_obj_f_bottom_;
MPII_API extern MPI_Fint mpii_obj_f_in_place_;
MPII_API extern MPI_Fint mpii_obj_f_errcodes_ignore_[1];
MPII_API extern MPI_Fint mpii_obj_f_unweighted_[1];
MPII_API extern MPI_Fint mpii_obj_f_weights_empty_[1];
MPII_API extern char mpii_obj_f_argv_null_[1];
MPII_API extern char mpii_obj_f_argvs_null_[1];

#endif
