! Description: MPI_Comm_spawn and MPI_Comm_spawn_multiple through `use
! mpi_f08` (CHARACTER arrays as descriptors) and `use mpi`: the parents
! spawn 2 copies of this program with argv ('f08', 'one two', blank end),
! then 2 more through `use mpi` with MPI_ARGV_NULL, then spawn_multiple
! of 2 commands with array_of_argv(2,*) rows ('m', 'p') and ('m', 'q',
! 'r'); the children check their arguments and MPI_APPNUM, answer over
! the parent intercommunicator, and MPI_Intercomm_merge with the parents
! (children high) gives a communicator of parents + children on which an
! allreduce sums the ranks.
! np: 2
module spawn_helpers
  use mpi_f08
  implicit none
contains
  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      print *, 'parent failed: ', what
      call MPI_Abort(MPI_COMM_WORLD, 1)
    end if
  end subroutine

  ! Parent 0 takes one answer (world rank, argument count, appnum) from
  ! each of the n children; then all merge (parents low) and sum ranks.
  subroutine answers(inter, n)
    type(MPI_Comm), intent(inout) :: inter
    integer, intent(in) :: n
    type(MPI_Comm) :: merged
    type(MPI_Status) :: st
    integer :: rsize, rank, i, got(3), msize, sum
    call MPI_Comm_remote_size(inter, rsize)
    call expect(rsize == n, 'remote size')
    call MPI_Comm_rank(inter, rank)
    if (rank == 0) then
      do i = 1, n
        call MPI_Recv(got, 3, MPI_INTEGER, MPI_ANY_SOURCE, 7, inter, st)
        call expect(got(1) == st%MPI_SOURCE, 'answer')
      end do
    end if
    call MPI_Intercomm_merge(inter, .false., merged)
    call MPI_Comm_size(merged, msize)
    call expect(msize == n + 2, 'merged size')
    call MPI_Comm_rank(merged, rank)
    call MPI_Allreduce(rank, sum, 1, MPI_INTEGER, MPI_SUM, merged)
    call expect(sum == msize * (msize - 1) / 2, 'allreduce on the merged communicator')
    call MPI_Comm_free(merged)
    call MPI_Comm_disconnect(inter)
  end subroutine
end module

subroutine answers_int(inter, n)
  use spawn_helpers
  implicit none
  integer, intent(in) :: inter, n
  type(MPI_Comm) :: c
  c%MPI_VAL = inter
  call answers(c, n)
end subroutine

program dyn_spawn_f08
  use mpi_f08
  implicit none
  type(MPI_Comm) :: parent

  call MPI_Init()
  call MPI_Comm_get_parent(parent)
  if (parent == MPI_COMM_NULL) then
    call parents()
  else
    call child(parent)
  end if
  call MPI_Finalize()
end program

subroutine child(parent)
  use mpi_f08
  implicit none
  type(MPI_Comm), intent(inout) :: parent
  type(MPI_Comm) :: merged
  character(len=32) :: a(3)
  integer :: nargs, i, rank, appnum, msize, sum
  integer(kind=MPI_ADDRESS_KIND) :: av
  logical :: flag, ok

  nargs = command_argument_count()
  a = ' '
  do i = 1, min(nargs, 3)
    call get_command_argument(i, a(i))
  end do
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, av, flag)
  appnum = -1
  if (flag) appnum = int(av)
  ok = .false.
  if (a(1) == 'f08') ok = nargs == 2 .and. a(2) == 'one two' .and. appnum == 0
  if (a(1) == ' ') ok = nargs == 0 .and. appnum == 0
  if (a(1) == 'm' .and. appnum == 0) ok = nargs == 2 .and. a(2) == 'p'
  if (a(1) == 'm' .and. appnum == 1) ok = nargs == 3 .and. a(2) == 'q' .and. a(3) == 'r'
  if (.not. ok) then
    print *, 'child: bad arguments ', nargs, appnum, ' ', trim(a(1)), '|', trim(a(2)), '|', &
         trim(a(3))
    call MPI_Abort(MPI_COMM_WORLD, 1)
  end if
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Send((/ rank, nargs, appnum /), 3, MPI_INTEGER, 0, 7, parent)
  call MPI_Intercomm_merge(parent, .true., merged)
  call MPI_Comm_size(merged, msize)
  call MPI_Comm_rank(merged, rank)
  call MPI_Allreduce(rank, sum, 1, MPI_INTEGER, MPI_SUM, merged)
  if (sum /= msize * (msize - 1) / 2) call MPI_Abort(MPI_COMM_WORLD, 1)
  call MPI_Comm_free(merged)
  call MPI_Comm_disconnect(parent)
end subroutine

subroutine parents()
  use spawn_helpers
  implicit none
  character(len=4096) :: me, cmds(2)
  character(len=16) :: argv(3)
  character(len=4) :: argvs(2, 4)
  integer :: codes(3), maxprocs(2)
  type(MPI_Info) :: infos(2)
  type(MPI_Comm) :: inter
  integer :: ierr

  call get_command_argument(0, me)
  argv(1) = 'f08'
  argv(2) = 'one two'
  argv(3) = ' '
  codes = -1
  call MPI_Comm_spawn(me, argv, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD, inter, codes, ierr)
  call expect(ierr == MPI_SUCCESS .and. codes(1) == MPI_SUCCESS .and. &
       codes(2) == MPI_SUCCESS .and. codes(3) == -1, 'MPI_Comm_spawn')
  call answers(inter, 2)

  call with_mpi(me)

  cmds(1) = me
  cmds(2) = me
  argvs = ' '
  argvs(1, 1) = 'm'
  argvs(1, 2) = 'p'
  argvs(2, 1) = 'm'
  argvs(2, 2) = 'q'
  argvs(2, 3) = 'r'
  maxprocs = (/ 1, 1 /)
  infos = MPI_INFO_NULL
  call MPI_Comm_spawn_multiple(2, cmds, argvs, maxprocs, infos, 1, MPI_COMM_WORLD, inter, &
       MPI_ERRCODES_IGNORE, ierr)
  call expect(ierr == MPI_SUCCESS, 'MPI_Comm_spawn_multiple')
  call answers(inter, 2)
end subroutine

! `use mpi`: its interface of MPI_COMM_SPAWN, with MPI_ARGV_NULL.
subroutine with_mpi(me)
  use mpi
  implicit none
  character(len=*), intent(in) :: me
  integer :: inter, ierr, codes(2)
  call MPI_COMM_SPAWN(me, MPI_ARGV_NULL, 2, MPI_INFO_NULL, 1, MPI_COMM_WORLD, inter, codes, ierr)
  if (ierr /= MPI_SUCCESS .or. any(codes /= MPI_SUCCESS)) then
    print *, 'parent: MPI_COMM_SPAWN (use mpi) failed'
    call MPI_ABORT(MPI_COMM_WORLD, 1, ierr)
  end if
  call answers_int(inter, 2)
end subroutine
