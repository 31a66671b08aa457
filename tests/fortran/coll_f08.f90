! Description: collectives from mpi_f08 with Fortran datatypes: LOGICAL
! with MPI_LAND/LOR/LXOR, COMPLEX and DOUBLE COMPLEX sums, MINLOC/MAXLOC
! on MPI_2REAL/2DOUBLE_PRECISION/2INTEGER, MPI_IN_PLACE, Bcast of
! CHARACTER, Gather (also into an array allocated at the root only, or a
! disassociated pointer, at the other ranks), and the sizes of the Fortran
! types against the compiler's (storage_size).
! np: 1 2 4
program coll_f08
  use mpi_f08
  use testing
  implicit none
  integer :: sz, i
  logical :: l(3), lr(3)
  complex :: z(2), zr(2)
  double complex :: dz, dzr
  real :: pr(2), prr(2)
  double precision :: pd(2), pdr(2)
  integer :: pi(2), pir(2), isum
  character(len=12) :: word
  integer, allocatable :: gathered(:)
  double precision, allocatable :: atroot(:)
  double precision, target :: spare(8)
  double precision, pointer :: strided(:)

  call start()

  call MPI_Type_size(MPI_INTEGER, sz);          call check(sz * 8 == storage_size(1), 'INTEGER size')
  call MPI_Type_size(MPI_REAL, sz);             call check(sz * 8 == storage_size(1.0), 'REAL size')
  call MPI_Type_size(MPI_DOUBLE_PRECISION, sz); call check(sz * 8 == storage_size(1d0), 'DP size')
  call MPI_Type_size(MPI_COMPLEX, sz);          call check(sz * 8 == storage_size(z(1)), 'COMPLEX size')
  call MPI_Type_size(MPI_DOUBLE_COMPLEX, sz);   call check(sz * 8 == storage_size(dz), 'DOUBLE COMPLEX size')
  call MPI_Type_size(MPI_LOGICAL, sz);          call check(sz * 8 == storage_size(l(1)), 'LOGICAL size')
  call MPI_Type_size(MPI_CHARACTER, sz);        call check(sz == 1, 'CHARACTER size')
  call MPI_Type_size(MPI_INTEGER8, sz);         call check(sz == 8, 'INTEGER8 size')
  call MPI_Type_size(MPI_2DOUBLE_PRECISION, sz); call check(sz == 16, '2DOUBLE_PRECISION size')

  l = [.true., rank == 0, rank == 0]
  call MPI_Allreduce(l, lr, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD)
  call check(lr(1), 'LAND of trues')
  call MPI_Allreduce(l(2), lr(2), 1, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD)
  call check(lr(2), 'LOR')
  call MPI_Allreduce(l(3), lr(3), 1, MPI_LOGICAL, MPI_LXOR, MPI_COMM_WORLD)
  call check(lr(3), 'LXOR (one true)')
  call MPI_Allreduce(l(2), lr(2), 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD)
  call check(lr(2) .eqv. (nproc == 1), 'LAND')

  z = [cmplx(rank, 1), cmplx(1, -rank)]
  call MPI_Allreduce(z, zr, 2, MPI_COMPLEX, MPI_SUM, MPI_COMM_WORLD)
  call check(zr(1) == cmplx(nproc * (nproc - 1) / 2, nproc) .and. &
             zr(2) == cmplx(nproc, -nproc * (nproc - 1) / 2), 'COMPLEX sum')
  dz = dcmplx(0.5d0, rank)
  call MPI_Reduce(dz, dzr, 1, MPI_DOUBLE_COMPLEX, MPI_SUM, 0, MPI_COMM_WORLD)
  if (rank == 0) call check(dzr == dcmplx(0.5d0 * nproc, nproc * (nproc - 1) / 2), 'DOUBLE COMPLEX sum')

  pr = [real(mod(rank + 1, nproc)), real(rank)]
  call MPI_Allreduce(pr, prr, 1, MPI_2REAL, MPI_MINLOC, MPI_COMM_WORLD)
  call check(prr(1) == 0 .and. prr(2) == nproc - 1, '2REAL MINLOC')
  pd = [dble(rank), dble(rank)]
  call MPI_Allreduce(pd, pdr, 1, MPI_2DOUBLE_PRECISION, MPI_MAXLOC, MPI_COMM_WORLD)
  call check(pdr(1) == nproc - 1 .and. pdr(2) == nproc - 1, '2DOUBLE_PRECISION MAXLOC')
  pi = [7, rank]
  call MPI_Allreduce(pi, pir, 1, MPI_2INTEGER, MPI_MINLOC, MPI_COMM_WORLD)
  call check(pir(1) == 7 .and. pir(2) == 0, '2INTEGER MINLOC ties to the lowest rank')

  isum = rank + 1
  call MPI_Allreduce(MPI_IN_PLACE, isum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  call check(isum == nproc * (nproc + 1) / 2, 'MPI_IN_PLACE')

  word = ''
  if (rank == 0) word = 'from rank 0'
  call MPI_Bcast(word, len(word), MPI_CHARACTER, 0, MPI_COMM_WORLD)
  call check(word == 'from rank 0', 'CHARACTER bcast')

  allocate(gathered(nproc))
  call MPI_Gather(rank * 2, 1, MPI_INTEGER, gathered, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
  if (rank == 0) call check(all(gathered == [(2 * i, i = 0, nproc - 1)]), 'gather')
  ! An array allocated at the root only (the receive buffer is not
  ! significant elsewhere), as course codes write it; MPI_IN_PLACE there.
  if (rank == 0) allocate(atroot(0:nproc - 1))
  call MPI_Gather(rank + 0.5d0, 1, MPI_DOUBLE_PRECISION, atroot, 1, MPI_DOUBLE_PRECISION, 0, &
                  MPI_COMM_WORLD)
  if (rank == 0) call check(all(atroot == [(i + 0.5d0, i = 0, nproc - 1)]), &
                            'gather into an array allocated at the root only')
  if (rank == 0) then
    atroot(0) = -1
    call MPI_Gather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, atroot, 1, MPI_DOUBLE_PRECISION, 0, &
                    MPI_COMM_WORLD)
    call check(atroot(0) == -1 .and. all(atroot(1:) == [(i + 0.5d0, i = 1, nproc - 1)]), &
               'in-place gather')
  else
    ! A disassociated pointer that pointed to a section: its descriptor
    ! still tells a stride (as a never-allocated array's may hold garbage).
    strided => spare(1:8:2)
    nullify(strided)
    call MPI_Gather(rank + 0.5d0, 1, MPI_DOUBLE_PRECISION, strided, 1, MPI_DOUBLE_PRECISION, 0, &
                    MPI_COMM_WORLD)
  end if
  call MPI_Finalize()
end program
