! Description: point-to-point through mpif.h: blocking send and receive of
! INTEGER and DOUBLE PRECISION arrays, the status array (MPI_SOURCE,
! MPI_TAG, MPI_Get_count), MPI_STATUS_IGNORE, nonblocking ring exchange with
! MPI_Waitall over MPI_STATUSES_IGNORE, MPI_Waitany's 1-based index, and a
! communicator name (a string in and out).
! np: 2 3
program p2p_mpif
  use testing
  implicit none
  include 'mpif.h'
  integer :: ierr, i, cnt, idx, next, prev
  integer :: ibuf(100), status(MPI_STATUS_SIZE), reqs(2), inbox, outbox
  double precision :: dbuf(50)
  character(len=MPI_MAX_OBJECT_NAME) :: name
  integer :: comm, namelen

  call MPI_Init(ierr)
  call start()
  if (rank == 0) then
    ibuf = [(i, i = 1, 100)]
    call MPI_Send(ibuf, 100, MPI_INTEGER, 1, 5, MPI_COMM_WORLD, ierr)
    dbuf = [(0.5d0 * i, i = 1, 50)]
    call MPI_Send(dbuf, 50, MPI_DOUBLE_PRECISION, 1, 6, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    call MPI_Recv(ibuf, 100, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, status, ierr)
    call check(ierr == MPI_SUCCESS .and. status(MPI_SOURCE) == 0 .and. status(MPI_TAG) == 5, 'status')
    call MPI_Get_count(status, MPI_INTEGER, cnt, ierr)
    call check(cnt == 100 .and. ibuf(100) == 100 .and. sum(ibuf) == 5050, 'integer data')
    call MPI_Recv(dbuf, 50, MPI_DOUBLE_PRECISION, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call check(dbuf(50) == 25d0, 'double data')
  end if

  next = mod(rank + 1, nproc)
  prev = mod(rank + nproc - 1, nproc)
  outbox = rank
  inbox = -1
  call MPI_Irecv(inbox, 1, MPI_INTEGER, prev, 9, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Isend(outbox, 1, MPI_INTEGER, next, 9, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
  call check(inbox == prev .and. reqs(1) == MPI_REQUEST_NULL, 'ring')

  call MPI_Irecv(inbox, 1, MPI_INTEGER, prev, 10, MPI_COMM_WORLD, reqs(2), ierr)
  reqs(1) = MPI_REQUEST_NULL
  call MPI_Send(outbox, 1, MPI_INTEGER, next, 10, MPI_COMM_WORLD, ierr)
  call MPI_Waitany(2, reqs, idx, status, ierr)
  call check(idx == 2 .and. status(MPI_SOURCE) == prev, 'waitany index is 1-based')

  call MPI_Comm_dup(MPI_COMM_WORLD, comm, ierr)
  call MPI_Comm_set_name(comm, 'fortran dup   ', ierr)
  call MPI_Comm_get_name(comm, name, namelen, ierr)
  call check(namelen == 11 .and. name == 'fortran dup', 'name')
  call MPI_Comm_free(comm, ierr)
  call check(comm == MPI_COMM_NULL, 'free sets MPI_COMM_NULL')
  call MPI_Finalize(ierr)
end program
