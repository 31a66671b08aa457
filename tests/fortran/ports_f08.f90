! Description: the port and name calls in Fortran (CHARACTER scalars):
! rank 0 opens a port with `use mpi_f08` and publishes it under a name made
! from it with `use mpi`; rank 1 looks the name up (the port comes back
! blank-padded) and connects with `use mpi`, rank 0 accepts with
! `use mpi_f08`; a broadcast crosses the intercommunicator, both
! disconnect, and after unpublishing a lookup fails with MPI_ERR_NAME.
! np: 2
program ports_f08
  use testing
  implicit none
  call start()
  call run()
  call fin()
end program

subroutine fin()
  use mpi_f08
  call MPI_Finalize()
end subroutine

subroutine publish(svc, port)
  use mpi
  use testing
  implicit none
  character(len=*), intent(in) :: svc, port
  integer :: ierr
  call MPI_Publish_name(svc, MPI_INFO_NULL, port, ierr)
  call check(ierr == MPI_SUCCESS, 'mpi: publish')
end subroutine

subroutine lookup_connect(svc, port, inter)
  use mpi
  use testing
  implicit none
  character(len=*), intent(in) :: svc
  character(len=MPI_MAX_PORT_NAME), intent(out) :: port
  integer, intent(out) :: inter
  integer :: ierr
  call MPI_Lookup_name(svc, MPI_INFO_NULL, port, ierr)
  call check(ierr == MPI_SUCCESS .and. port(1:11) == 'shmpi-port:', 'mpi: lookup')
  call MPI_Comm_connect(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, inter, ierr)
  call check(ierr == MPI_SUCCESS, 'mpi: connect')
end subroutine

subroutine run()
  use mpi_f08
  use testing
  implicit none
  character(len=MPI_MAX_PORT_NAME) :: port, found
  character(len=64) :: svc
  type(MPI_Comm) :: inter
  integer :: me, v, ierr, cls, fint, rs

  call MPI_Comm_rank(MPI_COMM_WORLD, me)
  call MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  if (me == 0) then
    call MPI_Open_port(MPI_INFO_NULL, port, ierr)
    call check(ierr == MPI_SUCCESS .and. port(1:11) == 'shmpi-port:', 'f08: open_port')
    svc = 'shmpi-fortran-' // port(len_trim(port) - 15:len_trim(port))
    call publish(trim(svc), trim(port))
  end if
  call MPI_Bcast(svc, 64, MPI_CHARACTER, 0, MPI_COMM_WORLD)
  if (me == 1) then
    call lookup_connect(trim(svc), found, fint)
    inter%MPI_VAL = fint
  else if (me == 0) then
    call MPI_Comm_accept(port, MPI_INFO_NULL, 0, MPI_COMM_SELF, inter, ierr)
    call check(ierr == MPI_SUCCESS, 'f08: accept')
  end if
  if (me < 2) then
    call MPI_Comm_remote_size(inter, rs)
    call check(rs == 1, 'remote size')
    v = -1
    if (me == 0) v = 31
    if (me == 0) then
      call MPI_Bcast(v, 1, MPI_INTEGER, MPI_ROOT, inter)
    else
      call MPI_Bcast(v, 1, MPI_INTEGER, 0, inter)
    end if
    call check(v == 31, 'bcast across')
    call MPI_Comm_disconnect(inter, ierr)
    call check(ierr == MPI_SUCCESS, 'f08: disconnect')
  end if
  call MPI_Barrier(MPI_COMM_WORLD)
  if (me == 0) then
    call MPI_Unpublish_name(trim(svc), MPI_INFO_NULL, trim(port), ierr)
    call check(ierr == MPI_SUCCESS, 'f08: unpublish')
    call MPI_Close_port(port, ierr)
    call check(ierr == MPI_SUCCESS, 'f08: close_port')
  end if
  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Lookup_name(trim(svc), MPI_INFO_NULL, found, ierr)
  call MPI_Error_class(ierr, cls)
  call check(cls == MPI_ERR_NAME, 'f08: lookup after unpublish')
end subroutine
