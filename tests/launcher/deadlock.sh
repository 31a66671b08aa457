#!/bin/sh
# Description: --deadlock-timeout S ends a job whose ranks all wait in MPI
# for S seconds with no progress: one line from the launcher, one from
# each rank saying where it waits, status 124, nothing left behind (the
# segment is a memfd: it goes with the last process).  A job where a rank
# computes outside MPI while the other waits, and a slow ping-pong, are
# not deadlocks.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/launcher/lnch-stall

run -n 2 --deadlock-timeout 1 "$PROG" "$MARK" deadlock
expect_status 124
expect_err_line "mpirun-shm: job deadlocked: every rank waited in MPI for 1 s with no progress, killing the job"
expect_err_line "shmpi: rank 0: waiting in MPI_Recv: from rank 1, tag 5, on MPI_COMM_WORLD"
expect_err_line "shmpi: rank 1: waiting in MPI_Recv: from rank 0, tag 5, on MPI_COMM_WORLD"
[ "$elapsed" -ge 1000 ] || fail "deadlock declared too early (${elapsed} ms)"
expect_faster_than 5000
no_orphans

# Rank 0 sleeps 2 s outside MPI while rank 1 waits for it.
run -n 2 --deadlock-timeout 1 "$PROG" "$MARK" late 2000
expect_status 0
grep -q deadlock "$tmp/err" && fail "a sleeping rank was taken for a deadlock"
no_orphans

# Each side computes 300 ms per round, 2.4 s in all.
run -n 2 --deadlock-timeout=0.5 "$PROG" "$MARK" slow 300 4
expect_status 0
grep -q deadlock "$tmp/err" && fail "a slow job was taken for a deadlock"
no_orphans
exit 0
