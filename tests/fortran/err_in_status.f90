! Description: MPI_Waitall, MPI_Testall, MPI_Waitsome and MPI_Testsome that
! end in MPI_ERR_IN_STATUS under MPI_ERRORS_RETURN (one receive of two
! truncated) still hand the statuses back, each with its MPI_ERROR, and the
! completed requests as MPI_REQUEST_NULL, through `use mpi` and through
! `use mpi_f08` (MPI-3.1 3.7.5: the caller reads them to see which failed).
! np: 2
program err_in_status
  use mpi_f08, only: MPI_Finalize
  use testing
  implicit none
  call start()
  call with_mpi()
  call with_f08()
  call MPI_Finalize()
end program

! Rank 0 sends 8 integers with tag 1 and 4 with tag 2; rank 1 receives
! tag 1 into 4 (MPI_ERR_TRUNCATE) and tag 2 into 4 (fine).
subroutine with_mpi()
  use mpi
  use testing
  implicit none
  integer :: big(8), small(4), ok(4), reqs(2), sts(MPI_STATUS_SIZE, 2)
  integer :: ierr, cls, i, k, outcount, idx(2), done, rc
  logical :: flag

  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  do i = 1, 4
    ! round 1 Waitall, 2 Testall, 3 Waitsome, 4 Testsome
    if (rank == 0) then
      big = [(i * 10 + k, k = 1, 8)]
      call MPI_Send(big, 8, MPI_INTEGER, 1, 1, MPI_COMM_WORLD, ierr)
      call MPI_Send(big(1:4), 4, MPI_INTEGER, 1, 2, MPI_COMM_WORLD, ierr)
    else
      small = -1
      ok = -1
      call MPI_Irecv(small, 4, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, reqs(1), ierr)
      call MPI_Irecv(ok, 4, MPI_INTEGER, 0, 2, MPI_COMM_WORLD, reqs(2), ierr)
      sts = -7
      select case (i)
      case (1)
        call MPI_Waitall(2, reqs, sts, ierr)
      case (2)
        flag = .false.
        do while (.not. flag)
          call MPI_Testall(2, reqs, flag, sts, ierr)
        end do
      case default
        ! Until both are in, Waitsome/Testsome may report one at a time.
        done = 0
        do while (done < 2)
          if (i == 3) then
            call MPI_Waitsome(2, reqs, outcount, idx, sts, ierr)
          else
            call MPI_Testsome(2, reqs, outcount, idx, sts, ierr)
          end if
          rc = ierr
          call check(outcount /= MPI_UNDEFINED, 'some: outcount')
          do k = 1, outcount
            call check(idx(k) == 1 .or. idx(k) == 2, 'some: index')
            call check(reqs(idx(k)) == MPI_REQUEST_NULL, 'some: request freed')
            if (idx(k) == 1) then
              call MPI_Error_class(sts(MPI_ERROR, k), cls, ierr)
              call check(cls == MPI_ERR_TRUNCATE, 'some: MPI_ERROR truncate')
              call check(ierr == MPI_SUCCESS, 'some: error class')
            else
              ! MPI-3.1 3.2.5: written only by a call that returns
              ! MPI_ERR_IN_STATUS (this one may complete alone)
              if (rc == MPI_ERR_IN_STATUS) &
                call check(sts(MPI_ERROR, k) == MPI_SUCCESS, 'some: MPI_ERROR success')
              call check(sts(MPI_TAG, k) == 2, 'some: tag')
            end if
          end do
          done = done + outcount
        end do
        call check(all(ok == [(i * 10 + k, k = 1, 4)]), 'some: data')
        cycle
      end select
      call check(ierr == MPI_ERR_IN_STATUS, 'all: MPI_ERR_IN_STATUS')
      call check(all(reqs == MPI_REQUEST_NULL), 'all: requests freed')
      call MPI_Error_class(sts(MPI_ERROR, 1), cls, ierr)
      call check(cls == MPI_ERR_TRUNCATE, 'all: MPI_ERROR truncate')
      call check(sts(MPI_ERROR, 2) == MPI_SUCCESS, 'all: MPI_ERROR success')
      call check(sts(MPI_SOURCE, 2) == 0 .and. sts(MPI_TAG, 2) == 2, 'all: source, tag')
      call check(all(ok == [(i * 10 + k, k = 1, 4)]), 'all: data')
    end if
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
end subroutine

subroutine with_f08()
  use mpi_f08
  use testing
  implicit none
  integer :: big(8), small(4), ok(4), ierr, cls, k
  type(MPI_Request) :: reqs(2)
  type(MPI_Status) :: sts(2)
  logical :: flag

  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  if (rank == 0) then
    big = [(100 + k, k = 1, 8)]
    call MPI_Send(big, 8, MPI_INTEGER, 1, 1, MPI_COMM_WORLD)
    call MPI_Send(big(1:4), 4, MPI_INTEGER, 1, 2, MPI_COMM_WORLD)
    call MPI_Send(big, 8, MPI_INTEGER, 1, 1, MPI_COMM_WORLD)
    call MPI_Send(big(1:4), 4, MPI_INTEGER, 1, 2, MPI_COMM_WORLD)
  else
    call MPI_Irecv(small, 4, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, reqs(1))
    call MPI_Irecv(ok, 4, MPI_INTEGER, 0, 2, MPI_COMM_WORLD, reqs(2))
    call MPI_Waitall(2, reqs, sts, ierr)
    call check(ierr == MPI_ERR_IN_STATUS, 'f08 Waitall: MPI_ERR_IN_STATUS')
    call check(reqs(1) == MPI_REQUEST_NULL .and. reqs(2) == MPI_REQUEST_NULL, &
               'f08 Waitall: requests freed')
    call MPI_Error_class(sts(1)%MPI_ERROR, cls)
    call check(cls == MPI_ERR_TRUNCATE, 'f08 Waitall: MPI_ERROR truncate')
    call check(sts(2)%MPI_ERROR == MPI_SUCCESS .and. sts(2)%MPI_TAG == 2, &
               'f08 Waitall: second status')
    call check(all(ok == [(100 + k, k = 1, 4)]), 'f08 Waitall: data')
    call MPI_Irecv(small, 4, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, reqs(1))
    call MPI_Irecv(ok, 4, MPI_INTEGER, 0, 2, MPI_COMM_WORLD, reqs(2))
    flag = .false.
    do while (.not. flag)
      call MPI_Testall(2, reqs, flag, sts, ierr)
    end do
    call check(ierr == MPI_ERR_IN_STATUS, 'f08 Testall: MPI_ERR_IN_STATUS')
    call check(reqs(1) == MPI_REQUEST_NULL .and. reqs(2) == MPI_REQUEST_NULL, &
               'f08 Testall: requests freed')
    call MPI_Error_class(sts(1)%MPI_ERROR, cls)
    call check(cls == MPI_ERR_TRUNCATE, 'f08 Testall: MPI_ERROR truncate')
  end if
  call MPI_Barrier(MPI_COMM_WORLD)
end subroutine
