! Description: seed 002's extensions through `use mpi_f08`: request
! handlers written in Fortran (MPI_Post_handler: run once per completion,
! before the wait returns, with the extra_state and MPI_Get_status; on a
! persistent request, once per start), caching on any handle
! (MPI_Handle_keyval_create with Fortran copy and delete procedures and
! the predefined MPI_HANDLE_DUP_FN; MPI_Handle_attr_put/get/delete on a
! communicator, a datatype and a group), naming (MPI_Handle_name_put/get)
! and meta requests (MPI_Meta_request_create with Fortran procedures,
! MPI_Request_init, start, mark complete, cancel, free; the EXTRA_STATE
! init_fn sets is what the others get).
! np: 2
module seed_state
  use mpi_f08
  implicit none
  integer, volatile :: ncalls = 0, seen_source = -1, seen_extra = -1
  integer, volatile :: ncopy = 0, copy_handle = -1, ndelete = 0, del_type = -1, del_value = -1
  integer, volatile :: ninit = 0, nstart = 0, nevents = 0, meta_extra = -1
contains
  subroutine req_init(metareq, extra_state, request, ierror)
    type(MPI_Metarequest) :: metareq
    integer :: extra_state, ierror
    type(MPI_Request) :: request
    ninit = ninit + 1
    extra_state = extra_state * 2
    ierror = MPI_SUCCESS
  end subroutine

  subroutine req_start(extra_state, request, ierror)
    integer :: extra_state, ierror
    type(MPI_Request) :: request
    nstart = nstart + 1
    meta_extra = extra_state
    ierror = MPI_SUCCESS
  end subroutine

  ! complete_fn, free_fn and cancel_fn alike: counts.
  subroutine req_event(extra_state, request, ierror)
    integer :: extra_state, ierror
    type(MPI_Request) :: request
    nevents = nevents + 1
    ierror = MPI_SUCCESS
  end subroutine

  subroutine on_done(request, extra_state, ierror)
    type(MPI_Request) :: request
    integer :: extra_state, ierror
    type(MPI_Status) :: st
    call MPI_Get_status(request, st)
    seen_source = st%MPI_SOURCE
    seen_extra = extra_state
    ncalls = ncalls + 1
    ierror = MPI_SUCCESS
  end subroutine

  subroutine copy_fn(handle, handletype, keyval, extra_state, attribute_val_in, &
                     attribute_val_out, flag, ierror)
    integer :: handle, handletype, keyval, extra_state, attribute_val_in, attribute_val_out, ierror
    logical :: flag
    ncopy = ncopy + 1
    copy_handle = handle
    attribute_val_out = attribute_val_in + extra_state
    flag = handletype == MPI_HANDLE_COMM
    ierror = MPI_SUCCESS
  end subroutine

  subroutine delete_fn(handle, handletype, keyval, attribute_val, extra_state, ierror)
    integer :: handle, handletype, keyval, attribute_val, extra_state, ierror
    ndelete = ndelete + 1
    del_type = handletype
    del_value = attribute_val
    ierror = MPI_SUCCESS
  end subroutine
end module

program seed_f08
  use mpi_f08
  use seed_state
  use testing
  implicit none
  integer :: peer, inbox, outbox, keyval, dupkey, val, i
  logical :: flag
  type(MPI_Request) :: reqs(2)
  type(MPI_Comm) :: comm, comm2
  type(MPI_Group) :: group
  type(MPI_Metarequest) :: meta
  type(MPI_Request) :: req
  type(MPI_Status) :: st
  character(len=MPI_MAX_OBJECT_NAME) :: name
  integer :: namelen

  call start()
  peer = 1 - rank

  ! A handler on a receive: it has run when the wait returns.
  outbox = 100 + rank
  call MPI_Irecv(inbox, 1, MPI_INTEGER, peer, 5, MPI_COMM_WORLD, reqs(1))
  call MPI_Post_handler(reqs(1), MPI_INFO_NULL, on_done, 42, MPI_HANDLER_DEFAULT)
  call MPI_Send(outbox, 1, MPI_INTEGER, peer, 5, MPI_COMM_WORLD)
  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE)
  call check(inbox == 100 + peer, 'received')
  call check(ncalls == 1, 'the handler ran once before the wait returned')
  call check(seen_source == peer .and. seen_extra == 42, 'MPI_Get_status and extra_state')

  ! On a persistent request the handler stays for every start.
  call MPI_Recv_init(inbox, 1, MPI_INTEGER, peer, 6, MPI_COMM_WORLD, reqs(1))
  call MPI_Send_init(outbox, 1, MPI_INTEGER, peer, 6, MPI_COMM_WORLD, reqs(2))
  call MPI_Post_handler(reqs(1), MPI_INFO_NULL, on_done, 7, MPI_HANDLER_DEFAULT)
  do i = 1, 3
    call MPI_Startall(2, reqs)
    call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE)
  end do
  call check(ncalls == 4 .and. seen_extra == 7, 'one call per start of a persistent request')
  call MPI_Request_free(reqs(1))
  call MPI_Request_free(reqs(2))

  ! Caching on any handle: a communicator (copied by MPI_Comm_dup through
  ! the Fortran copy procedure, which adds extra_state), a datatype, a group.
  call MPI_Handle_keyval_create(copy_fn, delete_fn, keyval, 1000)
  call MPI_Comm_dup(MPI_COMM_WORLD, comm)
  call MPI_Handle_attr_put(comm%MPI_VAL, MPI_HANDLE_COMM, keyval, 5)
  call MPI_Handle_attr_get(comm%MPI_VAL, MPI_HANDLE_COMM, keyval, val, flag)
  call check(flag .and. val == 5, 'attr_get on a communicator')
  call MPI_Comm_dup(comm, comm2)
  call check(ncopy == 1 .and. copy_handle == comm%MPI_VAL, 'copy procedure called with the old comm')
  call MPI_Handle_attr_get(comm2%MPI_VAL, MPI_HANDLE_COMM, keyval, val, flag)
  call check(flag .and. val == 1005, 'copied value')
  call MPI_Comm_free(comm2)
  call check(ndelete == 1 .and. del_type == MPI_HANDLE_COMM .and. del_value == 1005, &
             'delete procedure on MPI_Comm_free')
  call MPI_Handle_attr_put(MPI_INTEGER%MPI_VAL, MPI_HANDLE_DATATYPE, keyval, 6)
  call MPI_Handle_attr_get(MPI_INTEGER%MPI_VAL, MPI_HANDLE_DATATYPE, keyval, val, flag)
  call check(flag .and. val == 6, 'attr_get on a datatype')
  call MPI_Handle_attr_delete(MPI_INTEGER%MPI_VAL, MPI_HANDLE_DATATYPE, keyval)
  call check(ndelete == 2 .and. del_type == MPI_HANDLE_DATATYPE .and. del_value == 6, &
             'delete procedure on attr_delete')
  call MPI_Handle_attr_get(MPI_INTEGER%MPI_VAL, MPI_HANDLE_DATATYPE, keyval, val, flag)
  call check(.not. flag, 'deleted')
  call MPI_Comm_group(comm, group)
  call MPI_Handle_attr_put(group%MPI_VAL, MPI_HANDLE_GROUP, keyval, 7)
  call MPI_Handle_attr_get(group%MPI_VAL, MPI_HANDLE_GROUP, keyval, val, flag)
  call check(flag .and. val == 7, 'attr_get on a group')
  call MPI_Handle_attr_delete(group%MPI_VAL, MPI_HANDLE_GROUP, keyval)
  call check(ndelete == 3 .and. del_type == MPI_HANDLE_GROUP, 'group attribute deleted')
  ! A predefined attribute through the new call.
  call MPI_Handle_attr_get(MPI_COMM_WORLD%MPI_VAL, MPI_HANDLE_COMM, MPI_TAG_UB, val, flag)
  call check(flag .and. val >= 32767, 'MPI_TAG_UB')
  ! The predefined MPI_HANDLE_DUP_FN copies the value as it is.
  call MPI_Handle_keyval_create(MPI_HANDLE_DUP_FN, MPI_HANDLE_DELETE_FN, dupkey, 0)
  call MPI_Handle_attr_put(comm%MPI_VAL, MPI_HANDLE_COMM, dupkey, 11)
  call MPI_Comm_dup(comm, comm2)
  call MPI_Handle_attr_get(comm2%MPI_VAL, MPI_HANDLE_COMM, dupkey, val, flag)
  call check(flag .and. val == 11, 'MPI_HANDLE_DUP_FN')
  call MPI_Comm_free(comm2)

  ! Names on any handle.
  call MPI_Handle_name_put(comm%MPI_VAL, MPI_HANDLE_COMM, 'seed comm  ')
  call MPI_Comm_get_name(comm, name, namelen)
  call check(name == 'seed comm' .and. namelen == 9, 'Handle_name_put seen by Comm_get_name')
  call MPI_Handle_name_get(comm%MPI_VAL, MPI_HANDLE_COMM, name)
  call check(name == 'seed comm', 'Handle_name_get')
  call MPI_Handle_name_get(MPI_INTEGER%MPI_VAL, MPI_HANDLE_DATATYPE, name)
  call check(name == 'MPI_INTEGER', 'default name of a datatype')
  call MPI_Handle_name_put(group%MPI_VAL, MPI_HANDLE_GROUP, 'a group')
  call MPI_Handle_name_get(group%MPI_VAL, MPI_HANDLE_GROUP, name)
  call check(name == 'a group', 'name of a group')

  ! Meta requests.
  call MPI_Meta_request_create(req_init, req_start, req_event, req_event, req_event, meta)
  call MPI_Request_init(meta, 21, req)
  call check(ninit == 1 .and. req /= MPI_REQUEST_NULL, 'init_fn')
  do i = 1, 2
    call MPI_Start(req)
    call check(nstart == i .and. meta_extra == 42, 'start_fn gets the EXTRA_STATE init_fn set')
    call MPI_Request_mark_complete(req)
    call check(nevents == i, 'complete_fn')
    call MPI_Wait(req, MPI_STATUS_IGNORE)
    call check(req /= MPI_REQUEST_NULL, 'a meta request stays after its wait')
  end do
  call MPI_Start(req)
  call MPI_Cancel(req)
  call check(nevents == 3, 'cancel_fn')
  call MPI_Wait(req, st)
  call MPI_Test_cancelled(st, flag)
  call check(flag, 'cancelled')
  call MPI_Meta_request_free(meta)
  call check(meta == MPI_METAREQUEST_NULL, 'Meta_request_free')
  call MPI_Request_free(req)
  call check(nevents == 4 .and. req == MPI_REQUEST_NULL, 'free_fn')

  call MPI_Group_free(group)
  call MPI_Comm_free(comm)
  call MPI_Finalize()
end program
