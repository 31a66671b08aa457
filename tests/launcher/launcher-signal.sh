#!/bin/sh
# Description: SIGTERM or SIGINT to the launcher kills every rank and the
# launcher exits 128+signal; SIGKILL to the launcher leaves no rank behind
# either (PR_SET_PDEATHSIG).
. "$(dirname "$0")/common.sh"

# start_sleepers: mpirun-shm with three sleeping ranks in the background,
# its pid in $pid; returns once the ranks run (k < 50), or after 5 s.
start_sleepers() {
	"$MPIRUN" -n 3 "$HELPER" "$MARK" sleep >"$tmp/out" 2>"$tmp/err" </dev/null &
	pid=$!
	k=0
	while [ "$(pgrep -cf "$MARK")" -lt 4 ] && [ $k -lt 50 ]; do
		sleep 0.1; k=$((k + 1))
	done
}

for sig in TERM INT; do
	start_sleepers
	[ $k -lt 50 ] || fail "ranks did not start"
	kill -s "$sig" "$pid"
	wait "$pid"
	status=$?
	case $sig in TERM) want=143 ;; INT) want=130 ;; esac
	expect_status $want
	no_orphans
done

start_sleepers
kill -KILL "$pid"
wait "$pid"
k=0
while pgrep -f "$MARK" >/dev/null && [ $k -lt 20 ]; do
	sleep 0.1; k=$((k + 1))
done
no_orphans
exit 0
