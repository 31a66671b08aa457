#!/bin/sh
# Description: ports and names across jobs started by separate mpirun-shm
# commands (tests/mpi/port_jobs.c does each step): a name published by a
# job that ends without unpublishing is removed by its launcher, and then
# a lookup is MPI_ERR_NAME and a connect to its port MPI_ERR_PORT (at
# once, no hang); a name published by a running job is found from another
# job, and a connect to its port is MPI_ERR_PORT at once (two jobs cannot
# connect yet, docs/dynamic.md); after that job is killed with SIGKILL (launcher and rank), a lookup
# is MPI_ERR_NAME, its file is gone and no process of it is left.
# Exit 0 pass, 1 fail.
top_builddir=${top_builddir:-.}
mpirun="$top_builddir/launcher/mpirun-shm --timeout 30"
prog="$top_builddir/tests/mpi/port_jobs"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/port_jobs.XXXXXX") || exit 1
svc="shmpi-port-jobs-$$"
dir="/dev/shm/shmpi-names-$(id -u)"
holder=""
cleanup() {
	[ -n "$holder" ] && kill -9 "$holder" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A job that publishes and ends: its launcher removes the name.
$mpirun -n 1 "$prog" publish "$svc" "$tmp/port" || fail "publish"
[ -s "$tmp/port" ] || fail "no port written"
[ -e "$dir/$svc" ] && fail "the ended job's name is still in $dir"
$mpirun -n 1 "$prog" lookup "$svc" || fail "lookup of the ended job's name"
$mpirun -n 1 "$prog" connect "$tmp/port" || fail "connect to the ended job's port"
echo "ok: the ended job's name removed, lookup MPI_ERR_NAME, connect MPI_ERR_PORT"

# A job that holds its name until killed with SIGKILL.
$mpirun -n 1 "$prog" hold "$svc-2" "$tmp/port2" &
holder=$!
i=0
while [ ! -s "$tmp/port2" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/port2" ] || fail "the holding job did not start"
$mpirun -n 1 "$prog" found "$svc-2" "$tmp/port2" || fail "lookup from another job"
# Connecting two jobs is not done yet: refused at once, not a hang.
$mpirun -n 1 "$prog" connect "$tmp/port2" || fail "connect to a live job's port"
rank=$(cat "$tmp/port2.pid")
kill -9 "$holder"
wait "$holder" 2>/dev/null
holder=""
i=0
while kill -0 "$rank" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -0 "$rank" 2>/dev/null && fail "the killed job's rank $rank is left"
$mpirun -n 1 "$prog" lookup "$svc-2" || fail "lookup of the killed job's name"
[ -e "$dir/$svc-2" ] && fail "the killed job's name file is left"
$mpirun -n 1 "$prog" connect "$tmp/port2" || fail "connect to the killed job's port"
echo "ok: the killed job's name is stale: MPI_ERR_NAME, removed; connect MPI_ERR_PORT"
exit 0
