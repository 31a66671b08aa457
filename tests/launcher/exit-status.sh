#!/bin/sh
# Description: the first failing rank's exit status is the job's; the other
# ranks are killed at once (even those that ignore SIGTERM) and the
# launcher names the rank, its pid and the status.  All clean ranks: 0.
. "$(dirname "$0")/common.sh"

run -n 4 "$HELPER" "$MARK" exit 2 3
expect_status 3
expect_err_line "mpirun-shm: rank 2 (pid [0-9]*) exited with status 3"
[ "$(grep -c '^mpirun-shm:' "$tmp/err")" -eq 1 ] || fail "more than one launcher line"
expect_faster_than 3000
no_orphans

# Ranks that ignore SIGTERM get SIGKILL after the grace period.
run -n 3 "$HELPER" "$MARK" stubborn 0
expect_status 1
expect_err_line "mpirun-shm: rank 0 (pid [0-9]*) exited with status 1"
expect_faster_than 3000
no_orphans

run -n 4 "$HELPER" "$MARK" env SHMPI_RANK
expect_status 0
[ ! -s "$tmp/err" ] || fail "unexpected stderr"

# A rank's own child that keeps the output pipe open is killed once the
# ranks are gone (after the 1 s drain), and the job still ends cleanly.
run -n 2 sh -c "\"$HELPER\" $MARK sleep & echo started"
expect_status 0
[ "$(grep -c started "$tmp/out")" -eq 2 ] || fail "output of the ranks lost"
expect_faster_than 4000
no_orphans

# The program cannot be found: 127, like a shell, and one line however
# many ranks (it had been one a rank: 1000 at -n 1000).
run -n 50 "./no-such-program-$MARK"
expect_status 127
grep -q "cannot execute" "$tmp/err" || fail "no exec error"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "a missing program: $(wc -l <"$tmp/err") lines"
run -n 3 "no-such-command-$MARK"
expect_status 127
grep -qx "mpirun-shm: cannot execute no-such-command-$MARK: command not found" "$tmp/err" ||
	fail "a command not on PATH"
no_orphans
exit 0
