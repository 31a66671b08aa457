#!/usr/bin/env python3
"""gen-api.py - writes the repetitive code of shmpi from api/mpi.api.

Usage: gen-api.py DESCRIPTION OUTPUT

OUTPUT names what to write on stdout:
  mpi_proto.h      the MPI_X and PMPI_X prototypes that include/mpi.h includes
  unsupported.c    lib/core/unsupported.c: the stubs of the "stub" functions
  entry.c          lib/core/entry.c: the entry points of the "entry="
                   functions (MPI_X alias, init check, call of mpii_X)
  entry.h          lib/core/entry.h: the prototypes of those mpii_X
  large.c          lib/core/large.c: the generated large-count forms MPI_X_c
  mpi.sym          api/mpi.sym: NAME STATUS PROF per function, for
                   tests/check-symbols.sh
  prof_fn.h        perf/prof/prof_fn.h: enum prof_fn and enum prof_class
  functions.c      perf/prof/functions.c: names and classes of the wrapped functions
  wrap_mpi.c       perf/prof/wrap_mpi.c: the wrappers of standard functions
  wrap_shmpi.c     perf/prof/wrap_shmpi.c: the wrappers of the seeds' extensions
  stubs_test.c     tests/mpi/api_stubs.c: calls every stub and checks its error

The format of the description is explained at the top of api/mpi.api.  The
generator checks it (known kinds, directions, origins, profiler rules whose
arguments exist) and fails with "FILE:LINE: message" on the first mistake.
It writes plain C, one function after another, so that the output can be
read and grepped like hand-written code.  Python 3 standard library only.
"""
import re
import sys

ORIGINS = ('MPI-1', 'MPI-2', 'MPI-2.2', 'MPI-3.0', 'MPI-3.1', 'MPI-4.0', 'MPI-4.1', 'seed-002', 'seed-003', 'seed-004')
STATUSES = ('impl', 'stub')
DIRS = ('in', 'out', 'inout')
KINDS = frozenset('''
    comm group datatype request op errhandler info win file message metarequest mutex cond session handle
    comm group datatype request op errhandler info win file message metarequest mutex cond handle
    tool
    buffer pointer string argv status callback extra_state attribute varargs
    count bytes disp aint rank tag index flag enum keyval errcode length weight fint offset int
'''.split())
PROF_CLASSES = ('wait', 'data', 'other')
ENTRIES = ('init', 'plain', 'comm')
# rule name -> number of arguments (None: any); io_* rules take any.
PROF_RULES = {
    'send': 4, 'recv': 1, 'irecv': 3, 'imrecv': 3, 'psend': 5, 'precv': 5,
    'start': 1, 'startall': 2, 'reqfree': 1, 'created': 1, 'created_later': 1,
    'freed': 1, 'named': 2, 'init': 0,
}
LINE_MAX = 100


class ApiError(Exception):
    pass


class Arg:
    def __init__(self, name, kind, direction, ctype):
        self.name, self.kind, self.dir, self.ctype = name, kind, direction, ctype

    def decl(self):
        """The C declaration of the argument: "const int recvcounts[]"."""
        if self.kind == 'varargs':
            return '...'
        t = self.ctype
        if '[' in t:
            i = t.index('[')
            base = t[:i].rstrip()
            sep = '' if base.endswith('*') else ' '
            return base + sep + self.name + t[i:]
        if t.endswith('*'):
            return t + self.name
        return t + ' ' + self.name


class Func:
    def __init__(self, name, where):
        self.name, self.where = name, where
        self.ret = 'int'
        self.origin = self.status = None
        self.removed = self.deprecated = None
        self.prof_class = None   # wait/data/other, or None
        self.prof_rules = []     # [(rule, [args])]
        self.prof_report = False  # MPI_Finalize: wrapped, not timed
        self.entry = None        # ENTRIES: the generator writes PMPI_X
        self.impl = None         # entry= calls mpii_ of this function (an alias)
        self.args = []
        self.section = None
        self.large = None        # the "large=" items (LargeItem) of a function with a _c form
        self.large_body = 'gen'  # "c=": who writes PMPI_X_c (gen, lib, stub)
        self.large_of = None     # for MPI_X_c: the Func of MPI_X

    @property
    def base(self):
        return self.name[len('MPI_'):]

    @property
    def seed(self):
        return self.origin.startswith('seed-')

    @property
    def wrapped(self):
        return self.prof_class is not None or self.prof_report

    def params(self):
        return ', '.join(a.decl() for a in self.args) or 'void'

    def call_args(self):
        return ', '.join(a.name for a in self.args)

    def arg(self, name):
        for a in self.args:
            if a.name == name:
                return a
        return None

    def comm_arg(self):
        """The input communicator argument an error is reported through, or None."""
        for a in self.args:
            if a.kind == 'comm' and a.dir == 'in' and a.ctype == 'MPI_Comm':
                return a
        return None

    def enum_name(self):
        return 'PROF_FN_' + self.base.upper()


def parse(path):
    """Returns the list of functions of the description, in its order."""
    funcs, names = [], {}
    section = None
    cur = None
    with open(path) as f:
        lines = f.read().split('\n')
    for n, line in enumerate(lines, 1):
        where = '%s:%d' % (path, n)
        try:
            if not line.strip() or line.startswith('#'):
                continue
            if line.startswith('== '):
                section = line[3:].strip()
                cur = None
                continue
            if line.startswith('\t'):
                if cur is None:
                    raise ApiError('argument line outside a function')
                m = re.match(r'\t(\S+)\s+(\S+)\s+(\S+)\s+(\S.*?)\s*$', line)
                if not m:
                    raise ApiError('argument line is not "NAME KIND DIR C-TYPE"')
                aname, kind, direction, ctype = m.groups()
                if kind not in KINDS:
                    raise ApiError('unknown kind %r' % kind)
                if direction not in DIRS:
                    raise ApiError('unknown direction %r' % direction)
                if kind == 'varargs' and (aname != '...' or ctype != '...'):
                    raise ApiError('varargs is written "...  varargs  in  ..."')
                if kind != 'varargs' and not re.match(r'[A-Za-z_]\w*$', aname):
                    raise ApiError('bad argument name %r' % aname)
                if cur.arg(aname):
                    raise ApiError('argument %r twice' % aname)
                check_kind_type(kind, ctype)
                cur.args.append(Arg(aname, kind, direction, ctype))
                continue
            cur = parse_header(line, where)
            if cur.name in names:
                raise ApiError('%s already described at %s' % (cur.name, names[cur.name]))
            if section is None:
                raise ApiError('function before the first "== section" line')
            names[cur.name] = where
            cur.section = section
            funcs.append(cur)
        except ApiError as e:
            raise ApiError('%s: %s' % (where, e))
    by_name = {fn.name: fn for fn in funcs}
    for fn in funcs:
        try:
            check_prof(fn)
            check_entry(fn, by_name)
        except ApiError as e:
            raise ApiError('%s: %s: %s' % (fn.where, fn.name, e))
    out = []
    for fn in funcs:
        out.append(fn)
        if fn.large is None:
            continue
        try:
            big = make_large(fn)
        except ApiError as e:
            raise ApiError('%s: %s: %s' % (fn.where, fn.name, e))
        if big.name in by_name:
            raise ApiError('%s: %s is described twice (large= and its own block)'
                           % (fn.where, big.name))
        by_name[big.name] = big
        out.append(big)
    return out


# kinds whose C type is fixed: the handle kinds and a few others
KIND_TYPES = {
    'comm': 'MPI_Comm', 'group': 'MPI_Group', 'datatype': 'MPI_Datatype',
    'request': 'MPI_Request', 'op': 'MPI_Op', 'errhandler': 'MPI_Errhandler',
    'info': 'MPI_Info', 'win': 'MPI_Win', 'file': 'MPI_File', 'message': 'MPI_Message',
    'metarequest': 'MPI_Metarequest', 'mutex': 'MPI_Mutex', 'cond': 'MPI_Cond',
    'session': 'MPI_Session',
    'handle': 'MPI_Handle', 'status': 'MPI_Status', 'fint': 'MPI_Fint', 'string': 'char',
    'argv': 'char', 'extra_state': 'void', 'attribute': 'void', 'buffer': 'void',
    'pointer': 'void',
}


NUMBER_KINDS = frozenset('count bytes disp aint rank tag index flag enum keyval errcode length '
                         'weight offset int'.split())
NUMBER_TYPES = ('int', 'MPI_Aint', 'MPI_Count', 'MPI_Offset', 'MPI_Handletype', 'MPI_Typerequest')


def check_kind_type(kind, ctype):
    """A handle argument has its handle's type (plain, pointer or array),
    so that a slip in either column shows."""
    base = re.sub(r'^const\s+', '', ctype).split('[')[0].rstrip(' *')
    if kind in NUMBER_KINDS:
        if base not in NUMBER_TYPES:
            raise ApiError('kind %s wants an integer type, not %r' % (kind, ctype))
        return
    want = KIND_TYPES.get(kind)
    if kind == 'status' and base == 'MPI_F08_status':
        return  # the mpi_f08 status of the status conversions
    if want is not None and base != want:
        raise ApiError('kind %s wants a %s type, not %r' % (kind, want, ctype))


def parse_header(line, where):
    f = line.split()
    if not re.match(r'MPI_[A-Z][a-z0-9_]*$', f[0]):
        raise ApiError('a function name is MPI_Xxx, not %r' % f[0])
    fn = Func(f[0], where)
    rest = f[1:]
    if rest and rest[0] == '->':
        if len(rest) < 2:
            raise ApiError('"->" without a return type')
        fn.ret = rest[1]
        rest = rest[2:]
    if len(rest) < 2:
        raise ApiError('header is "NAME [-> RET] ORIGIN STATUS [key=value...]"')
    fn.origin, fn.status = rest[0], rest[1]
    if fn.origin not in ORIGINS:
        raise ApiError('unknown origin %r (one of %s)' % (fn.origin, ', '.join(ORIGINS)))
    if fn.status not in STATUSES:
        raise ApiError('unknown status %r (impl or stub)' % fn.status)
    for kv in rest[2:]:
        key, eq, val = kv.partition('=')
        if not eq:
            raise ApiError('expected key=value, got %r' % kv)
        if key == 'removed':
            fn.removed = val
        elif key == 'deprecated':
            fn.deprecated = val
        elif key == 'prof':
            parse_prof(fn, val)
        elif key == 'impl':
            if not re.match(r'MPI_[A-Z][a-z0-9_]*$', val):
                raise ApiError('impl= names a function, MPI_Xxx, not %r' % val)
            fn.impl = val
        elif key == 'large':
            fn.large = [parse_large_item(x) for x in val.split(',')]
        elif key == 'c':
            if val not in LARGE_BODIES:
                raise ApiError('c=%s is not one of %s' % (val, ', '.join(LARGE_BODIES)))
            fn.large_body = val
        elif key == 'entry':
            if val not in ENTRIES:
                raise ApiError('entry=%s is not one of %s' % (val, ', '.join(ENTRIES)))
            fn.entry = val
        else:
            raise ApiError('unknown key %r' % key)
        if key in ('removed', 'deprecated') and val not in ORIGINS:
            raise ApiError('%s=%s is not a standard version' % (key, val))
    if fn.status == 'stub' and fn.ret != 'int':
        raise ApiError('a stub returns an error code: its return type must be int')
    if fn.entry and (fn.status != 'impl' or fn.ret != 'int'):
        raise ApiError('entry= wants an implemented function that returns int')
    return fn


def check_entry(fn, by_name):
    if fn.entry == 'comm' and not fn.comm_arg():
        raise ApiError('entry=comm wants an input communicator argument')
    if fn.impl is None:
        return
    other = by_name.get(fn.impl)
    if not fn.entry or not other or not other.entry or other.impl:
        raise ApiError('impl= wants entry= here and names a function with its own mpii_')
    if len(other.args) != len(fn.args):
        raise ApiError('impl=%s takes %d arguments' % (fn.impl, len(other.args)))


def parse_prof(fn, val):
    if val == 'report':
        fn.prof_report = True
        return
    cls, _, rules = val.partition(':')
    if cls not in PROF_CLASSES:
        raise ApiError('prof class %r is not one of %s' % (cls, ', '.join(PROF_CLASSES)))
    fn.prof_class = cls
    if not rules:
        return
    for r in rules.split('+'):
        m = re.match(r'(\w+)\(([^()]*)\)$', r)
        if not m:
            raise ApiError('prof rule %r is not RULE(ARGS)' % r)
        name, args = m.group(1), [a for a in m.group(2).split(',') if a]
        fn.prof_rules.append((name, args))


def check_prof(fn):
    for name, args in fn.prof_rules:
        if name not in PROF_RULES and not name.startswith('io_'):
            raise ApiError('unknown prof rule %r' % name)
        want = PROF_RULES.get(name)
        if want is not None and len(args) != want:
            raise ApiError('prof rule %s takes %d arguments' % (name, want))
        for a in args:
            if not fn.arg(a) and not re.match(r'(\d+|NULL)$', a):
                raise ApiError('prof rule %s names %r, which is not an argument' % (name, a))
    if fn.prof_class and fn.ret != 'int':
        raise ApiError('a wrapped function returns an error code')


# ------------------------------------------------------- large counts
# MPI-4.0's large-count forms (the standard's "_c" bindings): a function
# whose header has "large=ITEMS" gets a twin MPI_X_c, described by the same
# block, right after it in every output (prototypes, symbols, profiler,
# stubs, Fortran).  Each item names an argument that the twin widens:
#
#   NAME[=aint][/DATATYPE][@LEN]
#
#   =aint      widened to MPI_Aint (a displacement array of the v- and w-
#              collectives, a window's disp_unit); otherwise to MPI_Count
#   /DATATYPE  (an input count) the datatype argument the count counts: a
#              count above INT_MAX becomes one element of a type of that
#              many elements (mpii_large_type), so the int form still works
#   :split     (after /DATATYPE) instead, a count above INT_MAX is moved by
#              successive calls of the int form over 2^30 elements at a
#              time, every buffer argument advanced (MPI_IN_PLACE kept):
#              for the blocking reductions, whose count and type are the
#              same on every rank, and which the pipelined algorithms run
#              faster on plain elements than on one huge element
#   @LEN       (an array) its length: size (the communicator's size, its
#              remote size for an intercommunicator), local (the size of
#              the local group), root (the size at
#              the root, 0 elsewhere), indegree, outdegree (of the
#              topology), or the name of an int argument
#
# "c=" says who writes PMPI_X_c: gen (the default: lib/core/large.c,
# generated here, narrows the arguments and calls the int form: an entry
# count or array entry that does not fit an int after that is MPI_ERR_COUNT
# through the handler), lib (written by hand in lib/, with the widened
# internals: point-to-point, datatype queries) or stub (not yet).

LARGE_BODIES = ('gen', 'lib', 'stub')
LARGE_LENS = ('size', 'local', 'root', 'indegree', 'outdegree')
LARGE_KINDS = ('count', 'bytes', 'disp', 'aint', 'int', 'index')


class LargeItem:
    def __init__(self, name, wide, dtype, split, length):
        self.name, self.wide, self.dtype, self.split, self.len = name, wide, dtype, split, length


def parse_large_item(text):
    m = re.match(r'(\w+)(=aint)?(?:/(\w+)(:split)?)?(?:@(\w+))?$', text)
    if not m:
        raise ApiError('large= item %r is not NAME[=aint][/DATATYPE[:split]][@LEN]' % text)
    return LargeItem(m.group(1), 'MPI_Aint' if m.group(2) else 'MPI_Count', m.group(3),
                     bool(m.group(4)), m.group(5))


def widen_ctype(ctype, wide):
    """"const int []" -> "const MPI_Count []": the base integer type replaced."""
    new, n = re.subn(r'\b(int|MPI_Aint|MPI_Count)\b', wide, ctype, count=1)
    if not n:
        raise ApiError('cannot widen C type %r' % ctype)
    return new


def is_pointer(ctype):
    return ctype.rstrip().endswith('*')


def make_large(fn):
    """The Func of fn's large-count twin MPI_X_c."""
    big = Func(fn.name + '_c', fn.where)
    big.origin = fn.origin if fn.origin in ('MPI-4.1',) else 'MPI-4.0'
    big.status = 'stub' if fn.status == 'stub' or fn.large_body == 'stub' else 'impl'
    big.large_body = fn.large_body if fn.status == 'impl' else 'stub'
    big.large_of = fn
    big.large = fn.large
    big.section = fn.section
    big.ret = fn.ret
    if fn.ret != 'int':
        raise ApiError('large= wants a function that returns int')
    items = {}
    for it in fn.large:
        a = fn.arg(it.name)
        if a is None:
            raise ApiError('large= names %r, which is not an argument' % it.name)
        if a.kind not in LARGE_KINDS:
            raise ApiError('large= widens integers, not %s (%s)' % (a.name, a.kind))
        if it.name in items:
            raise ApiError('large= names %r twice' % it.name)
        arr = '[' in a.ctype
        if it.dtype is not None:
            d = fn.arg(it.dtype)
            if d is None or d.kind != 'datatype' or d.dir != 'in' or '[' in d.ctype:
                raise ApiError('large= pairs %s with %r, not an input datatype' % (a.name, it.dtype))
            if arr or a.dir != 'in' or is_pointer(a.ctype):
                raise ApiError('large= pairs only an input count with a datatype')
            if any(o.dtype == it.dtype for o in items.values()):
                raise ApiError('large= pairs datatype %s twice' % it.dtype)
        if arr and fn.large_body == 'gen':
            if it.len is None:
                raise ApiError('large= array %s wants @LEN' % a.name)
            if it.len not in LARGE_LENS:
                la = fn.arg(it.len)
                if la is None or la.ctype not in ('int', 'MPI_Count'):
                    raise ApiError('large= length %r is not one of %s nor an int argument'
                                   % (it.len, ', '.join(LARGE_LENS)))
        if not arr and it.len is not None:
            raise ApiError('large= gives a length to %s, which is not an array' % a.name)
        items[it.name] = it
    for a in fn.args:
        it = items.get(a.name)
        big.args.append(Arg(a.name, a.kind, a.dir,
                            widen_ctype(a.ctype, it.wide) if it else a.ctype))
    # The profiler's rules: the same, but for those reading a widened array
    # (perf/prof/coll_bytes.c takes int arrays): the call is timed only.
    big.prof_class, big.prof_report = fn.prof_class, fn.prof_report
    for rule, args in fn.prof_rules:
        if any(x in items and '[' in fn.arg(x).ctype for x in args):
            continue
        big.prof_rules.append((rule, args))
    return big


def large_items(fn):
    """(Arg of MPI_X, Arg of MPI_X_c, LargeItem) for each widened argument."""
    base = fn.large_of
    return [(base.arg(it.name), fn.arg(it.name), it) for it in fn.large]


def large_report(fn):
    """The C expression of the handle whose error handler a failure of the
    generated MPI_X_c goes through, and the helper that reports it."""
    for a in fn.args:
        if a.dir == 'in' and a.ctype in ('MPI_Comm', 'MPI_Win', 'MPI_File'):
            return a.name, {'MPI_Comm': 'mpii_large_err_comm', 'MPI_Win': 'mpii_large_err_win',
                            'MPI_File': 'mpii_large_err_file'}[a.ctype]
    return 'MPI_COMM_NULL', 'mpii_large_err_comm'


def large_len(fn, it):
    if it.len in LARGE_LENS:
        c = fn.comm_arg()
        if c is None:
            raise ApiError('%s: length @%s wants a communicator argument' % (fn.name, it.len))
        root = fn.arg('root')
        if it.len == 'root' and root is None:
            raise ApiError('%s: length @root wants a root argument' % fn.name)
        return 'mpii_large_len(%s, MPII_LARGE_LEN_%s, %s)' % (
            c.name, it.len.upper(), root.name if root is not None else '0')
    return '(MPI_Count)%s' % it.len


def large_body(fn):
    """The lines of the generated PMPI_X_c (c=gen)."""
    base = fn.large_of
    obj, report = large_report(fn)
    decls, pre, post, free = [], [], [], []
    call, lens = {}, {}
    for a0, a, it in large_items(fn):
        n = a.name
        narrow = re.sub(r'^const\s+', '', a0.ctype).split('[')[0].rstrip(' *')
        if '[' in a.ctype:
            decls.append('%s *n_%s = NULL;' % (narrow, n))
            helper = {('int', 'MPI_Count'): 'mpii_large_ints',
                      ('int', 'MPI_Aint'): 'mpii_large_ints_aint',
                      ('MPI_Aint', 'MPI_Count'): 'mpii_large_aints'}.get((narrow, it.wide))
            if helper is None:
                raise ApiError('%s: cannot narrow %s from %s to %s' % (fn.name, n, it.wide, narrow))
            ln = large_len(fn, it)
            if ln not in lens:
                lens[ln] = 'len%d' % len(lens)
            pre.append('(rc = %s(%s, %s, &n_%s))' % (helper, n, lens[ln], n))
            call[n] = 'n_%s' % n
            free.append('free(n_%s);' % n)
        elif is_pointer(a.ctype):
            decls.append('%s n_%s;' % (narrow, n))
            if a.dir == 'inout':
                if narrow == 'int':
                    pre.append('(rc = mpii_large_int_in(%s, &n_%s))' % (n, n))
                else:
                    pre.append('(rc = mpii_large_aint_in(%s, &n_%s))' % (n, n))
            call[n] = '%s ? &n_%s : NULL' % (n, n)
            post.append('if (%s)\n\t*%s = n_%s;' % (n, n, n))
        elif it.dtype:
            decls.append('MPI_Datatype t_%s = %s;' % (it.dtype, it.dtype))
            decls.append('int n_%s;' % n)
            pre.append('(rc = mpii_large_type(%s, &n_%s, &t_%s))' % (n, n, it.dtype))
            call[n] = 'n_%s' % n
            call[it.dtype] = 't_%s' % it.dtype
            free.insert(0, 'mpii_large_type_done(%s, t_%s);' % (it.dtype, it.dtype))
        elif narrow == 'int':
            decls.append('int n_%s;' % n)
            pre.append('(rc = mpii_large_int(%s, &n_%s))' % (n, n))
            call[n] = 'n_%s' % n
        else:
            call[n] = '(%s)%s' % (narrow, n)   # MPI_Count -> MPI_Aint: the same width
    args = [call.get(a.name, a.name) for a in fn.args]
    if base.entry:
        impl = base.impl[len('MPI_'):] if base.impl else base.base
        callee = 'mpii_%s' % impl
        args = ['fn'] + args
    else:
        callee = 'P' + base.name
    o = pmpi_head(fn)
    o.append('\tstatic const char fn[] = "%s";' % fn.name)
    if any(it.split for it in fn.large):
        decls.append('MPI_Aint ext;')
    o += ['\t' + d for d in decls]
    if lens:
        o.append('\tMPI_Count %s;' % ', '.join(lens.values()))
    o.append('\tint rc;\n')
    o.append('\tMPII_CHECK_INIT(fn);')
    for ln, var in lens.items():
        o.append('\t%s = %s;' % (var, ln))
    if base.entry == 'comm':
        o.append('\tif (mpii_comm_check(%s))' % base.comm_arg().name)
        o.append('\t\treturn mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");')
    label = bool(free)
    splits = [it for it in fn.large if it.split]
    if splits:
        if len(splits) > 1 or base.entry == 'comm':
            raise ApiError('%s: one :split item, in a function without entry=comm' % fn.name)
        it = splits[0]
        bufs = [a.name for a in fn.args if a.kind == 'buffer']
        sargs = []
        for a in fn.args:
            if a.kind == 'buffer':
                sargs.append('at_%s' % a.name)
            elif a.name == it.name:
                sargs.append('(int)n')
            else:
                sargs.append(call.get(a.name, a.name) if a.name != it.dtype else a.name)
        if base.entry:
            sargs = ['fn'] + sargs
        o.append('\tif (%s > INT_MAX && mpii_large_split(%s, %s, &ext)) {'
                 % (it.name, it.name, it.dtype))
        o.append('\t\trc = MPI_SUCCESS;')
        o.append('\t\tfor (MPI_Count done = 0, n; done < %s && rc == MPI_SUCCESS; done += n) {'
                 % it.name)
        o.append('\t\t\tn = %s - done < MPII_LARGE_SPLIT ? %s - done : MPII_LARGE_SPLIT;'
                 % (it.name, it.name))
        for b in bufs:
            o.append('\t\t\tvoid *at_%s = mpii_large_at(%s, done, ext);' % (b, b))
        o.append(wrap('\t\t\trc = %s(%s);' % (callee, ', '.join(sargs))))
        o.append('\t\t}')
        o.append('\t\treturn rc;')
        o.append('\t}')
        del bufs
    if pre:
        o.append('\tif (' + (' ||\n\t    '.join(pre)) + ') {')
        o.append('\t\trc = %s(%s, rc, fn);' % (report, obj))
        o.append('\t\tgoto out;' if label else '\t\treturn rc;')
        o.append('\t}')
    o.append(wrap('\trc = %s(%s);' % (callee, ', '.join(args))))
    # A persistent collective's plan points at its arrays for every
    # MPI_Start: the narrowed ones go with the request (mpii_pcoll_keep,
    # lib/coll/coll.h) instead of being freed here.
    arrays = [a.name for a0, a, it in large_items(fn) if '[' in a.ctype]
    if base.name.endswith('_init') and arrays:
        if len(arrays) > 4 or 'request' not in [a.name for a in fn.args]:
            raise ApiError('%s: a persistent form keeps at most four arrays, with its request'
                           % fn.name)
        o.append('\tif (rc == MPI_SUCCESS) {')
        for n in arrays:
            o.append('\t\tmpii_pcoll_keep(*request, n_%s);' % n)
            o.append('\t\tn_%s = NULL;' % n)
        o.append('\t}')
    if post:
        o.append('\tif (rc == MPI_SUCCESS) {')
        o += ['\t\t' + l for s in post for l in s.split('\n')]
        o.append('\t}')
    if label:
        if pre:
            o.append('out:')
        o += ['\t' + l for l in free]
    o.append('\treturn rc;')
    o.append('}\n')
    return o


def out_large_c(funcs):
    o = [generated_note('lib/core/large.c').rstrip('\n')]
    o.append(' *\n * The large-count forms MPI_X_c (MPI-4.0) that api/mpi.api describes with')
    o.append(' * "large=" and no "c=lib": each narrows its widened arguments and calls the')
    o.append(' * int form (its mpii_X for an "entry=" function, so that errors name')
    o.append(' * MPI_X_c; PMPI_X otherwise).  A count paired with a datatype that does')
    o.append(' * not fit an int becomes one element of a type of that many elements')
    o.append(' * (lib/datatype/type_large.c); any other widened value or array entry')
    o.append(' * that does not fit is MPI_ERR_COUNT through the handler of the call\'s')
    o.append(' * communicator, window or file (docs/STATUS.md lists the functions).')
    o.append(' * A count that fits costs a comparison.\n */')
    o.append('#include <stdlib.h>')
    o.append('#include "lib/coll/coll.h"')
    o.append('#include "lib/comm/comm.h"')
    o.append('#include "lib/core/core.h"')
    o.append('#include "lib/core/large.h"')
    o.append('#include "lib/datatype/datatype.h"\n')
    for fn in funcs:
        if fn.large_of is not None and fn.status == 'impl' and fn.large_body == 'gen':
            o += large_body(fn)
    return '\n'.join(o).rstrip('\n') + '\n'


# ------------------------------------------------------------ C output

def display_width(s):
    w = 0
    for c in s:
        w = (w // 8 + 1) * 8 if c == '\t' else w + 1
    return w


def indent_to(col):
    return '\t' * (col // 8) + ' ' * (col % 8)


def wrap(line, limit=LINE_MAX):
    """Breaks a C line after commas so that no piece passes limit columns;
    continuation lines line up after the first '(' of the line."""
    if display_width(line) <= limit or '(' not in line:
        return line
    open_at = line.index('(') + 1
    cont = indent_to(display_width(line[:open_at]))
    out, cur = [], line
    while display_width(cur) > limit:
        cut = None
        for m in re.finditer(r', ', cur):
            if display_width(cur[:m.start() + 1]) <= limit:
                cut = m.start() + 1
        if cut is None or (out and cut <= len(cont)):
            break
        out.append(cur[:cut])
        cur = cont + cur[cut + 1:]
    out.append(cur)
    return '\n'.join(out)


def generated_note(what):
    return ('/*\n * %s - generated by api/gen-api.py from api/mpi.api: do not edit;\n'
            ' * change api/mpi.api (or the generator) instead.\n' % what)


def with_sections(funcs, line, indent=''):
    """line(fn) for each function, after a "/* section */" comment where a
    section of the description starts."""
    o, section = [], None
    for fn in funcs:
        if fn.section != section:
            section = fn.section
            o.append('%s/* %s */' % (indent, section))
        o.append(line(fn))
    return o


def out_mpi_proto(funcs):
    o = []
    o.append(generated_note('mpi_proto.h').rstrip('\n'))
    o.append(' *\n * The prototypes of every shmpi function, as MPI_X and as its profiling')
    o.append(' * twin PMPI_X.  include/mpi.h defines the types they use and includes this')
    o.append(' * file; include <mpi.h>, never this file.\n */')
    o.append('#ifndef SHMPI_MPI_PROTO_H')
    o.append('#define SHMPI_MPI_PROTO_H\n')
    o.append('#ifndef SHMPI_MPI_H')
    o.append('#error "include <mpi.h>, not <mpi_proto.h>"')
    o.append('#endif\n')
    for prefix, banner in (('MPI_', 'functions'), ('PMPI_', 'profiling interface (PMPI_X)')):
        o.append('/* %s %s */' % ('-' * (66 - len(banner)), banner))
        def proto(fn):
            return 'MPII_API %s %s%s(%s);' % (fn.ret, prefix, fn.base, fn.params())
        if prefix == 'MPI_':
            o.extend(with_sections(funcs, proto))
        else:
            o.extend(proto(fn) for fn in funcs)
        o.append('')
    o.append('#endif /* SHMPI_MPI_PROTO_H */')
    return '\n'.join(o) + '\n'


def pmpi_head(fn):
    """The lines that open the definition of PMPI_X, with MPI_X as its weak
    alias."""
    return ['#pragma weak %s = P%s' % (fn.name, fn.name),
            wrap('%s P%s(%s)' % (fn.ret, fn.name, fn.params())), '{']


def out_unsupported(funcs):
    stubs = [fn for fn in funcs if fn.status == 'stub']
    o = [generated_note('lib/core/unsupported.c').rstrip('\n')]
    o.append(' *\n * The functions api/mpi.api marks "stub": declared in mpi.h and exported as')
    o.append(' * MPI_X and PMPI_X like every other, but not implemented yet (one-sided')
    o.append(' * communication, dynamic processes; docs/STATUS.md).  Each reports')
    o.append(' * MPI_ERR_UNSUPPORTED_OPERATION through the error handler of its')
    o.append(' * communicator argument, or of MPI_COMM_WORLD when it has none.\n */')
    o.append('#include "lib/comm/comm.h"')
    o.append('#include "lib/core/errors.h"\n')
    if any(fn.comm_arg() for fn in stubs):
        o.append('/* The communicator to report through: comm if it is usable. */')
        o.append('static MPI_Comm report_comm(MPI_Comm comm)\n{')
        o.append('\treturn mpii_comm_check(comm) == MPI_SUCCESS ? comm : NULL;\n}\n')
    for fn in stubs:
        c = fn.comm_arg()
        where = 'report_comm(%s)' % c.name if c else 'NULL'
        o.extend(pmpi_head(fn))
        o.append(wrap('\treturn mpii_err(%s, MPI_ERR_UNSUPPORTED_OPERATION, "%s",' % (where, fn.name)))
        o.append('\t\t\t"not implemented in shmpi (docs/STATUS.md)");')
        o.append('}\n')
    return '\n'.join(o).rstrip('\n') + '\n'


def out_entry_c(funcs):
    o = [generated_note('lib/core/entry.c').rstrip('\n')]
    o.append(' *\n * The entry points of the functions api/mpi.api marks "entry=": each PMPI_X,')
    o.append(' * with MPI_X as its weak alias, checks that the library is initialized')
    o.append(' * (MPII_CHECK_INIT; not for "entry=plain") and, for "entry=comm", that its')
    o.append(' * communicator is valid (an invalid one reported through MPI_COMM_WORLD\'s')
    o.append(' * handler), and hands its arguments to mpii_X, the implementation in lib/,')
    o.append(' * with its name for error reports first.\n */')
    o.append('#include "lib/comm/comm.h"')
    o.append('#include "lib/core/core.h"\n')
    for fn in [fn for fn in funcs if fn.entry]:
        o.extend(pmpi_head(fn))
        o.append('\tstatic const char fn[] = "%s";' % fn.name)
        if fn.entry != 'plain':
            o.append('\tMPII_CHECK_INIT(fn);')
        if fn.entry == 'comm':
            o.append('\tif (mpii_comm_check(%s))' % fn.comm_arg().name)
            o.append('\t\treturn mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");')
        impl = fn.impl[len('MPI_'):] if fn.impl else fn.base
        o.append(wrap('\treturn mpii_%s(%s);' % (impl, ', '.join(['fn'] + [a.name for a in fn.args]))))
        o.append('}\n')
    return '\n'.join(o).rstrip('\n') + '\n'


def out_entry_h(funcs):
    o = [generated_note('lib/core/entry.h').rstrip('\n')]
    o.append(' *\n * mpii_X implements MPI_X for the functions api/mpi.api marks "entry="')
    o.append(' * (lib/core/entry.c calls it, for "entry=init" once the library is known to')
    o.append(' * be initialized); fn is the name to report errors under.  Returns an MPI')
    o.append(' * error class, the error handler already called, as MPI_X does.\n */')
    o.append('#ifndef MPII_ENTRY_H')
    o.append('#define MPII_ENTRY_H\n')
    o.append('#include "mpi.h"\n')
    def proto(fn):
        params = ', '.join(['const char *fn'] + [a.decl() for a in fn.args])
        return wrap('int mpii_%s(%s);' % (fn.base, params))
    o.extend(with_sections([fn for fn in funcs if fn.entry and not fn.impl], proto))
    o.append('\n#endif /* MPII_ENTRY_H */')
    return '\n'.join(o) + '\n'


def out_sym(funcs):
    o = ['# api/mpi.sym - generated by api/gen-api.py from api/mpi.api: do not edit.',
         '# NAME STATUS PROF: every public function; impl or stub; "prof" when',
         '# libshmpi-prof defines MPI_X.  Read by tests/check-symbols.sh.']
    for fn in funcs:
        o.append('%s %s %s' % (fn.name, fn.status, 'prof' if fn.wrapped else '-'))
    return '\n'.join(o) + '\n'


def timed(funcs):
    return [fn for fn in funcs if fn.prof_class]


def out_prof_fn(funcs):
    o = [generated_note('perf/prof/prof_fn.h').rstrip('\n')]
    o.append(' *\n * One entry per function libshmpi-prof times, in the order of api/mpi.api')
    o.append(' * (the order of the report); names and classes are in functions.c.  The')
    o.append(' * seeds\' extensions come last: an MPI without them leaves them at zero.\n */')
    o.append('#ifndef SHMPI_PROF_FN_H')
    o.append('#define SHMPI_PROF_FN_H\n')
    o.append('enum prof_fn {')
    std = [fn for fn in timed(funcs) if not fn.seed]
    ext = [fn for fn in timed(funcs) if fn.seed]
    o.extend(with_sections(std, lambda fn: '\t%s,' % fn.enum_name(), '\t'))
    o.append('\t/* shmpi extensions (wrapped only when built against shmpi) */')
    for fn in ext:
        o.append('\t%s,' % fn.enum_name())
    o.append('\tPROF_NFUNCS\n};\n')
    o.append('/* What a function\'s time means in the wait/copy split of the report. */')
    o.append('enum prof_class {')
    o.append('\tPROF_CLASS_WAIT,  /* blocks for a peer: Wait*, Test*, Recv, Probe, Barrier */')
    o.append('\tPROF_CLASS_DATA,  /* moves or starts moving data: sends, collectives */')
    o.append('\tPROF_CLASS_OTHER, /* set-up and queries: Init, Comm_*, Request_free */')
    o.append('\tPROF_NCLASSES\n};\n')
    o.append('#endif /* SHMPI_PROF_FN_H */')
    return '\n'.join(o) + '\n'


def prof_order(funcs):
    """Timed functions in enum order: the standard ones, then the seeds'."""
    t = timed(funcs)
    return [fn for fn in t if not fn.seed] + [fn for fn in t if fn.seed]


def out_functions(funcs):
    o = [generated_note('perf/prof/functions.c').rstrip('\n')]
    o.append(' *\n * The names and wait/data/other classes of the wrapped functions, indexed')
    o.append(' * by enum prof_fn.  Wait-like functions block until a peer acts (their time')
    o.append(' * is waiting, not copying); data functions move or start moving data; the')
    o.append(' * rest is set-up.  The report splits time by class.\n */')
    o.append('#include "perf/prof/prof.h"\n')
    o.append('const char *const prof_class_names[PROF_NCLASSES] = {')
    for c in PROF_CLASSES:
        o.append('\t[PROF_CLASS_%s] = "%s",' % (c.upper(), c))
    o.append('};\n')
    o.append('const struct prof_fninfo prof_fns[PROF_NFUNCS] = {')
    for fn in prof_order(funcs):
        o.append('\t[%s] = { "%s", PROF_CLASS_%s },' % (fn.enum_name(), fn.name,
                                                      fn.prof_class.upper()))
    o.append('};')
    return '\n'.join(o) + '\n'


def rule_code(fn, rule, args):
    """What one profiler rule adds to a wrapper: (declarations before
    prof_enter, statements between prof_enter and the call, an extra
    condition for recording, statements run once the call is recorded)."""
    FN = fn.enum_name()
    a = args
    if rule == 'send':
        return [], [], '', ['prof_add_send(&call, %s, %s, %s, prof_bytes(%s, %s));'
                            % (FN, a[0], a[1], a[2], a[3])]
    if rule == 'recv':
        st = a[0]
        return (['MPI_Status local;'],
                ['if (call.th && %s == MPI_STATUS_IGNORE)' % st, '\t%s = &local;' % st], '',
                ['prof_add_recv_status(&call, %s, %s);' % (FN, st)])
    if rule == 'irecv':
        return [], [], ' && %s != MPI_PROC_NULL' % a[0], [
            'prof_add_bytes(&call, %s, 0, prof_bytes(%s, %s));' % (FN, a[1], a[2])]
    if rule == 'imrecv':
        return (['int no_proc = *%s == MPI_MESSAGE_NO_PROC;' % a[0]], [], ' && !no_proc',
                ['prof_add_bytes(&call, %s, 0, prof_bytes(%s, %s));' % (FN, a[1], a[2])])
    if rule in ('psend', 'precv'):
        return [], [], '', ['prof_preq_add(*%s, %d, %s, %s, prof_bytes(%s, %s));'
                            % (a[0], rule == 'psend', a[1], a[2], a[3], a[4])]
    if rule == 'start':
        return [], [], '', ['prof_preq_started(&call, %s, *%s);' % (FN, a[0])]
    if rule == 'startall':
        return (['int i;'], [], '', ['for (i = 0; i < %s; i++)\n\tprof_preq_started(&call, %s, %s[i]);'
                                     % (a[0], FN, a[1])])
    if rule == 'reqfree':
        return (['MPI_Request req = *%s;' % a[0]], [], '', ['prof_preq_free(req);'])
    if rule in ('created', 'created_later'):
        return [], [], '', ['prof_comm_created(*%s, %d);' % (a[0], rule == 'created')]
    if rule == 'freed':
        return (['MPI_Comm old = *%s;' % a[0]], [], '', ['prof_comm_freed(old);'])
    if rule == 'named':
        return [], [], '', ['prof_comm_named(%s, %s);' % (a[0], a[1])]
    if rule.startswith('io_'):
        return [], [], '', ['prof_add_io(&call, %s, prof_%s(%s));' % (FN, rule, ', '.join(a))]
    raise ApiError('%s: no code for prof rule %s' % (fn.name, rule))


def wrapper(fn):
    o = [wrap('%s %s(%s)' % (fn.ret, fn.name, fn.params())), '{']
    call = 'P%s(%s)' % (fn.name, fn.call_args())
    if fn.prof_report:
        o.append('\tif (prof_cfg.enabled) {')
        o.append('\t\tprof_stop();')
        o.append('\t\tprof_report();')
        o.append('\t}')
        o.append(wrap('\treturn %s;' % call))
        o.append('}')
        return o
    decls, pre, cond, post = [], [], '', []
    init = False
    for rule, args in fn.prof_rules:
        if rule == 'init':
            init = True
            continue
        d, p, c, s = rule_code(fn, rule, args)
        decls += [x for x in d if x not in decls]
        pre += p
        cond += c
        post += s
    o.append('\tstruct prof_call call;')
    o += ['\t' + d for d in decls]
    o.append('\tint rc;\n')
    if init:
        o.append('\tprof_init();')
    o.append('\tprof_enter(&call);')
    o += ['\t' + p for p in pre]
    o.append(wrap('\trc = %s;' % call))
    leave = 'prof_leave(&call, %s)' % fn.enum_name()
    if init:
        o.append('\tif (rc == MPI_SUCCESS)')
        o.append('\t\tprof_start();')
        o.append('\t%s;' % leave)
    elif not post:
        o.append('\t%s;' % leave)
    else:
        # post: statements, each maybe several lines; two or more need braces
        brace = len(post) > 1
        o.append(wrap('\tif (%s && rc == MPI_SUCCESS%s)%s' % (leave, cond, ' {' if brace else '')))
        for s in post:
            o += [wrap('\t\t' + line) for line in s.split('\n')]
        if brace:
            o.append('\t}')
    o.append('\treturn rc;')
    o.append('}')
    return o


def out_wrappers(funcs, seeds, what, about):
    o = [generated_note(what).rstrip('\n')]
    o += [' *' + (' ' + l if l else '') for l in about]
    o.append(' */')
    o.append('#include "perf/prof/prof.h"')
    section = None
    for fn in funcs:
        if not fn.wrapped or fn.seed != seeds:
            continue
        if fn.section != section:
            section = fn.section
            o.append('\n/* %s %s */' % ('-' * max(4, 70 - len(section)), section))
        o.append('')
        o += wrapper(fn)
    return '\n'.join(o) + '\n'


def out_wrap_mpi(funcs):
    return out_wrappers(funcs, False, 'perf/prof/wrap_mpi.c', [
        '', 'The wrappers of standard MPI functions: each calls PMPI_X between',
        'prof_enter() and prof_leave() and, when the call succeeded and was recorded,',
        'adds what it moved by the rule api/mpi.api gives it (prof=...).  Sends',
        'count count x type size to the peer\'s world rank in the communicator\'s',
        'traffic row; blocking receives count what their status reports (a local',
        'status stands in for MPI_STATUS_IGNORE); nonblocking and persistent',
        'receives count the posted size, since the status arrives in a wait or test',
        'that may ignore it; collectives count what the calling rank hands to and',
        'gets from the call (coll_bytes.c), nonblocking ones when they start.',
        'MPI_Init* start profiling and MPI_Finalize makes the report (collective',
        'over MPI_COMM_WORLD, before PMPI_Finalize).'])


def out_wrap_shmpi(funcs):
    return out_wrappers(funcs, True, 'perf/prof/wrap_shmpi.c', [
        '', 'The wrappers of shmpi\'s own extensions: the functions api/mpi.api gives',
        'a seed origin and a prof= column.  Built only against shmpi',
        '(perf/prof.mk); the MPICH build of the profiler leaves this file out.'])


def out_stubs_test(funcs):
    stubs = [fn for fn in funcs if fn.status == 'stub']
    o = ['/*', ' * tests/mpi/api_stubs.c - generated by api/gen-api.py from api/mpi.api: do not edit.',
         ' *',
         ' * Description: every function api/mpi.api marks "stub" returns',
         ' * MPI_ERR_UNSUPPORTED_OPERATION and reports it through the error handler',
         ' * of its communicator argument (a duplicate of MPI_COMM_WORLD here), or of',
         ' * MPI_COMM_WORLD when it has none.',
         ' * np: 1 2', ' */',
         '#include "mpitest.h"', '',
         'static int calls_world, calls_dup, last_code;', '',
         'static void on_world(MPI_Comm *comm, int *code, ...)',
         '{', '\t(void)comm;', '\tcalls_world++;', '\tlast_code = *code;', '}', '',
         'static void on_dup(MPI_Comm *comm, int *code, ...)',
         '{', '\t(void)comm;', '\tcalls_dup++;', '\tlast_code = *code;', '}', '',
         '/* One stub call: rc is the stub\'s result, by_dup whether the error went to',
         ' * the duplicate\'s handler (1) or to MPI_COMM_WORLD\'s (0). */',
         'static int check(const char *name, int rc, int by_dup)',
         '{',
         '\tint world = calls_world, dup = calls_dup;', '',
         '\tcalls_world = calls_dup = 0;',
         '\tif (rc == MPI_ERR_UNSUPPORTED_OPERATION && last_code == rc &&',
         '\t    world == !by_dup && dup == by_dup)',
         '\t\treturn 0;',
         '\tfprintf(stderr, "%s: rc %d, handler calls world %d dup %d\\n", name, rc, world, dup);',
         '\treturn 1;', '}', '',
         'int main(int argc, char **argv)', '{',
         '\tMPI_Errhandler eh_world, eh_dup;',
         '\tMPI_Comm comm;',
         '\tint bad = 0;', '',
         '\tMPI_Init(&argc, &argv);',
         '\tTEST_MPI(MPI_Comm_create_errhandler(on_world, &eh_world));',
         '\tTEST_MPI(MPI_Comm_create_errhandler(on_dup, &eh_dup));',
         '\tTEST_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));',
         '\tTEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh_world));',
         '\tTEST_MPI(MPI_Comm_set_errhandler(comm, eh_dup));']
    for fn in stubs:
        o.append('\t{')
        c = fn.comm_arg()
        vals = []
        for a in fn.args:
            if a is c:
                vals.append('comm')
                continue
            t = a.ctype.replace('const ', '')
            if '[' in t or t.endswith('*'):
                vals.append('NULL')
            elif t in ('MPI_Comm', 'MPI_Group', 'MPI_Datatype', 'MPI_Request', 'MPI_Op',
                       'MPI_Errhandler', 'MPI_Info', 'MPI_Win', 'MPI_File', 'MPI_Message'):
                vals.append('(%s)0' % t)
            else:
                vals.append('0')
        o.append(wrap('\t\tint rc = %s(%s);' % (fn.name, ', '.join(vals))))
        o.append('\t\tbad |= check("%s", rc, %d);' % (fn.name, 1 if c else 0))
        o.append('\t}')
    o += ['\tTEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL));',
          '\tTEST_MPI(MPI_Comm_free(&comm));',
          '\tMPI_Errhandler_free(&eh_world);',
          '\tMPI_Errhandler_free(&eh_dup);',
          '\tTEST_CHECK(!bad);',
          '\tMPI_Finalize();',
          '\treturn 0;', '}']
    return '\n'.join(o) + '\n'


OUTPUTS = {
    'mpi_proto.h': out_mpi_proto,
    'unsupported.c': out_unsupported,
    'entry.c': out_entry_c,
    'large.c': out_large_c,
    'entry.h': out_entry_h,
    'mpi.sym': out_sym,
    'prof_fn.h': out_prof_fn,
    'functions.c': out_functions,
    'wrap_mpi.c': out_wrap_mpi,
    'wrap_shmpi.c': out_wrap_shmpi,
    'stubs_test.c': out_stubs_test,
}


def main(argv):
    if len(argv) != 3 or argv[2] not in OUTPUTS:
        sys.stderr.write('usage: gen-api.py DESCRIPTION {%s}\n' % ','.join(sorted(OUTPUTS)))
        return 2
    try:
        funcs = parse(argv[1])
        text = OUTPUTS[argv[2]](funcs)
    except (ApiError, OSError) as e:
        sys.stderr.write('gen-api.py: %s\n' % e)
        return 1
    sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
