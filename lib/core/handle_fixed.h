/*
 * lib/core/handle_fixed.h - the predefined handles with fixed Fortran
 * integers.  The table is generated (lib/core/handle_fixed.c, from the
 * "#define MPI_X (&mpii_obj_y)" lines of include/mpi.h, by
 * api/gen-fortran.py), so that mpif.h's PARAMETERs and the C table cannot
 * disagree: entry i is the object of integer i + 1.
 */
#ifndef MPII_HANDLE_FIXED_H
#define MPII_HANDLE_FIXED_H

#include "mpi.h"

extern const void *const mpii_handle_fixed[];
extern const int mpii_handle_nfixed;

#endif
