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

out=$(SHMPI_CC=gcc sh "$MPICC" -show -O2 x.c -o x)
case $out in
"gcc -I"*"/include -pthread -O2 x.c -o x -L"*" -Wl,-rpath,"*" -lshmpi "*) ;;
*) fail "link: $out" ;;
esac
out=$(SHMPI_CC=gcc sh "$MPICC" -show -c x.c)
case $out in
*-lshmpi*|*-L*) fail "compile-only links: $out" ;;
"gcc -I"*"/include -pthread -c x.c") ;;
*) fail "compile: $out" ;;
esac
out=$(SHMPI_CC=gcc sh "$MPICC" -show -static x.c)
case $out in
*"/libshmpi.a"*-pthread) ;;
*) fail "static: $out" ;;
esac
out=$(SHMPI_CC=gcc SHMPI_STATIC=1 sh "$MPICC" -show x.c)
case $out in
*"/libshmpi.a"*) ;;
*) fail "SHMPI_STATIC: $out" ;;
esac
out=$(SHMPI_CC=gcc sh "$MPICC" -show -DMSG="a b" x.c)
case $out in
*"'-DMSG=a b'"*) ;;
*) fail "quoting: $out" ;;
esac

# Relocated: PREFIX/bin/mpicc with PREFIX/include/mpi.h.
mkdir -p "$tmp/pfx/bin" "$tmp/pfx/include"
cp "$MPICC" "$tmp/pfx/bin/mpicc"
: >"$tmp/pfx/include/mpi.h"
real=$(cd "$tmp/pfx" && pwd -P)
out=$(SHMPI_CC=gcc sh "$tmp/pfx/bin/mpicc" -show x.c)
case $out in
"gcc -I$real/include -pthread x.c -L$real/lib"*" -Wl,-rpath,$real/lib"*) ;;
*) fail "relocated: $out" ;;
esac

# A prefix with a blank stays one word.
mkdir -p "$tmp/p q/bin" "$tmp/p q/include"
cp "$MPICC" "$tmp/p q/bin/mpicc"
: >"$tmp/p q/include/mpi.h"
real=$(cd "$tmp/p q" && pwd -P)
out=$(SHMPI_CC=gcc sh "$tmp/p q/bin/mpicc" -show x.c)
case $out in
"gcc '-I$real/include' -pthread x.c '-L$real/lib'"*) ;;
*) fail "prefix with a blank: $out" ;;
esac

# Query options: flags only, compile and link flags apart.
env -u SHMPI_CC -u MPICH_CC -u OMPI_CC sh "$MPICC" --showme:compile >"$tmp/out" || fail "--showme:compile"
case $(cat "$tmp/out") in
"-I"*"/include -pthread") ;;
*) fail "--showme:compile: $(cat "$tmp/out")" ;;
esac
out=$(sh "$MPICC" -showme:link)
case $out in
"-L"*"-lshmpi"*) ;;
*) fail "-showme:link: $out" ;;
esac
case $(sh "$MPICC" --showme:version) in
*shmpi\ [0-9]*.[0-9]*.[0-9]*) ;;
*) fail "--showme:version" ;;
esac
out=$(SHMPI_CC=gcc sh "$MPICC" -compile_info -O2 x.c)
case $out in
*-lshmpi*) fail "-compile_info links: $out" ;;
"gcc -I"*"/include -pthread -O2 x.c") ;;
*) fail "-compile_info: $out" ;;
esac
out=$(SHMPI_CC=gcc sh "$MPICC" -link-info x.o)
case $out in
"gcc -I"*" x.o -L"*"-lshmpi"*) ;;
*) fail "-link-info: $out" ;;
esac
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
