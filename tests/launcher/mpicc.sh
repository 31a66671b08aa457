#!/bin/sh
# Description: mpicc -show adds the include path, -pthread and (only when
# linking) the library flags after the user's words; -static links
# libshmpi.a; the prefix follows the script when it is moved next to an
# include/mpi.h; the Open MPI and MPICH query options (--showme:compile,
# --showme:link, -compile_info, -link_info) and compiler overrides
# (SHMPI_CC > MPICH_CC > OMPI_CC, the same for CXX) work; mpicxx, mpic++
# and mpiCC are the C++ wrapper.
. "$(dirname "$0")/common.sh"

MPICC=$top_builddir/launcher/mpicc
[ -f "$MPICC" ] || { echo "SKIP: no launcher/mpicc" >&2; exit 77; }

# expect PATTERN WHAT COMMAND...: what COMMAND prints matches the shell
# pattern PATTERN (quotes in it are literal), else the test fails on WHAT.
expect() {
	pat=$1 what=$2
	shift 2
	out=$("$@")
	case $out in $pat) ;; *) fail "$what: $out" ;; esac
}

# prefix DIR: DIR/bin/mpicc with DIR/include/mpi.h, as an install moved
# there; prints DIR's real path.
prefix() {
	mkdir -p "$1/bin" "$1/include"
	cp "$MPICC" "$1/bin/mpicc"
	: >"$1/include/mpi.h"
	(cd "$1" && pwd -P)
}

expect 'gcc -I*/include -pthread -O2 x.c -o x -L* -Wl,-rpath,* -lshmpi *' link \
	env SHMPI_CC=gcc sh "$MPICC" -show -O2 x.c -o x
expect 'gcc -I*/include -pthread -c x.c' compile env SHMPI_CC=gcc sh "$MPICC" -show -c x.c
case $out in *-lshmpi* | *-L*) fail "compile-only links: $out" ;; esac
expect '*/libshmpi.a*-pthread' static env SHMPI_CC=gcc sh "$MPICC" -show -static x.c
expect '*/libshmpi.a*' SHMPI_STATIC env SHMPI_CC=gcc SHMPI_STATIC=1 sh "$MPICC" -show x.c
expect "*'-DMSG=a b'*" quoting env SHMPI_CC=gcc sh "$MPICC" -show -DMSG="a b" x.c

# Relocated: PREFIX/bin/mpicc with PREFIX/include/mpi.h.
real=$(prefix "$tmp/pfx")
expect "gcc -I$real/include -pthread x.c -L$real/lib* -Wl,-rpath,$real/lib*" relocated \
	env SHMPI_CC=gcc sh "$tmp/pfx/bin/mpicc" -show x.c

# A prefix with a blank stays one word.
real=$(prefix "$tmp/p q")
expect "gcc '-I$real/include' -pthread x.c '-L$real/lib'*" "prefix with a blank" \
	env SHMPI_CC=gcc sh "$tmp/p q/bin/mpicc" -show x.c

# Query options: flags only, compile and link flags apart.
expect '-I*/include -pthread' --showme:compile \
	env -u SHMPI_CC -u MPICH_CC -u OMPI_CC sh "$MPICC" --showme:compile
expect '-L*-lshmpi*' -showme:link sh "$MPICC" -showme:link
expect '*shmpi [0-9]*.[0-9]*.[0-9]*' --showme:version sh "$MPICC" --showme:version
expect 'gcc -I*/include -pthread -O2 x.c' -compile_info \
	env SHMPI_CC=gcc sh "$MPICC" -compile_info -O2 x.c
case $out in *-lshmpi*) fail "-compile_info links: $out" ;; esac
expect 'gcc -I* x.o -L*-lshmpi*' -link-info env SHMPI_CC=gcc sh "$MPICC" -link-info x.o
sh "$MPICC" --showme:bogus >/dev/null 2>&1 && fail "--showme:bogus accepted"

# Overrides, in order of precedence.
out=$(env -u SHMPI_CC MPICH_CC=mpichcc OMPI_CC=ompicc sh "$MPICC" -show x.c)
case $out in mpichcc\ *) ;; *) fail "MPICH_CC: $out" ;; esac
out=$(env -u SHMPI_CC -u MPICH_CC OMPI_CC=ompicc sh "$MPICC" -show x.c)
case $out in ompicc\ *) ;; *) fail "OMPI_CC: $out" ;; esac
out=$(SHMPI_CC=mine MPICH_CC=mpichcc sh "$MPICC" -show x.c)
case $out in mine\ *) ;; *) fail "SHMPI_CC: $out" ;; esac

# The C++ wrapper under each of its names; the C++ overrides.
MPICXX=$top_builddir/launcher/mpicxx
for name in mpicxx mpic++ mpiCC; do
	ln -sf "$(cd "$(dirname "$MPICXX")" && pwd)/mpicxx" "$tmp/$name"
	out=$(env -u SHMPI_CXX -u MPICH_CXX OMPI_CXX=ompicxx "$tmp/$name" -show x.cc)
	case $out in "ompicxx -I"*" x.cc -L"*"-lshmpi"*) ;; *) fail "$name: $out" ;; esac
	out=$(SHMPI_CXX=myxx MPICH_CXX=mpichxx "$tmp/$name" -show x.cc)
	case $out in myxx\ *) ;; *) fail "$name SHMPI_CXX: $out" ;; esac
	out=$(env -u SHMPI_CXX MPICH_CXX=mpichxx "$tmp/$name" -show x.cc)
	case $out in mpichxx\ *) ;; *) fail "$name MPICH_CXX: $out" ;; esac
	case $("$tmp/$name" --showme:version) in *"Language: C++"*) ;; *) fail "$name version" ;; esac
done
exit 0
