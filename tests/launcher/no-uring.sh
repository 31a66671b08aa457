#!/bin/sh
# Description: where io_uring is refused (a seccomp filter as Docker's
# default profile: io_uring_setup fails with EPERM) mpirun-shm runs the
# job on epoll: output forwarded line by line, stdin to rank 0, a rank's
# exit status and signal are the job's, --timeout and a signal to the
# launcher take the job down.  SHMPI_LAUNCHER_EVENTS=uring there fails
# with one line (which proves the filter reaches the launcher), and
# SHMPI_LAUNCHER_EVENTS=epoll picks epoll anywhere.
: "${top_builddir:=.}"
SECCOMP=$(cd "$top_builddir/tests/launcher" && pwd)/seccomp-helper
"$SECCOMP" --check
rc=$?
[ $rc -eq 77 ] && { echo "SKIP: cannot install a seccomp filter here" >&2; exit 77; }
[ $rc -eq 0 ] || { echo "FAIL: the seccomp filter does not refuse io_uring" >&2; exit 1; }
LNCH_TEST_WRAP=$SECCOMP
. "$(dirname "$0")/common.sh"

# Forced io_uring: refused, one line, nothing runs.
export SHMPI_LAUNCHER_EVENTS=uring
run -n 2 "$HELPER" "$MARK" lines 3
unset SHMPI_LAUNCHER_EVENTS
expect_status 1
grep -q "^mpirun-shm: cannot set up io_uring: Operation not permitted" "$tmp/err" ||
	fail "SHMPI_LAUNCHER_EVENTS=uring under the filter"
[ ! -s "$tmp/out" ] || fail "a rank ran without an event loop"
no_orphans

# Output, line by line, both streams.
run -n 2 "$HELPER" "$MARK" lines 500
expect_status 0
for stream in out err; do
	# The partial last lines may run into the other rank's lines.
	sed "s/\($stream [01] end\)/\1\n/g" "$tmp/$stream" >"$tmp/split"
	for r in 0 1; do
		n=$(grep -c "^$stream $r [0-9]* [ab]*\$" "$tmp/split")
		[ "$n" -eq 500 ] || fail "$stream: rank $r has $n whole lines, expected 500"
		grep -qx "$stream $r end" "$tmp/split" || fail "$stream: rank $r partial line lost"
	done
done

# stdin (a regular file, which epoll cannot watch, then a pipe) to rank 0.
seq 1 20000 >"$tmp/in"
timeout -s KILL 20 "$MPIRUN" -n 2 "$HELPER" "$MARK" stdin <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
grep -v stdin "$tmp/out" | cmp -s - "$tmp/in" || fail "rank 0 did not get stdin from a file"
seq 1 20000 | timeout -s KILL 20 "$MPIRUN" -n 2 "$HELPER" "$MARK" stdin >"$tmp/out" 2>"$tmp/err"
grep -v stdin "$tmp/out" | cmp -s - "$tmp/in" || fail "rank 0 did not get stdin from a pipe"
grep -qx "1 stdin eof" "$tmp/out" || fail "rank 1 stdin not at EOF"

# Exit status and signal of a rank.
run -n 3 "$HELPER" "$MARK" exit 2 3
expect_status 3
expect_err_line "mpirun-shm: rank 2 (pid [0-9]*) exited with status 3"
expect_faster_than 3000
run -n 2 "$HELPER" "$MARK" segv 1
expect_status 139
expect_err_line "mpirun-shm: rank 1 (pid [0-9]*) killed by signal 11 (Segmentation fault)"
# SIGTERM to ranks ignored: SIGKILL after the grace (a timer).
run -n 3 "$HELPER" "$MARK" stubborn 0
expect_status 1
expect_faster_than 3000
no_orphans

# --timeout (a timer) and a signal to the launcher (the signalfd).
run -n 2 --timeout 0.5 "$HELPER" "$MARK" sleep
expect_status 124
expect_err_line "mpirun-shm: job timed out after 0.5 s"
[ "$elapsed" -ge 450 ] || fail "timed out too early (${elapsed} ms)"
no_orphans
start -n 2 "$HELPER" "$MARK" sleep
wait_ranks 3
kill -TERM "$pid"
finish
expect_status 143
no_orphans

# Forced epoll without the filter.
MPIRUN=$top_builddir/launcher/mpirun-shm
export SHMPI_LAUNCHER_EVENTS=epoll
run -n 2 "$HELPER" "$MARK" exit 1 5
unset SHMPI_LAUNCHER_EVENTS
expect_status 5
expect_err_line "mpirun-shm: rank 1 (pid [0-9]*) exited with status 5"
no_orphans
exit 0
