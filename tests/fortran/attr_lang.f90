! Description: attributes across languages (MPI-3.1 17.2.7, examples
! 17.17-17.19): a value set from Fortran (MPI_COMM_SET_ATTR,
! MPI_ATTR_PUT) reaches C as a pointer to the integer, MPI_Aint or int,
! also in C copy and delete functions and after MPI_COMM_DUP_FN; a value
! set from C reaches Fortran as the pointer's address (or the integer C
! stored); and MPI_ATTR_GET and MPI_COMM_GET_ATTR read each other's
! values sign-extended or truncated.  C got the integer itself as a
! pointer (MPICH's f90/attr/fandcattrf90 SIGSEGV, attrlangf90 SIGBUS).
! np: 1
module attr_lang_c
  use, intrinsic :: iso_c_binding
  implicit none
  interface
    integer(c_int) function c_keyvals(plain, dup, copydel) bind(C)
      import
      integer(c_int) :: plain, dup, copydel
    end function
    integer(c_int) function c_get_aint(comm, keyval, expect) bind(C)
      import
      integer(c_int), value :: comm, keyval
      integer(c_intptr_t), value :: expect
    end function
    integer(c_int) function c_get_int(comm, keyval, expect) bind(C)
      import
      integer(c_int), value :: comm, keyval, expect
    end function
    integer(c_int) function c_set_pointer(keyval, address) bind(C)
      import
      integer(c_int), value :: keyval
      integer(c_intptr_t) :: address
    end function
    integer(c_int) function c_set_17(keyval) bind(C)
      import
      integer(c_int), value :: keyval
    end function
    integer(c_int) function c_deleted() bind(C)
      import
    end function
  end interface
end module

program attr_lang
  use mpi
  use attr_lang_c
  use testing
  implicit none
  integer :: ierr, plain, dup, copydel, fkey, k1, k2, dupcomm, ival
  integer(kind=MPI_ADDRESS_KIND) :: val, address, extra
  logical :: flag

  call MPI_Init(ierr)
  call start()
  call check(c_keyvals(plain, dup, copydel) == 0, 'C keyvals')
  extra = 0
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, fkey, extra, ierr)
  call MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, k1, extra, ierr)
  call MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, k2, extra, ierr)

  ! Fortran sets (MPI-2 call), C reads a pointer to the MPI_Aint: 17.19
  val = 42
  call MPI_Comm_set_attr(MPI_COMM_WORLD, plain, val, ierr)
  call check(c_get_aint(MPI_COMM_WORLD, plain, 42_c_intptr_t) == 0, 'Fortran 42 -> C')
  val = 2_MPI_ADDRESS_KIND**40
  call MPI_Comm_set_attr(MPI_COMM_WORLD, k1, val, ierr)
  call check(c_get_aint(MPI_COMM_WORLD, k1, 2_c_intptr_t**40) == 0, 'Fortran 2**40 -> C')
  val = 0
  call MPI_Comm_get_attr(MPI_COMM_WORLD, k1, val, flag, ierr)
  call check(flag .and. val == 2_MPI_ADDRESS_KIND**40, 'Fortran 2**40 -> Fortran')
  ival = -5
  call MPI_Attr_get(MPI_COMM_WORLD, plain, ival, flag, ierr)
  call check(flag .and. ival == 42, 'Fortran MPI-2 42 -> MPI_ATTR_GET')

  ! MPI-1 MPI_ATTR_PUT: C reads a pointer to an int: 17.18
  ival = -7
  call MPI_Attr_put(MPI_COMM_WORLD, k2, ival, ierr)
  call check(c_get_int(MPI_COMM_WORLD, k2, -7) == 0, 'MPI_ATTR_PUT -7 -> C')
  call MPI_Comm_get_attr(MPI_COMM_WORLD, k2, val, flag, ierr)
  call check(flag .and. val == -7, 'MPI_ATTR_PUT -7 -> MPI_COMM_GET_ATTR, sign-extended')

  ! C sets a pointer and an integer, Fortran reads the address: 17.17
  call check(c_set_pointer(dup, address) == 0, 'C set pointer')
  call MPI_Comm_get_attr(MPI_COMM_WORLD, dup, val, flag, ierr)
  call check(flag .and. val == address, 'C pointer -> Fortran address')
  call check(c_set_17(k1) == 0, 'C set 17')
  call MPI_Comm_get_attr(MPI_COMM_WORLD, k1, val, flag, ierr)
  call check(flag .and. val == 17, 'C 17 -> Fortran')

  ! Dup: C's MPI_COMM_DUP_FN and Fortran's keep a Fortran value as such;
  ! C's copy function gets the pointer, C's delete function too.
  val = 5555
  call MPI_Comm_set_attr(MPI_COMM_WORLD, dup, val, ierr)
  val = 6666
  call MPI_Comm_set_attr(MPI_COMM_WORLD, fkey, val, ierr)
  val = 7777
  call MPI_Comm_set_attr(MPI_COMM_WORLD, copydel, val, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dupcomm, ierr)
  call check(c_get_aint(dupcomm, dup, 5555_c_intptr_t) == 0, 'C MPI_COMM_DUP_FN -> C')
  call check(c_get_aint(dupcomm, fkey, 6666_c_intptr_t) == 0, 'Fortran MPI_COMM_DUP_FN -> C')
  call MPI_Comm_get_attr(dupcomm, fkey, val, flag, ierr)
  call check(flag .and. val == 6666, 'Fortran MPI_COMM_DUP_FN -> Fortran')
  call MPI_Comm_get_attr(dupcomm, dup, val, flag, ierr)
  call check(flag .and. val == 5555, 'C MPI_COMM_DUP_FN -> Fortran')
  ! The C copy function kept C's pointer, which points into
  ! MPI_COMM_WORLD's attribute: free the duplicate (its delete function
  ! reads through that pointer) while the original still holds it.
  call MPI_Comm_free(dupcomm, ierr)
  call check(c_deleted() == 7777, 'C delete function on the duplicate: a pointer to 7777')
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, copydel, ierr)
  call check(c_deleted() == 7777, 'C delete function: a pointer to 7777')
  call MPI_Finalize(ierr)
end program
