#!/bin/sh
# Description: MPMD, `-n 1 a : -n 2 b`: one MPI_COMM_WORLD of 3 ranks (an
# MPI_Allreduce over it sees all), MPI_APPNUM 0 for the first program and 1
# for the second; a ":" with no program after it is a usage error.
. "$(dirname "$0")/common.sh"

PROG=$top_builddir/tests/launcher/lnch-mpmd
run -n 1 "$PROG" first : -n 2 "$PROG" second
expect_status 0
for want in "0 of 3 app 0 name first sum 3" "1 of 3 app 1 name second sum 3" \
	"2 of 3 app 1 name second sum 3"; do
	grep -qx "$want" "$tmp/out" || fail "no line '$want'"
done
[ "$(wc -l <"$tmp/out")" -eq 3 ] || fail "not 3 lines"

run -n 2 "$PROG" only
expect_status 0
grep -qx "1 of 2 app 0 name only sum 1" "$tmp/out" || fail "one program"

run -n 1 "$PROG" a :
expect_status 2
no_orphans
exit 0
