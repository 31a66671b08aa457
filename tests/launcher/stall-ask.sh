#!/bin/sh
# Description: SIGUSR1 to the launcher makes every rank in MPI print where
# it waits, and the job goes on.  Rank 1 waits in MPI_Recv from rank 0,
# tag 5; rank 0 waits outside MPI until the test, having read both lines,
# lets it send; the job then ends normally with status 0.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/launcher/lnch-stall

start -n 2 "$PROG" "$MARK" file "$tmp/go"
wait_ranks 3
# Ask until rank 1 has settled into its wait (it spins and yields a
# moment first, and says "not waiting" until then).
want1="shmpi: rank 1: waiting in MPI_Recv: from rank 0, tag 5, on MPI_COMM_WORLD"
k=0
while ! grep -qx "$want1" "$tmp/err" && [ $k -lt 50 ]; do
	kill -USR1 "$pid"
	sleep 0.2; k=$((k + 1))
done
[ $k -lt 50 ] || fail "no line '$want1' on stderr"
expect_err_line "shmpi: rank 0: not waiting in MPI (last blocking call: .*)"
expect_err_line "mpirun-shm: SIGUSR1: asked 2 of 2 ranks where they wait (a rank not in MPI cannot answer)"
touch "$tmp/go"
finish
expect_status 0
for r in 0 1; do
	grep -qx "$r done" "$tmp/out" || fail "rank $r did not finish"
done
no_orphans
exit 0
