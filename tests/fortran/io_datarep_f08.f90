! Description: MPI_Register_datarep from Fortran (issue 39): a
! representation whose procedures (mpi_f08 abstract interfaces
! MPI_Datarep_conversion_function and MPI_Datarep_extent_function) store
! each INTEGER negated, called with the datatype, the count, the position
! and the EXTRA_STATE given at registration; the file read back through
! "native" holds the negated values, through the representation the
! originals; a second representation with the predefined
! MPI_CONVERSION_FN_NULL moves the bytes as they are.  Before, the
! Fortran bindings had no MPI_Register_datarep.
! np: 1 2
module datarep_procs
  use mpi_f08
  use, intrinsic :: iso_c_binding
  implicit none
  integer :: calls = 0, bad = 0
contains
  subroutine negate(userbuf, datatype, count, filebuf, position, extra_state, ierror)
    type(c_ptr), value :: userbuf, filebuf
    type(MPI_Datatype) :: datatype
    integer :: count, ierror
    integer(kind=MPI_OFFSET_KIND) :: position
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    integer, pointer :: u(:), f(:)
    calls = calls + 1
    if (extra_state /= 42 .or. datatype /= MPI_INTEGER .or. position < 0) bad = bad + 1
    call c_f_pointer(userbuf, u, [count])
    call c_f_pointer(filebuf, f, [count])
    f = -u
    ierror = MPI_SUCCESS
  end subroutine

  subroutine unnegate(userbuf, datatype, count, filebuf, position, extra_state, ierror)
    type(c_ptr), value :: userbuf, filebuf
    type(MPI_Datatype) :: datatype
    integer :: count, ierror
    integer(kind=MPI_OFFSET_KIND) :: position
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    integer, pointer :: u(:), f(:)
    calls = calls + 1
    if (extra_state /= 42 .or. datatype /= MPI_INTEGER .or. position < 0) bad = bad + 1
    call c_f_pointer(userbuf, u, [count])
    call c_f_pointer(filebuf, f, [count])
    u = -f
    ierror = MPI_SUCCESS
  end subroutine

  subroutine extent(datatype, ext, extra_state, ierror)
    type(MPI_Datatype) :: datatype
    integer(kind=MPI_ADDRESS_KIND) :: ext, extra_state
    integer :: ierror, sz
    call MPI_Type_size(datatype, sz)
    ext = sz
    ierror = MPI_SUCCESS
  end subroutine
end module

program io_datarep_f08
  use mpi_f08
  use testing
  use datarep_procs
  implicit none
  type(MPI_File) :: fh
  integer :: vals(4), back(4), i
  integer(kind=MPI_ADDRESS_KIND) :: es
  integer(kind=MPI_OFFSET_KIND) :: zero = 0
  character(len=256) :: fname, tmp
  integer :: tlen, tst

  call start()
  call get_environment_variable('TMPDIR', tmp, tlen, tst)
  if (tst /= 0 .or. tlen == 0) tmp = '/tmp'
  write(fname, '(a,a,i0)') trim(tmp), '/shmpi_io_datarep_f08.', getpid()
  es = 42
  call MPI_Register_datarep('negated', unnegate, negate, extent, es)
  call MPI_Register_datarep('asis', MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL, extent, es)

  call MPI_File_open(MPI_COMM_SELF, fname, ior(MPI_MODE_CREATE, MPI_MODE_RDWR), &
                     MPI_INFO_NULL, fh)
  do i = 1, 4
    vals(i) = 100 * rank + i
  end do
  call MPI_File_set_view(fh, zero, MPI_INTEGER, MPI_INTEGER, 'negated', MPI_INFO_NULL)
  call MPI_File_write_at(fh, zero, vals, 4, MPI_INTEGER, MPI_STATUS_IGNORE)
  call check(calls >= 1, 'write conversion called')
  call MPI_File_set_view(fh, zero, MPI_INTEGER, MPI_INTEGER, 'native', MPI_INFO_NULL)
  back = 0
  call MPI_File_read_at(fh, zero, back, 4, MPI_INTEGER, MPI_STATUS_IGNORE)
  call check(all(back == -vals), 'file holds the negated values')
  call MPI_File_set_view(fh, zero, MPI_INTEGER, MPI_INTEGER, 'negated', MPI_INFO_NULL)
  back = 0
  call MPI_File_read_at(fh, zero, back, 4, MPI_INTEGER, MPI_STATUS_IGNORE)
  call check(all(back == vals), 'read conversion gives the originals')
  call check(bad == 0, 'conversion arguments (extra_state, datatype, position)')
  i = calls
  call MPI_File_set_view(fh, zero, MPI_INTEGER, MPI_INTEGER, 'asis', MPI_INFO_NULL)
  back = 0
  call MPI_File_read_at(fh, zero, back, 4, MPI_INTEGER, MPI_STATUS_IGNORE)
  call check(all(back == -vals), 'MPI_CONVERSION_FN_NULL moves bytes as they are')
  call check(calls == i, 'no user procedure for MPI_CONVERSION_FN_NULL')
  call MPI_File_close(fh)
  call MPI_File_delete(fname, MPI_INFO_NULL)
  call MPI_Finalize()
end program
