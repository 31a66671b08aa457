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
# moment first, and says "not waiting" until then) and both ranks have
# answered one request (a slow start, e.g. under the sanitizers, leaves a
# rank outside MPI_Init at the first asks).
want1="shmpi: rank 1: waiting in MPI_Recv: from rank 0, tag 5, on MPI_COMM_WORLD"
want0="shmpi: rank 0: not waiting in MPI (last call: .*)"
k=0
while ! { grep -qx "$want1" "$tmp/err" && grep -qx "$want0" "$tmp/err"; } && [ $k -lt 100 ]; do
	kill -USR1 "$pid"
	sleep 0.2; k=$((k + 1))
done
[ $k -lt 100 ] || fail "no lines '$want1' and '$want0' on stderr"
expect_err_line "shmpi: rank 0: not waiting in MPI (last call: .*)"
expect_err_line "mpirun-shm: SIGUSR1: asked 2 of 2 ranks where they wait (a rank not in MPI cannot answer)"
touch "$tmp/go"
finish
expect_status 0
for r in 0 1; do
	grep -qx "$r done" "$tmp/out" || fail "rank $r did not finish"
done
no_orphans
exit 0
