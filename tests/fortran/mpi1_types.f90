! Description: the MPI-1 datatype calls removed in MPI-3.0 take default
! INTEGER displacements and addresses in mpif.h and `use mpi` (MPI-2.2
! A.3.14): MPI_TYPE_HVECTOR's stride, MPI_TYPE_HINDEXED's and
! MPI_TYPE_STRUCT's displacements, MPI_TYPE_EXTENT, MPI_TYPE_LB and
! MPI_TYPE_UB's results, MPI_ADDRESS's address (an error, MPI_ERR_ARG,
! when the address does not fit an INTEGER).  Read as MPI_Aint they made
! MPICH's f77/datatype/hindex1f fail with SIGBUS, and `use mpi` programs
! did not compile ("passed INTEGER(4) to INTEGER(8)").
! np: 1
program mpi1_types
  use testing
  implicit none
  call start()
  call with_mpif()
  call with_mpi()
  call MPI_Finalize_f()
end program

subroutine MPI_Finalize_f()
  use mpi
  integer :: ierr
  call MPI_Finalize(ierr)
end subroutine

! Through mpif.h: no interface, so a wrong kind is not seen by the compiler.
subroutine with_mpif()
  use testing
  implicit none
  include 'mpif.h'
  integer :: t, ierr, bl(3), disp(3), types(3), ext, lb, ub, sz, i
  integer :: src(12), dst(12)

  ! 3 blocks of 2 integers at byte offsets 0, 16, 40
  bl = 2
  disp = [0, 16, 40]
  call MPI_Type_hindexed(3, bl, disp, MPI_INTEGER, t, ierr)
  call check(ierr == MPI_SUCCESS, 'mpif hindexed')
  call MPI_Type_commit(t, ierr)
  call MPI_Type_extent(t, ext, ierr)
  call check(ierr == MPI_SUCCESS .and. ext == 48, 'mpif hindexed extent')
  call MPI_Type_size(t, sz, ierr)
  call check(sz == 24, 'mpif hindexed size')
  src = [(i, i = 1, 12)]
  dst = 0
  call MPI_Sendrecv(src, 1, t, 0, 1, dst, 6, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  call check(all(dst(1:6) == [1, 2, 5, 6, 11, 12]), 'mpif hindexed data')
  call MPI_Type_free(t, ierr)

  call MPI_Type_hvector(3, 1, 12, MPI_INTEGER, t, ierr)
  call MPI_Type_commit(t, ierr)
  call MPI_Type_lb(t, lb, ierr)
  call MPI_Type_ub(t, ub, ierr)
  call check(ierr == MPI_SUCCESS .and. lb == 0 .and. ub == 28, 'mpif hvector lb, ub')
  dst = 0
  call MPI_Sendrecv(src, 1, t, 0, 1, dst, 3, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  call check(all(dst(1:3) == [1, 4, 7]), 'mpif hvector data')
  call MPI_Type_free(t, ierr)

  ! an upper bound marker at 40 bytes
  bl = [1, 1, 1]
  disp = [4, 8, 40]
  types = [MPI_INTEGER, MPI_INTEGER, MPI_UB]
  call MPI_Type_struct(3, bl, disp, types, t, ierr)
  call check(ierr == MPI_SUCCESS, 'mpif struct')
  call MPI_Type_lb(t, lb, ierr)
  call MPI_Type_ub(t, ub, ierr)
  call MPI_Type_extent(t, ext, ierr)
  call check(lb == 4 .and. ub == 40 .and. ext == 36, 'mpif struct lb, ub, extent')
  call MPI_Type_free(t, ierr)
end subroutine

! Through `use mpi`: the interfaces must say INTEGER for this to compile.
subroutine with_mpi()
  use mpi
  use testing
  implicit none
  integer :: t, ierr, bl(2), disp(2), types(2), ext, lb, ub, a1, a2, cls
  integer :: buf(4)

  bl = [1, 1]
  disp = [0, 12]
  call MPI_Type_hindexed(2, bl, disp, MPI_INTEGER, t, ierr)
  call MPI_Type_extent(t, ext, ierr)
  call check(ierr == MPI_SUCCESS .and. ext == 16, 'mpi hindexed extent')
  call MPI_Type_free(t, ierr)
  call MPI_Type_hvector(2, 1, 8, MPI_INTEGER, t, ierr)
  call MPI_Type_ub(t, ub, ierr)
  call check(ierr == MPI_SUCCESS .and. ub == 12, 'mpi hvector ub')
  call MPI_Type_free(t, ierr)
  types = [MPI_INTEGER, MPI_DOUBLE_PRECISION]
  disp = [0, 8]
  call MPI_Type_struct(2, bl, disp, types, t, ierr)
  call MPI_Type_lb(t, lb, ierr)
  call MPI_Type_extent(t, ext, ierr)
  call check(ierr == MPI_SUCCESS .and. lb == 0 .and. ext == 16, 'mpi struct')
  call MPI_Type_free(t, ierr)

  ! MPI_ADDRESS: an INTEGER, so a 64-bit address may not fit: then an
  ! error, else two addresses 8 bytes apart.
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  a1 = -1
  call MPI_Address(buf(1), a1, ierr)
  if (ierr == MPI_SUCCESS) then
    call MPI_Address(buf(3), a2, ierr)
    if (ierr == MPI_SUCCESS) call check(a2 - a1 == 8, 'mpi address difference')
  else
    call MPI_Error_class(ierr, cls, ierr)
    call check(cls == MPI_ERR_ARG, 'mpi address: MPI_ERR_ARG')
  end if
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL, ierr)
end subroutine
