#!/usr/bin/env python3
"""gen-fortran.py - writes shmpi's Fortran bindings from api/mpi.api and include/mpi.h.

Usage: gen-fortran.py DESCRIPTION MPI_H OUTPUT

OUTPUT names what to write on stdout:
  mpif.h          include/mpif.h: constants, common-block sentinels and the
                  declarations of the functions (mpif.h, fixed and free form)
  mpi_mod.f90     lib/fortran/mpi_mod.f90: module mpi (constants and explicit
                  interfaces to the same external procedures)
  mpi_f08.f90     lib/fortran/mpi_f08.f90: module mpi_f08 (handle types,
                  TYPE(MPI_Status), BIND(C) interfaces, optional ierror)
  f77_glue.c      lib/fortran/f77_glue.c: one C function per MPI function
                  with gfortran's name (mpi_send_): arguments by reference,
                  handles as MPI_Fint, hidden string lengths at the end
  f08_glue.c      lib/fortran/f08_glue.c: the C functions mpi_f08 binds to
                  when the mpif.h one does not fit: choice buffers and
                  strings come as CFI descriptors (ISO_Fortran_binding.h)
  handle_fixed.c  lib/core/handle_fixed.c: the predefined handles in the
                  order of their Fortran integers (MPI_COMM_WORLD = 1, ...)
  missing         the functions without a Fortran binding, and why

The parser is gen-api.py's (one parser for the description).  Constants
come from mpi.h: every "#define MPI_X N" becomes an INTEGER PARAMETER, every
predefined handle "#define MPI_X (&mpii_obj_y)" the index of the object in
handle_fixed.c's table, which lib/core/handle_f2c.c gives those indices.
Python 3 standard library only.
"""
import importlib.util
import os
import re
import sys

_spec = importlib.util.spec_from_file_location(
    'gen_api', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'gen-api.py'))
gen_api = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_api)

# ----------------------------------------------------------- the handles
# kind -> (C type, f2c, c2f, f08 type).  The seeds' "handle" (MPI_Handle *:
# any handle, its type in the next argument) is an INTEGER, the Fortran
# integer of that handle, in all three interfaces (glue_any_handle); the
# metarequest gets its integer from lib/fortran/callbacks.c.
HANDLES = {
    'comm': ('MPI_Comm', 'mpii_f2c_comm', 'MPI_Comm_c2f', 'MPI_Comm'),
    'group': ('MPI_Group', 'mpii_f2c_group', 'MPI_Group_c2f', 'MPI_Group'),
    'datatype': ('MPI_Datatype', 'mpii_f2c_datatype', 'MPI_Type_c2f', 'MPI_Datatype'),
    'request': ('MPI_Request', 'mpii_f_request_f2c', 'mpii_f_request_c2f', 'MPI_Request'),
    'op': ('MPI_Op', 'mpii_f2c_op', 'MPI_Op_c2f', 'MPI_Op'),
    'errhandler': ('MPI_Errhandler', 'mpii_f2c_errhandler', 'MPI_Errhandler_c2f', 'MPI_Errhandler'),
    'info': ('MPI_Info', 'mpii_f2c_info', 'MPI_Info_c2f', 'MPI_Info'),
    'win': ('MPI_Win', 'MPI_Win_f2c', 'MPI_Win_c2f', 'MPI_Win'),
    'file': ('MPI_File', 'MPI_File_f2c', 'MPI_File_c2f', 'MPI_File'),
    'message': ('MPI_Message', 'mpii_f2c_message', 'MPI_Message_c2f', 'MPI_Message'),
    'session': ('MPI_Session', 'MPI_Session_f2c', 'MPI_Session_c2f', 'MPI_Session'),
    # seed 002 6.12.4 (its Fortran bindings: INTEGER handles)
    'mutex': ('MPI_Mutex', 'MPI_Mutex_f2c', 'MPI_Mutex_c2f', 'MPI_Mutex'),
    'cond': ('MPI_Cond', 'MPI_Cond_f2c', 'MPI_Cond_c2f', 'MPI_Cond'),
    # seed 002 6.2 (INTEGER handles too)
    'metarequest': ('MPI_Metarequest', 'mpii_f_metareq_f2c', 'mpii_f_metareq_c2f',
                    'MPI_Metarequest'),
}
# The kinds with predefined handles convert through mpii_f2c_KIND, which
# each glue file defines (fixed_f2c): the predefined handles' integers are
# fixed (handle_fixed.c), so MPI_COMM_WORLD or MPI_DOUBLE_PRECISION is a
# table lookup without a call; any other integer goes to MPI_X_f2c.
FIXED_F2C = {'comm': 'MPI_Comm_f2c', 'group': 'MPI_Group_f2c', 'datatype': 'MPI_Type_f2c',
             'op': 'MPI_Op_f2c', 'errhandler': 'MPI_Errhandler_f2c', 'info': 'MPI_Info_f2c',
             'message': 'MPI_Message_f2c'}
F08_TYPES = sorted(set(h[3] for h in HANDLES.values()))

# The length of a handle or status array, in the glue's terms (the
# Fortran arguments are pointers).  An array argument without an entry
# makes its function unbindable (listed by "missing").
ARRAY_LEN = {
    ('MPI_Startall', 'array_of_requests'): '*count',
    ('MPI_Waitany', 'array_of_requests'): '*count',
    ('MPI_Testany', 'array_of_requests'): '*count',
    ('MPI_Waitall', 'array_of_requests'): '*count',
    ('MPI_Testall', 'array_of_requests'): '*count',
    ('MPI_Waitall', 'array_of_statuses'): '*count',
    ('MPI_Testall', 'array_of_statuses'): '*count',
    ('MPI_Waitsome', 'array_of_requests'): '*incount',
    ('MPI_Testsome', 'array_of_requests'): '*incount',
    ('MPI_Waitsome', 'array_of_statuses'): '*incount',
    ('MPI_Testsome', 'array_of_statuses'): '*incount',
    ('MPI_Waitsome', 'array_of_indices'): '*outcount',
    ('MPI_Testsome', 'array_of_indices'): '*outcount',
    ('MPI_Request_get_status_any', 'array_of_requests'): '*count',
    ('MPI_Request_get_status_all', 'array_of_requests'): '*count',
    ('MPI_Request_get_status_all', 'array_of_statuses'): '*count',
    ('MPI_Request_get_status_some', 'array_of_requests'): '*incount',
    ('MPI_Request_get_status_some', 'array_of_statuses'): '*incount',
    ('MPI_Request_get_status_some', 'array_of_indices'): '*outcount',
    ('MPI_Type_struct', 'array_of_types'): '*count',
    ('MPI_Type_create_struct', 'array_of_types'): '*count',
    ('MPI_Type_get_contents', 'array_of_datatypes'): '*max_datatypes',
    ('MPI_Comm_spawn_multiple', 'array_of_info'): '*count',
    # One datatype per process of the group (the remote one of an
    # intercommunicator) or per neighbour: lib/fortran/support.c.
    ('MPI_Alltoallw', 'sendtypes'): 'mpii_f_coll_len(*comm, 0)',
    ('MPI_Alltoallw', 'recvtypes'): 'mpii_f_coll_len(*comm, 0)',
    ('MPI_Ialltoallw', 'sendtypes'): 'mpii_f_coll_len(*comm, 0)',
    ('MPI_Ialltoallw', 'recvtypes'): 'mpii_f_coll_len(*comm, 0)',
    ('MPI_Neighbor_alltoallw', 'sendtypes'): 'mpii_f_coll_len(*comm, 2)',
    ('MPI_Neighbor_alltoallw', 'recvtypes'): 'mpii_f_coll_len(*comm, 1)',
    ('MPI_Ineighbor_alltoallw', 'sendtypes'): 'mpii_f_coll_len(*comm, 2)',
    ('MPI_Ineighbor_alltoallw', 'recvtypes'): 'mpii_f_coll_len(*comm, 1)',
}

# Functions taking Fortran procedures: the glue calls a function of
# lib/fortran/callbacks.c in place of MPI_<name> (same arguments, the
# procedures as function pointers, extra_state by value), which wraps the
# procedures in C trampolines (and numbers the meta requests): the one named
# here, with the leading arguments given, or (None) mpii_f_<name>.
CALLBACK_FUNCS = {
    'MPI_Op_create': None,
    'MPI_Comm_create_keyval': ('mpii_f_keyval_create', 'MPII_F_KEYVAL_COMM'),
    'MPI_Type_create_keyval': ('mpii_f_keyval_create', 'MPII_F_KEYVAL_TYPE'),
    'MPI_Win_create_keyval': ('mpii_f_keyval_create', 'MPII_F_KEYVAL_WIN'),
    'MPI_Keyval_create': ('mpii_f_keyval_create', 'MPII_F_KEYVAL_COMM1'),
    'MPI_Handle_keyval_create': ('mpii_f_keyval_create', 'MPII_F_KEYVAL_HANDLE'),
    'MPI_Comm_create_errhandler': ('mpii_f_errhandler_create',),
    'MPI_Win_create_errhandler': ('mpii_f_errhandler_create',),
    'MPI_File_create_errhandler': ('mpii_f_errhandler_create',),
    'MPI_Session_create_errhandler': ('mpii_f_errhandler_create',),
    'MPI_Errhandler_create': ('mpii_f_errhandler_create',),
    'MPI_Grequest_start': None,
    'MPI_Post_handler': None,
    'MPI_Meta_request_create': None,
    'MPI_Meta_request_free': None,
    'MPI_Request_init': None,
    'MPI_Register_datarep': None,
}

# The mpi_f08 abstract interfaces of the callbacks (MPI-3.1 17.1.? and the
# chapters of each function), by the C type of the argument.  A user op's
# vectors are TYPE(C_PTR), VALUE: the same C call as mpif.h's arrays.
F08_ABSTRACT = {
    'MPI_User_function': (
        'SUBROUTINE MPI_User_function(invec, inoutvec, len, datatype)',
        '  IMPORT', '  TYPE(C_PTR), VALUE :: invec, inoutvec', '  INTEGER :: len',
        '  TYPE(MPI_Datatype) :: datatype'),
    'MPI_Comm_errhandler_function': (
        'SUBROUTINE MPI_Comm_errhandler_function(comm, error_code)',
        '  IMPORT', '  TYPE(MPI_Comm) :: comm', '  INTEGER :: error_code'),
    'MPI_Win_errhandler_function': (
        'SUBROUTINE MPI_Win_errhandler_function(win, error_code)',
        '  IMPORT', '  TYPE(MPI_Win) :: win', '  INTEGER :: error_code'),
    'MPI_File_errhandler_function': (
        'SUBROUTINE MPI_File_errhandler_function(file, error_code)',
        '  IMPORT', '  TYPE(MPI_File) :: file', '  INTEGER :: error_code'),
    'MPI_Session_errhandler_function': (
        'SUBROUTINE MPI_Session_errhandler_function(session, error_code)',
        '  IMPORT', '  TYPE(MPI_Session) :: session', '  INTEGER :: error_code'),
    'MPI_Grequest_query_function': (
        'SUBROUTINE MPI_Grequest_query_function(extra_state, status, ierror)',
        '  IMPORT', '  INTEGER(KIND=MPI_ADDRESS_KIND) :: extra_state',
        '  TYPE(MPI_Status) :: status', '  INTEGER :: ierror'),
    'MPI_Grequest_free_function': (
        'SUBROUTINE MPI_Grequest_free_function(extra_state, ierror)',
        '  IMPORT', '  INTEGER(KIND=MPI_ADDRESS_KIND) :: extra_state', '  INTEGER :: ierror'),
    'MPI_Grequest_cancel_function': (
        'SUBROUTINE MPI_Grequest_cancel_function(extra_state, complete, ierror)',
        '  IMPORT', '  INTEGER(KIND=MPI_ADDRESS_KIND) :: extra_state', '  LOGICAL :: complete',
        '  INTEGER :: ierror'),
}
# MPI-3.1 13.5.3: a representation's conversion and extent functions.
F08_ABSTRACT['MPI_Datarep_conversion_function'] = (
    'SUBROUTINE MPI_Datarep_conversion_function(userbuf, datatype, count, filebuf, position, '
    'extra_state, ierror)',
    '  IMPORT', '  TYPE(C_PTR), VALUE :: userbuf, filebuf', '  TYPE(MPI_Datatype) :: datatype',
    '  INTEGER :: count, ierror', '  INTEGER(KIND=MPI_OFFSET_KIND) :: position',
    '  INTEGER(KIND=MPI_ADDRESS_KIND) :: extra_state')
F08_ABSTRACT['MPI_Datarep_extent_function'] = (
    'SUBROUTINE MPI_Datarep_extent_function(datatype, extent, extra_state, ierror)',
    '  IMPORT', '  TYPE(MPI_Datatype) :: datatype',
    '  INTEGER(KIND=MPI_ADDRESS_KIND) :: extent, extra_state', '  INTEGER :: ierror')
# Seed 002 6.7 and 6.12.3: INTEGER handles, extra states and values (its
# Fortran bindings), the handle being of the type handletype says.
F08_ABSTRACT['MPI_Handle_copy_function'] = (
    'SUBROUTINE MPI_Handle_copy_function(handle, handletype, keyval, extra_state, '
    'attribute_val_in, attribute_val_out, flag, ierror)',
    '  INTEGER :: handle, handletype, keyval, extra_state, attribute_val_in, attribute_val_out',
    '  LOGICAL :: flag', '  INTEGER :: ierror')
F08_ABSTRACT['MPI_Handle_delete_function'] = (
    'SUBROUTINE MPI_Handle_delete_function(handle, handletype, keyval, attribute_val, '
    'extra_state, ierror)',
    '  INTEGER :: handle, handletype, keyval, attribute_val, extra_state, ierror')
F08_ABSTRACT['MPI_Request_init_function'] = (
    'SUBROUTINE MPI_Request_init_function(metareq, extra_state, request, ierror)',
    '  IMPORT', '  TYPE(MPI_Metarequest) :: metareq', '  INTEGER :: extra_state',
    '  TYPE(MPI_Request) :: request', '  INTEGER :: ierror')
for _what in ('start', 'complete', 'free', 'cancel'):
    F08_ABSTRACT['MPI_Request_%s_function' % _what] = (
        'SUBROUTINE MPI_Request_%s_function(extra_state, request, ierror)' % _what,
        '  IMPORT', '  INTEGER :: extra_state', '  TYPE(MPI_Request) :: request',
        '  INTEGER :: ierror')
F08_ABSTRACT['MPI_Request_handler'] = (
    'SUBROUTINE MPI_Request_handler(request, extra_state, ierror)',
    '  IMPORT', '  TYPE(MPI_Request) :: request', '  INTEGER :: extra_state, ierror')
for _obj, _t in (('Comm', 'MPI_Comm'), ('Type', 'MPI_Datatype'), ('Win', 'MPI_Win')):
    _o = _obj.lower()
    F08_ABSTRACT['MPI_%s_copy_attr_function' % _obj] = (
        'SUBROUTINE MPI_%s_copy_attr_function(old%s, %s_keyval, extra_state, attribute_val_in, '
        'attribute_val_out, flag, ierror)' % (_obj, _o, _o),
        '  IMPORT', '  TYPE(%s) :: old%s' % (_t, _o), '  INTEGER :: %s_keyval, ierror' % _o,
        '  INTEGER(KIND=MPI_ADDRESS_KIND) :: extra_state, attribute_val_in, attribute_val_out',
        '  LOGICAL :: flag')
    F08_ABSTRACT['MPI_%s_delete_attr_function' % _obj] = (
        'SUBROUTINE MPI_%s_delete_attr_function(%s, %s_keyval, attribute_val, extra_state, '
        'ierror)' % (_obj, _o, _o),
        '  IMPORT', '  TYPE(%s) :: %s' % (_t, _o), '  INTEGER :: %s_keyval, ierror' % _o,
        '  INTEGER(KIND=MPI_ADDRESS_KIND) :: attribute_val, extra_state')


# ---------------------------------------------------- large-count twins
# MPI-4.0's MPI_X_c (api/mpi.api's "large=", or a block of its own named
# MPI_X_c): mpif.h and `use mpi` have none (the standard gives the large
# counts to mpi_f08 only); mpi_f08 puts its specific under MPI_X's generic
# name (MPI_Send with an INTEGER(KIND=MPI_COUNT_KIND) count), unless the
# two specifics would not be told apart (only MPI_ADDRESS_KIND arguments
# widened to MPI_COUNT_KIND, the same kind here: MPI_Type_get_extent_c).

def twin_base_name(fn):
    """MPI_X for a large-count twin MPI_X_c, else None."""
    if fn.large_of is not None:
        return fn.large_of.name
    if fn.name.endswith('_c') and fn.origin.startswith('MPI-4'):
        return fn.name[:-2]
    return None


def f08_signature(fn):
    """What generic resolution sees of fn's mpi_f08 specific: type, kind
    and rank of each argument (MPI_ADDRESS_KIND and MPI_COUNT_KIND are both
    8 here)."""
    out = []
    for a in fortran_args(fn):
        t, arr = ftype_f08(fn, a)
        t = t.replace('MPI_COUNT_KIND', 'MPI_ADDRESS_KIND')
        out.append((t, arr.count(',') + 1 if arr else 0))
    return out


def f08_twins(funcs):
    """MPI_X's name -> the twins mpi_f08 lists under its generic."""
    by_name = {fn.name: fn for fn in funcs}
    out = {}
    for fn in funcs:
        b = twin_base_name(fn)
        base = by_name.get(b) if b else None
        if base is None or not in_f08(fn) or not in_f08(base):
            continue
        if f08_signature(fn) == f08_signature(base):
            continue
        out.setdefault(b, []).append(fn)
    return out


def in_f08(fn):
    """Whether mpi_f08 binds fn: not the removed functions, nor those
    deprecated since MPI-2.0 (MPI_Keyval_create, MPI_Keyval_free,
    MPI_Attr_put/get/delete), for which "an interface within the mpi_f08
    module was never defined" (the standard's deprecated chapter)."""
    return bindable(fn) and not fn.removed and fn.deprecated != 'MPI-2'


# The predefined procedures (lib/fortran/callbacks.c): name, the abstract
# interface mpi_f08 gives them (None: MPI-1, not in mpi_f08).
F_PREDEFINED_PROCS = [
    ('MPI_COMM_NULL_COPY_FN', 'MPI_Comm_copy_attr_function'),
    ('MPI_COMM_DUP_FN', 'MPI_Comm_copy_attr_function'),
    ('MPI_COMM_NULL_DELETE_FN', 'MPI_Comm_delete_attr_function'),
    ('MPI_TYPE_NULL_COPY_FN', 'MPI_Type_copy_attr_function'),
    ('MPI_TYPE_DUP_FN', 'MPI_Type_copy_attr_function'),
    ('MPI_TYPE_NULL_DELETE_FN', 'MPI_Type_delete_attr_function'),
    ('MPI_WIN_NULL_COPY_FN', 'MPI_Win_copy_attr_function'),
    ('MPI_WIN_DUP_FN', 'MPI_Win_copy_attr_function'),
    ('MPI_WIN_NULL_DELETE_FN', 'MPI_Win_delete_attr_function'),
    ('MPI_NULL_COPY_FN', None),
    ('MPI_DUP_FN', None),
    ('MPI_NULL_DELETE_FN', None),
    ('MPI_HANDLE_NULL_COPY_FN', 'MPI_Handle_copy_function'),
    ('MPI_HANDLE_DUP_FN', 'MPI_Handle_copy_function'),
    ('MPI_HANDLE_DELETE_FN', 'MPI_Handle_delete_function'),
    ('MPI_CONVERSION_FN_NULL', 'MPI_Datarep_conversion_function'),
]

# Fortran has no argc/argv: MPI_INIT(IERROR), MPI_INIT_THREAD(REQUIRED,
# PROVIDED, IERROR), MPI_INFO_CREATE_ENV(INFO, IERROR) (MPI-4.0 11.2.1).
NO_FORTRAN_ARGS = {('MPI_Init', 'argc'), ('MPI_Init', 'argv'),
                   ('MPI_Init_thread', 'argc'), ('MPI_Init_thread', 'argv'),
                   ('MPI_Info_create_env', 'argc'), ('MPI_Info_create_env', 'argv')}

# MPI-1 attribute calls take INTEGER values (and seed 002's, its extra
# states too); the MPI-2 ones INTEGER(KIND=MPI_ADDRESS_KIND).
INT_ATTRIBUTES = ('MPI_Attr_put', 'MPI_Attr_get', 'MPI_Keyval_create', 'MPI_Handle_keyval_create',
                  'MPI_Handle_attr_put', 'MPI_Handle_attr_get', 'MPI_Post_handler',
                  'MPI_Request_init')

STRBUF = 'MPII_F_STRBUF'

# The attribute calls whose values are integers to Fortran and pointers to
# C (MPI-3.1 17.2.7, "Attributes"): the glue calls libshmpi's hooks
# (mpii_lang_attr_set, and lib/fortran/support.c's mpii_f_attr_get), which
# record that a value came from Fortran, so that C gets a pointer to it and
# Fortran the integer again (lib/attr/attr.h, enum mpii_attr_how).
ATTR_HOOK = {
    'MPI_Comm_set_attr': 'MPII_LANG_ATTR_COMM', 'MPI_Comm_get_attr': 'MPII_LANG_ATTR_COMM',
    'MPI_Type_set_attr': 'MPII_LANG_ATTR_TYPE', 'MPI_Type_get_attr': 'MPII_LANG_ATTR_TYPE',
    'MPI_Win_set_attr': 'MPII_LANG_ATTR_WIN', 'MPI_Win_get_attr': 'MPII_LANG_ATTR_WIN',
    'MPI_Attr_put': 'MPII_LANG_ATTR_MPI1', 'MPI_Attr_get': 'MPII_LANG_ATTR_MPI1',
}

# The MPI-1 datatype calls removed in MPI-3.0 take default INTEGER
# displacements and addresses in mpif.h and `use mpi` (MPI-2.2 A.3.14,
# "Deprecated since MPI-2.0": MPI_ADDRESS's ADDRESS, MPI_TYPE_EXTENT's
# EXTENT, MPI_TYPE_LB/UB's DISPLACEMENT, MPI_TYPE_HVECTOR's STRIDE,
# MPI_TYPE_HINDEXED/STRUCT's ARRAY_OF_DISPLACEMENTS are INTEGER), where C
# has MPI_Aint: the glue converts (glue_int_aint).  mpi_f08 has none of them.
INT_AINT = {('MPI_Type_hvector', 'stride'), ('MPI_Type_hindexed', 'array_of_displacements'),
            ('MPI_Type_struct', 'array_of_displacements'), ('MPI_Type_extent', 'extent'),
            ('MPI_Type_lb', 'displacement'), ('MPI_Type_ub', 'displacement'),
            ('MPI_Address', 'address')}

# Functions whose procedures get the caller's EXTRA_STATE variable itself
# (its address is what C keeps), as C's get the caller's pointer: a
# generalized request's free procedure may update it and the caller then
# sees the change (MPICH and Open MPI do the same; MPICH's f77/pt2pt/greqf).
# The variable must live as long as the request.
EXTRA_STATE_BY_ADDRESS = ('MPI_Grequest_start',)

# The functions whose Fortran strings lose their leading blanks as well as
# their trailing ones: info keys and values (MPI-3.1 9: "In Fortran, leading
# and trailing spaces are stripped from both").  Other strings keep their
# leading blanks (MPI-3.1 6.8: in a name "leading spaces are significant but
# trailing ones are not").
# The length arguments that count no terminator in Fortran, and the
# string argument they measure.
BUFLEN_NO_TERMINATOR = {('MPI_Info_get_string', 'buflen'): 'value'}
BUFLEN_VALUES = {(f, v) for (f, _), v in BUFLEN_NO_TERMINATOR.items()}

# In mpif.h and `use mpi` the BUFFER_ADDR of these is the user's buffer
# itself (a choice argument), not a place for its address.
DETACH_CHOICE = ('MPI_Buffer_detach', 'MPI_Comm_detach_buffer', 'MPI_Session_detach_buffer')

# The CHARACTER arrays of the spawn calls (MPI-4.1 11.8.2-3) and how the
# glue reads them (lib/fortran/support.c): 'list' ARGV(*), ending at a
# blank element, MPI_ARGV_NULL its sentinel; 'count' ARRAY_OF_COMMANDS(*),
# COUNT elements; 'lists' ARRAY_OF_ARGV(COUNT,*), row i command i's list,
# MPI_ARGVS_NULL its sentinel.  One hidden length each, the elements'.
ARGV_SHAPE = {('MPI_Comm_spawn', 'argv'): 'list',
              ('MPI_Comm_spawn_multiple', 'array_of_commands'): 'count',
              ('MPI_Comm_spawn_multiple', 'array_of_argv'): 'lists'}

INFO_STRIP = ('MPI_Info_set', 'MPI_Info_get', 'MPI_Info_get_valuelen', 'MPI_Info_delete',
              'MPI_Info_get_string')


class Skip(Exception):
    """A function the generator cannot bind yet; the message says why."""


def is_array(a):
    return '[' in a.ctype or a.name.startswith('array_of_statuses')


def num_ctype(a):
    base = re.sub(r'^const\s+', '', a.ctype).split('[')[0].rstrip(' *')
    return 'MPI_Fint' if base in ('int', 'MPI_Handletype', 'MPI_Typerequest') else base


def nonblocking(fn):
    """Functions whose buffers outlive the call: MPI-3.1 17.1.10's
    ASYNCHRONOUS in the mpi_f08 interfaces."""
    b = fn.base
    return (re.match(r'I[a-z]', b) is not None or b.endswith('_init') or
            b in ('Put', 'Get', 'Accumulate', 'Get_accumulate', 'Rput', 'Rget',
                  'Raccumulate', 'Rget_accumulate', 'Fetch_and_op', 'Compare_and_swap',
                  'Buffer_attach', 'Win_create', 'Win_attach', 'Win_detach'))


def fortran_args(fn):
    return [a for a in fn.args if (fn.name, a.name) not in NO_FORTRAN_ARGS and a.kind != 'varargs']


def check_bindable(fn):
    """Raises Skip when the function has no Fortran binding here."""
    if fn.name.endswith(('_c2f', '_f2c', '_c2f08', '_f082c', '_f2f08', '_f082f')):
        raise Skip('C only (handle and status conversion)')
    if fn.name.startswith('MPI_T_'):
        raise Skip('C only (the tools interface has no Fortran bindings, MPI-4.1 15.3)')
    if fn.ret not in ('int', 'double', 'MPI_Aint'):
        raise Skip('returns %s' % fn.ret)
    for a in fortran_args(fn):
        k = a.kind
        if k in ('callback', 'extra_state') and fn.name not in CALLBACK_FUNCS:
            raise Skip('%s: callbacks from C to Fortran procedures are not written yet' % a.name)
        if k == 'argv' and (fn.name, a.name) not in ARGV_SHAPE:
            raise Skip('%s: a CHARACTER array of unknown shape' % a.name)
        if (k in HANDLES or k == 'status') and is_array(a) and (fn.name, a.name) not in ARRAY_LEN:
            raise Skip('%s: an array of handles whose length the generator does not know'
                       % a.name)
        if k == 'index' and a.dir == 'out' and is_array(a) and (fn.name, a.name) not in ARRAY_LEN:
            raise Skip('%s: an index array of unknown length' % a.name)


def bindable(fn):
    try:
        check_bindable(fn)
        return True
    except Skip:
        return False


# ------------------------------------------------------------- C glue

class Glue:
    """The pieces of one glue function: parameters, hidden lengths,
    declarations, statements before the call, the call's arguments,
    statements after it."""

    def __init__(self):
        self.params, self.hidden, self.decls, self.pre, self.args, self.post, self.free = \
            [], [], [], [], [], [], []


def glue_handle(fn, a, g):
    ctype, f2c, c2f, _ = HANDLES[a.kind]
    n = a.name
    if is_array(a):
        ln = ARRAY_LEN[(fn.name, n)]
        if '(' in ln:
            g.decls.append('int n_%s = %s;' % (n, ln))
            ln = 'n_%s' % n
        const = 'const ' if a.dir == 'in' else ''
        g.params.append('%sMPI_Fint *%s' % (const, n))
        g.decls.append('%s *c_%s = mpii_f_alloc(%s, sizeof(%s));' % (ctype, n, ln, ctype))
        g.pre.append('if (!c_%s) {\n\trc = MPI_ERR_NO_MEM;\n\tgoto out;\n}' % n)
        if a.dir != 'out':
            g.pre.append('for (int i = 0; i < %s; i++)\n\tc_%s[i] = %s(%s[i]);' % (ln, n, f2c, n))
        g.args.append('c_%s' % n)
        if a.dir != 'in':
            g.post.append('for (int i = 0; i < %s; i++)\n\t%s[i] = %s(c_%s[i]);' % (ln, n, c2f, n))
        g.free.append('free(c_%s);' % n)
        return
    if a.dir == 'in' and '*' not in a.ctype:
        g.params.append('const MPI_Fint *%s' % n)
        g.args.append('%s(*%s)' % (f2c, n))
        return
    g.params.append('MPI_Fint *%s' % n)
    init = '%s(*%s)' % (f2c, n) if a.dir == 'inout' else '%s_NULL' % HANDLE_NULL[a.kind]
    g.decls.append('%s c_%s = %s;' % (ctype, n, init))
    g.args.append('&c_%s' % n)
    g.post.append('*%s = %s(c_%s);' % (n, c2f, n))


HANDLE_NULL = {'comm': 'MPI_COMM', 'group': 'MPI_GROUP', 'datatype': 'MPI_DATATYPE',
               'request': 'MPI_REQUEST', 'op': 'MPI_OP', 'errhandler': 'MPI_ERRHANDLER',
               'info': 'MPI_INFO', 'win': 'MPI_WIN', 'message': 'MPI_MESSAGE',
               'file': 'MPI_FILE', 'mutex': 'MPI_MUTEX', 'cond': 'MPI_COND',
               'metarequest': 'MPI_METAREQUEST', 'session': 'MPI_SESSION'}


def glue_any_handle(fn, a, g):
    """MPI_Handle *: the Fortran integer of a handle of the type given by
    the handletype argument, converted into a C handle variable."""
    n = a.name
    htype = [x for x in fn.args if x.kind == 'enum' and x.ctype == 'MPI_Handletype'][0].name
    g.params.append('const MPI_Fint *%s' % n)
    g.decls.append('void *c_%s = mpii_f_handle_f2c(*%s, *%s);' % (n, n, htype))
    g.args.append('&c_%s' % n)


def glue_status(fn, a, g):
    n = a.name
    if is_array(a):
        ln = ARRAY_LEN[(fn.name, n)]
        g.params.append('MPI_Fint *%s' % n)
        g.decls.append('MPI_Status *c_%s = MPI_STATUSES_IGNORE;' % n)
        # MPI_ERROR as the caller left it, for the statuses the call does
        # not set (all of them unless it returns MPI_ERR_IN_STATUS).
        g.pre.append('if (!mpii_f_statuses_ignored(%s)) {\n'
                     '\tc_%s = mpii_f_alloc(%s, sizeof(MPI_Status));\n'
                     '\tif (!c_%s) {\n\t\trc = MPI_ERR_NO_MEM;\n\t\tgoto out;\n\t}\n'
                     '\tfor (int i = 0; i < %s; i++)\n'
                     '\t\tc_%s[i].MPI_ERROR =\n'
                     '\t\t\t%s[i * MPII_F_STATUS_SIZE + MPII_F_STATUS_ERROR];\n}'
                     % (n, n, ln, n, ln, n, n))
        g.args.append('c_%s' % n)
        g.post.append('if (c_%s != MPI_STATUSES_IGNORE)\n'
                      '\tfor (int i = 0; i < %s; i++)\n'
                      '\t\tMPI_Status_c2f(&c_%s[i], &%s[i * MPII_F_STATUS_SIZE]);' % (n, ln, n, n))
        g.free.append('if (c_%s != MPI_STATUSES_IGNORE)\n\tfree(c_%s);' % (n, n))
        return
    if a.dir == 'in':
        g.params.append('const MPI_Fint *%s' % n)
        g.decls.append('MPI_Status c_%s;' % n)
        g.pre.append('MPI_Status_f2c(%s, &c_%s);' % (n, n))
        g.args.append('&c_%s' % n)
        return
    g.params.append('MPI_Fint *%s' % n)
    g.decls.append('MPI_Status c_%s;' % n)
    if a.dir == 'inout':
        g.pre.append('MPI_Status_f2c(%s, &c_%s);' % (n, n))
    else:
        # The calls leave MPI_ERROR as it was (MPI-3.1 3.2.5: only the
        # multiple completions set it, on MPI_ERR_IN_STATUS): the C
        # status starts with the Fortran one's, which the copy back then
        # writes unchanged.
        g.pre.append('if (!mpii_f_status_ignored(%s))\n'
                     '\tc_%s.MPI_ERROR = %s[MPII_F_STATUS_ERROR];' % (n, n, n))
    g.args.append('mpii_f_status_ignored(%s) ? MPI_STATUS_IGNORE : &c_%s' % (n, n))
    g.post.append('if (!mpii_f_status_ignored(%s))\n\tMPI_Status_c2f(&c_%s, %s);' % (n, n, n))


def glue_string(fn, a, g, f08):
    n = a.name
    if f08:
        g.params.append('CFI_cdesc_t *%s' % n)
        ptr, ln = '%s->base_addr' % n, '%s->elem_len' % n
    else:
        g.params.append('%schar *%s' % ('const ' if a.dir == 'in' else '', n))
        g.hidden.append('size_t %s_len' % n)
        ptr, ln = n, '%s_len' % n
    if '**' in a.ctype:
        # A name the library keeps (MPI_Handle_name_get): copied out.
        g.decls.append('char *c_%s = NULL;' % n)
        g.args.append('&c_%s' % n)
        g.post.append('mpii_f_str_out(c_%s ? c_%s : "", %s, %s);' % (n, n, ptr, ln))
        return
    if a.dir == 'in':
        strip = 'mpii_f_str_in_info' if fn.name in INFO_STRIP else 'mpii_f_str_in'
        g.decls.append('char *c_%s = %s(%s, %s);' % (n, strip, ptr, ln))
    else:
        g.decls.append('char *c_%s = malloc(%s + %s);' % (n, ln, STRBUF))
    g.pre.append('if (!c_%s) {\n\trc = MPI_ERR_NO_MEM;\n\tgoto out;\n}' % n)
    g.args.append('c_%s' % n)
    if a.dir != 'in':
        out = 'mpii_f_str_out(c_%s, %s, %s);' % (n, ptr, ln)
        flag = [x for x in fn.args if x.kind == 'flag' and x.dir == 'out']
        if flag:
            # MPI_INFO_GET: "otherwise sets flag to false and leaves value
            # unchanged" (MPI-3.1 9): only a found value is written.
            out = 'if (*%s)\n\t%s' % (flag[0].name, out)
            if (fn.name, n) in BUFLEN_VALUES:
                # BUFLEN 0 asks for the length only: C wrote nothing, and
                # VALUE is left as it was.
                out = 'if (*%s && c_%s_room)\n\t%s' % (flag[0].name, n, out.split('\n\t', 1)[1])
        g.post.append(out)
    g.free.append('free(c_%s);' % n)


def glue_argv(fn, a, g, f08):
    """A CHARACTER array of ARGV_SHAPE: C's NULL-ended string arrays, built
    by lib/fortran/support.c and freed after the call."""
    n = a.name
    if f08:
        g.params.append('CFI_cdesc_t *%s' % n)
        ptr, ln = '%s->base_addr' % n, '%s->elem_len' % n
    else:
        g.params.append('const char *%s' % n)
        g.hidden.append('size_t %s_len' % n)
        ptr, ln = n, '%s_len' % n
    shape = ARGV_SHAPE[(fn.name, n)]
    if shape == 'lists':
        g.decls.append('char ***c_%s = NULL;' % n)
        g.pre.append('rc = mpii_f_argvs_in(%s, %s, *count, &c_%s);' % (ptr, ln, n))
        g.free.append('mpii_f_argvs_free(c_%s, *count);' % n)
    else:
        g.decls.append('char **c_%s = NULL;' % n)
        if shape == 'list':
            g.pre.append('rc = mpii_f_argv_in(%s, %s, &c_%s);' % (ptr, ln, n))
        else:
            g.pre.append('rc = mpii_f_strs_in(%s, %s, *count, &c_%s);' % (ptr, ln, n))
        g.free.append('mpii_f_strs_free(c_%s);' % n)
    g.pre.append('if (rc != MPI_SUCCESS)\n\tgoto out;')
    g.args.append('c_%s' % n)


def glue_number(fn, a, g):
    n = a.name
    t = num_ctype(a)
    if '[][3]' in a.ctype:
        g.params.append('%sMPI_Fint *%s' % ('const ' if a.dir == 'in' else '', n))
        g.args.append('(int (*)[3])%s' % n)
        return
    if '[' in a.ctype:
        g.params.append('%s%s *%s' % ('const ' if a.dir == 'in' else '', t, n))
        if a.kind == 'weight':
            g.args.append('mpii_f_weights%s(%s)' % ('' if a.dir == 'in' else '_out', n))
        elif a.kind == 'index' and a.dir == 'out':
            ln = ARRAY_LEN[(fn.name, n)]
            g.args.append(n)
            g.post.append('if (%s != MPI_UNDEFINED)\n\tfor (int i = 0; i < %s; i++)\n'
                          '\t\t%s[i]++; /* Fortran indices start at 1 */' % (ln, ln, n))
        elif a.kind == 'errcode' and a.dir == 'out':
            g.args.append('mpii_f_errcodes(%s)' % n)
        else:
            g.args.append(n)
        return
    if a.dir == 'in' and '*' not in a.ctype:
        g.params.append('const %s *%s' % (t, n))
        g.args.append('*%s' % n)
        return
    g.params.append('%s *%s' % (t, n))
    g.args.append(n)
    if a.kind == 'index' and a.dir == 'out':
        g.post.append('if (*%s != MPI_UNDEFINED)\n\t(*%s)++; /* Fortran indices start at 1 */'
                      % (n, n))
    if a.kind == 'flag' and a.dir != 'in':
        g.post.append('*%s = *%s != 0; /* LOGICAL: .TRUE. is 1 */' % (n, n))


def glue_int_aint(fn, a, g):
    """An INTEGER displacement or address of INT_AINT: widened on the way
    in (an array into a copy of count entries); on the way out narrowed, an
    MPI_Aint that an INTEGER cannot hold (an address above 2 GiB, an extent
    of 2 GiB or more) being an error (MPI_ERR_ARG, through MPI_COMM_WORLD's
    handler) with the low bits stored, as MPICH does."""
    n = a.name
    if a.dir == 'in' and '[' in a.ctype:
        g.params.append('const MPI_Fint *%s' % n)
        g.decls.append('MPI_Aint *c_%s = mpii_f_alloc(*count, sizeof(MPI_Aint));' % n)
        g.pre.append('if (!c_%s) {\n\trc = MPI_ERR_NO_MEM;\n\tgoto out;\n}\n'
                     'for (int i = 0; i < *count; i++)\n\tc_%s[i] = %s[i];' % (n, n, n))
        g.args.append('c_%s' % n)
        g.free.append('free(c_%s);' % n)
    elif a.dir == 'in':
        g.params.append('const MPI_Fint *%s' % n)
        g.args.append('(MPI_Aint)*%s' % n)
    else:
        g.params.append('MPI_Fint *%s' % n)
        g.decls.append('MPI_Aint c_%s;' % n)
        g.args.append('&c_%s' % n)
        g.post.append('rc = mpii_f_aint_to_int(c_%s, %s);' % (n, n))


def glue_arg(fn, a, g, f08):
    k, n = a.kind, a.name
    if (fn.name, n) in INT_AINT:
        return glue_int_aint(fn, a, g)
    if k in HANDLES:
        return glue_handle(fn, a, g)
    if k == 'status':
        return glue_status(fn, a, g)
    if k == 'handle':
        return glue_any_handle(fn, a, g)
    if k == 'string':
        return glue_string(fn, a, g, f08)
    if k == 'argv':
        return glue_argv(fn, a, g, f08)
    if k == 'callback':
        g.params.append('void (*%s)(void)' % n)
        g.args.append(n)
        return
    if k == 'extra_state' and fn.name in EXTRA_STATE_BY_ADDRESS:
        g.params.append('MPI_Aint *%s' % n)
        g.args.append(n)
        return
    if k == 'extra_state':
        g.params.append('const %s *%s' % ('MPI_Fint' if fn.name in INT_ATTRIBUTES else 'MPI_Aint', n))
        g.args.append('*%s' % n)
        return
    if k == 'buffer':
        if f08:
            g.params.append('CFI_cdesc_t *%s' % n)
            g.args.append('b_%s.addr' % n)
        else:
            g.params.append('%svoid *%s' % ('const ' if a.dir == 'in' else '', n))
            g.args.append('mpii_f_buf(%s)' % n)
        return
    if k == 'pointer':
        if fn.name in DETACH_CHOICE and not f08:
            # In mpif.h and `use mpi` BUFFER_ADDR is the user's buffer
            # itself (a choice argument), not a place for its address.
            g.params.append('void *%s' % n)
            g.decls.append('void *c_%s;' % n)
            g.args.append('&c_%s' % n)
            return
        g.params.append('MPI_Aint *%s' % n)
        g.args.append(n)
        return
    if k == 'attribute' and fn.name in ATTR_HOOK:
        t = 'MPI_Fint' if fn.name in INT_ATTRIBUTES else 'MPI_Aint'
        if a.dir == 'in':
            g.params.append('const %s *%s' % (t, n))
            g.args.append('*%s' % n)
            return
        g.params.append('%s *%s' % (t, n))
        g.decls.append('MPI_Aint c_%s = 0;' % n)
        g.args.append('&c_%s' % n)
        g.post.append('if (*%s)\n\t*%s = (%s)c_%s;' % (fn.arg('flag').name, n, t, n))
        return
    if k == 'attribute':
        t = 'MPI_Fint' if fn.name in INT_ATTRIBUTES else 'MPI_Aint'
        if a.dir == 'in':
            g.params.append('const %s *%s' % (t, n))
            g.args.append('(void *)(intptr_t)*%s' % n)
            return
        flag = fn.arg('flag').name
        key = [x for x in fn.args if x.kind == 'keyval'][0].name
        g.params.append('%s *%s' % (t, n))
        g.decls.append('void *c_%s = NULL;' % n)
        g.args.append('&c_%s' % n)
        g.post.append('if (*%s)\n\t*%s = (%s)mpii_f_attr_value(%s, *%s, c_%s);'
                      % (flag, n, t, fn_object_kind(fn), key, n))
        return
    if (fn.name, n) in BUFLEN_NO_TERMINATOR:
        # MPI-4.0 10.? (MPI_INFO_GET_STRING): in Fortran BUFLEN counts no
        # terminator, going in (the room in VALUE, at most its length) and
        # coming out (the value's length); C's counts one.
        v = BUFLEN_NO_TERMINATOR[(fn.name, n)]
        ln = '%s->elem_len' % v if f08 else '%s_len' % v
        flag = fn.arg('flag').name
        g.params.append('MPI_Fint *%s' % n)
        g.decls.append('int c_%s = *%s > 0 ? (int)((size_t)*%s < %s ? (size_t)*%s : %s) + 1 : 0;'
                       % (n, n, n, ln, n, ln))
        g.decls.append('int c_%s_room = *%s > 0;' % (v, n))
        g.args.append('&c_%s' % n)
        g.post.append('if (*%s)\n\t*%s = c_%s - 1;' % (flag, n, n))
        return
    return glue_number(fn, a, g)


def fn_object_kind(fn):
    """What an attribute function caches on: 'c' communicator, 't' type, 'w'
    window; for any handle, 'c' for a communicator, else 'h'."""
    b = fn.base
    if b.startswith('Handle'):
        return "*handletype == MPI_HANDLE_COMM ? 'c' : 'h'"
    return "'w'" if b.startswith('Win') else "'t'" if b.startswith('Type') else "'c'"


def c_name(fn, f08):
    return fn.name.lower() + ('_f08ts_' if f08 else '_')


def glue_function(fn, f08=False, slow=False):
    """The C glue of one function as lines; slow: as the static twin of a
    fast half (glue_function_pair), named slow_NAME."""
    g = Glue()
    for a in fortran_args(fn):
        glue_arg(fn, a, g, f08)
    call_args = list(g.args)
    if fn.name in ('MPI_Init', 'MPI_Init_thread'):
        call_args = ['NULL', 'NULL'] + call_args
    if fn.name == 'MPI_Info_create_env':
        call_args = ['0', 'NULL'] + call_args
    if fn.name == 'MPI_Pcontrol':
        call_args = call_args[:1]
    bufs = [a for a in fn.args if a.kind == 'buffer'] if f08 else []
    if fn.ret != 'int':
        ret = fn.ret
        o = [gen_api.wrap('%s %s(%s)' % (ret, c_name(fn, f08), ', '.join(g.params) or 'void')), '{']
        o.append(gen_api.wrap('\treturn %s(%s);' % (fn.name, ', '.join(call_args))))
        o.append('}')
        return o
    params = g.params + ['MPI_Fint *ierror'] + g.hidden
    name = ('slow_' if slow else '') + c_name(fn, f08)
    o = ['MPII_F_SLOW'] if slow else []
    o += [gen_api.wrap('void %s(%s)' % (name, ', '.join(params))), '{']
    for b in bufs:
        o.append('\tstruct mpii_f08_buf b_%s;' % b.name)
    # The buffers' datatype, converted once (get and the call use it).
    types = sorted(set(buffer_count_type(fn, b)[1] for b in bufs) - {'MPI_DATATYPE_NULL'})
    hoist = {}
    for t in types:
        hoist[t] = 't_' + t[len('mpii_f2c_datatype(*'):-1]
        o.append('\tMPI_Datatype %s = %s;' % (hoist[t], t))
    o += ['\t' + d for d in g.decls]
    o.append('\tint rc;')
    o.append('')
    # A buffer's get fills it; those after the first must be empty for put
    # when an earlier get fails.
    for b in bufs[1:]:
        o.append('\tb_%s.tmp = NULL;' % b.name)
        o.append('\tb_%s.made = MPI_DATATYPE_NULL;' % b.name)
    for b in bufs:
        cnt, typ = buffer_count_type(fn, b)
        comm = fn.comm_arg()
        flags = ['MPII_F08_' + b.dir.upper()]
        if nonblocking(fn):
            flags.append('MPII_F08_NONBLOCKING')
        if any(a.kind == 'op' for a in fn.args):
            flags.append('MPII_F08_TYPED')
        if cnt == '-1' or shares_count(fn, b):
            flags.append('MPII_F08_KEEP_TYPE')
        o.append(gen_api.wrap('\trc = mpii_f08_buf_get(&b_%s, %s, %s, %s, %s);' % (
            b.name, b.name, cnt, hoist.get(typ, typ), ' | '.join(flags))))
        o.append('\tif (rc != MPI_SUCCESS) {')
        o.append('\t\trc = mpii_f08_buf_error(%s, rc, "%s");' % (
            'mpii_f2c_comm(*%s)' % comm.name if comm else 'MPI_COMM_WORLD', fn.name))
        o.append('\t\tgoto out;')
        o.append('\t}')
    if g.pre or bufs:
        o += ['\t' + l for s in g.pre for l in s.split('\n')]
    callee = fn.name
    if fn.name in ATTR_HOOK:
        callee = 'mpii_lang_attr_set' if 'set' in fn.name or 'put' in fn.name else 'mpii_f_attr_get'
        call_args = [ATTR_HOOK[fn.name]] + call_args
    if fn.name in CALLBACK_FUNCS:
        callee, *lead = CALLBACK_FUNCS[fn.name] or ('mpii_f_' + fn.name[4:].lower(),)
        call_args = lead + call_args
    call = '%s(%s)' % (callee, ', '.join(call_args))
    if bufs:
        call = '%s(%s)' % (fn.name, ', '.join(buffer_call_args(fn, call_args, bufs)))
        for t, v in hoist.items():
            call = call.replace(t, v)
    o.append(gen_api.wrap('\trc = %s;' % call))
    if g.post:
        o.append('\tif (%s) {' % post_condition(fn))
        o += ['\t\t' + l for s in g.post for l in s.split('\n')]
        o.append('\t}')
    if g.free or g.pre or bufs:
        if any('goto out;' in l for l in o):
            o.append('out:')
        o += ['\t' + l for s in g.free for l in s.split('\n')]
    for b in bufs:
        o.append('\tmpii_f08_buf_put(&b_%s, rc);' % b.name)
    o += ierror_store(fn, f08)
    o.append('}')
    return o


def post_condition(fn):
    """When the glue converts the outputs back: after a success, and for
    a function with an array of statuses also after MPI_ERR_IN_STATUS,
    which (MPI-3.1 3.7.5) still completes requests and fills every
    status with its MPI_ERROR: the caller reads them to see which failed,
    and a completed request's handle must read MPI_REQUEST_NULL."""
    if any(a.kind == 'status' and is_array(a) for a in fortran_args(fn)):
        return 'rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS'
    return 'rc == MPI_SUCCESS'


def ierror_store(fn, f08):
    """The glue's last lines, rc into ierror: an mpi_f08 procedure's
    ierror is OPTIONAL (absent: NULL), and mpi_f08 binds to the mpif.h
    glue of the functions without buffers or strings and of those taking
    procedures (interface_f08); every other mpif.h glue function is called
    only by mpif.h and `use mpi`, whose IERROR is required, so it stores
    without a test."""
    if f08 or (in_f08(fn) and (not needs_f08_glue(fn) or fn.name in CALLBACK_FUNCS)):
        return ['\tif (ierror)', '\t\t*ierror = rc;']
    return ['\t*ierror = rc;']


# ------------------------------------------------------ the fast path
# A glue function whose every argument converts without a call in the
# common case gets two halves: the function itself, which checks that case
# (each handle a predefined one, an mpi_f08 buffer a scalar or a contiguous
# vector, a status MPI_STATUS_IGNORE) and calls MPI_X with the arguments
# converted inline, and a static twin, the full glue above, to which it
# hands any other case whole (a tail call).  The short half keeps the
# common call's frame small: no buffer records, no status copy, no
# registers saved for conversions that did not happen (issue 17's "at most
# 5% over C").

def fast_glue(fn, f08):
    """(checks, decls, args, post) of fn's fast half: the conditions of the
    common case, the declarations and arguments of the call, what follows
    a successful one; None when fn has none (an argument that always needs
    work, or nothing to check)."""
    if fn.ret != 'int' or fn.name in CALLBACK_FUNCS or fn.name in (
            'MPI_Init', 'MPI_Init_thread', 'MPI_Pcontrol', 'MPI_Info_create_env') + \
            DETACH_CHOICE + tuple(f for f, _ in BUFLEN_NO_TERMINATOR):
        return None
    checks, decls, args, post = [], [], [], []
    for a in fortran_args(fn):
        k, n = a.kind, a.name
        if k in FIXED_F2C and not is_array(a) and a.dir == 'in' and '*' not in a.ctype:
            checks.append('mpii_is_fixed_%s(*%s)' % (k, n))
            args.append('mpii_fixed_%s(*%s)' % (k, n))
        elif k == 'status' and not is_array(a) and a.dir == 'out':
            checks.append('mpii_f_status_ignored(%s)' % n)
            args.append('MPI_STATUS_IGNORE')
        elif k == 'buffer' and f08:
            checks.append('mpii_f08_buf_plain(%s)' % n)
            args.append('mpii_f_buf(%s->base_addr)' % n)
        elif k in ('string', 'argv', 'callback', 'extra_state', 'attribute', 'handle',
                   'status'):
            return None
        else:
            g = Glue()
            glue_arg(fn, a, g, f08)
            if g.pre or g.free or g.hidden or is_array(a) and k in HANDLES:
                return None
            decls += g.decls
            args += g.args
            post += g.post
    if not checks:
        return None
    return checks, decls, args, post


def glue_fast_function(fn, f08, slow):
    """The fast half of fn's glue (fast_glue) as lines; slow names the
    static twin it hands the other cases to."""
    checks, decls, args, post = fast_glue(fn, f08)
    g = Glue()
    for a in fortran_args(fn):
        glue_arg(fn, a, g, f08)
    params = g.params + ['MPI_Fint *ierror'] + g.hidden
    names = [re.split(r'[ *]', p)[-1] for p in params]
    o = [gen_api.wrap('void %s(%s)' % (c_name(fn, f08), ', '.join(params))), '{']
    o.append('\tint rc;')
    o.append('')
    o += wrap_condition(checks)
    o.append(gen_api.wrap('\t\t%s(%s);' % (slow, ', '.join(names))))
    o.append('\t\treturn;')
    o.append('\t}')
    o += ['\t' + d for d in decls]
    o.append(gen_api.wrap('\trc = %s(%s);' % (fn.name, ', '.join(args))))
    if post:
        o.append('\tif (%s) {' % post_condition(fn))
        o += ['\t\t' + l for s in post for l in s.split('\n')]
        o.append('\t}')
    o += ierror_store(fn, f08)
    o.append('}')
    return o


def wrap_condition(checks):
    """The fast half's test, "if (__builtin_expect(!(A && B), 0)) {", broken
    after "&&" where it passes gen_api.LINE_MAX, continuation lines lined
    up after "!("."""
    head = '\tif (__builtin_expect(!' + ('(' if len(checks) > 1 else '')
    tail = (')' if len(checks) > 1 else '') + ', 0)) {'
    cont = gen_api.indent_to(gen_api.display_width(head))
    lines, cur = [], head + checks[0]
    for c in checks[1:]:
        if gen_api.display_width(cur + ' && ' + c + tail) <= gen_api.LINE_MAX:
            cur += ' && ' + c
        else:
            lines.append(cur + ' &&')
            cur = cont + c
    return lines + [cur + tail]


def glue_function_pair(fn, f08=False):
    """fn's glue: one function, or the fast half and its slow twin, and
    its other names (glue_aliases)."""
    if fast_glue(fn, f08) is None:
        return glue_function(fn, f08) + glue_aliases(fn, f08)
    slow = 'slow_' + c_name(fn, f08)
    return glue_function(fn, f08, slow=True) + [''] + glue_fast_function(fn, f08, slow) + \
        glue_aliases(fn, f08)


def has_cptr_twin(fn):
    """Whether `use mpi` gives fn a second specific, MPI_X_CPTR, taking
    its BASEPTR as TYPE(C_PTR) (MPI-3.1 8.2 MPI_ALLOC_MEM, 11.2.2-3
    MPI_WIN_ALLOCATE(_SHARED), MPI_WIN_SHARED_QUERY): the same C call, a
    C_PTR being an address passed by reference like the INTEGER."""
    return any(a.kind == 'pointer' for a in fortran_args(fn)) and fn.name not in DETACH_CHOICE


def alias_names(fn, f08):
    """The other linker names of fn's glue function (MPI-3.1 14.2, 17.1.5):
    pmpi_x_ for the profiling interface of mpif.h and `use mpi`; for
    mpi_f08, the names its specific procedures have (f08_specific):
    mpi_x_f08_ and pmpi_x_f08_ where it binds to the mpif.h glue,
    pmpi_x_f08ts_ beside the descriptor-taking mpi_x_f08ts_.  A profiler
    defining MPI_X (or MPI_X_f08) replaces that name alone; the library's
    other names still reach the library."""
    base = fn.name[4:].lower()
    if f08:
        return ['pmpi_%s_f08ts_' % base]
    names = ['pmpi_%s_' % base]
    if has_cptr_twin(fn):
        names += ['mpi_%s_cptr_' % base, 'pmpi_%s_cptr_' % base]
    if in_f08(fn) and not needs_f08_glue(fn) and fn.name not in CALLBACK_FUNCS:
        names += ['mpi_%s_f08_' % base, 'pmpi_%s_f08_' % base]
    return names


def glue_aliases(fn, f08):
    """Declarations of fn's glue function under alias_names."""
    g = Glue()
    for a in fortran_args(fn):
        glue_arg(fn, a, g, f08)
    if fn.ret == 'int':
        ret, params = 'void', g.params + ['MPI_Fint *ierror'] + g.hidden
    else:
        ret, params = fn.ret, g.params
    o = []
    for name in alias_names(fn, f08):
        o.append(gen_api.wrap('%s %s(%s) __attribute__((alias("%s")));' % (
            ret, name, ', '.join(params) or 'void', c_name(fn, f08))))
    return o


def buffer_count_type(fn, b):
    """The (count, datatype) pair describing buffer b: the first scalar
    count and datatype after it (a reduction's two buffers share the pair
    after the second); ('-1', 'MPI_DATATYPE_NULL') when there is none (an
    address only, or per-process count arrays: contiguous buffers only)."""
    i = fn.args.index(b)
    cnt = typ = None
    for a in fn.args[i + 1:]:
        if cnt is None and a.kind == 'count' and '[' not in a.ctype and a.dir == 'in':
            cnt = a
        if a.kind == 'datatype' and a.dir == 'in' and '[' not in a.ctype and '*' not in a.ctype:
            typ = a
            break
        if a.kind == 'buffer' and cnt is not None:
            break
    if cnt is None or typ is None or num_ctype(cnt) != 'MPI_Fint':
        return '-1', 'MPI_DATATYPE_NULL'
    return '*%s' % cnt.name, 'mpii_f2c_datatype(*%s)' % typ.name


def shares_count(fn, b):
    """Whether another buffer of fn is described by b's count and datatype
    (a reduction's send and receive buffers): then neither may stand for
    a section by a datatype of its own (the call has one datatype)."""
    pair = buffer_count_type(fn, b)
    return any(o is not b and o.kind == 'buffer' and buffer_count_type(fn, o) == pair
               for o in fn.args)


def buffer_call_args(fn, call_args, bufs):
    """The call's arguments with each buffer's count and datatype taken from
    its mpii_f08_buf (a section becomes count 1 of a derived type)."""
    out = list(call_args)
    fargs = fortran_args(fn)
    for b in bufs:
        i = fn.args.index(b)
        cnt, typ = buffer_count_type(fn, b)
        if cnt == '-1' or shares_count(fn, b):
            continue
        for j, a in enumerate(fargs):
            if '*%s' % a.name == cnt and fargs.index(a) > fargs.index(b):
                out[j] = 'b_%s.count' % b.name
            if 'mpii_f2c_datatype(*%s)' % a.name == typ and fargs.index(a) > fargs.index(b):
                out[j] = 'b_%s.type' % b.name
        del i
    return out


def needs_f08_glue(fn):
    return any(a.kind in ('buffer', 'string', 'argv') for a in fortran_args(fn)) or \
        fn.name in DETACH_CHOICE


def fixed_f2c(consts):
    """For each kind of FIXED_F2C: mpii_is_fixed_KIND, whether an integer
    is at most the last predefined handle of the kind (handle_fixed.c's
    order); mpii_fixed_KIND, the handle of such an integer from a constant
    table indexed by the integer itself, which holds every predefined
    handle of the kind and NULL elsewhere: the null handle for 0 and for
    the handles of other kinds, which is what MPI_X_f2c gives for them; and
    mpii_f2c_KIND, either that or MPI_X_f2c for any other integer (which
    checks the object's kind).  The tables are members of one constant
    struct, so that a call converting several handles finds them all from
    one address."""
    kinds = []
    for kind, f2c in sorted(FIXED_F2C.items()):
        fixed = sorted((consts.index[name], name) for name, k, obj in consts.handles if k == kind)
        kinds.append((kind, f2c, HANDLES[kind][0], fixed))
    o = ['/* The predefined handles of each kind at their Fortran integers. */',
         'static const struct {']
    o += ['\t%s %s[%d];' % (ctype, kind, fixed[-1][0] + 1)
          for kind, f2c, ctype, fixed in kinds if fixed]
    o.append('} mpii_fixed = {')
    for kind, f2c, ctype, fixed in kinds:
        if fixed:
            o.append('\t.%s = {' % kind)
            o += ['\t\t[%d] = %s,' % (i, n) for i, n in fixed]
            o.append('\t},')
    o += ['};', '']
    for kind, f2c, ctype, fixed in kinds:
        o += ['static inline int mpii_is_fixed_%s(MPI_Fint h)' % kind, '{',
              '\treturn (unsigned)h <= %du;' % fixed[-1][0] if fixed else '\treturn 0;',
              '}', '']
        o += ['static inline %s mpii_fixed_%s(MPI_Fint h)' % (ctype, kind), '{',
              '\treturn mpii_fixed.%s[(unsigned)h];' % kind if fixed else
              '\treturn %s_NULL;' % HANDLE_NULL[kind], '}', '']
        o += ['static inline %s mpii_f2c_%s(MPI_Fint h)' % (ctype, kind), '{',
              '\treturn mpii_is_fixed_%s(h) ? mpii_fixed_%s(h) : %s(h);' % (kind, kind, f2c),
              '}', '']
    return o


def glue_file(path, comment, parts, consts):
    """A generated C file of the glue: its note, the comment lines after
    it, the fast handle conversions, then each part (a list of lines)
    followed by an empty line."""
    o = [gen_api.generated_note(path).rstrip('\n'), ' *'] + comment + \
        [' */', '#include "lib/fortran/fortran.h"', ''] + fixed_f2c(consts)
    for part in parts:
        o += part + ['']
    return '\n'.join(o).rstrip('\n') + '\n'


def out_f77_glue(funcs, consts):
    parts, section = [], None
    for fn in funcs:
        if not bindable(fn):
            continue
        if twin_base_name(fn) is not None and (not in_f08(fn) or needs_f08_glue(fn)):
            continue  # no mpif.h form: only mpi_f08 binds here
        if fn.section != section:
            section = fn.section
            parts.append(['/* %s %s */' % ('-' * max(4, 70 - len(section)), section)])
        parts.append(glue_function_pair(fn))
    return glue_file('lib/fortran/f77_glue.c', [
        ' * The procedures mpif.h and `use mpi` call: gfortran\'s names (lower case,',
        ' * one underscore), every argument by reference, handles as MPI_Fint',
        ' * converted with MPI_X_f2c/c2f (the predefined ones by mpii_f2c_KIND below,',
        ' * requests through fortran.h\'s cache), strings with their lengths after the last',
        ' * argument.  Each calls MPI_X, not PMPI_X, so that one PMPI profiler sees',
        ' * calls from C and Fortran.  ierror may be NULL where mpi_f08 binds here',
        ' * too (no argument differs); elsewhere IERROR is a required argument.'], parts, consts)


def out_f08_glue(funcs, consts):
    return glue_file('lib/fortran/f08_glue.c', [
        ' * The procedures `use mpi_f08` binds to (BIND(C)) where the mpif.h ones do',
        ' * not fit: choice buffers come as CFI descriptors of TYPE(*), DIMENSION(..)',
        ' * (a non-contiguous section is described by a derived datatype, or copied',
        ' * for blocking calls: lib/fortran/f08_buffer.c), strings as descriptors',
        ' * of CHARACTER(LEN=*).  Names end in _f08ts_ (MPI-3.1 17.1.5).'],
        [glue_function_pair(fn, f08=True) for fn in funcs if in_f08(fn) and needs_f08_glue(fn)],
        consts)


# ------------------------------------------------------- mpi.h constants

class Consts:
    def __init__(self, path):
        self.ints = []       # (name, value)
        self.handles = []    # (name, kind, object)
        self.nulls = []      # (name, kind)
        self.aliases = []    # (name, target)
        kinds = {}
        with open(path) as f:
            text = f.read()
        for m in re.finditer(r'^MPII_API extern struct mpii_(\w+) (mpii_obj_\w+);', text, re.M):
            kinds[m.group(2)] = m.group(1)
        for line in text.split('\n'):
            m = re.match(r'#define (MPI_\w+)\s+(.*?)\s*(/\*.*)?$', line)
            if not m:
                continue
            name, val = m.group(1), m.group(2)
            if name in ('MPI_F_STATUS_SIZE', 'MPI_F_SOURCE', 'MPI_F_TAG', 'MPI_F_ERROR'):
                continue   # C's description of the Fortran status (MPI-4.1 19.3.5)
            if name.startswith('MPI_T_') and not re.match(r'\(?-?\d+\)?$', val):
                continue   # the tools interface's handles: C only (MPI-4.1 15.3)
            if name in ('MPI_VERSION', 'MPI_SUBVERSION') or re.match(r'\(?-?\d+\)?$', val):
                if re.match(r'\(?-?\d+\)?$', val):
                    self.ints.append((name, int(val.strip('()'))))
                continue
            h = re.match(r'\(&(mpii_obj_\w+)\)$', val)
            if h and h.group(1) in kinds:
                self.handles.append((name, kinds[h.group(1)], h.group(1)))
                continue
            nl = re.match(r'\(\((MPI_\w+)\)0\)$', val)
            if nl and name.endswith('_NULL'):
                self.nulls.append((name, nl.group(1)))
                continue
            if re.match(r'MPI_[A-Z0-9_]+$', val):
                self.aliases.append((name, val))
        self.index = {}
        for i, (name, kind, obj) in enumerate(self.handles, 1):
            self.index[name] = i
        known = dict(self.ints)
        for name, target in self.aliases:
            if target in self.index:
                self.index[name] = self.index[target]
            elif target in known:
                self.ints.append((name, known[target]))

    def handle_params(self):
        """(name, value) of every handle constant: nulls are 0."""
        out = [(n, 0) for n, _ in self.nulls]
        out += [(n, self.index[n]) for n, _, _ in self.handles]
        out += [(n, self.index[n]) for n, t in self.aliases if n in self.index]
        return out

    def handle_kind(self, name):
        for n, k, _ in self.handles:
            if n == name:
                return k
        for n, t in self.nulls:
            if n == name:
                return t[len('MPI_'):].lower()
        for n, t in self.aliases:
            if n == name:
                return self.handle_kind(t)
        return None


# Constants the Fortran interfaces add to those of mpi.h.
STATUS_SIZE = 6   # MPI_Status is 6 C ints: source, tag, error, cancelled, count (8 bytes)
F_INTS = [('MPI_STATUS_SIZE', STATUS_SIZE), ('MPI_SOURCE', 1), ('MPI_TAG', 2), ('MPI_ERROR', 3),
          ('MPI_ADDRESS_KIND', 8), ('MPI_OFFSET_KIND', 8), ('MPI_COUNT_KIND', 8),
          ('MPI_INTEGER_KIND', 4)]
# name, common block / C symbol, Fortran declaration (after the type)
SENTINELS = [
    ('MPI_BOTTOM', 'mpii_obj_f_bottom', 'INTEGER', ''),
    ('MPI_IN_PLACE', 'mpii_obj_f_in_place', 'INTEGER', ''),
    ('MPI_STATUS_IGNORE', 'mpii_obj_f_status_ignore', 'INTEGER', '(MPI_STATUS_SIZE)'),
    ('MPI_STATUSES_IGNORE', 'mpii_obj_f_statuses_ignore', 'INTEGER', '(MPI_STATUS_SIZE,1)'),
    ('MPI_ERRCODES_IGNORE', 'mpii_obj_f_errcodes_ignore', 'INTEGER', '(1)'),
    ('MPI_UNWEIGHTED', 'mpii_obj_f_unweighted', 'INTEGER', '(1)'),
    ('MPI_WEIGHTS_EMPTY', 'mpii_obj_f_weights_empty', 'INTEGER', '(1)'),
    ('MPI_ARGV_NULL', 'mpii_obj_f_argv_null', 'CHARACTER*1', '(1)'),
    ('MPI_ARGVS_NULL', 'mpii_obj_f_argvs_null', 'CHARACTER*1', '(1,1)'),
]
# MPI_SUBARRAYS_SUPPORTED: mpif.h and `use mpi` take choice buffers as
# assumed-size arrays (the compiler copies sections); mpi_f08 takes them as
# TYPE(*), DIMENSION(..) and lib/fortran/f08_buffer.c handles sections.
# MPI_ASYNC_PROTECTS_NONBLOCKING: gfortran 12 does not promise that
# ASYNCHRONOUS stops code motion across a nonblocking call (MPI-3.1
# 17.1.17): .FALSE., so users need MPI_F_SYNC_REG.


# ------------------------------------------------------------- Fortran

def fixed_lines(stmt, indent='      '):
    """A statement in the common subset of fixed and free form: columns
    7-72, continued with '&' in column 73 and column 6."""
    first = indent + stmt
    if len(first) <= 72:
        return [first]
    out, cur = [], first
    while len(cur) > 72:
        cut = cur.rfind(',', 0, 71) + 1
        if cut <= len(indent) + 6:
            cut = 71
        out.append(cur[:cut].ljust(72) + '&')
        cur = '     &' + cur[cut:]
    out.append(cur)
    return out


# Constants of kind MPI_OFFSET_KIND (MPI-3.1 13.3: MPI_DISPLACEMENT_CURRENT
# is an INTEGER(KIND=MPI_OFFSET_KIND)); declared after MPI_OFFSET_KIND.
OFFSET_CONSTS = ('MPI_DISPLACEMENT_CURRENT',)


def param_decls(consts, fixed):
    """The PARAMETER declarations of the constants, as statements."""
    s = []
    for name, val in consts.ints + F_INTS:
        if name in OFFSET_CONSTS:
            continue
        s.append('INTEGER %s' % name)
        s.append('PARAMETER (%s=%d)' % (name, val))
    for name, val in consts.ints:
        if name in OFFSET_CONSTS:
            s.append('INTEGER(KIND=MPI_OFFSET_KIND) %s' % name)
            s.append('PARAMETER (%s=%d)' % (name, val))
    for name, val in consts.handle_params():
        s.append('INTEGER %s' % name)
        s.append('PARAMETER (%s=%d)' % (name, val))
    return s


def value_type(fn):
    """The type of an attribute value or extra_state of fn."""
    return 'INTEGER' if fn.name in INT_ATTRIBUTES else 'INTEGER(KIND=MPI_ADDRESS_KIND)'


def ftype_mpi(fn, a):
    """The Fortran declaration (type, attributes, array spec) of an
    argument in mpif.h / `use mpi` terms."""
    k = a.kind
    if k in HANDLES or k == 'handle':
        return 'INTEGER', '(*)' if is_array(a) else ''
    if k == 'status':
        return 'INTEGER', '(MPI_STATUS_SIZE,*)' if is_array(a) else '(MPI_STATUS_SIZE)'
    if k == 'string':
        return 'CHARACTER(LEN=*)', ''
    if k == 'argv':
        return 'CHARACTER(LEN=*)', '(count,*)' if '**' in a.ctype else '(*)'
    if k == 'buffer' or (k == 'pointer' and fn.name in DETACH_CHOICE):
        return 'TYPE(*)', '(*)'
    if k == 'callback':
        return 'EXTERNAL', ''
    if k in ('extra_state', 'attribute'):
        return value_type(fn), ''
    if k == 'pointer':
        return 'INTEGER(KIND=MPI_ADDRESS_KIND)', ''
    arr = '(*)' if '[' in a.ctype else ''
    if (fn.name, a.name) in INT_AINT:
        return 'INTEGER', arr
    arr = '(3,*)' if '[][3]' in a.ctype else '(*)' if '[' in a.ctype else ''
    if k == 'flag':
        return 'LOGICAL', arr
    t = num_ctype(a)
    return {'MPI_Fint': 'INTEGER', 'MPI_Aint': 'INTEGER(KIND=MPI_ADDRESS_KIND)',
            'MPI_Count': 'INTEGER(KIND=MPI_COUNT_KIND)',
            'MPI_Offset': 'INTEGER(KIND=MPI_OFFSET_KIND)'}[t], arr


INTENT = {'in': 'IN', 'out': 'OUT', 'inout': 'INOUT'}


def ret_type(fn):
    return {'double': 'DOUBLE PRECISION', 'MPI_Aint': 'INTEGER(KIND=MPI_ADDRESS_KIND)'}[fn.ret]


def proc_head(fn, name, names, bind=''):
    """An interface body's first lines: a SUBROUTINE with a trailing
    ierror for a function that returns int, else a FUNCTION."""
    if fn.ret == 'int':
        return ['SUBROUTINE %s(%s)%s' % (name, ', '.join(names + ['ierror']), bind), '  IMPORT']
    return ['FUNCTION %s(%s)%s RESULT(res)' % (name, ', '.join(names), bind), '  IMPORT',
            '  %s :: res' % ret_type(fn)]


def proc_tail(fn, ierror_attrs):
    """An interface body's last lines (ierror_attrs: ', OPTIONAL' or '')."""
    if fn.ret == 'int':
        return ['  INTEGER%s, INTENT(OUT) :: ierror' % ierror_attrs, 'END SUBROUTINE']
    return ['END FUNCTION']


def interface_mpi(fn, prefix='MPI', cptr=False):
    """The explicit interface of `use mpi` for fn (prefix PMPI: its
    profiling twin; cptr: its MPI_X_CPTR form, has_cptr_twin), as
    free-form lines."""
    args = fortran_args(fn)
    names = [a.name for a in args]
    o = proc_head(fn, prefix + fn.name[3:] + ('_CPTR' if cptr else ''), names)
    if cptr:
        o.insert(1, '  USE, INTRINSIC :: ISO_C_BINDING, ONLY : C_PTR')
    for a in args:
        t, arr = ftype_mpi(fn, a)
        if cptr and a.kind == 'pointer':
            t = 'TYPE(C_PTR)'
        if t == 'TYPE(*)':
            o.append('  !GCC$ ATTRIBUTES NO_ARG_CHECK :: %s' % a.name)
        intent = '' if t in ('TYPE(*)', 'EXTERNAL') else ', INTENT(%s)' % INTENT[a.dir]
        o.append('  %s%s :: %s%s' % (t, intent, a.name, arr))
    return o + proc_tail(fn, '')


def ftype_f08(fn, a):
    k = a.kind
    if k in HANDLES:
        return 'TYPE(%s)' % HANDLES[k][3], '(*)' if is_array(a) else ''
    if k == 'status':
        return 'TYPE(MPI_Status)', '(*)' if is_array(a) else ''
    if k == 'buffer':
        return 'TYPE(*)', '(..)'
    if k == 'pointer':
        return 'TYPE(C_PTR)', ''
    if k == 'callback':
        return 'PROCEDURE(%s)' % a.ctype.rstrip(' *'), ''
    return ftype_mpi(fn, a)


def f08_specific(fn, prefix='MPI'):
    """The specific procedure name of fn in mpi_f08 (MPI-3.1 17.1.5): with
    choice buffers (or strings: descriptors as well) MPI_X_f08ts, else
    MPI_X_f08; prefix PMPI for the profiling twin."""
    return prefix + fn.name[3:] + ('_f08ts' if needs_f08_glue(fn) else '_f08')


def interface_f08(fn, prefix='MPI'):
    args = fortran_args(fn)
    names = [a.name for a in args]
    spec = f08_specific(fn, prefix)
    if fn.name in CALLBACK_FUNCS:
        # A dummy procedure cannot be BIND(C) unless its interface is: the
        # specific is an external procedure named after the mpif.h one
        # (gfortran: every argument by reference, an absent ierror NULL).
        o = proc_head(fn, prefix + fn.name[3:], names)
    else:
        # Bound to the linker name gfortran gives the specific (alias_names).
        o = proc_head(fn, spec, names, ' BIND(C, NAME="%s_")' % spec.lower())
    for a in args:
        t, arr = ftype_f08(fn, a)
        attrs = ''
        if t == 'TYPE(*)' and nonblocking(fn):
            attrs = ', ASYNCHRONOUS'
        if t == 'TYPE(*)' and a.dir == 'in':
            attrs += ', INTENT(IN)'
        elif t != 'TYPE(*)' and not t.startswith('PROCEDURE'):
            attrs += ', INTENT(%s)' % INTENT[a.dir]
        o.append('  %s%s :: %s%s' % (t, attrs, a.name, arr))
    return o + proc_tail(fn, ', OPTIONAL')


def wrap_free(line, limit=100):
    """Breaks a free-form line after commas with '&'."""
    if len(line) <= limit:
        return [line]
    out, cur = [], line
    ind = len(line) - len(line.lstrip()) + 4
    while len(cur) > limit:
        cut = cur.rfind(', ', 0, limit - 2)
        if cut < 0:
            break
        out.append(cur[:cut + 1] + ' &')
        cur = ' ' * ind + cur[cut + 2:]
    out.append(cur)
    return out


def out_mpif(funcs, consts):
    o = ['! mpif.h - generated by api/gen-fortran.py from api/mpi.api and',
         '! include/mpi.h: do not edit.',
         '!',
         '! The Fortran 77 interface of shmpi (also valid free-form source).',
         '! Handles are INTEGERs; predefined handles are fixed integers that',
         '! lib/core/handle_f2c.c gives the same objects (MPI_Comm_f2c(1) is',
         '! MPI_COMM_WORLD).  The sentinels are common blocks whose addresses',
         '! the C glue recognises.']
    for s in param_decls(consts, True):
        o += fixed_lines(s)
    o += fixed_lines('LOGICAL MPI_SUBARRAYS_SUPPORTED')
    o += fixed_lines('PARAMETER (MPI_SUBARRAYS_SUPPORTED=.FALSE.)')
    o += fixed_lines('LOGICAL MPI_ASYNC_PROTECTS_NONBLOCKING')
    o += fixed_lines('PARAMETER (MPI_ASYNC_PROTECTS_NONBLOCKING=.FALSE.)')
    for name, sym, t, dims in SENTINELS:
        o += fixed_lines('%s %s%s' % (t, name, dims))
        o += fixed_lines('COMMON /%s/ %s' % (sym, name))
        o += fixed_lines('SAVE /%s/' % sym)
    for fn in funcs:
        if fn.ret != 'int' and bindable(fn):
            for name in (fn.name, 'P' + fn.name):
                o += fixed_lines('%s %s' % (ret_type(fn), name))
                o += fixed_lines('EXTERNAL %s' % name)
    for name, _ in F_PREDEFINED_PROCS:
        o += fixed_lines('EXTERNAL %s' % name)
    return '\n'.join(o) + '\n'


def sentinel_decls_module():
    o = []
    for name, sym, t, dims in SENTINELS:
        o.append('%s :: %s%s' % (t.replace('CHARACTER*1', 'CHARACTER(LEN=1)'), name, dims))
        o.append('COMMON /%s/ %s' % (sym, name))
        o.append('SAVE /%s/' % sym)
    return o


def out_mpi_mod(funcs, consts):
    o = ['! mpi_mod.f90 - generated by api/gen-fortran.py from api/mpi.api and',
         '! include/mpi.h: do not edit.',
         '!',
         '! Module mpi: the constants of mpif.h and an explicit interface for',
         '! every function, bound to the same procedures as mpif.h (lib/fortran/',
         '! f77_glue.c).  Choice buffers are TYPE(*), DIMENSION(*) with gfortran\'s',
         '! NO_ARG_CHECK: any type, kind and rank; sections arrive copied.',
         'MODULE mpi',
         '  IMPLICIT NONE']
    for s in param_decls(consts, False):
        o.append('  ' + s)
    o.append('  LOGICAL, PARAMETER :: MPI_SUBARRAYS_SUPPORTED = .FALSE.')
    o.append('  LOGICAL, PARAMETER :: MPI_ASYNC_PROTECTS_NONBLOCKING = .FALSE.')
    o += ['  ' + s for s in sentinel_decls_module()]
    for name, _ in F_PREDEFINED_PROCS:
        o.append('  EXTERNAL :: %s' % name)
    o.append('')
    o.append('  INTERFACE')
    funcs = [fn for fn in funcs if twin_base_name(fn) is None]
    for prefix in ('MPI', 'PMPI'):
        for fn in funcs:
            if not bindable(fn) or has_cptr_twin(fn):
                continue
            for line in interface_mpi(fn, prefix):
                o += wrap_free('    ' + line)
    o += f_sync_reg_interface('    ', 'mpi_f_sync_reg_')
    o.append('  END INTERFACE')
    # A generic of the same name as its first specific, as the standard
    # writes it (MPI-3.1 8.2).
    for prefix in ('MPI', 'PMPI'):
        for fn in funcs:
            if not bindable(fn) or not has_cptr_twin(fn):
                continue
            o.append('  INTERFACE %s%s' % (prefix, fn.name[3:]))
            for line in interface_mpi(fn, prefix) + interface_mpi(fn, prefix, cptr=True):
                o += wrap_free('    ' + line)
            o.append('  END INTERFACE')
    o += sizeof_generic()
    o.append('CONTAINS')
    o += sizeof_procs(False)
    o.append('END MODULE mpi')
    return '\n'.join(o) + '\n'


# MPI_SIZEOF (MPI-3.1 17.1.9): the size in bytes of a variable of a
# numeric intrinsic type (and LOGICAL and CHARACTER, as MPICH), scalar or
# array: a generic over the kinds gfortran has, each an assumed-rank
# module procedure.
SIZEOF_TYPES = ([('i%d' % k, 'INTEGER(KIND=%d)' % k) for k in (1, 2, 4, 8, 16)] +
                [('r%d' % k, 'REAL(KIND=%d)' % k) for k in (4, 8, 10, 16)] +
                [('c%d' % k, 'COMPLEX(KIND=%d)' % k) for k in (4, 8, 10, 16)] +
                [('l%d' % k, 'LOGICAL(KIND=%d)' % k) for k in (1, 2, 4, 8)] +
                [('ch', 'CHARACTER(LEN=*)')])


def sizeof_generic():
    procs = ['mpii_sizeof_%s' % t for t, _ in SIZEOF_TYPES]
    o = ['  INTERFACE MPI_Sizeof']
    o += wrap_free('    MODULE PROCEDURE %s' % ', '.join(procs))
    o.append('  END INTERFACE')
    o += wrap_free('  PRIVATE :: %s' % ', '.join(procs))
    return o


def sizeof_procs(f08):
    opt = ', OPTIONAL' if f08 else ''
    o = []
    for t, decl in SIZEOF_TYPES:
        o += ['  SUBROUTINE mpii_sizeof_%s(x, size, ierror)' % t,
              '    %s, INTENT(IN) :: x(..)' % decl,
              '    INTEGER, INTENT(OUT) :: size',
              '    INTEGER%s, INTENT(OUT) :: ierror' % opt,
              '    size = INT(STORAGE_SIZE(x) / 8)']
        o.append('    IF (PRESENT(ierror)) ierror = 0' if f08 else '    ierror = 0')
        o.append('  END SUBROUTINE')
    return o


def f_sync_reg_interface(ind, sym):
    return [ind + 'SUBROUTINE MPI_F_sync_reg(buf) BIND(C, NAME="%s")' % sym,
            ind + '  TYPE(*), DIMENSION(..) :: buf',
            ind + 'END SUBROUTINE']


def out_mpi_f08(funcs, consts):
    o = ['! mpi_f08.f90 - generated by api/gen-fortran.py from api/mpi.api and',
         '! include/mpi.h: do not edit.',
         '!',
         '! Module mpi_f08 (MPI-3.1 17.1.4): handles are TYPE(MPI_Comm) and the',
         '! other handle types (one INTEGER, MPI_VAL, the same integer as mpif.h\'s),',
         '! TYPE(MPI_Status) has the layout of mpif.h\'s status array, ierror is',
         '! optional, choice buffers are TYPE(*), DIMENSION(..).  Every specific',
         '! procedure is an interface BIND(C) to a C function: the mpif.h one',
         '! (lib/fortran/f77_glue.c, whose ierror may be absent) or, for buffers and',
         '! strings, its descriptor-taking twin (lib/fortran/f08_glue.c).',
         'MODULE mpi_f08',
         '  USE, INTRINSIC :: ISO_C_BINDING, ONLY : C_PTR',
         '  IMPLICIT NONE',
         '  PRIVATE :: C_PTR']
    for t in F08_TYPES:
        o += ['  TYPE, BIND(C) :: %s' % t, '    INTEGER :: MPI_VAL', '  END TYPE %s' % t]
    o += ['  TYPE, BIND(C) :: MPI_Status',
          '    INTEGER :: MPI_SOURCE, MPI_TAG, MPI_ERROR',
          '    INTEGER, PRIVATE :: mpii_cancelled, mpii_count_lo, mpii_count_hi',
          '  END TYPE MPI_Status']
    for name, val in consts.ints + F_INTS:
        if name in ('MPI_SOURCE', 'MPI_TAG', 'MPI_ERROR') or name in OFFSET_CONSTS:
            continue  # the components of TYPE(MPI_Status); offsets below
        o.append('  INTEGER, PARAMETER :: %s = %d' % (name, val))
    for name, val in consts.ints:
        if name in OFFSET_CONSTS:
            o.append('  INTEGER(KIND=MPI_OFFSET_KIND), PARAMETER :: %s = %d' % (name, val))
    for name, val in consts.handle_params():
        kind = consts.handle_kind(name)
        t = HANDLES[kind][3] if kind in HANDLES else None
        if t is None or name.upper() in (x.upper() for x in F08_TYPES):
            continue  # seed 002's MPI_DATATYPE is TYPE(MPI_Datatype) to Fortran
        o.append('  TYPE(%s), PARAMETER :: %s = %s(%d)' % (t, name, t, val))
    o.append('  LOGICAL, PARAMETER :: MPI_SUBARRAYS_SUPPORTED = .TRUE.')
    o.append('  LOGICAL, PARAMETER :: MPI_ASYNC_PROTECTS_NONBLOCKING = .FALSE.')
    for name, sym, t, dims in SENTINELS:
        if name == 'MPI_STATUS_IGNORE':
            o.append('  TYPE(MPI_Status), BIND(C, NAME="%s_") :: MPI_STATUS_IGNORE' % sym)
        elif name == 'MPI_STATUSES_IGNORE':
            o.append('  TYPE(MPI_Status), BIND(C, NAME="%s_") :: MPI_STATUSES_IGNORE(1)' % sym)
        elif t == 'INTEGER':
            o.append('  INTEGER, BIND(C, NAME="%s_") :: %s%s' % (sym, name, dims))
        else:
            o.append('  CHARACTER(LEN=1), BIND(C, NAME="%s_") :: %s%s' % (sym, name, dims))
    o.append('')
    o.append('  ABSTRACT INTERFACE')
    for name in sorted(F08_ABSTRACT):
        for line in F08_ABSTRACT[name]:
            o += wrap_free('    ' + line)
        o.append('    END SUBROUTINE')
    o.append('  END INTERFACE')
    for name, iface in F_PREDEFINED_PROCS:
        if iface:
            o.append('  PROCEDURE(%s) :: %s' % (iface, name))
    o.append('')
    # operators on handles: MPI-3.1 17.2.4 says == and /= compare them
    for op, nm in (('==', 'eq'), ('/=', 'ne')):
        procs = ['mpii_%s_%s' % (nm, t[4:].lower()) for t in F08_TYPES]
        o.append('  INTERFACE OPERATOR(%s)' % op)
        o += wrap_free('    MODULE PROCEDURE %s' % ', '.join(procs))
        o.append('  END INTERFACE')
        o += wrap_free('  PRIVATE :: %s' % ', '.join(procs))
    o.append('')
    twins = f08_twins(funcs)
    for prefix in ('MPI', 'PMPI'):
        for fn in funcs:
            if not in_f08(fn) or twin_base_name(fn) is not None:
                continue
            o.append('  INTERFACE %s%s' % (prefix, fn.name[3:]))
            for f in [fn] + twins.get(fn.name, []):
                for line in interface_f08(f, prefix):
                    o += wrap_free('    ' + line)
            o.append('  END INTERFACE')
    o.append('  INTERFACE')
    o += f_sync_reg_interface('    ', 'mpi_f_sync_reg_')
    o.append('  END INTERFACE')
    o += sizeof_generic()
    o.append('CONTAINS')
    o += sizeof_procs(True)
    for t in F08_TYPES:
        s = t[4:].lower()
        for op, nm in (('==', 'eq'), ('/=', 'ne')):
            o += ['  ELEMENTAL LOGICAL FUNCTION mpii_%s_%s(a, b)' % (nm, s),
                  '    TYPE(%s), INTENT(IN) :: a, b' % t,
                  '    mpii_%s_%s = a%%MPI_VAL %s b%%MPI_VAL' % (nm, s, op),
                  '  END FUNCTION']
    o.append('END MODULE mpi_f08')
    return '\n'.join(o) + '\n'


def out_handle_fixed(funcs, consts):
    o = [gen_api.generated_note('lib/core/handle_fixed.c').rstrip('\n')]
    o += [' *', ' * The predefined handles in the order of their Fortran integers: entry i',
          ' * is the object of integer i + 1 (0 is every null handle).  mpif.h,',
          ' * `use mpi` and `use mpi_f08` name these integers as PARAMETERs;',
          ' * lib/core/handle_f2c.c enters the objects first, in this order.', ' */',
          '#include "lib/core/handle_fixed.h"', '',
          'const void *const mpii_handle_fixed[] = {']
    for name, kind, obj in consts.handles:
        o.append('\t&%s, /* %d: %s */' % (obj, consts.index[name], name))
    o.append('};')
    o.append('const int mpii_handle_nfixed = %d;' % len(consts.handles))
    return '\n'.join(o) + '\n'


def out_missing(funcs, consts):
    o = []
    for fn in funcs:
        try:
            check_bindable(fn)
        except Skip as e:
            o.append('%s: %s' % (fn.name, e))
    return '\n'.join(o) + '\n'


OUTPUTS = {
    'mpif.h': out_mpif,
    'mpi_mod.f90': out_mpi_mod,
    'mpi_f08.f90': out_mpi_f08,
    'f77_glue.c': out_f77_glue,
    'f08_glue.c': out_f08_glue,
    'handle_fixed.c': out_handle_fixed,
    'missing': out_missing,
}


def main(argv):
    if len(argv) != 4 or argv[3] not in OUTPUTS:
        sys.stderr.write('usage: gen-fortran.py DESCRIPTION MPI_H {%s}\n' % ','.join(sorted(OUTPUTS)))
        return 2
    try:
        funcs = gen_api.parse(argv[1])
        consts = Consts(argv[2])
        text = OUTPUTS[argv[3]](funcs, consts)
    except (gen_api.ApiError, OSError) as e:
        sys.stderr.write('gen-fortran.py: %s\n' % e)
        return 1
    sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
