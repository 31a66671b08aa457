#!/bin/sh
# Description: -disable-auto-cleanup (MPICH hydra's option; also
# --disable-auto-cleanup and Open MPI's --enable-recovery): a rank that
# fails does not end the job (issue 38).  Rank 1 exits 5 without
# MPI_Finalize: rank 0's MPI_Recv and MPI_Wait on it return MPI_ERR_OTHER
# instead of hanging, ranks 0 and 2 go on communicating and finalize, and
# the job's status is 5.  MPICH's errors/comm/subcomm_abort: MPI_Abort on
# the odd ranks' communicator ends ranks 1 and 3 only; rank 2 prints "No
# Errors"; the status is non-zero.  MPI_Abort(MPI_COMM_WORLD) still takes
# the whole job down.  Without the option the dead rank takes the job down.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/launcher/lnch-finalize

for opt in -disable-auto-cleanup --disable-auto-cleanup --enable-recovery; do
	run $opt -n 3 "$PROG" "$MARK" dead-peer
	expect_status 5
	expect_err_line "mpirun-shm: rank 1 (pid [0-9]*) exited with status 5"
	grep -qx "0 recv class 16" "$tmp/out" || fail "$opt: MPI_Recv from the dead rank"
	grep -qx "0 wait class 16" "$tmp/out" || fail "$opt: MPI_Wait on the dead rank"
	for r in 0 2; do
		grep -qx "$r result $(( 2 - r ))" "$tmp/out" || fail "$opt: rank $r lost its result"
		grep -qx "$r finalized" "$tmp/out" || fail "$opt: rank $r did not finish"
	done
	expect_faster_than 10000
	no_orphans
done

run -disable-auto-cleanup -n 4 "$PROG" "$MARK" subcomm-abort
[ "$status" -ne 0 ] || fail "status 0 after MPI_Abort"
expect_err_line "mpirun-shm: rank 1 (pid [0-9]*) called MPI_Abort with error code 8"
expect_err_line "mpirun-shm: rank 3 (pid [0-9]*) killed by signal 9 (Killed).*"
grep -qx "No Errors" "$tmp/out" || fail "rank 2 did not get rank 0's message"
for r in 0 2; do
	grep -qx "$r finalized" "$tmp/out" || fail "rank $r did not finish"
done
expect_faster_than 10000
no_orphans

run -disable-auto-cleanup -n 3 "$PROG" "$MARK" world-abort
expect_status 6
expect_err_line "mpirun-shm: rank 1 (pid [0-9]*) called MPI_Abort with error code 6"
grep -q "passed the barrier" "$tmp/out" && fail "a rank survived MPI_Abort(MPI_COMM_WORLD)"
expect_faster_than 5000
no_orphans

# Without the option: the job goes down with rank 1.
run -n 3 "$PROG" "$MARK" dead-peer
expect_status 5
grep -q "finalized" "$tmp/out" && fail "the job survived a dead rank without the option"
expect_faster_than 5000
no_orphans
exit 0
