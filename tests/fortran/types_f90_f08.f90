! Description: the Fortran types MPI-3.1 names by kind: MPI_LOGICAL1/2/4/8
! (sizes against the compiler's LOGICAL kinds, MPI_LAND/LOR reductions),
! MPI_COMPLEX4 (two 2-byte reals: transfers, and a reduction failing with
! MPI_ERR_OP), and MPI_Type_create_f90_integer/real/complex returning a
! type of the size of the kind SELECTED_INT_KIND/SELECTED_REAL_KIND picks,
! which decodes as MPI_COMBINER_F90_INTEGER/REAL/COMPLEX.
! np: 1 2
program types_f90_f08
  use mpi_f08
  use testing
  implicit none
  integer :: sz, ierr, cls
  real(kind=16) :: q, qs
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

  call MPI_Type_create_f90_integer(9, t);  call f90_is(t, MPI_COMBINER_F90_INTEGER, 4, 'f90_integer(9)')
  call MPI_Type_create_f90_integer(range(1_8), t); call f90_is(t, MPI_COMBINER_F90_INTEGER, 8, 'f90_integer(18)')
  call MPI_Type_create_f90_integer(1, t);  call f90_is(t, MPI_COMBINER_F90_INTEGER, 1, 'f90_integer(1)')
  call MPI_Type_create_f90_real(precision(1.0), MPI_UNDEFINED, t)
  call f90_is(t, MPI_COMBINER_F90_REAL, 4, 'f90_real(6)')
  call MPI_Type_create_f90_real(precision(1d0), range(1d0), t)
  call f90_is(t, MPI_COMBINER_F90_REAL, 8, 'f90_real(15, 307)')
  call MPI_Type_create_f90_real(MPI_UNDEFINED, 300, t)
  call f90_is(t, MPI_COMBINER_F90_REAL, 8, 'f90_real(r=300)')
  call MPI_Type_create_f90_complex(10, MPI_UNDEFINED, t)
  call f90_is(t, MPI_COMBINER_F90_COMPLEX, storage_size((1d0, 1d0)) / 8, 'f90_complex(10)')
  ! Precision 30 is REAL(16), IEEE binary128: its sums keep 2**-100 beside 1.
  call MPI_Type_create_f90_real(30, MPI_UNDEFINED, t)
  call f90_is(t, MPI_COMBINER_F90_REAL, 16, 'f90_real(30)')
  q = 1.0_16 + 2.0_16**(-100)
  call MPI_Allreduce(q, qs, 1, t, MPI_SUM, MPI_COMM_WORLD)
  call check(qs - nproc == nproc * 2.0_16**(-100), 'f90_real(30) sum as REAL(16)')
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  call MPI_Type_create_f90_integer(40, t, ierr)
  call check(ierr /= MPI_SUCCESS, 'f90_integer(40) fails')
  call MPI_Type_create_f90_real(MPI_UNDEFINED, MPI_UNDEFINED, t, ierr)
  call check(ierr /= MPI_SUCCESS, 'f90_real(undefined, undefined) fails')

  call MPI_Comm_free(comm)
  call MPI_Finalize()
contains
  subroutine f90_is(t, combiner, bytes, what)
    type(MPI_Datatype), intent(in) :: t
    integer, intent(in) :: combiner, bytes
    character(len=*), intent(in) :: what
    integer :: ni, na, nd, comb, size
    call MPI_Type_get_envelope(t, ni, na, nd, comb)
    call MPI_Type_size(t, size)
    call check(comb == combiner .and. size == bytes .and. nd == 0, what)
  end subroutine
end program
