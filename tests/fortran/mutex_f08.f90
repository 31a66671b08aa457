! Description: seed 002's global mutexes and condition variables from
! mpi_f08 (TYPE(MPI_Mutex), TYPE(MPI_Cond): the Fortran integers of
! MPI_Mutex_c2f/MPI_Cond_c2f): lock and unlock rounds by every rank,
! MPI_Mutex_trylock on a free mutex, a signal and a broadcast without
! waiters, and both freed to the null handle.
! np: 1 2 3
program mutex_f08
  use mpi_f08
  use testing
  implicit none
  integer :: i, total
  type(MPI_Mutex) :: mutex
  type(MPI_Cond) :: cond
  logical :: flag
  integer :: mine, counts

  call start()

  call MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, mutex)
  call check(mutex /= MPI_MUTEX_NULL, 'Mutex_create')
  call MPI_Cond_create(MPI_COMM_WORLD, MPI_INFO_NULL, cond)
  call check(cond /= MPI_COND_NULL, 'Cond_create')

  ! Lock and unlock repeatedly; counts how often this rank got in.
  counts = 0
  do i = 1, 50
    call MPI_Mutex_lock(mutex)
    counts = counts + 1
    call MPI_Mutex_unlock(mutex)
  end do
  mine = counts
  call MPI_Allreduce(mine, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  call check(total == 50 * nproc, 'lock/unlock rounds')

  ! Nobody holds it after the barrier: rank 0's trylock succeeds.
  call MPI_Barrier(MPI_COMM_WORLD)
  if (rank == 0) then
    call MPI_Mutex_trylock(mutex, flag)
    call check(flag, 'trylock on a free mutex')
    call MPI_Mutex_unlock(mutex)
  end if
  call MPI_Barrier(MPI_COMM_WORLD)

  call MPI_Cond_signal(cond)
  call MPI_Cond_broadcast(cond)
  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Cond_free(cond)
  call check(cond == MPI_COND_NULL, 'Cond_free')
  call MPI_Mutex_free(mutex)
  call check(mutex == MPI_MUTEX_NULL, 'Mutex_free')
  call MPI_Finalize()
end program
