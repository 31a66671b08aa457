! Description: nonblocking mpi_f08 calls on ASYNCHRONOUS buffers: Isend and
! Irecv of whole arrays and of strided sections (described by a derived
! datatype, no copy), Waitall with an array of TYPE(MPI_Status), Iallreduce
! and Ibcast, MPI_F_sync_reg after completion; MPI_ASYNC_PROTECTS_NONBLOCKING
! is .FALSE. with gfortran.
! np: 2 4
program nonblocking_f08
  use mpi_f08
  use testing
  implicit none
  integer :: peer, i, j
  real, asynchronous :: a(100), b(100), g(10, 10)
  integer, asynchronous :: total
  type(MPI_Request) :: reqs(4)
  type(MPI_Status) :: sts(4)

  call start()
  call check(.not. MPI_ASYNC_PROTECTS_NONBLOCKING, 'MPI_ASYNC_PROTECTS_NONBLOCKING')
  peer = ieor(rank, 1)
  a = [(real(i + 100 * rank), i = 1, 100)]
  b = 0
  g = 0
  if (rank < peer) g = reshape([(real(i), i = 1, 100)], [10, 10])
  call MPI_Irecv(b, 100, MPI_REAL, peer, 1, MPI_COMM_WORLD, reqs(1))
  call MPI_Isend(a, 100, MPI_REAL, peer, 1, MPI_COMM_WORLD, reqs(2))
  if (rank < peer) then
    call MPI_Isend(g(3, :), 10, MPI_REAL, peer, 2, MPI_COMM_WORLD, reqs(3))
    call MPI_Isend(g(1:10:3, 1:10:3), 16, MPI_REAL, peer, 3, MPI_COMM_WORLD, reqs(4))
  else
    call MPI_Irecv(g(7, :), 10, MPI_REAL, peer, 2, MPI_COMM_WORLD, reqs(3))
    call MPI_Irecv(g(2:5, 1:4), 16, MPI_REAL, peer, 3, MPI_COMM_WORLD, reqs(4))
  end if
  call MPI_Waitall(4, reqs, sts)
  call MPI_F_sync_reg(b)
  call MPI_F_sync_reg(g)
  call check(all(b == [(real(i + 100 * peer), i = 1, 100)]), 'whole arrays')
  call check(sts(1)%MPI_SOURCE == peer .and. sts(1)%MPI_TAG == 1, 'statuses array')
  if (rank > peer) then
    call check(all(g(7, :) == [(real(3 + 10 * i), i = 0, 9)]), 'row section')
    call check(all(reshape(g(2:5, 1:4), [16]) == [(((real(i + 10 * j)), i = 1, 10, 3), j = 0, 9, 3)]), &
               '2-D strided sections')
    call check(count(g /= 0) == 26, 'nothing else written')
  end if

  total = rank
  call MPI_Iallreduce(MPI_IN_PLACE, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, reqs(1))
  call MPI_Ibcast(a(1:100:10), 10, MPI_REAL, 0, MPI_COMM_WORLD, reqs(2))
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE)
  call MPI_F_sync_reg(total)
  call MPI_F_sync_reg(a)
  call check(total == nproc * (nproc - 1) / 2, 'iallreduce')
  call check(all(a(1:100:10) == [(real(i), i = 1, 100, 10)]), 'ibcast of a section')
  call MPI_Finalize()
end program
