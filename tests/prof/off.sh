#!/bin/sh
# Description: without SHMPI_PROFILE the preloaded profiler stays silent:
# no table, no file, same exit status.
. "${top_srcdir:-.}/tests/prof/lib.sh"
prog=$(prof_prog prof_ring) || skip "libshmpi lacks functions prof_ring needs"
lib=${PROF_LIB:-$top_builddir/.libs/libshmpi-prof.so}
[ -f "$lib" ] || skip "$lib not built"
if [ -n "$PROF_MPIEXEC" ]; then
	env -u SHMPI_PROFILE LD_PRELOAD="$lib" timeout 60 $PROF_MPIEXEC -n 2 "$prog" 5 2>"$err"
else
	env -u SHMPI_PROFILE LD_PRELOAD="$lib" \
		"$top_builddir/launcher/mpirun-shm" -n 2 --timeout 30 "$prog" 5 2>"$err"
fi || fail "job failed"
grep -q "shmpi profile" "$err" && fail "profiler printed a report while off"
[ -f "$json" ] && fail "profiler wrote $json while off"
exit 0
