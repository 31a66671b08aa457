#!/bin/sh
# Description: the launcher's stdin reaches rank 0 whole (up to EOF); the
# other ranks read /dev/null.
. "$(dirname "$0")/common.sh"

seq 1 20000 >"$tmp/in"
timeout --preserve-status -s KILL 20 "$MPIRUN" -n 3 "$HELPER" "$MARK" stdin \
	<"$tmp/in" >"$tmp/out" 2>"$tmp/err"
status=$?
expect_status 0
grep -v stdin "$tmp/out" | cmp -s - "$tmp/in" || fail "rank 0 did not get stdin intact"
grep -qx "1 stdin eof" "$tmp/out" || fail "rank 1 stdin not at EOF"
grep -qx "2 stdin eof" "$tmp/out" || fail "rank 2 stdin not at EOF"

# From a pipe too.
seq 1 20000 | timeout --preserve-status -s KILL 20 "$MPIRUN" -n 2 "$HELPER" "$MARK" stdin \
	>"$tmp/out" 2>"$tmp/err"
grep -v stdin "$tmp/out" | cmp -s - "$tmp/in" || fail "rank 0 did not get piped stdin"
no_orphans
exit 0
