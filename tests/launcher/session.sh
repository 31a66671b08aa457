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

# ids R: the session, process group and pid rank R reported in the last run.
ids() {
	line=$(grep "^$1 session " "$tmp/out") || fail "$what: rank $1 did not report"
	set -- $line
	sid=$3 pgid=$5 pid=$7
}

# own_sessions WHAT R...: each rank leads a session of its own.
own_sessions() {
	what=$1
	shift
	for r; do
		ids "$r"
		[ "$sid" = "$pid" ] && [ "$pgid" = "$pid" ] ||
			fail "$what: rank $r does not lead a session of its own: $line"
	done
}

# our_session WHAT R...: each rank stays in the launcher's (our) session and
# leads its own process group.
our_session() {
	what=$1
	shift
	for r; do
		ids "$r"
		[ "$sid" = "$mysid" ] || fail "$what: rank $r left the launcher's session: $line"
		[ "$pgid" = "$pid" ] || fail "$what: rank $r is not its own group's leader: $line"
	done
}

ncpu=$(getconf _NPROCESSORS_ONLN)
n=2
[ "$ncpu" -ge 2 ] || n=1
if [ "$(nice)" -eq 0 ]; then
	run -n $n "$HELPER" "$MARK" session
	expect_status 0
	own_sessions "default" $(seq 0 $((n - 1)))
fi

# More ranks than CPUs: the launcher's session, each rank its own group.
over=$((ncpu + 1))
run -n $over "$HELPER" "$MARK" session
expect_status 0
our_session "oversubscribed" $(seq 0 $ncpu)

# --rank-sessions overrides: yes even when oversubscribed, no always.
run -n $over --rank-sessions=yes "$HELPER" "$MARK" session
expect_status 0
own_sessions "--rank-sessions=yes" 0
run -n 1 --rank-sessions=no "$HELPER" "$MARK" session
expect_status 0
our_session "--rank-sessions=no" 0
run -n 1 --rank-sessions=maybe "$HELPER" "$MARK" session
[ "$status" -ne 0 ] && grep -q "rank-sessions" "$tmp/err" || fail "--rank-sessions=maybe accepted"

# Niced: the ranks keep the launcher's session, each in its own group.
timeout --preserve-status -s KILL 20 nice -n 5 "$MPIRUN" -n 2 "$HELPER" "$MARK" session \
	>"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
expect_status 0
our_session "niced" 0 1
exit 0
