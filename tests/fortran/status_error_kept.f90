! Description: the single-completion calls leave status(MPI_ERROR) as it
! was (MPI-3.1 3.2.5: only the multiple completions set it, and only with
! MPI_ERR_IN_STATUS): MPI_MPROBE, MPI_IMPROBE, MPI_MRECV, MPI_IMRECV with
! MPI_WAIT, MPI_RECV, MPI_PROBE, MPI_IPROBE and MPI_TEST, through `use mpi`
! and `use mpi_f08` (the glue copied an unset C field into it: MPICH's
! f77/pt2pt/mprobef).
! np: 2
program status_error_kept
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
  integer :: s(MPI_STATUS_SIZE), ss(MPI_STATUS_SIZE, 2), msg, req, reqs(2), buf(4), ierr, i
  logical :: flag

  if (rank == 0) then
    do i = 1, 8
      buf = i
      call MPI_Send(buf, 4, MPI_INTEGER, 1, i, MPI_COMM_WORLD, ierr)
    end do
  else if (rank == 1) then
    s(MPI_ERROR) = MPI_ERR_DIMS
    call MPI_Mprobe(0, 1, MPI_COMM_WORLD, msg, s, ierr)
    call check(s(MPI_ERROR) == MPI_ERR_DIMS .and. s(MPI_TAG) == 1, 'mpi Mprobe')
    s(MPI_ERROR) = MPI_ERR_OTHER
    call MPI_Mrecv(buf, 4, MPI_INTEGER, msg, s, ierr)
    call check(s(MPI_ERROR) == MPI_ERR_OTHER .and. buf(1) == 1, 'mpi Mrecv')
    flag = .false.
    do while (.not. flag)
      s(MPI_ERROR) = MPI_ERR_DIMS
      call MPI_Improbe(0, 2, MPI_COMM_WORLD, flag, msg, s, ierr)
      call check(s(MPI_ERROR) == MPI_ERR_DIMS, 'mpi Improbe')
    end do
    call MPI_Imrecv(buf, 4, MPI_INTEGER, msg, req, ierr)
    s(MPI_ERROR) = MPI_ERR_OTHER
    call MPI_Wait(req, s, ierr)
    call check(s(MPI_ERROR) == MPI_ERR_OTHER .and. s(MPI_TAG) == 2 .and. buf(1) == 2, &
               'mpi Imrecv, Wait')
    s(MPI_ERROR) = MPI_ERR_DIMS
    call MPI_Probe(0, 3, MPI_COMM_WORLD, s, ierr)
    call check(s(MPI_ERROR) == MPI_ERR_DIMS, 'mpi Probe')
    flag = .false.
    do while (.not. flag)
      s(MPI_ERROR) = MPI_ERR_DIMS
      call MPI_Iprobe(0, 3, MPI_COMM_WORLD, flag, s, ierr)
      call check(s(MPI_ERROR) == MPI_ERR_DIMS, 'mpi Iprobe')
    end do
    s(MPI_ERROR) = MPI_ERR_OTHER
    call MPI_Recv(buf, 4, MPI_INTEGER, 0, 3, MPI_COMM_WORLD, s, ierr)
    call check(s(MPI_ERROR) == MPI_ERR_OTHER, 'mpi Recv')
    call MPI_Irecv(buf, 4, MPI_INTEGER, 0, 4, MPI_COMM_WORLD, req, ierr)
    flag = .false.
    do while (.not. flag)
      s(MPI_ERROR) = MPI_ERR_DIMS
      call MPI_Test(req, flag, s, ierr)
      call check(s(MPI_ERROR) == MPI_ERR_DIMS, 'mpi Test')
    end do
    call MPI_Irecv(buf, 4, MPI_INTEGER, 0, 5, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Irecv(buf, 4, MPI_INTEGER, 0, 6, MPI_COMM_WORLD, reqs(2), ierr)
    call MPI_Waitall(2, reqs, ss, ierr)
    call MPI_Recv(buf, 4, MPI_INTEGER, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Recv(buf, 4, MPI_INTEGER, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
end subroutine

subroutine with_f08()
  use mpi_f08
  use testing
  implicit none
  type(MPI_Status) :: s
  type(MPI_Message) :: msg
  type(MPI_Request) :: req
  integer :: buf(4)
  logical :: flag

  if (rank == 0) then
    buf = 7
    call MPI_Send(buf, 4, MPI_INTEGER, 1, 1, MPI_COMM_WORLD)
    call MPI_Send(buf, 4, MPI_INTEGER, 1, 2, MPI_COMM_WORLD)
  else if (rank == 1) then
    s%MPI_ERROR = MPI_ERR_DIMS
    call MPI_Mprobe(0, 1, MPI_COMM_WORLD, msg, s)
    call check(s%MPI_ERROR == MPI_ERR_DIMS, 'f08 Mprobe')
    s%MPI_ERROR = MPI_ERR_OTHER
    call MPI_Mrecv(buf, 4, MPI_INTEGER, msg, s)
    call check(s%MPI_ERROR == MPI_ERR_OTHER .and. buf(1) == 7, 'f08 Mrecv')
    flag = .false.
    do while (.not. flag)
      s%MPI_ERROR = MPI_ERR_DIMS
      call MPI_Improbe(0, 2, MPI_COMM_WORLD, flag, msg, s)
      call check(s%MPI_ERROR == MPI_ERR_DIMS, 'f08 Improbe')
    end do
    call MPI_Imrecv(buf, 4, MPI_INTEGER, msg, req)
    s%MPI_ERROR = MPI_ERR_OTHER
    call MPI_Wait(req, s)
    call check(s%MPI_ERROR == MPI_ERR_OTHER .and. s%MPI_TAG == 2, 'f08 Imrecv, Wait')
  end if
  call MPI_Barrier(MPI_COMM_WORLD)
end subroutine
