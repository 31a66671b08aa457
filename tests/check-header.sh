#!/bin/sh
# Description: include/mpi.h, with the mpi_proto.h generated from
# api/mpi.api, is a clean header for users: a program including it
# compiles without a warning as C99, C11 and C++11 under -Wall -Wextra
# -pedantic -Werror; and mpi_proto.h refuses to be included on its own.
top_srcdir=${top_srcdir:-.}
cc=${CC:-cc}
cxx=${CXX:-c++}
inc="$top_srcdir/include"
command -v "$cc" >/dev/null 2>&1 || { echo "no C compiler $cc"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
cat >"$tmp/user.c" <<'EOC'
#include <mpi.h>

int main(int argc, char **argv)
{
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	return PMPI_Finalize() + rank * 0;
}
EOC
cp "$tmp/user.c" "$tmp/user.cc"
flags="-Wall -Wextra -pedantic -Werror -fsyntax-only -I$inc"
for std in c99 c11; do
	# shellcheck disable=SC2086
	$cc -std=$std $flags "$tmp/user.c" || { echo "FAIL: mpi.h as $std"; fail=1; }
done
if command -v "$cxx" >/dev/null 2>&1; then
	# shellcheck disable=SC2086
	$cxx -std=c++11 $flags "$tmp/user.cc" || { echo "FAIL: mpi.h as C++11"; fail=1; }
else
	echo "no C++ compiler $cxx: C++ not checked"
fi
echo '#include <mpi_proto.h>' >"$tmp/alone.c"
if $cc -fsyntax-only -I"$inc" "$tmp/alone.c" 2>/dev/null; then
	echo "FAIL: mpi_proto.h compiles without mpi.h"
	fail=1
fi
exit $fail
