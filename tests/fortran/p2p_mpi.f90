! Description: point-to-point through `use mpi` (explicit interfaces):
! scalars and arrays of any type to the same choice argument, Sendrecv,
! Probe and Get_count, Testsome's 1-based indices, persistent requests,
! MPI_F_sync_reg around them, and an array section that the compiler
! copies in and out.
! np: 2 4
program p2p_mpi
  use mpi
  use testing
  implicit none
  integer :: ierr, peer, cnt, outcount, i
  integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 2), reqs(2), idx(2)
  real :: r(8), rr(8), grid(4, 4)
  integer(kind=8) :: big, bigr

  call MPI_Init(ierr)
  call start()
  peer = ieor(rank, 1)
  if (peer >= nproc) peer = MPI_PROC_NULL

  r = rank
  call MPI_Sendrecv(r, 8, MPI_REAL, peer, 1, rr, 8, MPI_REAL, peer, 1, MPI_COMM_WORLD, status, ierr)
  call check(peer == MPI_PROC_NULL .or. all(rr == peer), 'sendrecv')

  big = 2_8**40 + rank
  call MPI_Sendrecv(big, 1, MPI_INTEGER8, peer, 2, bigr, 1, MPI_INTEGER8, peer, 2, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call check(peer == MPI_PROC_NULL .or. bigr == 2_8**40 + peer, 'integer8 scalar')

  if (peer /= MPI_PROC_NULL) then
    call MPI_Isend(r, 3, MPI_REAL, peer, 3, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Probe(peer, 3, MPI_COMM_WORLD, status, ierr)
    call MPI_Get_count(status, MPI_REAL, cnt, ierr)
    call check(cnt == 3, 'probe count')
    call MPI_Irecv(rr, 8, MPI_REAL, peer, 3, MPI_COMM_WORLD, reqs(2), ierr)
    outcount = 0
    i = 0
    do while (i < 2)
      call MPI_Testsome(2, reqs, outcount, idx, statuses, ierr)
      if (outcount /= MPI_UNDEFINED) then
        call check(all(idx(1:outcount) >= 1 .and. idx(1:outcount) <= 2), 'testsome indices')
        i = i + outcount
      end if
    end do

    ! A section: `use mpi` takes assumed-size buffers, the compiler copies.
    grid = -1
    if (rank < peer) then
      grid(2, :) = [1., 2., 3., 4.]
      call MPI_Send(grid(2, :), 4, MPI_REAL, peer, 4, MPI_COMM_WORLD, ierr)
    else
      call MPI_Recv(grid(3, :), 4, MPI_REAL, peer, 4, MPI_COMM_WORLD, status, ierr)
      call check(all(grid(3, :) == [1., 2., 3., 4.]) .and. all(grid(2, :) == -1), 'section')
    end if

    ! Persistent requests.
    call MPI_Send_init(r, 8, MPI_REAL, peer, 5, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Recv_init(rr, 8, MPI_REAL, peer, 5, MPI_COMM_WORLD, reqs(2), ierr)
    do i = 1, 3
      r = i * 10 + rank
      ! r and rr are not arguments of Startall and Waitall: MPI_F_sync_reg
      ! keeps the compiler from moving their stores and loads across them.
      call MPI_F_sync_reg(r)
      call MPI_Startall(2, reqs, ierr)
      call MPI_Waitall(2, reqs, statuses, ierr)
      call MPI_F_sync_reg(rr)
      call check(all(rr == i * 10 + peer) .and. statuses(MPI_SOURCE, 2) == peer, 'persistent')
    end do
    call MPI_Request_free(reqs(1), ierr)
    call MPI_Request_free(reqs(2), ierr)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program
