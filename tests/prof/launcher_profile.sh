#!/bin/sh
# Description: `mpirun-shm --profile=FILE` alone profiles a program linked
# against the shared libshmpi: the launcher preloads libshmpi-prof.so and
# the report file (relative name, made absolute) has the ring's sends.
. "${top_srcdir:-.}/tests/prof/lib.sh"
prog=$(prof_prog prof_ring) || skip "libshmpi lacks functions prof_ring needs"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
here=$(pwd)
launcher="$here/${top_builddir:-.}/launcher/mpirun-shm"
(cd "$dir" && "$launcher" -n 2 --timeout 60 --profile=out.json "$here/$prog" 5 \
	</dev/null >/dev/null 2>"$dir/err") || fail "job failed: $(cat "$dir/err")"
[ -s "$dir/out.json" ] || fail "no report file"
grep -q '"MPI_Send"' "$dir/out.json" || fail "report lacks MPI_Send"
grep -q "Top MPI functions by time" "$dir/err" || fail "no table on stderr"
exit 0
