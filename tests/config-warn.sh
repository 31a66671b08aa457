#!/bin/sh
# Description: a malformed SHMPI_* value is never taken silently: the ranks
# print a one-line warning naming the variable, the value and what is
# accepted, and run with the default; `mpirun-shm --help-config` prints the
# table with the environment's values and exits 0; the launcher's segment
# settings accept the parser's suffixes and still refuse a bad value.
# Exit 0 pass, 1 fail, 77 skip.
: "${top_builddir:=.}"
MPIRUN=$top_builddir/launcher/mpirun-shm
PROG=$top_builddir/tests/mpi/config_eager
tmp=$(mktemp -d "${TMPDIR:-/tmp}/config-warn.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() {
	echo "FAIL: $*" >&2
	for f in "$tmp"/out "$tmp"/err; do
		[ -f "$f" ] && { echo "--- $f" >&2; head -20 "$f" >&2; }
	done
	exit 1
}
run() {
	timeout -s KILL 60 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
}

# The ranks warn and use the default (rendezvous at 20000 bytes).
run env CONFIG_EXPECT=EERR SHMPI_EAGER_MAX=banana "$MPIRUN" -n 2 "$PROG"
[ "$status" -eq 77 ] && exit 77
[ "$status" -eq 0 ] || fail "SHMPI_EAGER_MAX=banana: exit $status"
n=$(grep -c "^shmpi: warning: SHMPI_EAGER_MAX='banana': .*accepted: .*default 16384$" "$tmp/err")
[ "$n" -ge 1 ] || fail "no warning naming SHMPI_EAGER_MAX='banana'"
# A good value: no warning at all.
run env CONFIG_EXPECT=EERR SHMPI_EAGER_MAX=16k "$MPIRUN" -n 2 "$PROG"
[ "$status" -eq 0 ] || fail "SHMPI_EAGER_MAX=16k: exit $status"
grep -q warning "$tmp/err" && fail "a warning for SHMPI_EAGER_MAX=16k"

# --help-config: every variable, the environment's values, exit 0.
run env SHMPI_EAGER_MAX=8k SHMPI_CMA=banana "$MPIRUN" --help-config
[ "$status" -eq 0 ] || fail "--help-config: exit $status"
grep -qE '^SHMPI_EAGER_MAX +8192 bytes +\(environment: 8k\)$' "$tmp/out" ||
	fail "--help-config does not show SHMPI_EAGER_MAX=8k as 8192"
grep -qE "^SHMPI_CMA +auto +\(INVALID 'banana'" "$tmp/out" ||
	fail "--help-config does not mark SHMPI_CMA=banana invalid"
grep -qE '^SHMPI_RING_CELLS +64 ' "$tmp/out" || fail "--help-config: no SHMPI_RING_CELLS"
"$MPIRUN" --help | grep -q -- '--help-config' || fail "--help does not list --help-config"

# The launcher's settings: suffixes as everywhere; a bad value is a usage
# error (exit 2) naming the variable, since a job must not run on a
# geometry other than the one asked for.
run env SHMPI_CELL_SIZE=8k SHMPI_ARENA_MB=0x20 "$MPIRUN" -n 1 true
[ "$status" -eq 0 ] || fail "SHMPI_CELL_SIZE=8k: exit $status"
run env SHMPI_CELL_SIZE=8x "$MPIRUN" -n 1 true
[ "$status" -eq 2 ] || fail "SHMPI_CELL_SIZE=8x: exit $status, expected 2"
grep -q "SHMPI_CELL_SIZE='8x'" "$tmp/err" || fail "no message naming SHMPI_CELL_SIZE='8x'"
exit 0
