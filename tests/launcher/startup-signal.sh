#!/bin/sh
# Description: SIGTERM while the launcher is still forking thousands of
# ranks ends the job at once (it used to wait for every fork: 5 s for
# -n 2048, 19 s for -n 4096 on two cores): status 143, the usual line, no
# rank left behind.
. "$(dirname "$0")/common.sh"

start -n 2048 --oversubscribe "$HELPER" "$MARK" sleep
sleep 0.3
t0=$(now_ms)
kill -TERM "$pid"
finish
elapsed=$(( $(now_ms) - t0 ))
expect_status 143
expect_err_line "mpirun-shm: received signal 15 (Terminated), killing the job"
expect_faster_than 1500
no_orphans
exit 0
