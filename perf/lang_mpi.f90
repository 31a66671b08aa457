! perf/lang_mpi.f90 - perf/lang_c.c's loops through `use mpi`
! (perf/lang.sh compares them).  Prints "pingpong_us X allreduce_us Y".
program lang_mpi
  use mpi
  implicit none
  integer :: rank, i, r, iters, ierr
  double precision :: buf, x, y, t, best_pp, best_ar
  character(len=32) :: arg

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  iters = 100000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) iters
  end if
  buf = 0
  best_pp = 1d30
  best_ar = 1d30
  do r = 1, 5
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
    t = MPI_Wtime()
    do i = 1, iters
      if (rank == 0) then
        call MPI_Send(buf, 1, MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD, ierr)
        call MPI_Recv(buf, 1, MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      else if (rank == 1) then
        call MPI_Recv(buf, 1, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
        call MPI_Send(buf, 1, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, ierr)
      end if
    end do
    t = (MPI_Wtime() - t) / iters / 2 * 1d6
    best_pp = min(best_pp, t)
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
    t = MPI_Wtime()
    do i = 1, iters
      x = i
      call MPI_Allreduce(x, y, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    end do
    t = (MPI_Wtime() - t) / iters * 1d6
    best_ar = min(best_ar, t)
  end do
  if (rank == 0) print '(A,F0.4,A,F0.4)', 'pingpong_us ', best_pp, ' allreduce_us ', best_ar
  call MPI_Finalize(ierr)
end program
