#!/bin/sh
# Description: a rank that writes forged words into the shared segment
# (issue 40) cannot crash, hang or fool another (tests/mpi/hostile_rank):
# a summary bit of a rank that does not exist is ignored with one line
# (the receiver used to index past its peer table); a forged eager header
# claiming source 7, -5 or the receiver itself ends the job naming the
# ring (MPI_Recv(MPI_ANY_SOURCE) used to return MPI_SUCCESS with that
# source); a forged MPI_Mutex or window lock word ends the job naming
# the object (the waiter used to sleep forever).  And, not hostile, waits
# on those objects in a stall report.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/mpi/hostile_rank

# expect_refused MODE LINE MS: the job fails within MS milliseconds, with
# LINE on stderr and no rank left behind.
expect_refused() {
	run -n 2 "$PROG" "$1" "$MARK"
	[ "$status" -ne 0 ] || fail "$1: the job succeeded"
	expect_err_line "$2"
	expect_faster_than "$3"
	no_orphans
}

run -n 2 "$PROG" summary-bit "$MARK"
expect_status 0
expect_err_line "shmpi: rank 0: ignored a message summary bit for member [0-9]*, which is not among this job's [0-9]* member slots (the shared segment was overwritten)"
no_orphans

# a source past the member slots (2 ranks and the spare ones for spawn)
for src in 4000 -5; do
	expect_refused "forge-src=$src" \
		"shmpi: rank 0: the shared segment was overwritten: the ring with rank 1 holds a message header with source $src and flags 0 (the job has [0-9]* member slots)" 5000
done
# a member slot that is not the sender
expect_refused forge-src=7 \
	"shmpi: rank 0: the shared segment was overwritten: the ring with rank 1 holds a message header claiming source 7 on communicator MPI_COMM_WORLD, which is not the rank that sent it" 5000
expect_refused forge-src=0 \
	"shmpi: rank 0: the shared segment was overwritten: the ring with rank 1 holds a message header claiming source 0 on communicator MPI_COMM_WORLD, which is not the rank that sent it" 5000

M="shmpi: rank 0: MPI_Mutex 0x[0-9a-f]* (arena offset [0-9]*): its shared word was overwritten:"
expect_refused mutex-state2 "$M locked (state 2) with no owner for [0-9]* ms" 8000
expect_refused mutex-owner999 "$M its owner 0x3e800000001 names world rank 999, not one of this job's [0-9]* member slots" 5000
expect_refused mutex-state7 "$M its state was none of 0, 1, 2" 5000
W="shmpi: rank 0: the lock of window (unnamed) at rank 0 was overwritten:"
expect_refused winlock-w "$W word 0x80000000, writer 0: held exclusive by nobody, for 2 s" 8000
expect_refused winlock-ff "$W word 0xffffffff, writer 0: more readers than any job has threads" 5000

# Waits outside the message path in a stall report (issue 40 item 6): a
# cycle of two mutexes, and MPI_Win_lock waiting on a holder that waits in
# MPI_Recv, are declared deadlocked and each line names the object and its
# holder (they used to be never declared: the lock waits did not count as
# blocked, and the report said "not waiting in MPI").
run -n 2 --deadlock-timeout 1 "$PROG" cycle-mutex "$MARK"
expect_status 124
expect_err_line "shmpi: rank 0: waiting in MPI_Mutex_lock: MPI_Mutex at arena offset [0-9]*, held by world rank 1 (thread [0-9]*)"
expect_err_line "shmpi: rank 1: waiting in MPI_Mutex_lock: MPI_Mutex at arena offset [0-9]*, held by world rank 0 (thread [0-9]*)"
expect_err_line "mpirun-shm: wait-for cycle: rank 0 waits for rank 1 (MPI_Mutex_lock: the mutex at arena offset [0-9]*), which waits for rank 0 (MPI_Mutex_lock: the mutex at arena offset [0-9]*)"
expect_faster_than 8000
no_orphans
run -n 2 --deadlock-timeout 1 "$PROG" wait-winlock "$MARK"
expect_status 124
expect_err_line "shmpi: rank 0: waiting in MPI_Win_lock: the lock of window (unnamed) at rank 0, held exclusive by world rank 1"
expect_err_line "shmpi: rank 1: waiting in MPI_Recv: from rank 0, tag 9, on MPI_COMM_WORLD"
expect_err_line "mpirun-shm: wait-for cycle: rank 0 waits for rank 1 (MPI_Win_lock: the lock of a window at window rank 0), which waits for rank 0 (MPI_Recv, tag 9)"
expect_faster_than 8000
no_orphans
exit 0
