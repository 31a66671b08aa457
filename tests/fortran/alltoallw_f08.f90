! Description: the alltoallw family from mpi_f08, whose arrays of datatype
! handles the glue converts element by element (one per process, or per
! neighbour): MPI_Alltoallw with a different datatype per peer,
! MPI_Ialltoallw, and MPI_Neighbor_alltoallw on a periodic ring.
! np: 1 2 3
program alltoallw_f08
  use mpi_f08
  use testing
  implicit none
  integer :: i, left, right
  integer, allocatable :: sbuf(:), rbuf(:), scounts(:), rcounts(:), sdispls(:), rdispls(:)
  type(MPI_Datatype), allocatable :: stypes(:), rtypes(:)
  type(MPI_Datatype) :: pair
  type(MPI_Request) :: req
  type(MPI_Comm) :: ring
  integer :: nsend(2), nrecv(2), nsc(2), nrc(2)
  integer(kind=MPI_ADDRESS_KIND) :: nsd(2), nrd(2)
  type(MPI_Datatype) :: nst(2), nrt(2)

  call start()
  call MPI_Type_contiguous(2, MPI_INTEGER, pair)
  call MPI_Type_commit(pair)

  ! To peer j: two INTEGERs, as one `pair` for odd j, two MPI_INTEGER for
  ! even j; the receiver uses the other description.
  allocate(sbuf(2 * nproc), rbuf(2 * nproc), scounts(nproc), rcounts(nproc), &
           sdispls(nproc), rdispls(nproc), stypes(nproc), rtypes(nproc))
  do i = 1, nproc
    sbuf(2 * i - 1) = 100 * rank + i
    sbuf(2 * i) = -(100 * rank + i)
    sdispls(i) = 8 * (i - 1)
    rdispls(i) = 8 * (i - 1)
    if (mod(i - 1, 2) == 1) then
      stypes(i) = pair;        scounts(i) = 1
    else
      stypes(i) = MPI_INTEGER; scounts(i) = 2
    end if
    if (mod(rank, 2) == 1) then
      rtypes(i) = MPI_INTEGER; rcounts(i) = 2
    else
      rtypes(i) = pair;        rcounts(i) = 1
    end if
  end do
  rbuf = 0
  call MPI_Alltoallw(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, MPI_COMM_WORLD)
  call check_from_all('Alltoallw')
  rbuf = 0
  call MPI_Ialltoallw(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, &
                      MPI_COMM_WORLD, req)
  call MPI_Wait(req, MPI_STATUS_IGNORE)
  call check_from_all('Ialltoallw')

  ! A periodic ring: neighbours (left, right), one INTEGER to each, the
  ! send described by MPI_INTEGER and the receive by a 1-element `pair`'s
  ! first half (MPI_INTEGER too, but a different handle per neighbour).
  call MPI_Cart_create(MPI_COMM_WORLD, 1, [nproc], [.true.], .false., ring)
  call MPI_Cart_shift(ring, 0, 1, left, right)
  nsend = [1000 + rank, 2000 + rank]
  nrecv = -1
  nsc = 1; nrc = 1
  nsd = [0_MPI_ADDRESS_KIND, 4_MPI_ADDRESS_KIND]
  nrd = nsd
  nst = [MPI_INTEGER, MPI_INTEGER]
  nrt = [MPI_INTEGER, MPI_INT]
  call MPI_Neighbor_alltoallw(nsend, nsc, nsd, nst, nrecv, nrc, nrd, nrt, ring)
  ! From the left neighbour its send to the right (2000 + left), from the
  ! right its send to the left (1000 + right).
  call check(nrecv(1) == 2000 + left .and. nrecv(2) == 1000 + right, 'Neighbor_alltoallw')
  call MPI_Comm_free(ring)
  call MPI_Type_free(pair)
  call MPI_Finalize()
contains
  subroutine check_from_all(what)
    character(len=*), intent(in) :: what
    integer :: j
    do j = 1, nproc
      call check(rbuf(2 * j - 1) == 100 * (j - 1) + rank + 1 .and. &
                 rbuf(2 * j) == -(100 * (j - 1) + rank + 1), what)
    end do
  end subroutine
end program
