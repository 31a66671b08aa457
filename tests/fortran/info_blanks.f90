! Description: Fortran info keys and values lose their leading and trailing
! blanks (MPI-3.1 9: MPI_INFO_SET, GET, GET_VALUELEN, DELETE), and
! MPI_INFO_GET with flag false leaves the value argument unchanged
! (MPICH's f77/info/infotest2f), through `use mpi` and `use mpi_f08`.
! np: 1
program info_blanks
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
  use testing
  implicit none
  integer :: info, ierr, nkeys, vlen
  logical :: flag
  character(len=MPI_MAX_INFO_KEY) :: key
  character(len=40) :: val

  call MPI_Info_create(info, ierr)
  call MPI_Info_set(info, '  spaced key  ', '  a value  ', ierr)
  call MPI_Info_get_nthkey(info, 0, key, ierr)
  call check(key == 'spaced key', 'mpi nthkey stripped')
  call MPI_Info_get(info, 'spaced key', 40, val, flag, ierr)
  call check(flag .and. val == 'a value', 'mpi value stripped')
  call MPI_Info_get(info, '   spaced key', 40, val, flag, ierr)
  call check(flag .and. val == 'a value', 'mpi get: key stripped')
  call MPI_Info_get_valuelen(info, ' spaced key ', vlen, flag, ierr)
  call check(flag .and. vlen == 7, 'mpi valuelen')
  val = 'untouched'
  call MPI_Info_get(info, 'no such key', 40, val, flag, ierr)
  call check(.not. flag .and. val == 'untouched', 'mpi get, flag false: value unchanged')
  call MPI_Info_delete(info, '  spaced key', ierr)
  call check(ierr == MPI_SUCCESS, 'mpi delete: key stripped')
  call MPI_Info_get_nkeys(info, nkeys, ierr)
  call check(nkeys == 0, 'mpi delete')
  call MPI_Info_free(info, ierr)
end subroutine

subroutine with_f08()
  use mpi_f08
  use testing
  implicit none
  type(MPI_Info) :: info
  logical :: flag
  character(len=40) :: val

  call MPI_Info_create(info)
  call MPI_Info_set(info, ' k ', ' v ')
  call MPI_Info_get(info, 'k', 40, val, flag)
  call check(flag .and. val == 'v', 'f08 stripped')
  val = 'untouched'
  call MPI_Info_get(info, 'x', 40, val, flag)
  call check(.not. flag .and. val == 'untouched', 'f08 get, flag false: value unchanged')
  call MPI_Info_free(info)
end subroutine
