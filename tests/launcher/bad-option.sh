#!/bin/sh
# Description: usage errors exit 2 with a message and start nothing;
# --help and --version exit 0; bad SHMPI_* settings exit 2.
. "$(dirname "$0")/common.sh"

for args in "-n" "-n 0" "-n x" "-n 5000" "--bind-to socket" "--timeout -1" \
	"--timeout abc" "-x 1BAD" "-x =v" "--frobnicate" "-n 2" "--profile="; do
	# shellcheck disable=SC2086 # split on purpose
	run $args
	expect_status 2
	grep -q "^mpirun-shm: " "$tmp/err" || fail "no message for '$args'"
done
SHMPI_RING_CELLS=3
export SHMPI_RING_CELLS
run -n 2 true
unset SHMPI_RING_CELLS
expect_status 2
grep -q "SHMPI_RING_CELLS" "$tmp/err" || fail "no message for SHMPI_RING_CELLS=3"

run --help
expect_status 0
grep -q "^Usage: mpirun-shm" "$tmp/out" || fail "--help"
run --version
expect_status 0
grep -q "^mpirun-shm (shmpi) " "$tmp/out" || fail "--version"
# Options after the program belong to the program.
run -n 1 "$HELPER" "$MARK" env -n
expect_status 0
exit 0
