#!/bin/sh
# Description: the launcher reads each rank's life-cycle state from the
# segment: exit 0 without MPI_Finalize is a failure (status 1), MPI_Abort
# is reported with its error code, RUNNING -> DONE is a clean end.
. "$(dirname "$0")/common.sh"

run -n 3 "$HELPER" "$MARK" noinit 1
expect_status 1
expect_err_line "mpirun-shm: rank 1 (pid [0-9]*) exited without calling MPI_Finalize"
expect_faster_than 3000
no_orphans

run -n 3 "$HELPER" "$MARK" abort 2 5
expect_status 5
expect_err_line "mpirun-shm: rank 2 (pid [0-9]*) called MPI_Abort with error code 5"
expect_faster_than 3000
no_orphans

run -n 3 "$HELPER" "$MARK" finalize
expect_status 0
[ ! -s "$tmp/err" ] || fail "unexpected stderr"
exit 0
