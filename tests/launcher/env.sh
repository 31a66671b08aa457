#!/bin/sh
# Description: every rank gets SHMPI_RANK, SHMPI_SIZE, SHMPI_SEG_FD;
# -x VAR=VAL sets VAR, -x VAR passes it on; --profile sets SHMPI_PROFILE
# (a relative FILE made absolute).
. "$(dirname "$0")/common.sh"

LNCH_PASSED=inherited
export LNCH_PASSED
run -n 2 -x LNCH_SET=hello=world -x LNCH_PASSED --profile=prof.out \
	"$HELPER" "$MARK" env SHMPI_RANK SHMPI_SIZE LNCH_SET LNCH_PASSED SHMPI_PROFILE SHMPI_SEG_FD
expect_status 0
for r in 0 1; do
	for want in "SHMPI_RANK=$r" SHMPI_SIZE=2 LNCH_SET=hello=world \
		LNCH_PASSED=inherited; do
		grep -qx "$r $want" "$tmp/out" || fail "rank $r lacks $want"
	done
	# a relative report file is made absolute (rank 0 may chdir)
	grep -qx "$r SHMPI_PROFILE=/.*/prof.out" "$tmp/out" || fail "rank $r lacks SHMPI_PROFILE"
	grep -q "^$r SHMPI_SEG_FD=[0-9][0-9]*\$" "$tmp/out" || fail "rank $r lacks SHMPI_SEG_FD"
done

run -n 1 --profile "$HELPER" "$MARK" env SHMPI_PROFILE
grep -qx "0 SHMPI_PROFILE=1" "$tmp/out" || fail "--profile alone"
run -n 1 "$HELPER" "$MARK" env SHMPI_PROFILE
grep -qx "0 SHMPI_PROFILE unset" "$tmp/out" || fail "SHMPI_PROFILE without --profile"
exit 0
