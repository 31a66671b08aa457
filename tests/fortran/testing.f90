! tests/fortran/testing.f90 - what every Fortran test program shares
! (tests/fortran.mk compiles it once): start() initialises MPI unless the
! program already did through its own binding, and sets rank and nproc;
! check() aborts MPI_COMM_WORLD with exit status 1 when a condition fails,
! so that mpirun-shm, and so tests/run-test.sh, reports the failure.
! Written against `use mpi_f08`, but only start, check, rank and nproc are
! public: programs that use mpif.h or `use mpi` use it too.
module testing
  use mpi_f08
  implicit none
  private
  public :: start, check, rank, nproc
  integer :: rank = -1, nproc = 0
contains
  subroutine start()
    logical :: done
    call MPI_Initialized(done)
    if (.not. done) call MPI_Init()
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    call MPI_Comm_size(MPI_COMM_WORLD, nproc)
  end subroutine

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      print *, 'rank', rank, 'failed: ', what
      call MPI_Abort(MPI_COMM_WORLD, 1)
    end if
  end subroutine
end module
