/*
 * The C half of tests/fortran/handles_mixed.f90: makes handles for
 * Fortran and checks what Fortran hands back.
 */
#include <stdio.h>
#include "mpi.h"

int c_make_handles(MPI_Fint *comm, MPI_Fint *dtype);
int c_world(int which);
int c_check_status(const MPI_Fint *fstatus, int source, int tag, int count);
int c_check_f08_status(const MPI_F08_status *f08status, int source, int tag);
int c_is_status_ignore(const MPI_Fint *fstatus);

/* A duplicate of MPI_COMM_WORLD and a contiguous type of 3 MPI_INT. */
int c_make_handles(MPI_Fint *comm, MPI_Fint *dtype)
{
	MPI_Comm c;
	MPI_Datatype t;

	if (MPI_Comm_dup(MPI_COMM_WORLD, &c) || MPI_Type_contiguous(3, MPI_INT, &t) ||
	    MPI_Type_commit(&t))
		return 1;
	*comm = MPI_Comm_c2f(c);
	*dtype = MPI_Type_c2f(t);
	return MPI_Comm_f2c(*comm) != c || MPI_Type_f2c(*dtype) != t;
}

int c_world(int which)
{
	switch (which) {
	case 0: return MPI_Comm_c2f(MPI_COMM_WORLD);
	case 1: return MPI_Type_c2f(MPI_INTEGER);
	case 2: return MPI_Op_c2f(MPI_SUM);
	default: return MPI_Comm_c2f(MPI_COMM_SELF);
	}
}

int c_check_status(const MPI_Fint *fstatus, int source, int tag, int count)
{
	MPI_Status s;
	int n;

	if (MPI_Status_f2c(fstatus, &s) != MPI_SUCCESS)
		return 1;
	MPI_Get_count(&s, MPI_BYTE, &n);
	if (s.MPI_SOURCE != source || s.MPI_TAG != tag || n != count) {
		fprintf(stderr, "status: source %d tag %d bytes %d\n", s.MPI_SOURCE, s.MPI_TAG, n);
		return 1;
	}
	return MPI_Status_f2c(MPI_F_STATUS_IGNORE, &s) == MPI_SUCCESS; /* must fail */
}

int c_check_f08_status(const MPI_F08_status *f08status, int source, int tag)
{
	MPI_Status s;
	MPI_Fint f[6];
	MPI_F08_status back;

	if (MPI_Status_f082c(f08status, &s) || s.MPI_SOURCE != source || s.MPI_TAG != tag)
		return 1;
	if (MPI_Status_f082f(f08status, f) || f[0] != source || f[1] != tag)
		return 1;
	if (MPI_Status_c2f08(&s, &back) || back.MPI_TAG != tag)
		return 1;
	return 0;
}

int c_is_status_ignore(const MPI_Fint *fstatus)
{
	return fstatus == MPI_F_STATUS_IGNORE;
}
