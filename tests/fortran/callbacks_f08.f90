! Description: Fortran procedures called back by the library, through
! `use mpi_f08`: a user op with the MPI_User_function interface
! (TYPE(C_PTR), VALUE vectors, TYPE(MPI_Datatype)) summing DOUBLE
! PRECISION in MPI_Allreduce, a datatype keyval whose copy and delete
! procedures count their calls across MPI_Type_dup and MPI_Type_free,
! MPI_TYPE_DUP_FN, and an error handler taking TYPE(MPI_Comm).
! np: 1 2 4
module callbacks_f08_state
  use mpi_f08
  implicit none
  integer :: ncopy = 0, ndelete = 0, neh = 0, ehcode = 0
  type(MPI_Comm) :: ehcomm
contains
  subroutine dsum(invec, inoutvec, len, datatype)
    use, intrinsic :: iso_c_binding, only : c_ptr, c_f_pointer
    type(c_ptr), value :: invec, inoutvec
    integer :: len
    type(MPI_Datatype) :: datatype
    double precision, pointer :: a(:), b(:)
    if (datatype /= MPI_DOUBLE_PRECISION) stop 3
    call c_f_pointer(invec, a, [len])
    call c_f_pointer(inoutvec, b, [len])
    b = a + b
  end subroutine

  subroutine copy_fn(oldtype, keyval, extra_state, attr_in, attr_out, flag, ierror)
    type(MPI_Datatype) :: oldtype
    integer :: keyval, ierror
    integer(kind=MPI_ADDRESS_KIND) :: extra_state, attr_in, attr_out
    logical :: flag
    ncopy = ncopy + 1
    attr_out = attr_in * extra_state
    flag = .true.
    ierror = MPI_SUCCESS
  end subroutine

  subroutine delete_fn(datatype, keyval, attr, extra_state, ierror)
    type(MPI_Datatype) :: datatype
    integer :: keyval, ierror
    integer(kind=MPI_ADDRESS_KIND) :: attr, extra_state
    ndelete = ndelete + 1
    ierror = MPI_SUCCESS
  end subroutine

  subroutine eh_fn(comm, code)
    type(MPI_Comm) :: comm
    integer :: code
    neh = neh + 1
    ehcode = code
    ehcomm = comm
  end subroutine
end module

program callbacks_f08
  use mpi_f08
  use callbacks_f08_state
  use testing
  implicit none
  integer :: ierr, keyval, key2, i
  type(MPI_Op) :: op
  type(MPI_Datatype) :: t1, t2, t3
  type(MPI_Errhandler) :: eh
  type(MPI_Comm) :: comm
  double precision :: v(4), r(4)
  integer(kind=MPI_ADDRESS_KIND) :: val, extra
  logical :: flag

  call start()

  call MPI_Op_create(dsum, .true., op, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Op_create')
  v = [(0.5d0 * i + rank, i = 1, 4)]
  call MPI_Allreduce(v, r, 4, MPI_DOUBLE_PRECISION, op, MPI_COMM_WORLD)
  do i = 1, 4
    call check(r(i) == 0.5d0 * i * nproc + nproc * (nproc - 1) / 2, 'user op sum')
  end do
  call MPI_Op_free(op)
  call check(op == MPI_OP_NULL, 'Op_free')

  extra = 3
  call MPI_Type_create_keyval(copy_fn, delete_fn, keyval, extra)
  call MPI_Type_contiguous(2, MPI_INTEGER, t1)
  val = 5
  call MPI_Type_set_attr(t1, keyval, val)
  call MPI_Type_dup(t1, t2)
  call check(ncopy == 1, 'copy on Type_dup')
  call MPI_Type_get_attr(t2, keyval, val, flag)
  call check(flag .and. val == 15, 'copied value')
  call MPI_Type_free(t2)
  call check(ndelete == 1, 'delete on Type_free')
  call MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN, key2, extra)
  val = 5
  call MPI_Type_set_attr(t1, key2, val)
  call MPI_Type_dup(t1, t3)
  call MPI_Type_get_attr(t3, key2, val, flag)
  call check(flag .and. val == 5, 'MPI_TYPE_DUP_FN')
  call check(ncopy == 2, 'user copy on the second dup')
  call MPI_Type_free(t3)
  call MPI_Type_free(t1)
  call check(ndelete == 3, 'deletes on Type_free')
  call MPI_Type_free_keyval(keyval)
  call MPI_Type_free_keyval(key2)

  call MPI_Comm_create_errhandler(eh_fn, eh)
  call MPI_Comm_dup(MPI_COMM_WORLD, comm)
  call MPI_Comm_set_errhandler(comm, eh)
  call MPI_Errhandler_free(eh)
  call MPI_Send(v, 1, MPI_DOUBLE_PRECISION, nproc + 5, 0, comm, ierr)
  call check(ierr /= MPI_SUCCESS, 'an error returns its code')
  call check(neh == 1 .and. ehcode == ierr .and. ehcomm == comm, 'handler called with comm and code')
  call MPI_Comm_free(comm)

  call MPI_Finalize()
end program
