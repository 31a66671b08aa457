! Description: MPI_COMM_SPAWN and MPI_COMM_SPAWN_MULTIPLE through mpif.h
! (f77 style, every argument by reference, CHARACTER arrays with one hidden
! length each): the 2 parents spawn 2 copies of this program with ARGV
! ('child', 'a b', '  lead', blank end), whose arguments arrive without
! leading and trailing blanks ('lead', as with MPICH), then spawn_multiple of 2 commands
! (1 + 2 processes) with ARRAY_OF_ARGV(2,*) rows ('multi', 'x') and
! ('multi', 'y', 'z'), then once more with MPI_ARGVS_NULL for a child that
! takes no argument, each time with MPI_ERRCODES_IGNORE or an errcodes
! array; every child answers its parents with its world rank, its
! argument count and MPI_APPNUM.
! np: 2
program dyn_spawn_mpif
  implicit none
  include 'mpif.h'
  integer :: ierr, parent, rank, nargs, appnum
  logical :: flag
  character(len=32) :: a1, a2, a3
  integer(kind=MPI_ADDRESS_KIND) :: av

  call MPI_INIT(ierr)
  call MPI_COMM_GET_PARENT(parent, ierr)
  if (parent == MPI_COMM_NULL) then
    call parent_side()
  else
    call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
    nargs = command_argument_count()
    a1 = ' '
    a2 = ' '
    a3 = ' '
    if (nargs >= 1) call get_command_argument(1, a1)
    if (nargs >= 2) call get_command_argument(2, a2)
    if (nargs >= 3) call get_command_argument(3, a3)
    call MPI_COMM_GET_ATTR(MPI_COMM_WORLD, MPI_APPNUM, av, flag, ierr)
    appnum = -1
    if (flag) appnum = int(av)
    call check_child(a1, a2, a3, nargs, appnum)
    call MPI_SEND((/ rank, nargs, appnum /), 3, MPI_INTEGER, 0, 7, parent, ierr)
    call MPI_COMM_DISCONNECT(parent, ierr)
  end if
  call MPI_FINALIZE(ierr)
end program

subroutine check_child(a1, a2, a3, nargs, appnum)
  implicit none
  include 'mpif.h'
  character(len=*) :: a1, a2, a3
  integer :: nargs, appnum, ierr
  logical :: ok
  ok = .false.
  if (a1 == 'child') ok = nargs == 3 .and. a2 == 'a b' .and. a3 == 'lead' &
       .and. appnum == 0
  if (a1 == 'multi' .and. appnum == 0) ok = nargs == 2 .and. a2 == 'x'
  if (a1 == 'multi' .and. appnum == 1) ok = nargs == 3 .and. a2 == 'y' .and. a3 == 'z'
  if (a1 == ' ') ok = nargs == 0
  if (.not. ok) then
    print *, 'child: bad arguments ', nargs, appnum, ' [', trim(a1), '] [', trim(a2), &
         '] [', a3, ']'
    call MPI_ABORT(MPI_COMM_WORLD, 1, ierr)
  end if
end subroutine

subroutine parent_side()
  implicit none
  include 'mpif.h'
  character(len=4096) :: me
  character(len=16) :: argv(4)
  integer :: inter, ierr, rank, codes(3), maxprocs(2), infos(2)

  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call get_command_argument(0, me)

  argv(1) = 'child'
  argv(2) = 'a b'
  argv(3) = '  lead'
  argv(4) = ' '
  codes = -1
  call MPI_COMM_SPAWN(me, argv, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD, inter, codes, ierr)
  call expect(ierr == MPI_SUCCESS .and. codes(1) == MPI_SUCCESS .and. &
       codes(2) == MPI_SUCCESS .and. codes(3) == -1, 'spawn')
  call answers(inter, 2, 3, 0)

  call multi_long(me)

  ! MPI_ARGVS_NULL: children without arguments.
  maxprocs = (/ 1, 1 /)
  infos = MPI_INFO_NULL
  call multi_null(me, maxprocs, infos)
end subroutine

subroutine multi_long(me)
  implicit none
  include 'mpif.h'
  character(len=*) :: me
  character(len=4096) :: cmds(2)
  character(len=8) :: argvs(2, 4)
  integer :: inter, ierr, maxprocs(2), infos(2), codes(3)
  cmds(1) = me
  cmds(2) = me
  argvs = ' '
  argvs(1, 1) = 'multi'
  argvs(1, 2) = 'x'
  argvs(2, 1) = 'multi'
  argvs(2, 2) = 'y'
  argvs(2, 3) = 'z'
  maxprocs = (/ 1, 2 /)
  infos = MPI_INFO_NULL
  codes = -1
  call MPI_COMM_SPAWN_MULTIPLE(2, cmds, argvs, maxprocs, infos, 1, MPI_COMM_WORLD, &
       inter, codes, ierr)
  call expect(ierr == MPI_SUCCESS .and. all(codes == MPI_SUCCESS), 'spawn_multiple')
  call answers(inter, 3, -1, -1)
end subroutine

subroutine multi_null(me, maxprocs, infos)
  implicit none
  include 'mpif.h'
  character(len=*) :: me
  integer :: maxprocs(2), infos(2)
  character(len=4096) :: cmds(2)
  integer :: inter, ierr
  cmds(1) = me
  cmds(2) = me
  call MPI_COMM_SPAWN_MULTIPLE(2, cmds, MPI_ARGVS_NULL, maxprocs, infos, 0, MPI_COMM_WORLD, &
       inter, MPI_ERRCODES_IGNORE, ierr)
  call expect(ierr == MPI_SUCCESS, 'spawn_multiple with MPI_ARGVS_NULL')
  call answers(inter, 2, 0, -1)
end subroutine

! Parent 0 receives one answer from each of the n children: (world rank,
! argument count, appnum); nargs or appnum -1 when they vary.
subroutine answers(inter, n, nargs, appnum)
  implicit none
  include 'mpif.h'
  integer :: inter, n, nargs, appnum
  integer :: ierr, rank, rsize, i, got(3), st(MPI_STATUS_SIZE)
  call MPI_COMM_REMOTE_SIZE(inter, rsize, ierr)
  call expect(rsize == n, 'remote size')
  call MPI_COMM_RANK(inter, rank, ierr)
  if (rank == 0) then
    do i = 1, n
      call MPI_RECV(got, 3, MPI_INTEGER, MPI_ANY_SOURCE, 7, inter, st, ierr)
      call expect(ierr == MPI_SUCCESS .and. got(1) == st(MPI_SOURCE), 'answer')
      if (nargs >= 0) call expect(got(2) == nargs, 'argument count')
      if (appnum >= 0) call expect(got(3) == appnum, 'appnum')
    end do
  end if
  call MPI_COMM_DISCONNECT(inter, ierr)
end subroutine

subroutine expect(ok, what)
  implicit none
  include 'mpif.h'
  logical :: ok
  character(len=*) :: what
  integer :: ierr
  if (.not. ok) then
    print *, 'parent failed: ', what
    call MPI_ABORT(MPI_COMM_WORLD, 1, ierr)
  end if
end subroutine
