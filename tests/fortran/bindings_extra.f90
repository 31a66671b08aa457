! Description: bindings MPICH's Fortran tests need beyond the common
! calls: MPI_SIZEOF (MPI-3.1 17.1.9) in `use mpi` and `use mpi_f08` for
! scalars and arrays of several types; the TYPE(C_PTR) form of
! MPI_ALLOC_MEM and MPI_WIN_ALLOCATE in `use mpi` (MPI_ALLOC_MEM_CPTR,
! 8.2); the PMPI_ twins in both modules; and the mpi_f08 specific names
! (17.1.5: MPI_Send_f08ts, MPI_Comm_rank_f08, ...) under which a program
! may rename them.
! np: 2
program bindings_extra
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
  use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
  use testing
  implicit none
  integer :: ierr, sz, i4(10), r, win
  double precision :: d
  complex :: c(2, 3)
  integer(kind=8) :: i8
  logical :: l
  type(c_ptr) :: p
  integer, pointer :: a(:)
  integer(kind=MPI_ADDRESS_KIND) :: bytes

  call MPI_Sizeof(i4, sz, ierr)
  call check(sz == 4 .and. ierr == MPI_SUCCESS, 'mpi sizeof integer array')
  call MPI_Sizeof(d, sz, ierr)
  call check(sz == 8, 'mpi sizeof double')
  call MPI_Sizeof(c, sz, ierr)
  call check(sz == 8, 'mpi sizeof complex')
  call MPI_Sizeof(i8, sz, ierr)
  call check(sz == 8, 'mpi sizeof integer(8)')
  call MPI_Sizeof(l, sz, ierr)
  call check(sz == 4, 'mpi sizeof logical')

  bytes = 40
  call MPI_Alloc_mem(bytes, MPI_INFO_NULL, p, ierr)
  call check(ierr == MPI_SUCCESS, 'mpi MPI_Alloc_mem C_PTR')
  call c_f_pointer(p, a, [10])
  a = 7
  call check(sum(a) == 70, 'mpi MPI_Alloc_mem memory')
  call MPI_Free_mem(a, ierr)
  call MPI_Win_allocate(bytes, 4, MPI_INFO_NULL, MPI_COMM_WORLD, p, win, ierr)
  call check(ierr == MPI_SUCCESS, 'mpi MPI_Win_allocate C_PTR')
  call c_f_pointer(p, a, [10])
  a = rank
  call MPI_Win_free(win, ierr)

  call PMPI_Comm_rank(MPI_COMM_WORLD, r, ierr)
  call check(r == rank .and. ierr == MPI_SUCCESS, 'mpi PMPI_Comm_rank')
  call check(PMPI_Wtime() > 0d0, 'mpi PMPI_Wtime')
end subroutine

subroutine with_f08()
  use mpi_f08, send_specific => MPI_Send_f08ts, rank_specific => MPI_Comm_rank_f08
  use testing
  implicit none
  integer :: sz, r, ierr, buf(2)
  real(kind=8) :: x(3, 3)

  call MPI_Sizeof(x, sz)
  call check(sz == 8, 'f08 sizeof real(8)')
  call MPI_Sizeof(buf(1), sz, ierr)
  call check(sz == 4 .and. ierr == MPI_SUCCESS, 'f08 sizeof integer')
  call rank_specific(MPI_COMM_WORLD, r)
  call check(r == rank, 'f08 MPI_Comm_rank_f08')
  call PMPI_Comm_rank(MPI_COMM_WORLD, r)
  call check(r == rank, 'f08 PMPI_Comm_rank')
  if (rank == 0) then
    buf = 5
    call send_specific(buf, 2, MPI_INTEGER, 1, 9, MPI_COMM_WORLD)
    call PMPI_Send(buf, 2, MPI_INTEGER, 1, 9, MPI_COMM_WORLD)
  else if (rank == 1) then
    call MPI_Recv(buf, 2, MPI_INTEGER, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call PMPI_Recv(buf, 2, MPI_INTEGER, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call check(all(buf == 5), 'f08 MPI_Send_f08ts, PMPI_Send')
  end if
end subroutine
