/*
 * lib/attr/attr_predefined.c - the predefined copy and delete callbacks
 * (MPI_NULL_COPY_FN, MPI_DUP_FN, MPI_NULL_DELETE_FN, their COMM_/TYPE_/WIN_
 * twins and the seed's MPI_HANDLE_NULL_COPY_FN, MPI_HANDLE_DUP_FN,
 * MPI_HANDLE_DELETE_FN).
 *
 * lib/attr/attr.c recognises these addresses when a keyval is created and never
 * calls them through a pointer (so any of them may be given to any keyval
 * constructor); they exist so that the names are real functions a user can
 * call or compare, with the standard's behaviour: null copy says "do not
 * copy", dup copies the value, null delete does nothing.
 */
#include "mpi.h"

MPII_API int mpii_obj_null_copy_fn(MPI_Comm oldcomm, int keyval, void *extra_state,
				   void *in, void *out, int *flag)
{
	*flag = 0;
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_dup_fn(MPI_Comm oldcomm, int keyval, void *extra_state,
			     void *in, void *out, int *flag)
{
	*(void **)out = in;
	*flag = 1;
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_null_delete_fn(MPI_Comm comm, int keyval, void *val, void *extra_state)
{
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_type_null_copy_fn(MPI_Datatype oldtype, int keyval, void *extra_state,
					void *in, void *out, int *flag)
{
	*flag = 0;
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_type_dup_fn(MPI_Datatype oldtype, int keyval, void *extra_state,
				  void *in, void *out, int *flag)
{
	*(void **)out = in;
	*flag = 1;
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_type_null_delete_fn(MPI_Datatype type, int keyval, void *val,
					  void *extra_state)
{
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_win_null_copy_fn(MPI_Win oldwin, int keyval, void *extra_state,
				       void *in, void *out, int *flag)
{
	*flag = 0;
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_win_dup_fn(MPI_Win oldwin, int keyval, void *extra_state,
				 void *in, void *out, int *flag)
{
	*(void **)out = in;
	*flag = 1;
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_win_null_delete_fn(MPI_Win win, int keyval, void *val, void *extra_state)
{
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_handle_null_copy_fn(MPI_Handle *handle, MPI_Handletype handletype,
					  int keyval, void *extra_state, void *in, void *out,
					  int *flag)
{
	*flag = 0;
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_handle_dup_fn(MPI_Handle *handle, MPI_Handletype handletype, int keyval,
				    void *extra_state, void *in, void *out, int *flag)
{
	*(void **)out = in;
	*flag = 1;
	return MPI_SUCCESS;
}

MPII_API int mpii_obj_handle_delete_fn(MPI_Handle *handle, MPI_Handletype handletype,
				       int keyval, void *val, void *extra_state)
{
	return MPI_SUCCESS;
}
