! Description: the large-count forms from mpi_f08 (MPI-4.0): the generic
! names take INTEGER(KIND=MPI_COUNT_KIND) counts (MPI_Send, MPI_Recv,
! MPI_Isend, MPI_Bcast, MPI_Allreduce, MPI_Get_count, MPI_Type_size,
! MPI_Type_contiguous of 2**31 + 5 elements), next to the INTEGER ones.
! np: 1 2 3
program large_count_f08
  use mpi_f08
  use testing
  implicit none
  integer, parameter :: ck = MPI_COUNT_KIND
  integer(kind=ck) :: n, sz
  integer :: buf(16), got(16), i, right, left, isz
  type(MPI_Status) :: st
  type(MPI_Request) :: req
  type(MPI_Datatype) :: big

  call start()
  right = mod(rank + 1, nproc)
  left = mod(rank + nproc - 1, nproc)
  buf = [(rank * 100 + i, i = 1, 16)]
  n = 16_ck
  call MPI_Isend(buf, n, MPI_INTEGER, right, 1, MPI_COMM_WORLD, req)
  call MPI_Recv(got, n, MPI_INTEGER, left, 1, MPI_COMM_WORLD, st)
  call MPI_Wait(req, MPI_STATUS_IGNORE)
  call check(got(16) == left * 100 + 16, 'ring by the _c forms')
  call MPI_Get_count(st, MPI_INTEGER, n)
  call check(n == 16_ck, 'MPI_Get_count with a COUNT_KIND count')
  call MPI_Get_count(st, MPI_INTEGER, i)
  call check(i == 16, 'MPI_Get_count with an INTEGER count')

  if (rank == 0) buf = 7
  call MPI_Bcast(buf, 16_ck, MPI_INTEGER, 0, MPI_COMM_WORLD)
  call check(all(buf == 7), 'MPI_Bcast with a COUNT_KIND count')
  call MPI_Allreduce(rank + 1, i, 1_ck, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  call check(i == nproc * (nproc + 1) / 2, 'MPI_Allreduce with a COUNT_KIND count')

  call MPI_Type_contiguous(2_ck**31 + 5_ck, MPI_CHARACTER, big)
  call MPI_Type_size(big, sz)
  call check(sz == 2_ck**31 + 5_ck, 'MPI_Type_size of 2**31 + 5 characters')
  call MPI_Type_size(big, isz)
  call check(isz == MPI_UNDEFINED, 'the INTEGER MPI_Type_size: MPI_UNDEFINED')
  call MPI_Type_free(big)
  call MPI_Finalize()
end program
