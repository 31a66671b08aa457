! Description: the procedures of a generalized request started from Fortran
! get the caller's EXTRA_STATE variable itself, as C's get the caller's
! pointer: what the free procedure stores there the caller sees after
! MPI_WAIT (MPICH's f77/pt2pt/greqf; MPICH and Open MPI alike), through
! mpif.h-style external procedures and `use mpi_f08`.
! np: 1
module greq_procs
  use mpi_f08, only: MPI_ADDRESS_KIND, MPI_Status, MPI_SUCCESS, MPI_Status_set_elements, &
                     MPI_BYTE, MPI_Status_set_cancelled
  implicit none
contains
  subroutine query_f08(extra, status, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra
    type(MPI_Status) :: status
    integer :: ierr
    extra = extra + 10
    call MPI_Status_set_elements(status, MPI_BYTE, 0)
    call MPI_Status_set_cancelled(status, .false.)
    ierr = MPI_SUCCESS
  end subroutine
  subroutine free_f08(extra, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra
    integer :: ierr
    extra = extra - 1
    ierr = MPI_SUCCESS
  end subroutine
  subroutine cancel_f08(extra, complete, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra
    logical :: complete
    integer :: ierr
    ierr = MPI_SUCCESS
  end subroutine
end module

subroutine query_fn(extra, status, ierr)
  use mpi
  integer(kind=MPI_ADDRESS_KIND) :: extra
  integer :: status(MPI_STATUS_SIZE), ierr
  extra = extra + 10
  call MPI_Status_set_elements(status, MPI_BYTE, 0, ierr)
  call MPI_Status_set_cancelled(status, .false., ierr)
  ierr = MPI_SUCCESS
end subroutine

subroutine free_fn(extra, ierr)
  use mpi
  integer(kind=MPI_ADDRESS_KIND) :: extra
  integer :: ierr
  extra = extra - 1
  ierr = MPI_SUCCESS
end subroutine

subroutine cancel_fn(extra, complete, ierr)
  use mpi
  integer(kind=MPI_ADDRESS_KIND) :: extra
  logical :: complete
  integer :: ierr
  ierr = MPI_SUCCESS
end subroutine

program greq_extra_state
  use testing
  implicit none
  call start()
  call with_mpi()
  call with_f08()
  call fin()
end program

subroutine fin()
  use mpi_f08
  call MPI_Finalize()
end subroutine

subroutine with_mpi()
  use mpi
  use testing
  implicit none
  external :: query_fn, free_fn, cancel_fn
  integer(kind=MPI_ADDRESS_KIND), save :: extra
  integer :: req, ierr, status(MPI_STATUS_SIZE)

  extra = 1
  call MPI_Grequest_start(query_fn, free_fn, cancel_fn, extra, req, ierr)
  call MPI_Grequest_complete(req, ierr)
  call MPI_Wait(req, status, ierr)
  ! query added 10, free took 1
  call check(ierr == MPI_SUCCESS .and. extra == 10, 'mpi: the procedures got EXTRA_STATE')
end subroutine

subroutine with_f08()
  use mpi_f08
  use greq_procs
  use testing
  implicit none
  integer(kind=MPI_ADDRESS_KIND), save :: extra
  type(MPI_Request) :: req
  type(MPI_Status) :: status

  extra = 5
  call MPI_Grequest_start(query_f08, free_f08, cancel_f08, extra, req)
  call MPI_Grequest_complete(req)
  call MPI_Wait(req, status)
  call check(extra == 14, 'f08: the procedures got EXTRA_STATE')
end subroutine
