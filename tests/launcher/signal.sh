#!/bin/sh
# Description: a rank killed by a signal makes the job exit 128+signal,
# with one line naming rank, pid and signal; the other ranks die quickly.
. "$(dirname "$0")/common.sh"

run -n 3 "$HELPER" "$MARK" segv 1
expect_status 139
expect_err_line "mpirun-shm: rank 1 (pid [0-9]*) killed by signal 11 (Segmentation fault)"
[ "$(grep -c '^mpirun-shm:' "$tmp/err")" -eq 1 ] || fail "more than one launcher line"
expect_faster_than 3000
no_orphans
exit 0
