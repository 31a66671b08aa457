#!/bin/sh
# Description: the stall report shows the cause (issue 40).  Waits outside
# the message path (a fence, both ends of a post/start/complete/wait
# epoch, a condition variable, the loose barrier, the handler lock while
# the handler waits) are declared deadlocked under --deadlock-timeout and
# each names what it waits for (before: a fence or PSCW wait said only
# "waiting in MPI_Win_fence", the handler lock and a handler's own waits
# never counted as blocked, so the job was never declared); a stopped rank
# is named by the launcher and no longer keeps the verdict away; a rank
# busy outside MPI while the others wait is named with how long it has
# made no MPI call, and the job goes on; ranks in different collectives
# are named with the collective each is in; a cycle of waits is printed as
# one.  tests/launcher/hostile-rank.sh checks the cycles of mutexes and of
# a window lock and a receive.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/launcher/lnch-stall
DL="mpirun-shm: job deadlocked: every rank waited in MPI for 1 s with no progress, killing the job"
R1="shmpi: rank 1: waiting in MPI_Recv: from rank 0, tag 5, on MPI_COMM_WORLD"

# expect_deadlock MODE LINE...: rank 0 waits in MODE, rank 1 in MPI_Recv
# from rank 0; the job is declared deadlocked with each LINE on stderr.
expect_deadlock() {
	mode=$1
	shift
	run -n 2 --deadlock-timeout 1 "$PROG" "$MARK" "$mode"
	expect_status 124
	expect_err_line "$DL"
	expect_err_line "$R1"
	for l in "$@"; do
		expect_err_line "$l"
	done
	expect_faster_than 8000
	no_orphans
}

expect_deadlock fence \
	"shmpi: rank 0: waiting in MPI_Win_fence: the barrier of window stallwin, a collective on a communicator of 2 ranks (context [0-9]*)"
expect_deadlock pscw-complete \
	"shmpi: rank 0: waiting in MPI_Win_complete: for the MPI_Win_post of rank 1 (world rank 1) of window stallwin" \
	"mpirun-shm: wait-for cycle: rank 0 waits for rank 1 (MPI_Win_complete: its MPI_Win_post), which waits for rank 0 (MPI_Recv, tag 5)"
expect_deadlock pscw-wait \
	"shmpi: rank 0: waiting in MPI_Win_wait: for MPI_Win_complete from 1 of the 1 origin(s) of window stallwin"
expect_deadlock cond \
	"shmpi: rank 0: waiting in MPI_Cond_wait: MPI_Cond at arena offset [0-9]*, for a signal: its mutex (arena offset [0-9]*) held by world rank 1 (thread [0-9]*), last signalled by world rank 1 (thread [0-9]*)" \
	"mpirun-shm: wait-for cycle: rank 0 waits for rank 1 (MPI_Cond_wait: the condition variable at arena offset [0-9]*), which waits for rank 0 (MPI_Recv, tag 5)"
expect_deadlock loose \
	"shmpi: rank 0: waiting in MPI_Barrier_loose: round 1, for rank 1 (world rank 1) on MPI_COMM_WORLD" \
	"mpirun-shm: wait-for cycle: rank 0 waits for rank 1 (MPI_Barrier_loose), which waits for rank 0 (MPI_Recv, tag 5)"
expect_deadlock handler \
	"shmpi: rank 0 (thread [0-9]*): waiting in MPI_Handler_lock: for 1 handler(s) still running on the handler thread" \
	"shmpi: rank 0 (handler thread [0-9]*): waiting in MPI_Recv: from rank 1, tag 7, on MPI_COMM_WORLD"

# Rank 1 stops itself (SIGSTOP) before an MPI_Allreduce the others wait in.
run -n 4 --deadlock-timeout 1 "$PROG" "$MARK" stop
expect_status 124
expect_err_line "$DL"
expect_err_line "mpirun-shm: rank 1: stopped (pid [0-9]*, by a signal): it cannot say where it is"
for r in 0 2 3; do
	expect_err_line "shmpi: rank $r: waiting in MPI_Allreduce: a collective on MPI_COMM_WORLD"
done
expect_faster_than 8000
no_orphans

# Rank 0 in MPI_Bcast, the others in MPI_Allreduce.
run -n 4 --deadlock-timeout 1 "$PROG" "$MARK" mismatch
expect_status 124
expect_err_line "mpirun-shm: ranks in different collectives on one communicator (context 0, MPI_COMM_WORLD): rank 0 in MPI_Bcast, ranks 1 2 3 in MPI_Allreduce"
expect_err_line "shmpi: rank 0: waiting in MPI_Bcast: a collective on MPI_COMM_WORLD"
for r in 1 2 3; do
	expect_err_line "shmpi: rank $r: waiting in MPI_Allreduce: a collective on MPI_COMM_WORLD"
done
no_orphans

# Rank 0 computes 3 s outside MPI while rank 1 waits for it: told once
# after about 1 s, and the job ends normally.
run -n 2 --deadlock-timeout 1 "$PROG" "$MARK" late 3000
expect_status 0
expect_err_line "mpirun-shm: job stalled: 1 of 2 ranks waited in MPI for 1 s with no progress, while rank 0 made no MPI call (the job goes on)"
expect_err_line "shmpi: rank 0: not in MPI for [0-9.]* s (no call since MPI_Comm_size)"
expect_err_line "$R1"
[ "$(grep -c "job stalled" "$tmp/err")" -eq 1 ] || fail "the stall was told more than once"
grep -q deadlock "$tmp/err" && fail "a busy rank was taken for a deadlock"
no_orphans
exit 0
