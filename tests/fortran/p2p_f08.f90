! Description: point-to-point through `use mpi_f08`: TYPE(MPI_Comm) and the
! other handle types, TYPE(MPI_Status) components, optional ierror, == and
! /= on handles, Get_count, Iprobe/Mprobe/Mrecv, errors returned to ierror
! under MPI_ERRORS_RETURN.
! np: 2 3
program p2p_f08
  use mpi_f08
  use testing
  implicit none
  integer :: peer, cnt, ierr
  integer :: a(20), b(20)
  logical :: flag
  type(MPI_Status) :: st
  type(MPI_Message) :: msg
  type(MPI_Comm) :: dup

  call start()
  call MPI_Comm_dup(MPI_COMM_WORLD, dup)
  call check(dup /= MPI_COMM_WORLD .and. .not. (dup == MPI_COMM_NULL), 'handle operators')
  a = rank
  if (rank == 0) then
    call MPI_Send(a, 20, MPI_INTEGER, 1, 11, dup)
    call MPI_Send(a, 7, MPI_INTEGER, 1, 12, dup, ierr)
    call check(ierr == MPI_SUCCESS, 'ierror present')
  else if (rank == 1) then
    call MPI_Recv(b, 20, MPI_INTEGER, 0, 11, dup, st)
    call check(st%MPI_SOURCE == 0 .and. st%MPI_TAG == 11, 'status')
    call MPI_Get_count(st, MPI_INTEGER, cnt)
    call check(cnt == 20 .and. all(b == 0), 'data')
    flag = .false.
    do while (.not. flag)
      call MPI_Iprobe(0, 12, dup, flag, st)
    end do
    call MPI_Mprobe(0, 12, dup, msg, st)
    call MPI_Get_count(st, MPI_INTEGER, cnt)
    call check(cnt == 7, 'mprobe count')
    call MPI_Mrecv(b, 20, MPI_INTEGER, msg, MPI_STATUS_IGNORE)
    call check(msg == MPI_MESSAGE_NULL, 'mrecv clears the message')
  end if
  ! An error comes back in ierror when the handler returns.
  call MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN)
  call MPI_Send(a, 1, MPI_INTEGER, nproc + 5, 0, dup, ierr)
  call check(ierr /= MPI_SUCCESS, 'invalid rank reported')
  call MPI_Error_class(ierr, cnt)
  call check(cnt == MPI_ERR_RANK, 'MPI_ERR_RANK')
  call MPI_Comm_free(dup)
  call MPI_Finalize()
end program
