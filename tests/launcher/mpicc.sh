#!/bin/sh
# Description: mpicc -show adds the include path, -pthread and (only when
# linking) the library flags; -static links libshmpi.a; the prefix follows
# the script when it is moved next to an include/mpi.h.
. "$(dirname "$0")/common.sh"

MPICC=$top_builddir/launcher/mpicc
[ -f "$MPICC" ] || { echo "SKIP: no launcher/mpicc" >&2; exit 77; }

out=$(SHMPI_CC=gcc sh "$MPICC" -show -O2 x.c -o x)
case $out in
"gcc -I"*"/include -pthread -O2 x.c -o x -L"*" -Wl,-rpath,"*" -lshmpi") ;;
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
exit 0
