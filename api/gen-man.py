#!/usr/bin/env python3
"""gen-man.py - writes the MPI_X(3) man pages of shmpi from api/mpi.api.

Usage: gen-man.py DESCRIPTION MPI_H OUTDIR DOCDIR VERSION

Writes OUTDIR/MPI_X.3 for every function of the description: its synopsis
in C and, where the function has a Fortran binding, in `use mpi_f08` and in
`use mpi` / mpif.h (the interfaces api/gen-fortran.py generates, so the
page says what the modules really declare); its arguments with their
direction and what kind of value each is; the error classes its argument
checks raise (from the kinds of its arguments: a communicator argument can
raise MPI_ERR_COMM, a count MPI_ERR_COUNT, ...), or, for a function shmpi
does not implement, MPI_ERR_UNSUPPORTED_OPERATION; the shmpi notes (the
standard or seed document it comes from, deprecation, the installed
document of its chapter, the profiler); and the other functions of its
chapter.  DOCDIR is where `make install` puts docs/*.md, so that the pages
point only at installed documents.  Python 3 standard library only.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def _load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


gen_api = _load('gen_api', 'gen-api.py')
gen_fortran = _load('gen_fortran', 'gen-fortran.py')

# What each kind of argument is, in words (api/mpi.api's KIND list).
KIND_WORDS = {
    'comm': 'communicator', 'group': 'group', 'datatype': 'datatype',
    'request': 'request', 'op': 'reduction operation', 'errhandler': 'error handler',
    'info': 'info object', 'win': 'window', 'file': 'file', 'message': 'matched message',
    'metarequest': 'meta request', 'mutex': 'global mutex', 'cond': 'condition variable',
    'handle': 'any handle (its kind in the next argument)',
    'buffer': 'choice buffer (the user\'s data)', 'pointer': 'address returned or taken',
    'string': 'character string', 'argv': 'argument vector', 'status': 'status',
    'callback': 'function', 'extra_state': 'the user\'s pointer handed back to callbacks',
    'attribute': 'attribute value', 'varargs': 'more arguments',
    'count': 'number of elements or entries', 'bytes': 'size or position in bytes',
    'disp': 'displacement', 'aint': 'address', 'rank': 'rank', 'tag': 'message tag',
    'index': 'index', 'flag': 'true or false', 'enum': 'one of the named constants',
    'keyval': 'attribute key', 'errcode': 'error code or class', 'length': 'string length',
    'weight': 'edge weight', 'fint': 'Fortran handle', 'int': 'integer',
    'offset': 'file offset or size in bytes',
    'tool': 'tools interface handle or enumeration (MPI_T)',
}

# The error class an invalid argument of a kind raises.
KIND_ERRORS = {
    'comm': 'MPI_ERR_COMM', 'group': 'MPI_ERR_GROUP', 'datatype': 'MPI_ERR_TYPE',
    'request': 'MPI_ERR_REQUEST', 'op': 'MPI_ERR_OP', 'info': 'MPI_ERR_INFO',
    'win': 'MPI_ERR_WIN', 'file': 'MPI_ERR_FILE', 'message': 'MPI_ERR_REQUEST',
    'offset': 'MPI_ERR_ARG',
    'count': 'MPI_ERR_COUNT', 'rank': 'MPI_ERR_RANK', 'tag': 'MPI_ERR_TAG',
    'buffer': 'MPI_ERR_BUFFER', 'keyval': 'MPI_ERR_KEYVAL', 'disp': 'MPI_ERR_DISP',
    'errhandler': 'MPI_ERR_ARG', 'mutex': 'MPI_ERR_ARG', 'cond': 'MPI_ERR_ARG',
    'metarequest': 'MPI_ERR_REQUEST',
}

ERROR_WORDS = {
    'MPI_ERR_COMM': 'an invalid communicator',
    'MPI_ERR_GROUP': 'an invalid group',
    'MPI_ERR_TYPE': 'an invalid or uncommitted datatype',
    'MPI_ERR_REQUEST': 'an invalid request or message',
    'MPI_ERR_OP': 'an invalid operation, or one not defined on the datatype',
    'MPI_ERR_INFO': 'an invalid info object',
    'MPI_ERR_WIN': 'an invalid window',
    'MPI_ERR_FILE': 'an invalid file',
    'MPI_ERR_COUNT': 'a negative or too large count',
    'MPI_ERR_RANK': 'a rank outside the communicator or group',
    'MPI_ERR_ROOT': 'a root outside the communicator',
    'MPI_ERR_TAG': 'a tag outside 0..MPI_TAG_UB (or a wildcard where none is allowed)',
    'MPI_ERR_BUFFER': 'a NULL buffer with data to move, or buffers that overlap',
    'MPI_ERR_KEYVAL': 'an invalid attribute key',
    'MPI_ERR_DISP': 'an invalid displacement',
    'MPI_ERR_TRUNCATE': 'a message longer than the receive buffer',
    'MPI_ERR_IN_STATUS': 'an error in one of the requests (the statuses say which)',
    'MPI_ERR_ARG': 'any other invalid argument (a NULL pointer for a result, an '
                   'invalid handle of a kind without a class of its own, a '
                   'negative size)',
    'MPI_ERR_OTHER': 'a failure of another rank or of the system (the message says which)',
    'MPI_ERR_UNSUPPORTED_OPERATION': 'always: shmpi does not implement this function yet '
                                     '(docs/STATUS.md)',
}

# The installed document of each chapter of the description.
SECTION_DOCS = [
    ('point-to-point', 'transport.md'), ('completion', 'transport.md'),
    ('datatype', 'datatypes.md'), ('collectives', 'collectives.md'),
    ('caching', 'handles.md'), ('errors', 'handles.md'), ('6.10', 'handles.md'),
    ('handle conversion', 'handles.md'), ('handlers', 'handlers.md'),
    ('meta requests', 'handlers.md'), ('mutexes', 'threads.md'),
    ('endpoints', 'threads.md'), ('one-sided', 'rma.md'), ('environment', 'launcher.md'),
    ('I/O', 'io.md'),
]

RECEIVES = ('MPI_Recv', 'MPI_Sendrecv', 'MPI_Sendrecv_replace', 'MPI_Mrecv', 'MPI_Wait',
            'MPI_Test', 'MPI_Waitany', 'MPI_Testany')


def esc(s):
    """Text as troff reads it: backslashes and leading dots escaped."""
    s = s.replace('\\', '\\e').replace('-', '\\-')
    return '\\&' + s if s.startswith(('.', "'")) else s


def chapter_doc(fn):
    if fn.name.startswith('MPI_T_'):
        return 'mpit.md'
    for key, doc in SECTION_DOCS:
        if key in fn.section:
            return doc
    return 'STATUS.md'


def errors_of(fn):
    """The error classes, in a fixed order, that the checks of fn's
    arguments raise."""
    if fn.status != 'impl':
        return ['MPI_ERR_UNSUPPORTED_OPERATION']
    found = []
    for a in fn.args:
        e = KIND_ERRORS.get(a.kind)
        if a.kind == 'rank' and a.name == 'root':
            e = 'MPI_ERR_ROOT'
        if e and e not in found:
            found.append(e)
        if a.kind == 'status' and a.ctype.endswith('[]') and 'MPI_ERR_IN_STATUS' not in found:
            found.append('MPI_ERR_IN_STATUS')
    if fn.name in RECEIVES or fn.name.endswith(('recv', 'Recv')):
        found.append('MPI_ERR_TRUNCATE')
    if fn.ret == 'int':
        found += ['MPI_ERR_ARG', 'MPI_ERR_OTHER']
    return found


def fortran_synopsis(lines, name):
    """An interface body as a synopsis: the call line with the standard's
    name, then the declarations (no IMPORT, no END, no BIND(C) name)."""
    rest = lines[0].split(' ', 1)[1]
    args = rest[rest.index('('):rest.index(')') + 1]
    call = '%s%s' % (name, args)
    body = [l.strip() for l in lines[1:]
            if l.strip() and not l.strip().startswith(('IMPORT', 'END ', '!GCC$'))]
    return [call] + ['    ' + b for b in body]


def page(fn, by_section, docdir, version):
    o = ['.\\" Generated by api/gen-man.py from api/mpi.api: do not edit.',
         '.TH %s 3 "December 2026" "shmpi %s" "MPI"' % (fn.name, version),
         '.SH NAME',
         '%s \\- %s (%s)' % (esc(fn.name), esc(fn.section), esc(fn.origin)),
         '.SH SYNOPSIS', '.SS C', '.nf', '#include <mpi.h>', '.sp']
    proto = '%s %s(%s);' % (fn.ret, fn.name, fn.params())
    o.append(esc(gen_api.wrap(proto, 78)))
    o.append('.fi')
    fortran = None
    try:
        if gen_fortran.bindable(fn):
            fortran = True
    except Exception:
        fortran = None
    if fortran:
        if gen_fortran.in_f08(fn):
            o += ['.SS Fortran 2008 (use mpi_f08)', '.nf', 'USE mpi_f08']
            o += [esc(l) for l in fortran_synopsis(gen_fortran.interface_f08(fn), fn.name)]
            o.append('.fi')
        o += ['.SS Fortran (use mpi, and mpif.h)', '.nf', 'USE mpi     ! or INCLUDE \'mpif.h\'']
        o += [esc(l) for l in fortran_synopsis(gen_fortran.interface_mpi(fn), fn.name.upper())]
        o.append('.fi')
    else:
        o += ['.SS Fortran', 'No Fortran binding (C only).']
    if fn.args:
        o.append('.SH ARGUMENTS')
        for a in fn.args:
            if a.kind == 'varargs':
                continue
            o += ['.TP', '.I %s' % esc(a.name),
                  '(%s) %s.' % ({'in': 'input', 'out': 'output', 'inout': 'input and output'}
                                [a.dir], esc(KIND_WORDS.get(a.kind, a.kind)))]
    o.append('.SH ERRORS')
    if fn.ret != 'int':
        o.append('Returns its value; errors are not reported.')
    elif fn.name.startswith('MPI_T_'):
        o.append('Returns MPI_SUCCESS or an MPI_T_ERR_* class, without calling an error '
                 'handler (the tools interface has none): MPI_T_ERR_NOT_INITIALIZED before '
                 'MPI_T_init_thread, MPI_T_ERR_INVALID_INDEX, _INVALID_NAME, _INVALID_HANDLE, '
                 '_INVALID_SESSION or _INVALID_ITEM for a bad index, name, handle, session or '
                 'item, MPI_T_ERR_INVALID for a NULL result or a value refused; the others as '
                 '%s/mpit.md says.' % docdir)
    else:
        o.append('Returns MPI_SUCCESS or an error class, after calling the error handler of '
                 'the communicator, window or file the call concerns (MPI_COMM_WORLD\'s when '
                 'it concerns none).  The classes its checks raise:')
        for e in errors_of(fn):
            o += ['.TP', '.B %s' % esc(e), esc(ERROR_WORDS.get(e, '')) + '.']
    o.append('.SH NOTES')
    notes = []
    if fn.seed:
        notes.append('A shmpi extension from the seed document %s (not in the MPI standard; '
                     'see %s/STATUS.md).' % (fn.origin, docdir))
    else:
        notes.append('Introduced in %s.' % fn.origin)
    if fn.deprecated:
        notes.append('Deprecated since MPI-%s.' % fn.deprecated.lstrip('MPI-'))
    if fn.removed:
        notes.append('Removed from the standard in MPI-%s; shmpi keeps it for old programs '
                     '(not in use mpi_f08).' % fn.removed.lstrip('MPI-'))
    if fn.status != 'impl':
        notes.append('Not implemented in shmpi yet: it returns MPI_ERR_UNSUPPORTED_OPERATION '
                     'through the error handler (%s/STATUS.md lists what is missing).' % docdir)
    if fn.wrapped:
        notes.append('mpirun\\-shm \\-\\-profile counts its calls and time (%s/profiling.md).'
                     % docdir)
    notes.append('How shmpi implements this chapter: %s/%s.' % (docdir, chapter_doc(fn)))
    notes.append('Every MPI_X has its profiling twin PMPI_X.')
    o.append('\n.PP\n'.join(esc(n) if '\\-' not in n else n for n in notes))
    o.append('.SH SEE ALSO')
    same = [g.name for g in by_section[fn.section] if g is not fn][:12]
    o.append(',\n'.join('.BR %s (3)' % esc(n) for n in same) + (',' if same else ''))
    o.append('.BR mpicc (1),\n.BR mpiexec (1)')
    return '\n'.join(o) + '\n'


def main(argv):
    if len(argv) != 6:
        sys.stderr.write('usage: gen-man.py DESCRIPTION MPI_H OUTDIR DOCDIR VERSION\n')
        return 2
    desc, _mpi_h, outdir, docdir, version = argv[1:]
    try:
        funcs = gen_api.parse(desc)
    except (gen_api.ApiError, OSError) as e:
        sys.stderr.write('gen-man.py: %s\n' % e)
        return 1
    by_section = {}
    for fn in funcs:
        by_section.setdefault(fn.section, []).append(fn)
    os.makedirs(outdir, exist_ok=True)
    for fn in funcs:
        with open(os.path.join(outdir, fn.name + '.3'), 'w') as f:
            f.write(page(fn, by_section, docdir, version))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
