#!/bin/sh
# Description: `mpirun-shm --profile=FILE` alone profiles a program linked
# against the shared libshmpi: the launcher preloads libshmpi-prof.so and
# the report file (relative name, made absolute) has the ring's sends; at
# the end the launcher draws the picture beside it and its last line names
# both files.  A statically linked program without the profiler gets one
# line saying no profile will come (it had no word at all).
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
[ -s "$dir/out.svg" ] || fail "no picture beside the report"
grep -q "<svg" "$dir/out.svg" || fail "out.svg is not an SVG"
tail -1 "$dir/err" | grep -qF "mpirun-shm: profile: $dir/out.json (report), $dir/out.svg (picture" ||
	fail "the last line does not name the report and the picture: $(tail -1 "$dir/err")"

# A static program without the profiler: one line, and the job still runs.
printf 'int main(void) { return 0; }\n' >"$dir/st.c"
if ${CC:-cc} -static -o "$dir/st" "$dir/st.c" 2>/dev/null; then
	(cd "$dir" && "$launcher" -n 2 --timeout 60 --profile "$dir/st" </dev/null \
		>/dev/null 2>"$dir/err2") || fail "static job failed: $(cat "$dir/err2")"
	[ "$(grep -c "linked statically without the profiler" "$dir/err2")" = 1 ] ||
		fail "no (or more than one) line for a static program: $(cat "$dir/err2")"
fi
exit 0
