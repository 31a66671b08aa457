/*
 * The C half of tests/fortran/attr_lang.f90: sets and reads attributes in
 * C, with C keyvals and callbacks, for Fortran to check against (MPI-3.1
 * 17.2.7, examples 17.17-17.19).
 */
#include "mpi.h"

int c_keyvals(MPI_Fint *plain, MPI_Fint *dup, MPI_Fint *copydel);
int c_get_aint(MPI_Fint comm, int keyval, MPI_Aint expect);
int c_get_int(MPI_Fint comm, int keyval, int expect);
int c_set_pointer(int keyval, MPI_Aint *address);
int c_set_17(int keyval);
int c_deleted(void);

static int set_val = 3;
static MPI_Aint deleted = -1; /* what c_copydel's delete function found */

/* Copies the value C sees (a pointer to the integer Fortran set) as it is. */
static int copy_fn(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
	(void)comm, (void)keyval, (void)extra;
	*(void **)out = in;
	*flag = 1;
	return MPI_SUCCESS;
}

static int delete_fn(MPI_Comm comm, int keyval, void *val, void *extra)
{
	(void)comm, (void)keyval, (void)extra;
	deleted = *(MPI_Aint *)val;
	return MPI_SUCCESS;
}

/* Three keyvals created in C: no callbacks, MPI_COMM_DUP_FN, and a copy
 * and a delete function that read the value through C's pointer. */
int c_keyvals(MPI_Fint *plain, MPI_Fint *dup, MPI_Fint *copydel)
{
	return MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, plain, NULL) ||
	       MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, dup, NULL) ||
	       MPI_Comm_create_keyval(copy_fn, delete_fn, copydel, NULL);
}

/* 0 when C reads keyval on comm as a pointer to an MPI_Aint holding
 * expect (example 17.19 B). */
int c_get_aint(MPI_Fint comm, int keyval, MPI_Aint expect)
{
	MPI_Aint *v;
	int flag;

	if (MPI_Comm_get_attr(MPI_Comm_f2c(comm), keyval, &v, &flag) != MPI_SUCCESS || !flag)
		return 1;
	return *v != expect ? 2 : 0;
}

/* The same for an int (example 17.18 B: MPI_ATTR_PUT's INTEGER). */
int c_get_int(MPI_Fint comm, int keyval, int expect)
{
	int *v;
	int flag;

	if (MPI_Comm_get_attr(MPI_Comm_f2c(comm), keyval, &v, &flag) != MPI_SUCCESS || !flag)
		return 1;
	return *v != expect ? 2 : 0;
}

/* Example 17.17 A: a pointer to an int; *address gets the pointer. */
int c_set_pointer(int keyval, MPI_Aint *address)
{
	*address = (MPI_Aint)&set_val;
	return MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, &set_val);
}

int c_set_17(int keyval)
{
	return MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, (void *)17);
}

int c_deleted(void)
{
	return (int)deleted;
}
