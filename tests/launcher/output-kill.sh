#!/bin/sh
# Description: a rank's stdout is line-buffered (a pty): lines printed with
# printf and never flushed reach the launcher as they are printed and are
# not lost when --timeout (or MPIEXEC_TIMEOUT) kills the job.
. "$(dirname "$0")/common.sh"

run -n 2 --timeout 0.6 "$HELPER" "$MARK" tick
expect_status 124
for r in 0 1; do
	grep -qx "$r tty" "$tmp/out" || fail "rank $r: stdout is not a terminal"
	grep -qx "$r tick 0" "$tmp/out" || fail "rank $r: lines lost at the kill"
	grep -qx "$r tick 3" "$tmp/out" || fail "rank $r: lines lost at the kill"
done
# Raw mode: no carriage return added to the lines.
if grep -q "$(printf '\r')" "$tmp/out"; then fail "CR in the output"; fi
no_orphans

# MPIEXEC_TIMEOUT is --timeout when that is not given.
t0=$(now_ms)
MPIEXEC_TIMEOUT=0.5 timeout -s KILL 20 "$MPIRUN" -n 1 "$HELPER" "$MARK" tick >"$tmp/out" 2>"$tmp/err"
status=$?
expect_status 124
expect_err_line "mpirun-shm: job timed out after 0.5 s"
grep -qx "0 tick 0" "$tmp/out" || fail "MPIEXEC_TIMEOUT: lines lost"
MPIEXEC_TIMEOUT=soon "$MPIRUN" -n 1 true 2>"$tmp/err"
status=$?
expect_status 2
no_orphans
exit 0
