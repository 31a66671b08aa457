! Description: the Fortran types MPI-3.1 names by kind: MPI_LOGICAL1/2/4/8
! (sizes against the compiler's LOGICAL kinds, MPI_LAND/LOR reductions),
! MPI_COMPLEX4 (two 2-byte reals: transfers, and a reduction failing with
! MPI_ERR_OP), and MPI_Type_create_f90_integer/real/complex returning the
! predefined type of the kind SELECTED_INT_KIND/SELECTED_REAL_KIND picks.
! np: 1 2
program types_f90_f08
  use mpi_f08
  use testing
  implicit none
  integer :: sz, ierr, cls
  logical(kind=1) :: l1, r1
  logical(kind=2) :: l2, r2
  logical(kind=4) :: l4, r4
  logical(kind=8) :: l8, r8
  integer :: c4(2), d4(2)
  type(MPI_Datatype) :: t
  type(MPI_Comm) :: comm

  call start()

  call MPI_Type_size(MPI_LOGICAL1, sz); call check(sz * 8 == storage_size(l1), 'LOGICAL1 size')
  call MPI_Type_size(MPI_LOGICAL2, sz); call check(sz * 8 == storage_size(l2), 'LOGICAL2 size')
  call MPI_Type_size(MPI_LOGICAL4, sz); call check(sz * 8 == storage_size(l4), 'LOGICAL4 size')
  call MPI_Type_size(MPI_LOGICAL8, sz); call check(sz * 8 == storage_size(l8), 'LOGICAL8 size')
  call MPI_Type_size(MPI_COMPLEX4, sz); call check(sz == 4, 'COMPLEX4 size')

  l1 = rank == 0
  call MPI_Allreduce(l1, r1, 1, MPI_LOGICAL1, MPI_LOR, MPI_COMM_WORLD)
  call check(logical(r1), 'LOGICAL1 LOR')
  l2 = rank == 0
  call MPI_Allreduce(l2, r2, 1, MPI_LOGICAL2, MPI_LAND, MPI_COMM_WORLD)
  call check(logical(r2) .eqv. (nproc == 1), 'LOGICAL2 LAND')
  l4 = .true.
  call MPI_Allreduce(l4, r4, 1, MPI_LOGICAL4, MPI_LAND, MPI_COMM_WORLD)
  call check(r4, 'LOGICAL4 LAND')
  l8 = rank == nproc - 1
  call MPI_Allreduce(l8, r8, 1, MPI_LOGICAL8, MPI_LXOR, MPI_COMM_WORLD)
  call check(logical(r8), 'LOGICAL8 LXOR')

  ! COMPLEX4: moved as 4 bytes an element; no arithmetic.
  c4 = [int(z'3C003C00'), 12345 + rank]
  d4 = 0
  call MPI_Sendrecv(c4, 2, MPI_COMPLEX4, rank, 1, d4, 2, MPI_COMPLEX4, rank, 1, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call check(all(d4 == c4), 'COMPLEX4 transfer')
  call MPI_Comm_dup(MPI_COMM_WORLD, comm)
  call MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN)
  call MPI_Allreduce(c4, d4, 2, MPI_COMPLEX4, MPI_SUM, comm, ierr)
  call MPI_Error_class(ierr, cls)
  call check(cls == MPI_ERR_OP, 'COMPLEX4 sum is MPI_ERR_OP')

  call MPI_Type_create_f90_integer(9, t);  call check(t == MPI_INTEGER4, 'f90_integer(9)')
  call MPI_Type_create_f90_integer(range(1_8), t); call check(t == MPI_INTEGER8, 'f90_integer(18)')
  call MPI_Type_create_f90_integer(1, t);  call check(t == MPI_INTEGER1, 'f90_integer(1)')
  call MPI_Type_create_f90_real(precision(1.0), MPI_UNDEFINED, t)
  call check(t == MPI_REAL4, 'f90_real(6)')
  call MPI_Type_create_f90_real(precision(1d0), range(1d0), t)
  call check(t == MPI_REAL8, 'f90_real(15, 307)')
  call MPI_Type_create_f90_real(MPI_UNDEFINED, 300, t)
  call check(t == MPI_REAL8, 'f90_real(r=300)')
  call MPI_Type_create_f90_complex(10, MPI_UNDEFINED, t)
  call check(t == MPI_COMPLEX16, 'f90_complex(10)')
  call MPI_Type_size(t, sz); call check(sz * 8 == storage_size((1d0, 1d0)), 'f90_complex size')
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  call MPI_Type_create_f90_integer(40, t, ierr)
  call check(ierr /= MPI_SUCCESS, 'f90_integer(40) fails')
  call MPI_Type_create_f90_real(MPI_UNDEFINED, MPI_UNDEFINED, t, ierr)
  call check(ierr /= MPI_SUCCESS, 'f90_real(undefined, undefined) fails')

  call MPI_Comm_free(comm)
  call MPI_Finalize()
end program
