#!/bin/sh
# Description: SIGTERM or SIGINT while the launcher is still forking
# thousands of ranks ends the job at once (it used to wait for every fork:
# 5 s for -n 2048, 19 s for -n 4096 on two cores): status 128+signal, the
# usual line, no rank left behind.
. "$(dirname "$0")/common.sh"

for sig in TERM INT; do
	start -n 2048 --oversubscribe "$HELPER" "$MARK" sleep
	# The first rank runs: the launcher holds its signals by now.  Then
	# let it start a few more, so that there is something to take down.
	wait_ranks 2
	sleep 0.2
	t0=$(now_ms)
	kill -s "$sig" "$pid"
	finish
	elapsed=$(( $(now_ms) - t0 ))
	case $sig in
	TERM) expect_status 143
	      expect_err_line "mpirun-shm: received signal 15 (Terminated), killing the job" ;;
	INT) expect_status 130
	     expect_err_line "mpirun-shm: received signal 2 (Interrupt), killing the job" ;;
	esac
	expect_faster_than 1500
	no_orphans
done
exit 0
