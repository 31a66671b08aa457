#!/bin/sh
# Description: under a CPU set (taskset -c 1, as a batch system's cpuset
# would give) the launcher maps and binds inside it, tells the ranks the
# job's CPU count through the segment, says once that the job is
# oversubscribed, and --report-bindings names the set; with the whole node
# nothing changes.  Skips without taskset or with one CPU.
. "$(dirname "$0")/common.sh"
command -v taskset >/dev/null 2>&1 || { echo "SKIP: no taskset" >&2; exit 77; }
[ "$(nproc --all)" -ge 2 ] || { echo "SKIP: one CPU" >&2; exit 77; }
last=$(( $(nproc --all) - 1 ))

# Two ranks on one CPU: both run on it and know the job has one CPU.
t0=$(now_ms)
timeout --preserve-status -s KILL 20 taskset -c "$last" "$MPIRUN" -n 2 --report-bindings \
	"$HELPER" "$MARK" cpus >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
expect_status 0
for r in 0 1; do
	grep -qx "$r cpus 1 on $last" "$tmp/out" || fail "rank $r: not on CPU $last with a job of 1 CPU"
done
[ "$(grep -c "oversubscribed" "$tmp/err")" = 1 ] || fail "not said once that the job is oversubscribed"
grep -q "2 ranks on the 1 CPU this job may use (CPU $last of 0-$last)" "$tmp/err" ||
	fail "the oversubscription line does not name the set"
[ "$(grep -c "bound to the job's CPUs $last" "$tmp/err")" = 2 ] || fail "--report-bindings"

# One rank on that CPU: bound there, nothing said about oversubscription.
timeout --preserve-status -s KILL 20 taskset -c "$last" "$MPIRUN" -n 1 --report-bindings \
	"$HELPER" "$MARK" cpus >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
expect_status 0
grep -qx "0 cpus 1 on $last" "$tmp/out" || fail "one rank: not bound inside the set"
! grep -q oversubscribed "$tmp/err" || fail "one rank on one CPU called oversubscribed"
grep -q "this job may use CPU $last of 0-$last" "$tmp/err" || fail "--report-bindings: no set"

# The whole node: the count is the node's, no word about sets.
run -n 2 "$HELPER" "$MARK" cpus
expect_status 0
grep -qx "0 cpus $(nproc --all) on 0" "$tmp/out" || fail "whole node: rank 0 $(cat "$tmp/out")"
! grep -q "this job may use\|oversubscribed" "$tmp/err" || fail "whole node: a line about CPU sets"
no_orphans
exit 0
