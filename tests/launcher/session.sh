#!/bin/sh
# Description: each rank starts its own session (its own scheduling group
# under autogroup, as MPICH's hydra does), unless the launcher runs
# niced or the job has more ranks than CPUs: then the ranks stay in the
# launcher's session, so that the nice value still holds against the
# user's other programs and a yielding rank passes its core to another
# rank (launcher/spawn.c).
. "$(dirname "$0")/common.sh"

mysid=$(ps -o sid= -p $$ | tr -d ' ')
[ -n "$mysid" ] || exit 77

ncpu=$(getconf _NPROCESSORS_ONLN)
n=2
[ "$ncpu" -ge 2 ] || n=1
if [ "$(nice)" -eq 0 ]; then
	run -n $n "$HELPER" "$MARK" session
	expect_status 0
	for r in $(seq 0 $((n - 1))); do
		line=$(grep "^$r session " "$tmp/out") || fail "rank $r did not report"
		set -- $line
		[ "$3" = "$7" ] && [ "$5" = "$7" ] ||
			fail "rank $r is not the leader of its own session: $line"
	done
fi

# More ranks than CPUs: the launcher's session, each rank its own group.
over=$((ncpu + 1))
run -n $over "$HELPER" "$MARK" session
expect_status 0
for r in $(seq 0 $ncpu); do
	line=$(grep "^$r session " "$tmp/out") || fail "oversubscribed: rank $r did not report"
	set -- $line
	[ "$3" = "$mysid" ] || fail "oversubscribed: rank $r left the launcher's session: $line"
	[ "$5" = "$7" ] || fail "oversubscribed: rank $r is not its own group's leader: $line"
done

# --rank-sessions overrides: yes even when oversubscribed, no always.
run -n $over --rank-sessions=yes "$HELPER" "$MARK" session
expect_status 0
line=$(grep "^0 session " "$tmp/out") || fail "--rank-sessions=yes: rank 0 did not report"
set -- $line
[ "$3" = "$7" ] || fail "--rank-sessions=yes: rank 0 is not a session leader: $line"
run -n 1 --rank-sessions=no "$HELPER" "$MARK" session
expect_status 0
line=$(grep "^0 session " "$tmp/out") || fail "--rank-sessions=no: rank 0 did not report"
set -- $line
[ "$3" = "$mysid" ] || fail "--rank-sessions=no: rank 0 left the launcher's session: $line"
run -n 1 --rank-sessions=maybe "$HELPER" "$MARK" session
[ "$status" -ne 0 ] && grep -q "rank-sessions" "$tmp/err" || fail "--rank-sessions=maybe accepted"

# Niced: the ranks keep the launcher's session, each in its own group.
t0=$(now_ms)
timeout --preserve-status -s KILL 20 nice -n 5 "$MPIRUN" -n 2 "$HELPER" "$MARK" session \
	>"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
expect_status 0
for r in 0 1; do
	line=$(grep "^$r session " "$tmp/out") || fail "niced: rank $r did not report"
	set -- $line
	[ "$3" = "$mysid" ] || fail "niced: rank $r left the launcher's session: $line"
	[ "$5" = "$7" ] || fail "niced: rank $r is not its own group's leader: $line"
done
exit 0
