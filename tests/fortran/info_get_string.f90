! Description: MPI-4.0's MPI_INFO_GET_STRING in Fortran: BUFLEN counts no
! terminator (C's counts one): BUFLEN 0 asks for the value's length and
! gets it (5 for "hello"), a VALUE of that length gets the whole value and
! BUFLEN 5, a shorter BUFLEN truncates to that many characters, a missing
! key leaves VALUE and BUFLEN alone; through `use mpi` and `use mpi_f08`.
! np: 1
program info_get_string
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
  integer :: info, ierr, buflen
  logical :: flag
  character(len=5) :: val5
  character(len=3) :: val3

  call MPI_Info_create(info, ierr)
  call MPI_Info_set(info, 'greeting', 'hello', ierr)
  buflen = 0
  call MPI_Info_get_string(info, 'greeting', buflen, val5, flag, ierr)
  call check(flag .and. buflen == 5, 'mpi: length without terminator')
  call MPI_Info_get_string(info, 'greeting', buflen, val5, flag, ierr)
  call check(flag .and. buflen == 5 .and. val5 == 'hello', 'mpi: whole value')
  buflen = 3
  call MPI_Info_get_string(info, 'greeting', buflen, val3, flag, ierr)
  call check(flag .and. buflen == 5 .and. val3 == 'hel', 'mpi: truncated')
  buflen = 4
  val5 = 'keep'
  call MPI_Info_get_string(info, 'absent', buflen, val5, flag, ierr)
  call check(.not. flag .and. buflen == 4 .and. val5 == 'keep', 'mpi: missing key')
  call MPI_Info_free(info, ierr)
end subroutine

subroutine with_f08()
  use mpi_f08
  use testing
  implicit none
  type(MPI_Info) :: info
  integer :: buflen
  logical :: flag
  character(len=5) :: val5

  call MPI_Info_create(info)
  call MPI_Info_set(info, 'greeting', 'hello')
  buflen = 0
  call MPI_Info_get_string(info, 'greeting', buflen, val5, flag)
  call check(flag .and. buflen == 5, 'f08: length without terminator')
  call MPI_Info_get_string(info, 'greeting', buflen, val5, flag)
  call check(flag .and. buflen == 5 .and. val5 == 'hello', 'f08: whole value')
  call MPI_Info_free(info)
end subroutine
