#!/bin/sh
# Description: MPI_Finalize is collective and a non-zero end after it does
# not take the job down (issue 38): rank 0 finalizes and exits 1 (as
# mpi4py's runner does after a failed test) while ranks 1 and 2 still work;
# they finish, their output after MPI_Finalize too, the job's status is 1
# and the launcher names rank 0's status "after MPI_Finalize".  The same
# with rank 0 killed by SIGKILL after MPI_Finalize (status 137).  A rank
# that dies without MPI_Finalize still takes the job down at once, the
# ranks waiting in MPI_Finalize included; a rank without MPI (MPMD) is not
# waited for.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/launcher/lnch-finalize

check_late() {
	for r in 1 2; do
		grep -qx "$r result $(( r == 1 ? 2 : 1 ))" "$tmp/out" || fail "rank $r lost its result"
		grep -qx "$r after finalize" "$tmp/out" || fail "rank $r killed after MPI_Finalize"
	done
	no_orphans
}

run -n 3 "$PROG" "$MARK" late-exit
expect_status 1
expect_err_line "mpirun-shm: rank 0 (pid [0-9]*) exited with status 1 after MPI_Finalize"
[ "$(grep -c '^mpirun-shm:' "$tmp/err")" -eq 1 ] || fail "more than one launcher line"
check_late

run -n 3 "$PROG" "$MARK" late-kill
expect_status 137
expect_err_line "mpirun-shm: rank 0 (pid [0-9]*) killed by signal 9 (Killed) after MPI_Finalize"
check_late

run -n 3 "$PROG" "$MARK" die
expect_status 3
expect_err_line "mpirun-shm: rank 1 (pid [0-9]*) exited with status 3"
grep -q "finalized" "$tmp/out" && fail "a rank left MPI_Finalize although rank 1 never came"
expect_faster_than 5000
no_orphans

run -n 2 "$PROG" "$MARK" clean : -n 1 true
expect_status 0
for r in 0 1; do
	grep -qx "$r finalized" "$tmp/out" || fail "rank $r did not finish"
done
expect_faster_than 5000
no_orphans
exit 0
