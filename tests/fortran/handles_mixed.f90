! Description: handles and statuses cross between C and Fortran in one
! program: C makes a communicator and a datatype and gives Fortran their
! MPI_Fint (MPI_Comm_c2f), Fortran uses them through mpif.h, `use mpi`
! and `use mpi_f08` alike; the predefined handles are the same integers in
! C (MPI_Comm_c2f(MPI_COMM_WORLD)) and Fortran; a Fortran status reaches C
! through MPI_Status_f2c and an mpi_f08 one through MPI_Status_f082c;
! MPI_F_STATUS_IGNORE is the Fortran MPI_STATUS_IGNORE.
! np: 2
module mixed_c
  use, intrinsic :: iso_c_binding
  interface
    integer(c_int) function c_make_handles(comm, dtype) bind(C)
      import
      integer(c_int), intent(out) :: comm, dtype
    end function
    integer(c_int) function c_world(which) bind(C)
      import
      integer(c_int), value :: which
    end function
    integer(c_int) function c_check_status(fstatus, source, tag, count) bind(C)
      import
      integer(c_int), intent(in) :: fstatus(*)
      integer(c_int), value :: source, tag, count
    end function
    integer(c_int) function c_check_f08_status(f08status, source, tag) bind(C)
      import
      integer(c_int), intent(in) :: f08status(*)
      integer(c_int), value :: source, tag
    end function
    integer(c_int) function c_is_status_ignore(fstatus) bind(C)
      import
      integer(c_int), intent(in) :: fstatus(*)
    end function
  end interface
end module

subroutine with_mpi(comm, dtype)
  use mpi
  use testing
  implicit none
  integer, intent(in) :: comm, dtype
  integer :: buf(3), status(MPI_STATUS_SIZE), ierr
  if (rank == 0) then
    call MPI_Send([1, 2, 3], 1, dtype, 1, 21, comm, ierr)
  else
    call MPI_Recv(buf, 1, dtype, 0, 21, comm, status, ierr)
    call check(all(buf == [1, 2, 3]), 'use mpi with C handles')
  end if
end subroutine

subroutine with_f08(comm, dtype)
  use mpi_f08
  use mixed_c
  use testing
  implicit none
  integer, intent(in) :: comm, dtype
  type(MPI_Comm) :: c
  type(MPI_Datatype) :: t
  type(MPI_Status) :: st
  integer :: buf(3)
  c%MPI_VAL = comm
  t%MPI_VAL = dtype
  if (rank == 0) then
    call MPI_Send([4, 5, 6], 1, t, 1, 22, c)
  else
    call MPI_Recv(buf, 1, t, 0, 22, c, st)
    call check(all(buf == [4, 5, 6]), 'use mpi_f08 with C handles')
    call check(c_check_f08_status(transfer(st, [0]), 0, 22) == 0, 'MPI_Status_f082c')
  end if
end subroutine

program handles_mixed
  use mixed_c
  use testing
  implicit none
  include 'mpif.h'
  integer :: comm, dtype, peer, ierr, buf(3), status(MPI_STATUS_SIZE)

  call MPI_Init(ierr)
  call start()
  call check(c_world(0) == MPI_COMM_WORLD .and. c_world(1) == MPI_INTEGER .and. &
             c_world(2) == MPI_SUM .and. c_world(3) == MPI_COMM_SELF, &
             'predefined handles are the same in C and Fortran')
  call check(c_make_handles(comm, dtype) == 0, 'handles made in C')
  ! Both ranks through mpif.h, each its own values.
  peer = 1 - rank
  call MPI_Sendrecv([7, 8, 9] + rank, 1, dtype, peer, 20, buf, 1, dtype, peer, 20, comm, &
                    status, ierr)
  call check(all(buf == [7, 8, 9] + peer), 'mpif.h with C handles')
  call check(c_check_status(status, peer, 20, 12) == 0, 'MPI_Status_f2c')
  call check(c_is_status_ignore(MPI_STATUS_IGNORE) == 1, 'MPI_F_STATUS_IGNORE is MPI_STATUS_IGNORE')
  call with_mpi(comm, dtype)
  call with_f08(comm, dtype)
  call MPI_Type_free(dtype, ierr)
  call MPI_Comm_free(comm, ierr)
  call MPI_Finalize(ierr)
end program
