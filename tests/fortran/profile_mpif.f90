! Description: the Fortran profiling interface of mpif.h (MPI-3.1 14.2):
! a program's own MPI_SEND and MPI_RECV replace the library's and reach it
! through PMPI_SEND and PMPI_RECV, and PMPI_WTIME is a DOUBLE PRECISION
! function (MPICH's f77/profile/profile1f did not link: no PMPI_ names).
! np: 2
program profile_mpif
  use testing
  implicit none
  include 'mpif.h'
  integer :: ierr, buf(3), sends, recvs
  double precision :: t
  common /counts/ sends, recvs

  sends = 0
  recvs = 0
  call MPI_Init(ierr)
  call start()
  if (rank == 0) then
    buf = 3
    call MPI_Send(buf, 3, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, ierr)
    call check(sends == 1 .and. recvs == 0, 'the program''s MPI_SEND ran')
  else if (rank == 1) then
    call MPI_Recv(buf, 3, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call check(recvs == 1 .and. all(buf == 3), 'the program''s MPI_RECV ran')
  end if
  t = PMPI_Wtime()
  call check(t > 0d0 .and. PMPI_Wtick() > 0d0, 'PMPI_WTIME, PMPI_WTICK')
  call PMPI_Barrier(MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS, 'PMPI_BARRIER')
  call MPI_Finalize(ierr)
end program

subroutine MPI_Send(buf, count, datatype, dest, tag, comm, ierr)
  implicit none
  integer :: buf(*), count, datatype, dest, tag, comm, ierr
  integer :: sends, recvs
  common /counts/ sends, recvs
  sends = sends + 1
  call PMPI_Send(buf, count, datatype, dest, tag, comm, ierr)
end subroutine

subroutine MPI_Recv(buf, count, datatype, source, tag, comm, status, ierr)
  implicit none
  integer :: buf(*), count, datatype, source, tag, comm, status(*), ierr
  integer :: sends, recvs
  common /counts/ sends, recvs
  recvs = recvs + 1
  call PMPI_Recv(buf, count, datatype, source, tag, comm, status, ierr)
end subroutine
