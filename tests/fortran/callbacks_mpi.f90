! Description: Fortran procedures called back by the library, through
! `use mpi`: a user op (an INTEGER sum) in MPI_Allreduce and MPI_Reduce, a
! communicator keyval whose copy and delete procedures count their calls
! across MPI_Comm_dup and MPI_Comm_free (and MPI_COMM_DUP_FN and
! MPI_COMM_NULL_DELETE_FN), an error handler called with the communicator
! and the error code, a generalized request whose query and free
! procedures run from MPI_Wait; seed 002's request handler (INTEGER
! request and extra state), caching with MPI_HANDLE_DUP_FN and naming on a
! datatype through MPI_Handle_*.
! np: 1 2 3
module callbacks_mpi_state
  implicit none
  integer :: ncopy = 0, ndelete = 0, neh = 0, ehcode = 0, ehcomm = 0
  integer :: nquery = 0, nfree = 0
  integer, volatile :: nhandled = 0, handled_tag = -1
contains
  subroutine on_done(request, extra_state, ierror)
    use mpi
    integer :: request, extra_state, ierror
    integer :: status(MPI_STATUS_SIZE)
    call MPI_Get_status(request, status, ierror)
    handled_tag = status(MPI_TAG)
    nhandled = nhandled + extra_state
    ierror = MPI_SUCCESS
  end subroutine

  subroutine isum(invec, inoutvec, len, datatype)
    use mpi
    integer :: len, datatype
    integer :: invec(len), inoutvec(len)
    integer :: i
    if (datatype /= MPI_INTEGER) stop 3
    do i = 1, len
      inoutvec(i) = invec(i) + inoutvec(i)
    end do
  end subroutine

  subroutine copy_fn(oldcomm, keyval, extra_state, attr_in, attr_out, flag, ierror)
    use mpi
    integer :: oldcomm, keyval, ierror
    integer(kind=MPI_ADDRESS_KIND) :: extra_state, attr_in, attr_out
    logical :: flag
    ncopy = ncopy + 1
    attr_out = attr_in + extra_state
    flag = .true.
    ierror = MPI_SUCCESS
  end subroutine

  subroutine delete_fn(comm, keyval, attr, extra_state, ierror)
    use mpi
    integer :: comm, keyval, ierror
    integer(kind=MPI_ADDRESS_KIND) :: attr, extra_state
    ndelete = ndelete + 1
    ierror = MPI_SUCCESS
  end subroutine

  subroutine eh_fn(comm, code)
    integer :: comm, code
    neh = neh + 1
    ehcode = code
    ehcomm = comm
  end subroutine

  subroutine query_fn(extra_state, status, ierror)
    use mpi
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    integer :: status(MPI_STATUS_SIZE), ierror
    nquery = nquery + 1
    call MPI_Status_set_elements(status, MPI_INTEGER, int(extra_state), ierror)
    call MPI_Status_set_cancelled(status, .false., ierror)
    status(MPI_SOURCE) = MPI_UNDEFINED
    status(MPI_TAG) = MPI_UNDEFINED
    ierror = MPI_SUCCESS
  end subroutine

  subroutine free_fn(extra_state, ierror)
    use mpi
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    integer :: ierror
    nfree = nfree + 1
    ierror = MPI_SUCCESS
  end subroutine

  subroutine cancel_fn(extra_state, complete, ierror)
    use mpi
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    logical :: complete
    integer :: ierror
    ierror = MPI_SUCCESS
  end subroutine
end module

program callbacks_mpi
  use mpi
  use callbacks_mpi_state
  use testing
  implicit none
  integer :: ierr, op, keyval, key2, dup1, dup2, eh, comm, req, cnt
  integer :: v(5), r(5), i, status(MPI_STATUS_SIZE)
  integer(kind=MPI_ADDRESS_KIND) :: val, extra
  logical :: flag, commute
  integer :: dtype, dtype2
  character(len=MPI_MAX_OBJECT_NAME) :: name

  call MPI_Init(ierr)
  call start()

  ! A user op.
  call MPI_Op_create(isum, .true., op, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Op_create')
  call MPI_Op_commutative(op, commute, ierr)
  call check(commute, 'commutative')
  v = [(rank * 10 + i, i = 1, 5)]
  call MPI_Allreduce(v, r, 5, MPI_INTEGER, op, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS, 'Allreduce with a user op')
  do i = 1, 5
    call check(r(i) == 10 * nproc * (nproc - 1) / 2 + i * nproc, 'user op sum')
  end do
  r = 0
  call MPI_Reduce(v, r, 5, MPI_INTEGER, op, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) call check(r(5) == 10 * nproc * (nproc - 1) / 2 + 5 * nproc, 'Reduce')
  call MPI_Op_free(op, ierr)
  call check(op == MPI_OP_NULL, 'Op_free')

  ! A keyval: copy adds extra_state (7), delete counts.
  extra = 7
  call MPI_Comm_create_keyval(copy_fn, delete_fn, keyval, extra, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Comm_create_keyval')
  val = 100
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, val, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup1, ierr)
  call check(ncopy == 1, 'copy called once')
  call MPI_Comm_get_attr(dup1, keyval, val, flag, ierr)
  call check(flag .and. val == 107, 'copied value')
  call MPI_Comm_dup(dup1, dup2, ierr)
  call MPI_Comm_get_attr(dup2, keyval, val, flag, ierr)
  call check(ncopy == 2 .and. flag .and. val == 114, 'second copy')
  call MPI_Comm_free(dup2, ierr)
  call check(ndelete == 1, 'delete on free')
  call MPI_Comm_free(dup1, ierr)
  call check(ndelete == 2, 'delete on second free')
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval, ierr)
  call check(ndelete == 3, 'delete on delete_attr')
  call MPI_Comm_free_keyval(keyval, ierr)

  ! The predefined procedures.
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, key2, extra, ierr)
  val = 42
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key2, val, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup1, ierr)
  call MPI_Comm_get_attr(dup1, key2, val, flag, ierr)
  call check(flag .and. val == 42, 'MPI_COMM_DUP_FN')
  call MPI_Comm_free(dup1, ierr)
  call MPI_Comm_free_keyval(key2, ierr)
  call MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, key2, extra, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key2, val, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup1, ierr)
  call MPI_Comm_get_attr(dup1, key2, val, flag, ierr)
  call check(.not. flag, 'MPI_COMM_NULL_COPY_FN')
  call MPI_Comm_free(dup1, ierr)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, key2, ierr)
  call MPI_Comm_free_keyval(key2, ierr)

  ! An error handler: called with the communicator and the code, then the
  ! call returns the code.
  call MPI_Comm_create_errhandler(eh_fn, eh, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Comm_create_errhandler')
  call MPI_Comm_dup(MPI_COMM_WORLD, comm, ierr)
  call MPI_Comm_set_errhandler(comm, eh, ierr)
  call MPI_Errhandler_free(eh, ierr)
  call MPI_Send(v, 1, MPI_INTEGER, nproc + 5, 0, comm, ierr)
  call check(ierr /= MPI_SUCCESS, 'an error returns its code')
  call check(neh == 1 .and. ehcode == ierr .and. ehcomm == comm, 'handler called with comm and code')
  call MPI_Comm_free(comm, ierr)

  ! A generalized request: query fills the status (5 INTEGERs).
  extra = 5
  call MPI_Grequest_start(query_fn, free_fn, cancel_fn, extra, req, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Grequest_start')
  call MPI_Grequest_complete(req, ierr)
  call MPI_Wait(req, status, ierr)
  call check(ierr == MPI_SUCCESS .and. nquery == 1 .and. nfree == 1, 'query and free called')
  call MPI_Get_count(status, MPI_INTEGER, cnt, ierr)
  call check(cnt == 5, 'count from query')

  ! Seed 002: a handler on a receive from self, caching and a name on a
  ! datatype (the handle as its INTEGER, its type MPI_HANDLE_DATATYPE).
  call MPI_Irecv(r, 1, MPI_INTEGER, 0, 8, MPI_COMM_SELF, req, ierr)
  call MPI_Post_handler(req, MPI_INFO_NULL, on_done, 3, MPI_HANDLER_DEFAULT, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Post_handler')
  call MPI_Send(v, 1, MPI_INTEGER, 0, 8, MPI_COMM_SELF, ierr)
  call MPI_Wait(req, status, ierr)
  call check(nhandled == 3 .and. handled_tag == 8, 'handler ran with its extra_state')
  call MPI_Type_contiguous(2, MPI_INTEGER, dtype, ierr)
  call MPI_Handle_keyval_create(MPI_HANDLE_DUP_FN, MPI_HANDLE_DELETE_FN, keyval, 0, ierr)
  call MPI_Handle_attr_put(dtype, MPI_HANDLE_DATATYPE, keyval, 77, ierr)
  call MPI_Type_dup(dtype, dtype2, ierr)
  call MPI_Handle_attr_get(dtype2, MPI_HANDLE_DATATYPE, keyval, cnt, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. flag .and. cnt == 77, 'MPI_HANDLE_DUP_FN on Type_dup')
  call MPI_Handle_name_put(dtype2, MPI_HANDLE_DATATYPE, 'pair', ierr)
  call MPI_Type_get_name(dtype2, name, cnt, ierr)
  call check(name == 'pair' .and. cnt == 4, 'Handle_name_put')
  call MPI_Handle_name_get(MPI_INTEGER, MPI_HANDLE_DATATYPE, name, ierr)
  call check(name == 'MPI_INTEGER', 'Handle_name_get')
  call MPI_Type_free(dtype2, ierr)
  call MPI_Type_free(dtype, ierr)

  call MPI_Finalize(ierr)
end program
