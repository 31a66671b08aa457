#!/bin/sh
# Description: each rank starts its own session (its own scheduling group
# under autogroup, as MPICH's hydra does), unless the launcher runs
# niced: then the ranks stay in the launcher's session, so the nice value
# still holds against the user's other programs (launcher/spawn.c).
. "$(dirname "$0")/common.sh"

mysid=$(ps -o sid= -p $$ | tr -d ' ')
[ -n "$mysid" ] || exit 77

if [ "$(nice)" -eq 0 ]; then
	run -n 3 "$HELPER" "$MARK" session
	expect_status 0
	for r in 0 1 2; do
		line=$(grep "^$r session " "$tmp/out") || fail "rank $r did not report"
		set -- $line
		[ "$3" = "$7" ] && [ "$5" = "$7" ] ||
			fail "rank $r is not the leader of its own session: $line"
	done
fi

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
