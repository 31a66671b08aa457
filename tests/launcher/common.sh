# Sourced by the launcher tests (tests/launcher/*.sh).  Each test runs
# mpirun-shm on lnch-helper under a hard time limit, then checks the exit
# status, the launcher's message and that no rank is left behind.
# Exit codes: 0 pass, 1 fail, 77 skip.
: "${top_builddir:=.}"
MPIRUN=$top_builddir/launcher/mpirun-shm
HELPER=$top_builddir/tests/launcher/lnch-helper
# A word unique to this test run, passed to every rank so pgrep finds them.
MARK=lnchmark$$x$(basename "$0" .sh)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lnch-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
ulimit -c 0 2>/dev/null || :  # no core files from the SIGSEGV test

fail() {
	echo "FAIL: $*" >&2
	for f in "$tmp"/out "$tmp"/err; do
		[ -f "$f" ] && { echo "--- $f" >&2; head -20 "$f" >&2; }
	done
	pkill -KILL -f "$MARK" 2>/dev/null
	exit 1
}

now_ms() {
	echo $(( $(date +%s%N) / 1000000 ))
}

# run ARGS...: mpirun-shm ARGS with stdout/stderr in $tmp/out, $tmp/err;
# sets $status and $elapsed (ms).  A hung launcher is killed after 20 s
# (status 137).
run() {
	t0=$(now_ms)
	timeout --preserve-status -s KILL 20 "$MPIRUN" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	elapsed=$(( $(now_ms) - t0 ))
}

expect_status() {
	[ "$status" -eq "$1" ] || fail "exit status $status, expected $1"
}

expect_err_line() {
	grep -qx -- "$1" "$tmp/err" || fail "no line matching '$1' on stderr"
}

expect_faster_than() {
	[ "$elapsed" -lt "$1" ] || fail "took ${elapsed} ms, expected < $1 ms"
}

no_orphans() {
	if pgrep -f "$MARK" >/dev/null; then
		pgrep -af "$MARK" >&2
		fail "processes left behind"
	fi
}

# LNCH_TEST_WRAP=PROGRAM runs the launcher as `PROGRAM mpirun-shm ARGS`
# (tests/launcher/no-uring-suite.sh: the seccomp helper, which refuses
# io_uring): $MPIRUN becomes a script that execs it, same pid.
if [ -n "${LNCH_TEST_WRAP:-}" ]; then
	printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$LNCH_TEST_WRAP" \
		"$(cd "$(dirname "$MPIRUN")" && pwd)/mpirun-shm" >"$tmp/mpirun-shm"
	chmod +x "$tmp/mpirun-shm"
	MPIRUN=$tmp/mpirun-shm
fi

# No event loop at all (SHMPI_LAUNCHER_EVENTS=uring where io_uring is
# refused): nothing to test here.  Under LNCH_TEST_WRAP the fallback is
# what is tested: a failure.
if ! "$MPIRUN" -n 1 true 2>"$tmp/err"; then
	if grep -q "cannot set up" "$tmp/err"; then
		[ -z "${LNCH_TEST_WRAP:-}" ] || fail "the launcher under $LNCH_TEST_WRAP: $(cat "$tmp/err")"
		echo "SKIP: no event loop: $(cat "$tmp/err")" >&2
		exit 77
	fi
fi

# start ARGS...: mpirun-shm ARGS in the background (output in $tmp/out,
# $tmp/err), $pid its pid; a watchdog kills it after 30 s.  finish: wait
# for it, set $status, stop the watchdog.
start() {
	"$MPIRUN" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null &
	pid=$!
	(sleep 30; kill -KILL "$pid") 2>/dev/null &
	watchdog=$!
}

finish() {
	wait "$pid"
	status=$?
	kill "$watchdog" 2>/dev/null
	wait "$watchdog" 2>/dev/null
}

# wait_ranks N: until N processes carry $MARK (the launcher counts), at
# most 5 s.
wait_ranks() {
	k=0
	while [ "$(pgrep -cf "$MARK")" -lt "$1" ] && [ $k -lt 50 ]; do
		sleep 0.1; k=$((k + 1))
	done
	[ $k -lt 50 ] || fail "ranks did not start"
}
