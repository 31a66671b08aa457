! Description: derived datatypes over Fortran arrays and array sections
! with mpi_f08: a column-major vector type for a matrix row, a subarray
! with MPI_ORDER_FORTRAN, non-contiguous sections passed straight to the
! choice argument (MPI_SUBARRAYS_SUPPORTED): a strided row received in
! place, a 2-D section of a predefined type, a section with a contiguous
! derived type, and a reduction over a section.
! np: 2
program types_f08
  use mpi_f08
  use testing
  implicit none
  integer :: i, j
  real :: m(5, 6), n(5, 6), v(12), w(12)
  double precision :: s(4, 4), t(4, 4)
  type(MPI_Datatype) :: row, sub, pair
  type(MPI_Status) :: st
  integer :: cnt

  call start()
  call check(MPI_SUBARRAYS_SUPPORTED, 'MPI_SUBARRAYS_SUPPORTED')
  m = reshape([(real(i), i = 1, 30)], [5, 6])

  ! Row 2 of m as one vector element: 6 blocks of 1, stride 5.
  call MPI_Type_vector(6, 1, 5, MPI_REAL, row)
  call MPI_Type_commit(row)
  ! The block m(2:4, 3:5) as a subarray in Fortran order.
  call MPI_Type_create_subarray(2, [5, 6], [3, 3], [1, 2], MPI_ORDER_FORTRAN, MPI_REAL, sub)
  call MPI_Type_commit(sub)
  call MPI_Type_contiguous(2, MPI_REAL, pair)
  call MPI_Type_commit(pair)

  if (rank == 0) then
    call MPI_Send(m(2, 1), 1, row, 1, 1, MPI_COMM_WORLD)
    call MPI_Send(m, 1, sub, 1, 2, MPI_COMM_WORLD)
    call MPI_Send(m(1, :), 6, MPI_REAL, 1, 3, MPI_COMM_WORLD)           ! strided section
    call MPI_Send(m(2:4, 2:5), 12, MPI_REAL, 1, 4, MPI_COMM_WORLD)      ! 2-D section
    v = [(real(i), i = 1, 12)]
    call MPI_Send(v(1:12:2), 3, pair, 1, 5, MPI_COMM_WORLD)              ! derived type on a section
    s = reshape([(dble(i), i = 1, 16)], [4, 4])
    call MPI_Send(s(1:4:2, 1:4:2), 4, MPI_DOUBLE_PRECISION, 1, 6, MPI_COMM_WORLD)
  else
    n = 0
    call MPI_Recv(n(3, 1), 1, row, 0, 1, MPI_COMM_WORLD, st)
    call check(all(n(3, :) == m(2, :)) .and. count(n /= 0) == 6, 'vector row')
    n = 0
    call MPI_Recv(n, 1, sub, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call check(all(n(2:4, 3:5) == m(2:4, 3:5)) .and. count(n /= 0) == 9, 'subarray')
    n = 0
    call MPI_Recv(n(5, :), 6, MPI_REAL, 0, 3, MPI_COMM_WORLD, st)
    call MPI_Get_count(st, MPI_REAL, cnt)
    call check(cnt == 6 .and. all(n(5, :) == m(1, :)) .and. count(n /= 0) == 6, 'strided section')
    n = 0
    call MPI_Recv(n(1:3, 3:6), 12, MPI_REAL, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call check(all(n(1:3, 3:6) == m(2:4, 2:5)) .and. count(n /= 0) == 12, '2-D section')
    w = 0
    call MPI_Recv(w(2:12:2), 3, pair, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call check(all(w(2:12:2) == [(real(i), i = 1, 12, 2)]) .and. all(w(1:11:2) == 0), &
               'contiguous derived type over a section')
    t = 0
    call MPI_Recv(t(2, :), 4, MPI_DOUBLE_PRECISION, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call check(all(t(2, :) == [1d0, 3d0, 9d0, 11d0]), 'double section')
  end if

  ! A reduction whose receive buffer is a section.
  s = rank + 1
  t = 0
  call MPI_Allreduce(s(1, :), t(:, 3), 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD)
  call check(all(t(:, 3) == 3d0) .and. count(t /= 0) == 4, 'allreduce into a section')
  call MPI_Allreduce(MPI_IN_PLACE, t(2, :), 4, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD)
  call check(all(t(2, :) == [0d0, 0d0, 3d0, 0d0]), 'in-place reduction on a section')

  call MPI_Type_free(row)
  call MPI_Type_free(sub)
  call MPI_Type_free(pair)
  call MPI_Finalize()
end program
