#!/bin/sh
# tests/conformance/abi-stubs.sh - the standard ABI's promise, checked from
# the other side (issue 44, docs/abi.md): the programs of tests/abi.mk are
# compiled against the MPI Forum's reference header (mpi-forum/mpi-abi-stubs:
# its mpi.h) and linked against its stub libmpi_abi.so.1 (every function
# aborts), then run under our mpirun-shm with our libmpi_abi.so.1 found
# first (LD_LIBRARY_PATH): they must pass as they do in make check.  Not
# part of make check (the stubs are not in our tree; nothing of them is
# kept): give the path of a checkout or extracted copy.
#
# Usage: tests/conformance/abi-stubs.sh STUBS [BUILD]
#   STUBS   a copy of mpi-forum/mpi-abi-stubs (mpi.h, mpilib.c); its stub
#           library is compiled into a temporary directory
#   BUILD   our build tree (default: .): BUILD/.libs/libmpi_abi.so.1 and
#           BUILD/launcher/mpirun-shm; the sources are $top_srcdir's (default
#           the directory above this script's)
# Prints one line per program and run (PASS/FAIL name np), then a summary;
# exit 0 when every run passed, 1 otherwise, 2 on a usage or build error.
stubs=$1
build=${2:-.}
here=$(cd "$(dirname "$0")/../.." && pwd)
top_srcdir=${top_srcdir:-$here}
[ -f "$stubs/mpi.h" ] && [ -f "$stubs/mpilib.c" ] ||
	{ echo "usage: $0 STUBS [BUILD]  (STUBS: mpi-abi-stubs with mpi.h, mpilib.c)" >&2; exit 2; }
build=$(cd "$build" && pwd)
ours=$build/.libs
[ -f "$ours/libmpi_abi.so.1" ] && [ -x "$build/launcher/mpirun-shm" ] ||
	{ echo "$0: $build has no .libs/libmpi_abi.so.1 or launcher/mpirun-shm (make first)" >&2; exit 2; }
CC=${CC:-cc}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

commit=$(git -C "$stubs" rev-parse --short HEAD 2>/dev/null ||
	 sed -n 's/^.*\([0-9a-f]\{7,40\}\).*$/\1/p' "$stubs/VERSION" 2>/dev/null | head -n 1)
echo "# stubs: $stubs (commit ${commit:-unknown}; $(grep -m1 'define MPI_ABI_VERSION' "$stubs/mpi.h"))"
echo "# ours:  $ours/libmpi_abi.so.1"

# The stub library, as its Makefile makes it: soname libmpi_abi.so.1.
mkdir -p "$tmp/stub" "$tmp/bin"
$CC -shared -fPIC -O1 -I"$stubs" -o "$tmp/stub/libmpi_abi.so.1" "$stubs/mpilib.c" \
	-Wl,-soname,libmpi_abi.so.1 || { echo "$0: the stub library did not build" >&2; exit 2; }
ln -s libmpi_abi.so.1 "$tmp/stub/libmpi_abi.so"

# The programs: tests/abi.mk's list.
progs=$(sed -n 's/^\ttests\/abi\/\([a-z0-9_]*\).*/\1/p' "$top_srcdir/tests/abi.mk")
[ -n "$progs" ] || { echo "$0: no programs in $top_srcdir/tests/abi.mk" >&2; exit 2; }
pass=0 fail=0
for p in $progs; do
	src=$top_srcdir/tests/mpi/$p.c
	# the stubs' mpi.h first; mpitest.h from tests/mpi
	if ! $CC -std=gnu11 -O1 -w -I"$stubs" -I"$top_srcdir/tests/mpi" -I"$top_srcdir" \
		-o "$tmp/bin/$p" "$src" -L"$tmp/stub" -lmpi_abi -lm 2>"$tmp/$p.cc"; then
		echo "FAIL $p (does not compile against the stubs' header)"
		sed 's/^/#   /' "$tmp/$p.cc" | head -n 5
		fail=$((fail + 1))
		continue
	fi
	nps=$(sed -n 's/^[ *]*np:[ ]*//p' "$src" | head -n 1)
	margs=$(sed -n 's/^[ *]*mpirun:[ ]*//p' "$src" | head -n 1)
	for np in ${nps:-1}; do
		# shellcheck disable=SC2086 # margs is a list of launcher arguments
		if LD_LIBRARY_PATH=$ours${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
			"$build/launcher/mpirun-shm" -n "$np" --timeout 60 $margs "$tmp/bin/$p" \
			</dev/null >"$tmp/$p.out" 2>&1; then
			echo "PASS $p np=$np"
			pass=$((pass + 1))
		else
			echo "FAIL $p np=$np"
			sed 's/^/#   /' "$tmp/$p.out" | tail -n 5
			fail=$((fail + 1))
		fi
	done
done
echo "# $pass passed, $fail failed"
[ "$fail" -eq 0 ]
