! Description: MPI-IO from mpi_f08 (issue 39): TYPE(MPI_File), offsets
! and displacements of KIND=MPI_OFFSET_KIND (MPI_DISPLACEMENT_CURRENT is
! one: with a default INTEGER it matched no specific MPI_File_set_view,
! as the MPICH suite's f08/io/setviewcurf90 showed), write_at_all and
! read_at by every rank, write_ordered and a view at the shared pointer
! of a sequential file, MPI_File_get_size, the file closed to
! MPI_FILE_NULL and deleted.
! np: 1 2 3
program io_f08
  use mpi_f08
  use testing
  implicit none
  type(MPI_File) :: fh
  type(MPI_Status) :: st
  integer(kind=MPI_OFFSET_KIND) :: off, sz, disp
  integer :: vals(4), back(4), i, cnt
  type(MPI_Datatype) :: et, ft
  character(len=MPI_MAX_DATAREP_STRING) :: rep
  character(len=256) :: fname, tmp
  integer :: tlen, tst

  call start()
  ! A file in $TMPDIR (or /tmp) named after rank 0's process id.
  if (rank == 0) then
    call get_environment_variable('TMPDIR', tmp, tlen, tst)
    if (tst /= 0 .or. tlen == 0) tmp = '/tmp'
    write(fname, '(a,a,i0)') trim(tmp), '/shmpi_io_f08.', getpid()
  end if
  call MPI_Bcast(fname, len(fname), MPI_CHARACTER, 0, MPI_COMM_WORLD)
  call MPI_File_open(MPI_COMM_WORLD, fname, ior(MPI_MODE_CREATE, MPI_MODE_RDWR), &
                     MPI_INFO_NULL, fh)
  call check(fh /= MPI_FILE_NULL, 'File_open')
  do i = 1, 4
    vals(i) = 10 * rank + i
  end do
  off = 16_MPI_OFFSET_KIND * rank
  call MPI_File_write_at_all(fh, off, vals, 4, MPI_INTEGER, st)
  call MPI_Get_count(st, MPI_INTEGER, cnt)
  call check(cnt == 4, 'write_at_all count')
  call MPI_Barrier(MPI_COMM_WORLD)
  off = 16_MPI_OFFSET_KIND * mod(rank + 1, nproc)
  call MPI_File_read_at(fh, off, back, 4, MPI_INTEGER, st)
  do i = 1, 4
    call check(back(i) == 10 * mod(rank + 1, nproc) + i, 'read_at')
  end do
  call MPI_File_get_size(fh, sz)
  call check(sz == 16_MPI_OFFSET_KIND * nproc, 'get_size')
  call MPI_File_close(fh)
  call check(fh == MPI_FILE_NULL, 'File_close')

  ! A sequential file: ordered writes, then a view at the shared pointer.
  call MPI_File_open(MPI_COMM_WORLD, fname, ior(MPI_MODE_WRONLY, MPI_MODE_SEQUENTIAL), &
                     MPI_INFO_NULL, fh)
  call MPI_File_write_ordered(fh, vals, 1, MPI_INTEGER, st)
  call MPI_File_set_view(fh, MPI_DISPLACEMENT_CURRENT, MPI_INTEGER, MPI_INTEGER, 'native', &
                         MPI_INFO_NULL)
  call MPI_File_get_view(fh, disp, et, ft, rep)
  call check(disp == 4_MPI_OFFSET_KIND * nproc, 'view at the shared pointer')
  call check(rep == 'native', 'datarep')
  call MPI_File_close(fh)
  call MPI_Barrier(MPI_COMM_WORLD)
  if (rank == 0) call MPI_File_delete(fname, MPI_INFO_NULL)
  call MPI_Finalize()
end program
