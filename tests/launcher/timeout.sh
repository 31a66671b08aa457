#!/bin/sh
# Description: --timeout S ends a hung job after S seconds with status 124
# and "job timed out after S s".
. "$(dirname "$0")/common.sh"

run -n 2 --timeout 0.5 "$HELPER" "$MARK" sleep
expect_status 124
expect_err_line "mpirun-shm: job timed out after 0.5 s"
[ "$elapsed" -ge 450 ] || fail "timed out too early (${elapsed} ms)"
expect_faster_than 3000
no_orphans

# A job that ends in time is not affected.
run -n 2 --timeout=10 "$HELPER" "$MARK" finalize
expect_status 0
no_orphans
exit 0
