! Description: MPI_REAL16 and MPI_COMPLEX32 reductions are gfortran's
! REAL(16) (IEEE binary128, 113-bit mantissa) arithmetic: a sum whose
! exact result needs more than 64 mantissa bits (1 + 2**-100 per rank),
! MAX, MIN and PROD, a COMPLEX(16) sum, and a reduction through a
! contiguous derived type of REAL(16).
! np: 2 3
program real16_f08
  use mpi_f08
  use testing
  implicit none
  integer, parameter :: qp = selected_real_kind(33, 4931)
  real(qp) :: x(3), y(3), tiny_bit
  complex(qp) :: z, zs
  type(MPI_Datatype) :: three
  integer :: sz

  call start()
  call check(qp > 0 .and. digits(1.0_qp) == 113, 'REAL(16) is binary128')
  call MPI_Type_size(MPI_REAL16, sz)
  call check(sz == 16, 'MPI_REAL16 size')
  tiny_bit = 2.0_qp**(-100)
  x = [1.0_qp + rank * tiny_bit, -real(rank, qp) - 0.5_qp, 1.0_qp + tiny_bit]
  call MPI_Allreduce(x, y, 3, MPI_REAL16, MPI_SUM, MPI_COMM_WORLD)
  call check(y(1) - nproc == tiny_bit * (nproc * (nproc - 1) / 2), 'SUM keeps 2**-100')
  call check(y(2) == -(nproc * (nproc - 1) / 2) - 0.5_qp * nproc, 'SUM of negatives')
  call MPI_Allreduce(x, y, 1, MPI_REAL16, MPI_MAX, MPI_COMM_WORLD)
  call check(y(1) == 1.0_qp + (nproc - 1) * tiny_bit, 'MAX tells 2**-100 apart')
  call MPI_Allreduce(x, y, 1, MPI_REAL16, MPI_MIN, MPI_COMM_WORLD)
  call check(y(1) == 1.0_qp, 'MIN')
  call MPI_Allreduce(x(3), y(3), 1, MPI_REAL16, MPI_PROD, MPI_COMM_WORLD)
  call check(abs(y(3) - (1.0_qp + tiny_bit)**nproc) <= epsilon(1.0_qp), 'PROD')

  z = cmplx(1.0_qp + tiny_bit, -rank * tiny_bit, qp)
  call MPI_Allreduce(z, zs, 1, MPI_COMPLEX32, MPI_SUM, MPI_COMM_WORLD)
  call check(real(zs) - nproc == nproc * tiny_bit .and. &
             aimag(zs) == -tiny_bit * (nproc * (nproc - 1) / 2), 'COMPLEX32 SUM')

  call MPI_Type_contiguous(3, MPI_REAL16, three)
  call MPI_Type_commit(three)
  call MPI_Reduce(x, y, 1, three, MPI_SUM, 0, MPI_COMM_WORLD)
  if (rank == 0) call check(y(3) - nproc == nproc * tiny_bit, 'SUM through a derived type')
  call MPI_Type_free(three)
  call MPI_Finalize()
end program
